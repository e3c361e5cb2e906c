//! `cgt-strategy-check FILE…`: checks each strategy file (see the library) and says
//! `accepted` with what it replayed, or `rejected` with the reason; the exit status is 0
//! when every file is accepted.

use std::process::ExitCode;

/// The most positions the searches of one file's cut-offs may visit.
const BUDGET: u64 = 50_000_000;

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: cgt-strategy-check FILE...");
        return ExitCode::from(2);
    }
    let mut ok = true;
    for f in &files {
        let result = std::fs::read_to_string(f)
            .map_err(|e| format!("cannot read it: {e}"))
            .and_then(|text| cgt_strategy_check::check(&text, BUDGET));
        match result {
            Ok(r) => println!(
                "{f}: accepted ({} positions replayed, {} cut off, {} searched)",
                r.positions, r.cuts, r.searched
            ),
            Err(e) => {
                ok = false;
                println!("{f}: rejected: {e}");
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
