//! `src/eval` reads top-down: the value layer (values, numbers, collections, errors, the
//! position and ruleset traits), then the game families that are values (positions of heap
//! games, boards, rulesets written in cgt), then the interpreter, then the built-ins. This
//! test reads the module paths each file uses (`super::x`, `crate::eval::x`, grouped
//! imports too) and fails when a file reaches up: a value-layer file naming the interpreter
//! or a built-in, or the interpreter naming a built-in module rather than the table it
//! dispatches through (`builtins::{call, lookup, BUILTINS, …}` of `builtins/mod.rs`).

use std::collections::BTreeSet;
use std::path::Path;

/// The layers, lowest first; a file may use its own layer and the layers below.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "values",
        &[
            "args",
            "collections",
            "convert",
            "error",
            "number",
            "object",
            "report",
            "value",
        ],
    ),
    (
        "game families",
        &[
            "loopy_rules",
            "partizan",
            "position",
            "usergame",
            "userpicture",
        ],
    ),
    (
        "interpreter",
        &[
            "collection_ops",
            "compiled",
            "describe",
            "expr",
            "interp",
            "loopy",
            "misere",
            "misere_forms",
            "ops",
            "output",
            "play",
        ],
    ),
    ("built-ins", &["builtins"]),
];

/// Names `src/eval/mod.rs` re-exports, by the module that defines them.
const REEXPORTS: &[(&str, &str)] = &[
    ("Interpreter", "interp"),
    ("Value", "value"),
    ("Num", "number"),
    ("EvalError", "error"),
    ("CgtError", "error"),
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, ms)| ms.contains(&module))
}

/// The source without comments and without its unit tests (which may drive a low layer
/// through the interpreter).
fn code(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if line.trim_start() == "#[cfg(test)]" && !line.starts_with(' ') {
            break;
        }
        let line = match line.find("//") {
            Some(k) => &line[..k],
            None => line,
        };
        out.push_str(line);
        out.push('\n');
    }
    out
}

fn identifier(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The first segments after a path prefix: `x` of `prefix x::…`, and each element of a
/// group `prefix {x::a, y}`. Each with the segment after it, if any (`builtins::call`).
fn segments_after(code: &str, prefix: &str) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(k) = rest.find(prefix) {
        // `super::super::x` is read once, by its last `super::`.
        let before = &rest[..k];
        rest = &rest[k + prefix.len()..];
        if prefix == "super::" && before.ends_with("super::") {
            continue;
        }
        if rest.starts_with("super::") {
            continue;
        }
        let items: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let end = group
                .char_indices()
                .find(|&(_, c)| {
                    match c {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        _ => {}
                    }
                    depth == 0
                })
                .map(|(k, _)| k)
                .unwrap_or(group.len());
            let mut items = Vec::new();
            let (mut depth, mut start) = (0, 0);
            let group = &group[..end];
            for (k, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        items.push(group[start..k].trim());
                        start = k + 1;
                    }
                    _ => {}
                }
            }
            items.push(group[start..].trim());
            items
        } else {
            vec![rest]
        };
        for item in items {
            let first = identifier(item);
            if first.is_empty() {
                continue;
            }
            let after = item[first.len()..]
                .strip_prefix("::")
                .map(|r| identifier(r.trim_start_matches('{')).to_string());
            out.push((first.to_string(), after));
        }
    }
    out
}

/// The modules of `src/eval` a file uses, each with the item used in it.
fn uses(code: &str, in_builtins: bool) -> Vec<(String, Option<String>)> {
    let mut found = segments_after(code, "crate::eval::");
    if in_builtins {
        found.extend(segments_after(code, "super::super::"));
    } else {
        found.extend(segments_after(code, "super::"));
    }
    found
        .into_iter()
        .map(|(m, after)| match REEXPORTS.iter().find(|(n, _)| *n == m) {
            Some((_, module)) => (module.to_string(), None),
            None => (m, after),
        })
        .collect()
}

/// The methods of the interpreter written in built-in modules (`impl Interpreter` blocks).
fn builtin_methods(eval: &Path) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for entry in std::fs::read_dir(eval.join("builtins")).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let mut inside = false;
        for line in code(&text).lines() {
            if line.starts_with("impl Interpreter") {
                inside = true;
            } else if line.starts_with('}') {
                inside = false;
            } else if inside && let Some(k) = line.find("fn ") {
                let indent = line.len() - line.trim_start().len();
                if indent == 4 {
                    names.insert(identifier(&line[k + 3..]).to_string());
                }
            }
        }
    }
    names
}

