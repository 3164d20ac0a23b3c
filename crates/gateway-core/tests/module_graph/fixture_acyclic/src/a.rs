pub const ONE: u32 = 1;

pub fn two() -> u32 {
    crate::b::X + ONE
}
