mod p;
mod q;

pub fn h() -> String {
    q::g()
}
