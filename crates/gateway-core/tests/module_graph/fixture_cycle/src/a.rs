pub struct Y;

pub fn twice() -> u32 {
    crate::b::X * 2
}
