pub const NAME: &str = "c";
pub const Z: u32 = 0;

#[cfg(test)]
fn only_in_tests() -> u32 {
    crate::a::ONE
}

#[cfg(all(test, feature = "slow"))]
use crate::a::two;

#[test]
fn at_the_top() {
    assert_eq!(crate::a::two(), 2);
}

#[cfg(test)]
mod tests {
    use crate::b::X;

    #[test]
    fn x() {
        assert_eq!(X, 1);
    }
}
