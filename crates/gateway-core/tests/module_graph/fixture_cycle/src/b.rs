use crate::a::Y;

pub const X: u32 = 21;

pub fn y() -> Y {
    Y
}
