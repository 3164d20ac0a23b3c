use crate::c::Z;

pub const X: u32 = 1;

pub fn name() -> String {
    format!("{}{}", crate::c::NAME, Z)
}
