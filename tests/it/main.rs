//! The command line's and the language's integration tests, linked as one binary (`cargo test
//! --release --test it`; one module per feature, `cargo test --release --test it transcripts`
//! runs one). The tests that change process-wide state in their own process (the
//! interrupt flag, the memory budget, a counting allocator) and the fuzz test stay binaries
//! of their own: `tests/interrupt.rs`, `tests/memory_budget.rs`, `tests/nesting.rs`,
//! `tests/fuzz/`.

mod common;
mod oracle;

mod builtin_examples;
mod cli;
mod crate_docs;
mod doc_paths;
mod docs;
mod engine_properties;
mod error_sources;
mod errors;
mod examples;
mod file_writes;
mod grid_game;
mod history_file;
mod impartial_properties;
mod input_forms;
mod interrupt_numbers;
mod language_syntax;
mod layout_golden;
mod loopy_roundtrip;
mod misere_forms;
mod misere_keys;
mod misere_quotients;
mod octal_periods;
mod picture_layout;
mod position_object;
mod reference;
mod repl;
mod repository;
mod roundtrip;
mod ruleset_properties;
mod ruleset_properties_cgsuite;
mod ruleset_properties_cgsuite_more;
mod ruleset_properties_variants;
mod sigint;
mod solve;
mod stored_values;
mod streamed_printing;
mod sum_properties;
mod sum_values;
mod take_break_codes;
mod terminal;
mod transcripts;
mod transfinite_errors;
mod user_pictures;
