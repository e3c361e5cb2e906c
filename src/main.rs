//! The `cgt` command: a REPL, a script runner (`cgt FILE.cgt`) and `cgt -e 'EXPR'`.

use cgt::eval::Interpreter;
use cgt::eval::output::{eprint_line, flush};
use cgt::game::Notation;
use clap::Parser;
use std::process::ExitCode;

/// cgt — combinatorial game theory: canonical forms, outcomes and comparisons of games.
///
/// With no arguments, starts an interactive session (type :help there).
#[derive(Parser, Debug)]
#[command(name = "cgt", version, about, long_about = None, after_help = AFTER_HELP)]
struct Cli {
    /// A .cgt script to run (each expression statement prints its value).
    file: Option<std::path::PathBuf>,

    /// Evaluate EXPR (one or more statements) and print the results.
    ///
    /// EXPR may begin with `-` (`cgt -e '-1/2'`): it is never taken for a flag.
    #[arg(
        short = 'e',
        long = "eval",
        value_name = "EXPR",
        conflicts_with = "file",
        allow_hyphen_values = true
    )]
    expr: Option<String>,

    /// Print games in ASCII, exactly as CGSuite does (^, v, +-) instead of ↑, ↓, ±.
    #[arg(long)]
    ascii: bool,

    /// How many threads the board solvers (domineering, cram, clobber…) may use; 1 is the
    /// sequential solver. The default is every core.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    threads: Option<u32>,
}

/// Usage notes printed after the options by `cgt --help`.
const AFTER_HELP: &str = "\
With no FILE and no -e, cgt starts an interactive session: type :help there for the
built-ins and commands (:type, :play, :explain, :load, :forget, :reset, :time,
:threads, :quit);
_ is the last value printed. At a terminal long values are cut (:full shows them;
CGT_TRUNCATE=N cuts after N characters, 0 never) and the history is kept in
cgt/history.txt in the user's data directory (~/.local/share on Linux).

Examples:
  cgt -e '{1|-1} + ^ + *'          print a canonical form
  cgt --ascii examples/chomp.cgt    run a script (a first line #!/usr/bin/env cgt makes
                                    it executable on its own)
  echo 'outcome(*)' | cgt           read entries from standard input

Exit codes: 0 success, 1 an error in the cgt source (reported with its place; for
entries piped to standard input, if any of them failed), 2 a file that cannot be read
or a bad command line, 141 when the reader of the output went away (cgt … | head).

Documentation: README.md, docs/tutorial.md, docs/reference.md.";

/// The interpreter runs on a thread with a large stack so that deep (but bounded)
/// recursion in user functions and in the game engine ends in an error, not a crash.
const STACK_SIZE: usize = 1 << 30;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let worker = std::thread::Builder::new()
        .name("cgt".into())
        .stack_size(STACK_SIZE)
        .spawn(move || run(cli));
    match worker.map(|h| h.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        _ => {
            eprint_line("cgt: internal error: the interpreter thread failed");
            ExitCode::from(1)
        }
    }
}

fn run(cli: Cli) -> u8 {
    let mut interp = Interpreter::new();
    if cli.ascii {
        interp.notation = Notation::Ascii;
    }
    if let Some(n) = cli.threads {
        interp.store.set_threads(n as usize);
    }
    if let Some(expr) = cli.expr {
        return run_and_leave(interp, "<expr>", &expr);
    }
    if let Some(path) = cli.file {
        let source = match cgt::eval::output::read_source_file(&path) {
            Ok(s) => s,
            Err(e) => {
                eprint_line(&format!("cgt: cannot read {}: {e}", path.display()));
                return 2;
            }
        };
        return run_and_leave(interp, &path.display().to_string(), &source);
    }
    cgt::repl::run(interp)
}

/// Runs a script or `-e` text, then leaves without taking the session apart: the process
/// ends, and its memo tables (millions of positions after a big ruleset) go back to the
/// system at once instead of being freed one by one.
fn run_and_leave(mut interp: Interpreter, name: &str, source: &str) -> u8 {
    let status = run_source(&mut interp, name, source);
    std::mem::forget(interp);
    status
}

fn run_source(interp: &mut Interpreter, name: &str, source: &str) -> u8 {
    let result = {
        // On a terminal, a computation that runs for long shows its progress on stderr.
        let _progress = cgt::progress::Reporter::start();
        interp.run(source)
    };
    let status = match result {
        Ok(()) => 0,
        Err(e) => {
            eprint_line(&e.render(name, source));
            1
        }
    };
    flush();
    status
}
