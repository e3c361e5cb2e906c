//! Each crate's top documentation lists the modules it has: every public module of a
//! crate's `lib.rs` (declared there, or re-exported from a layer below) is named in its
//! `//!` text as a link, and every module a bullet of that text names (`- [`name`]: …`)
//! exists. A module added, renamed or removed without its line fails here.

use std::path::Path;

/// The crate roots whose documentation lists their modules.
const ROOTS: [&str; 5] = [
    "crates/core/src/lib.rs",
    "crates/games/src/lib.rs",
    "crates/lang/src/lib.rs",
    "src/lib.rs",
    "web/engine/src/lib.rs",
];

/// The public modules of a crate root: `pub mod name;` and the names of
/// `pub use cgt_…::{a, b};` (re-exported modules of the crates below).
fn public_modules(source: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in source.lines() {
        if let Some(rest) = line.strip_prefix("pub mod ") {
            names.push(rest.trim_end_matches(';').trim().to_string());
        } else if let Some(rest) = line.strip_prefix("pub use cgt_") {
            let (_, list) = rest.split_once("::").unwrap_or(("", ""));
            let list = list.trim_end_matches(';').trim_matches(['{', '}']);
            names.extend(list.split(',').map(|n| n.trim().to_string()));
        }
    }
    names.retain(|n| !n.is_empty());
    names
}

/// The names the bullets of a crate's documentation link first: `//! - [`name`]: …`.
fn bulleted(docs: &str) -> Vec<String> {
    docs.lines()
        .filter_map(|l| l.trim_start().strip_prefix("- [`"))
        .filter_map(|l| l.split_once("`]").map(|(name, _)| name.to_string()))
        .collect()
}

/// What is wrong with the documentation of the crate root `root`, whose text is `source`.
fn problems(root: &str, source: &str) -> Vec<String> {
    let docs: String = source
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .map(|l| format!("{l}\n"))
        .collect();
    let modules = public_modules(source);
    let mut wrong = Vec::new();
    for m in &modules {
        if !docs.contains(&format!("[`{m}`]")) {
            wrong.push(format!("{root}: module {m} is not in the documentation"));
        }
    }
    for b in bulleted(&docs) {
        if !modules.contains(&b) {
            wrong.push(format!("{root}: the documentation lists {b}, no module"));
        }
    }
    wrong
}

#[test]
fn every_crate_documents_the_modules_it_has() {
    let mut wrong = Vec::new();
    for root in ROOTS {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(root);
        let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{root}: {e}"));
        wrong.extend(problems(root, &source));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_missing_or_stale_module_is_reported() {
    let source = "//! - [`eval`]: the evaluator;\n//! - [`gone`]: no more\npub mod eval;\npub mod layout;\npub use cgt_core::{game, wld};\n";
    assert_eq!(public_modules(source), ["eval", "layout", "game", "wld"]);
    assert_eq!(
        problems("lib.rs", source),
        [
            "lib.rs: module layout is not in the documentation",
            "lib.rs: module game is not in the documentation",
            "lib.rs: module wld is not in the documentation",
            "lib.rs: the documentation lists gone, no module",
        ]
    );
}
