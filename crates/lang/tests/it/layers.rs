//! The layer rule of the language crate: `values` ← `builtins` ← `evaluator` ← `session`
//! (and the front ends' paths, `eval`, above them all). Each layer is a folder of
//! `crates/lang/src`, and no file of a layer names a layer above it: this test reads every
//! path that starts with `crate::` outside comments and test code, and fails on one that
//! goes up.

use std::path::{Path, PathBuf};

/// The layers from the bottom up: a folder (or file) of `src/` and its height. Whatever
/// is not named here (`syntax`, `layout`, the re-exported crates below) is height 0.
const LAYERS: [(&str, usize); 5] = [
    ("values", 1),
    ("builtins", 2),
    ("evaluator", 3),
    ("session", 4),
    ("eval", 5),
];

/// The names the crate's root re-exports from the session (`crate::Session`).
const SESSION_NAMES: [&str; 9] = [
    "Choice",
    "Diagnostic",
    "Exploration",
    "Failure",
    "Line",
    "Output",
    "Picture",
    "Printer",
    "Session",
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The height of what `crate::NAME` names.
fn height(name: &str) -> usize {
    if SESSION_NAMES.contains(&name) {
        return 4;
    }
    LAYERS
        .iter()
        .find(|(layer, _)| *layer == name)
        .map_or(0, |&(_, h)| h)
}

/// Every `.rs` file under `dir`, test files (`tests.rs`, `tests/`) left out.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if name == "tests" || name == "tests.rs" {
            continue;
        }
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The end of the string, raw string or character literal starting at `i`, if one does.
fn literal_end(b: &[u8], i: usize) -> Option<usize> {
    match b[i] {
        b'"' => {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            Some(j + 1)
        }
        b'r' if i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_') => {
            let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
            if b.get(i + 1 + hashes) != Some(&b'"') {
                return None;
            }
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            let start = i + 2 + hashes;
            let k = b[start..].windows(close.len()).position(|w| w == close)?;
            Some(start + k + close.len())
        }
        b'\'' => {
            // A character literal ('{', '\n', '\u{7b}'), not a lifetime ('a).
            let rest = &b[i + 1..];
            let len = if rest.first() == Some(&b'\\') {
                rest.iter().position(|&c| c == b'\'')?
            } else {
                let c = std::str::from_utf8(&rest[..rest.len().min(4)])
                    .ok()
                    .or_else(|| std::str::from_utf8(&rest[..1]).ok())?;
                c.chars().next()?.len_utf8()
            };
            (rest.get(len) == Some(&b'\'')).then_some(i + len + 2)
        }
        _ => None,
    }
}

/// The code of a file without comments, literals and `#[cfg(test)]` items: what the
/// crate's build compiles. Comments and literals become spaces (lines keep their numbers).
fn compiled_code(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, part: &[u8]| {
        out.extend(part.iter().map(|&c| if c == b'\n' { b'\n' } else { b' ' }));
    };
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            let end = b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |k| i + k);
            blank(&mut out, &b[i..end]);
            i = end;
        } else if b[i..].starts_with(b"/*") {
            let end = b[i + 2..]
                .windows(2)
                .position(|w| w == b"*/")
                .map_or(b.len(), |k| i + k + 4);
            blank(&mut out, &b[i..end]);
            i = end;
        } else if let Some(end) = literal_end(b, i) {
            let end = end.min(b.len());
            blank(&mut out, &b[i..end]);
            i = end;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    let code = String::from_utf8_lossy(&out).into_owned();
    without_test_items(&code)
}

/// `code` with every item under `#[cfg(test)]` blanked (up to its `;` or its closing brace).
fn without_test_items(code: &str) -> String {
    let mut b = code.as_bytes().to_vec();
    let mut from = 0;
    while let Some(k) = code[from..].find("#[cfg(test)]") {
        let start = from + k;
        let mut j = start + "#[cfg(test)]".len();
        let mut depth = 0usize;
        while j < b.len() {
            match b[j] {
                b';' if depth == 0 => break,
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            j += 1;
        }
        let end = j.min(b.len());
        for c in &mut b[start..end] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
        from = j.min(code.len());
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// The names that follow `crate::` in the code, with their line numbers.
fn crate_paths(code: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let mut rest = line;
        while let Some(k) = rest.find("crate::") {
            let before = rest[..k].chars().next_back();
            let after = &rest[k + "crate::".len()..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$') {
                found.push((n + 1, name));
            }
            rest = after;
        }
    }
    found
}

/// The layer of a file of `src/` (its first folder, or its name), and its height.
fn layer_of(path: &Path) -> (String, usize) {
    let rel = path.strip_prefix(src()).unwrap_or(path);
    let first = rel
        .components()
        .next()
        .map(|c| {
            c.as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string()
        })
        .unwrap_or_default();
    let h = height(&first);
    (first, h)
}

/// Every `crate::` path that goes up a layer: `file:line: layer -> name`.
fn upward_paths() -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    files.sort();
    let mut up = Vec::new();
    for file in files {
        let (layer, h) = layer_of(&file);
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for (line, name) in crate_paths(&compiled_code(&text)) {
            if height(&name) > h {
                let rel = file
                    .strip_prefix(src())
                    .unwrap_or(&file)
                    .display()
                    .to_string();
                up.push(format!("{rel}:{line}: {layer} -> crate::{name}"));
            }
        }
    }
    up
}

/// No file of a layer names a layer above it.
#[test]
fn no_layer_names_a_layer_above_it() {
    let up = upward_paths();
    assert!(
        up.is_empty(),
        "paths that go up a layer (values < builtins < evaluator < session < eval):\n{}",
        up.join("\n")
    );
}

/// The reader sees the paths the layers are made of (so the rule above cannot pass by
/// reading nothing), and skips comments, literals and test code.
#[test]
fn the_reader_finds_paths_and_skips_the_rest() {
    let code = compiled_code(
        "use crate::values::value::Value;\n\
         // crate::session in a comment\n\
         let s = \"crate::evaluator\";\n\
         let c = '{';\n\
         #[cfg(test)]\n\
         mod tests { use crate::Session; fn f() { let x = '}'; } }\n\
         fn g() -> crate::builtins::Entry { todo!() }\n",
    );
    let names: Vec<String> = crate_paths(&code).into_iter().map(|(_, n)| n).collect();
    assert_eq!(names, ["values", "builtins"]);
    assert_eq!(height("Session"), 4);
    assert_eq!(height("syntax"), 0);
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let in_values = files.iter().filter(|f| layer_of(f).0 == "values").count();
    assert!(
        in_values >= 10,
        "found {in_values} files of the values layer"
    );
}
