//! The interactive session (placeholder until the rustyline REPL lands).

use crate::eval::Interpreter;
use std::io::BufRead;

/// Runs the REPL until end of input; returns the process exit code.
pub fn run(mut interp: Interpreter) -> u8 {
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if let Err(e) = interp.run(&line) {
            eprintln!("{:?}", e.to_report("<input>", &line));
        }
    }
    0
}
