//! `docs/reference.md` is generated from the table of built-ins, the REPL commands and
//! docs/language.md (`cgt::eval::reference::reference_markdown`, given the REPL's part by
//! `cgt_cli::repl::commands::reference_doc`); this test fails when the
//! checked-in file is not exactly what the program generates. To regenerate it:
//!
//! ```text
//! UPDATE_REFERENCE=1 cargo test --release --test it reference::
//! ```

use cgt::eval::reference::reference_markdown;
use cgt_cli::repl::commands::reference_doc;
use std::path::Path;

#[test]
fn docs_reference_md_is_generated_from_the_builtins_table() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/reference.md");
    let generated = reference_markdown(&reference_doc());
    if std::env::var_os("UPDATE_REFERENCE").is_some_and(|v| !v.is_empty() && v != "0") {
        std::fs::write(&path, &generated).expect("write docs/reference.md");
        eprintln!("wrote {}", path.display());
        return;
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    if on_disk != generated {
        let first_difference = on_disk
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| on_disk.lines().count().min(generated.lines().count()));
        let line = |text: &str| {
            text.lines()
                .nth(first_difference)
                .unwrap_or("<end of file>")
                .to_string()
        };
        panic!(
            "docs/reference.md is out of date with the built-ins table, the REPL commands or \
             docs/language.md.\nRegenerate it with\n\n    UPDATE_REFERENCE=1 cargo test \
             --release --test it reference::\n\nand commit the result. First difference, line {}:\n  \
             file:      {:?}\n  generated: {:?}",
            first_difference + 1,
            line(&on_disk),
            line(&generated)
        );
    }
}
