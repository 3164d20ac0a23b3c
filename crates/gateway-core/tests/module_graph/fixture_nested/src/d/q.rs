pub const NAME: &str = "q";

macro_rules! from_p {
    () => {
        $crate::d::p::f()
    };
}

pub fn g() -> String {
    from_p!()
}
