//! A fixture of tests/module_graph.rs, read as text and never compiled:
//! `d::p` and `d::q` use each other, one inside `format!`'s tokens, the
//! other inside a `macro_rules!` body.

mod d;
