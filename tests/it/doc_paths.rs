//! Docs and transcripts name only paths that exist: every `tests/…`, `crates/…`, `src/…`,
//! `docs/…`, `examples/…`, `benches/…`, `python/…` and `web/…` path written in the README, in
//! `docs/`, in `examples/` and in the transcripts' comments is a file or folder of the
//! repository (a renamed or moved file must take its mentions along).

use std::path::{Path, PathBuf};

/// The roots a path in prose may start with.
const ROOTS: [&str; 8] = [
    "tests/",
    "crates/",
    "src/",
    "docs/",
    "examples/",
    "benches/",
    "python/",
    "web/",
];

/// Paths the docs name that a build makes (not in a checkout).
const BUILT: [&str; 1] = ["web/dist"];

/// The documents whose paths are checked: Markdown at the top, in `docs/`, `examples/`,
/// `python/` and `web/`, and every transcript.
fn documents(top: &Path) -> Vec<PathBuf> {
    let mut out = vec![top.join("README.md")];
    for dir in ["docs", "examples", "python", "web"] {
        if let Ok(entries) = std::fs::read_dir(top.join(dir)) {
            out.extend(
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "md")),
            );
        }
    }
    let mut stack = vec![top.join("tests/transcripts")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "txt") {
                out.push(path);
            }
        }
    }
    out
}

/// The repository paths named in `text`: a root followed by path characters, cut at the
/// first character that cannot be part of a path, with trailing dots, `::test` suffixes
/// and placeholders (`NAME.rs`, globs) left out.
fn named_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    for root in ROOTS {
        let mut from = 0;
        while let Some(at) = text[from..].find(root) {
            let start = from + at;
            from = start + root.len();
            let before = start.checked_sub(1).map(|i| bytes[i]);
            if before.is_some_and(|b| b.is_ascii_alphanumeric() || b"_./-".contains(&b)) {
                continue;
            }
            let end = text[start..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || "_./-".contains(c)))
                .map_or(text.len(), |n| start + n);
            let path = text[start..end].trim_end_matches(['.', '/']);
            let placeholder = path.chars().any(|c| c.is_ascii_uppercase())
                && (path.contains("NAME") || path.contains("TOPIC"));
            if path.len() > root.len() && !placeholder {
                out.push(path.to_string());
            }
        }
    }
    out
}

#[test]
fn every_path_a_doc_names_exists() {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut missing = Vec::new();
    for doc in documents(top) {
        let text = std::fs::read_to_string(&doc).unwrap_or_default();
        for (n, line) in text.lines().enumerate() {
            for path in named_paths(line) {
                if BUILT.iter().any(|b| path.starts_with(b)) || top.join(&path).exists() {
                    continue;
                }
                let doc = doc.strip_prefix(top).unwrap_or(&doc).display().to_string();
                missing.push(format!("{doc}:{}: {path}", n + 1));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "paths that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_path_finder_sees_paths_in_prose_and_code() {
    assert_eq!(
        named_paths("see `tests/it/cli.rs` and (crates/core/src/lib.rs)."),
        ["tests/it/cli.rs", "crates/core/src/lib.rs"]
    );
    assert_eq!(
        named_paths("a file crates/games/src/rulesets/NAME.rs"),
        Vec::<String>::new()
    );
    assert_eq!(named_paths("mysrc/x and ../src/y"), Vec::<String>::new());
    assert_eq!(named_paths("src/nowhere.rs"), ["src/nowhere.rs"]);
}
