//! The repository holds only the project's files: no editor temporary file, swap file or
//! merge leftover is committed (an editor's `.name.rs.1234.tmp` once was).

use std::path::Path;

/// Whether `name` is the name of a file an editor or a merge tool leaves behind.
fn is_leftover(name: &str) -> bool {
    [".tmp", ".orig", ".rej", ".bak", ".swp", ".swo", "~"]
        .iter()
        .any(|end| name.ends_with(end))
        || (name.starts_with('#') && name.ends_with('#'))
        || name.starts_with(".#")
}

/// Every leftover under `dir`, recursively.
fn leftovers(dir: &Path, found: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            leftovers(&path, found);
        } else if is_leftover(&name) {
            found.push(path.display().to_string());
        }
    }
}

#[test]
fn no_editor_temporary_file_is_in_the_sources() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for dir in ["src", "tests", "benches", "docs", "examples", "grammar"] {
        leftovers(&root.join(dir), &mut found);
    }
    assert!(found.is_empty(), "editor leftovers: {found:?}");
}

#[test]
fn git_ignores_editor_leftovers() {
    let ignore = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(".gitignore"))
        .expect(".gitignore exists");
    for pattern in ["*.tmp", "*.orig", "*.rej", ".*.swp", "*~"] {
        assert!(ignore.lines().any(|l| l.trim() == pattern), "{pattern}");
    }
}