/// Every violation in `src/eval`, as text.
fn violations(eval: &Path) -> Vec<String> {
    let submodules: BTreeSet<String> = std::fs::read_dir(eval.join("builtins"))
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            p.file_stem().unwrap().to_string_lossy().into_owned()
        })
        .filter(|m| m != "mod")
        .collect();
    let methods = builtin_methods(eval);
    let mut out = Vec::new();
    let mut files: Vec<(String, bool)> = Vec::new();
    for entry in std::fs::read_dir(eval).unwrap() {
        let p = entry.unwrap().path();
        let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
        if p.is_dir() {
            for e in std::fs::read_dir(&p).unwrap() {
                let q = e.unwrap().path();
                files.push((
                    format!("{stem}/{}", q.file_name().unwrap().to_string_lossy()),
                    true,
                ));
            }
        } else if stem != "mod" {
            files.push((format!("{stem}.rs"), false));
        }
    }
    files.sort();
    for (file, in_builtins) in files {
        let module = if in_builtins {
            "builtins".to_string()
        } else {
            file.trim_end_matches(".rs").to_string()
        };
        let Some(layer) = layer_of(&module) else {
            out.push(format!("{file}: not in any layer of tests/layers.rs"));
            continue;
        };
        let text = code(&std::fs::read_to_string(eval.join(&file)).unwrap());
        for (used, item) in uses(&text, in_builtins) {
            let Some(used_layer) = layer_of(&used) else {
                continue;
            };
            if used_layer > layer {
                // `use super::builtins;` names the table too; its uses are read below.
                let table = used == "builtins"
                    && LAYERS[layer].0 == "interpreter"
                    && item.as_deref().is_none_or(|i| !submodules.contains(i));
                if !table {
                    out.push(format!(
                        "{file} ({}) uses {used}{} ({})",
                        LAYERS[layer].0,
                        item.map(|i| format!("::{i}")).unwrap_or_default(),
                        LAYERS[used_layer].0
                    ));
                }
            }
        }
        if !in_builtins {
            for sub in &submodules {
                if text.contains(&format!("builtins::{sub}::")) {
                    out.push(format!("{file} ({}) uses builtins::{sub}", LAYERS[layer].0));
                }
            }
            for m in &methods {
                if text.contains(&format!(".{m}(")) {
                    out.push(format!(
                        "{file} ({}) calls Interpreter::{m}, written in a built-in module",
                        LAYERS[layer].0
                    ));
                }
            }
        }
    }
    out
}

#[test]
fn eval_reads_top_down() {
    let eval = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/eval");
    let found = violations(&eval);
    assert!(
        found.is_empty(),
        "imports against the layers:\n{}",
        found.join("\n")
    );
}

#[test]
fn eval_does_not_use_the_repl() {
    let eval = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/eval");
    let mut stack = vec![eval];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let text = std::fs::read_to_string(&p).unwrap();
                assert!(!text.contains("repl::"), "{} uses the REPL", p.display());
            }
        }
    }
}

/// The reader of imports finds what it must: a value file naming the interpreter, a group
/// import of a built-in module, a method of the interpreter written in a built-in.
#[test]
fn the_reader_finds_upward_imports() {
    let found = uses(
        &code("use super::interp::Interpreter;\nuse super::{value::Value, builtins::impartial};\n"),
        false,
    );
    assert!(found.contains(&("interp".to_string(), Some("Interpreter".to_string()))));
    assert!(found.contains(&("builtins".to_string(), Some("impartial".to_string()))));
    assert!(found.contains(&("value".to_string(), Some("Value".to_string()))));
    let found = uses(
        &code("use crate::eval::Interpreter; // super::play\n"),
        false,
    );
    assert_eq!(found, vec![("interp".to_string(), None)]);
    let found = uses(
        &code("use super::super::interp::Interpreter;\nuse super::Args;\n"),
        true,
    );
    assert_eq!(
        found,
        vec![("interp".to_string(), Some("Interpreter".to_string()))]
    );

    // A copy of src/eval with one upward import in the value layer is refused.
    let eval = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/eval");
    let copy = std::env::temp_dir().join(format!("cgt-layers-{}", std::process::id()));
    copy_dir(&eval, &copy);
    let value = copy.join("value.rs");
    let text = std::fs::read_to_string(&value).unwrap();
    std::fs::write(&value, format!("use super::interp::Interpreter;\n{text}")).unwrap();
    let found = violations(&copy);
    let _ = std::fs::remove_dir_all(&copy);
    assert_eq!(
        found,
        vec!["value.rs (values) uses interp::Interpreter (interpreter)"]
    );
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let p = entry.unwrap().path();
        let target = to.join(p.file_name().unwrap());
        if p.is_dir() {
            copy_dir(&p, &target);
        } else {
            std::fs::copy(&p, &target).unwrap();
        }
    }
}
