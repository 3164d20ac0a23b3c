pub fn f() -> String {
    format!("p after {}", super::q::NAME)
}
