#![allow(clippy::unwrap_used)]

//! The published export files are exactly what the generator makes.
//! Run with `UPDATE_EXPORTS=1` to rewrite them after changing a tool.

use gateway_core::declarations::Export;
use gateway_core::{published, Registry};

#[test]
fn published_exports_match_the_generator() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("exports");
    let update = std::env::var_os("UPDATE_EXPORTS").is_some();
    let mut stale = Vec::new();
    for export in Export::ALL {
        let fresh = export.text(&Registry::fixtures()) + "\n";
        if update {
            std::fs::write(dir.join(published::file_name(export)), &fresh).unwrap();
        } else if published::text(export) != fresh {
            stale.push(published::file_name(export));
        }
    }
    assert!(
        stale.is_empty(),
        "exports/{stale:?} differ from the generator: run `UPDATE_EXPORTS=1 cargo test -p gateway-core --test published`"
    );
}

#[test]
fn published_tools_are_the_six_fixtures_with_schemas() {
    let tools = published::tools();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "email",
            "calendar",
            "files",
            "database",
            "search",
            "calculator"
        ]
    );
    for t in &tools {
        assert!(t.schema.contains("\"type\": \"object\""), "{}", t.name);
        assert!(t.annotations.contains("readOnlyHint"), "{}", t.name);
        assert!(!t.description.is_empty());
        assert!(!t.risks.is_empty(), "{}", t.name);
    }
    assert_eq!(tools[2].risks, ["read", "write"]);
    assert_eq!(tools[0].risks, ["send"]);
}
