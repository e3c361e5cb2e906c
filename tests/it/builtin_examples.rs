//! The example of every built-in (the table `:help` shows) prints what the table says, so
//! the help text and the program cannot drift apart.

use cgt::eval::Interpreter;
use cgt::eval::builtins::BUILTINS;
use cgt::game::Notation;

#[test]
fn every_builtin_example_prints_its_documented_output() {
    let scratch = tempfile::Builder::new()
        .prefix("cgt-examples-")
        .tempdir()
        .unwrap();
    let dir = scratch.path();
    let mut failures = Vec::new();
    for b in BUILTINS.iter() {
        let (input, expected) = b.example;
        assert!(!input.is_empty(), "{} has no example", b.name);
        let (mut interp, lines) = Interpreter::collecting();
        interp.notation = Notation::Ascii;
        // Examples that write files write them into a scratch directory.
        let input = input
            .replace(
                "\"t.svg\"",
                &format!("{:?}", dir.join("t.svg").display().to_string()),
            )
            .replace(
                "\"kayles.bin\"",
                &format!("{:?}", dir.join("kayles.bin").display().to_string()),
            );
        let expected = expected.replace(
            "wrote t.svg",
            &format!("wrote {}", dir.join("t.svg").display()),
        );
        match interp.run(&input) {
            Ok(()) => {
                let got = lines.borrow().join("\n");
                let wanted_prefix = expected.is_empty();
                if !(got == expected || (wanted_prefix && !got.is_empty())) {
                    failures.push(format!(
                        "{}: `{input}` printed {got:?}, documented {expected:?}",
                        b.name
                    ));
                }
            }
            Err(e) => failures.push(format!("{}: `{input}` failed: {}", b.name, e.message())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let svg = std::fs::read_to_string(dir.join("t.svg")).unwrap();
    assert!(
        svg.starts_with("<svg") || svg.starts_with("<?xml"),
        "the svg example writes an SVG file"
    );
}

#[test]
fn builtin_names_are_unique() {
    let mut names: Vec<&str> = BUILTINS.iter().map(|b| b.name).collect();
    names.sort_unstable();
    let before = names.len();
    names.dedup();
    assert_eq!(before, names.len());
}
