//! A fixture of tests/module_graph.rs, read as text and never compiled:
//! `a` and `b` use each other, `a` by a path written inline.

mod a;
mod b;
