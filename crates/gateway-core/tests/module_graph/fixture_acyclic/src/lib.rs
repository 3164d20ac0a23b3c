//! A fixture of tests/module_graph.rs, read as text and never compiled:
//! `a` uses `b` and `b` uses `c` (whose file is named by `#[path]`); `c`'s
//! references back to `a` and `b` are test-only and do not count.

mod a;
mod b;
#[path = "c_impl.rs"]
mod c;
