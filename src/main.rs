//! The `cgt` command: a REPL, a script runner (`cgt FILE.cgt`) and `cgt -e 'EXPR'`.

use cgt::Session;
use cgt::game::Notation;
use cgt_cli::output::{self, eprint_line, flush};
use cgt_cli::{progress, repl};
use clap::Parser;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

mod leaving;

/// The counting allocator of the memory budget, which stops freeing once an interrupted
/// script is left ([`leaving`]).
#[global_allocator]
static ALLOCATOR: leaving::Allocator = leaving::Allocator;

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

    /// The memory budget of a computation (its tables and values): bytes or a size with a
    /// unit (512M, 2G). A computation that would need more stops with an error. The
    /// default is half the smallest of the physical memory, the address-space limit and
    /// the cgroup's memory limit.
    #[arg(long, value_name = "SIZE", value_parser = parse_memory)]
    memory: Option<u64>,
}

/// `--memory`'s argument.
fn parse_memory(text: &str) -> Result<u64, String> {
    cgt::game::budget::parse_size(text)
        .ok_or_else(|| format!("`{text}` is not a size (bytes, or 512M, 2G)"))
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
or a bad command line, 141 when the reader of the output went away (cgt … | head),
130 after Ctrl-C (the computation is interrupted first; a second Ctrl-C ends at once).

Documentation: README.md, docs/tutorial.md, docs/reference.md.";

/// The interpreter runs on a thread with a large stack so that deep (but bounded)
/// recursion in user functions and in the game engine ends in an error, not a crash.
const STACK_SIZE: usize = 1 << 30;

fn main() -> ExitCode {
    let cli = parse_cli();
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

/// The command line, `--help` saying what the default memory budget is here and where it
/// came from.
fn parse_cli() -> Cli {
    use clap::{CommandFactory, FromArgMatches};
    let default = cgt::game::budget::machine_default();
    let command = Cli::command().mut_arg("memory", |arg| {
        let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
        arg.help(format!(
            "{help}. Here: {} ({}).",
            cgt::game::budget::human(default.bytes),
            default.source
        ))
    });
    Cli::from_arg_matches(&command.get_matches()).unwrap_or_else(|e| e.exit())
}

fn run(cli: Cli) -> u8 {
    let mut session = output::terminal_session();
    if cli.ascii {
        session.set_notation(Notation::Ascii);
    }
    if let Some(n) = cli.threads {
        session.set_threads(n as usize);
    }
    if let Some(bytes) = cli.memory {
        session.set_memory_budget(bytes);
    }
    if let Some(expr) = cli.expr {
        return run_and_leave(session, "<expr>", &expr);
    }
    if let Some(path) = cli.file {
        let source = match output::read_source_file(&path) {
            Ok(s) => s,
            Err(e) => {
                eprint_line(&format!("cgt: cannot read {}: {e}", path.display()));
                return 2;
            }
        };
        return run_and_leave(session, &path.display().to_string(), &source);
    }
    repl::run(session)
}

/// Runs a script or `-e` text, then leaves without taking the session apart: the process
/// ends, and its memo tables (millions of positions after a big ruleset) go back to the
/// system at once instead of being freed one by one.
fn run_and_leave(mut session: Session, name: &str, source: &str) -> u8 {
    let status = run_source(&mut session, name, source);
    std::mem::forget(session);
    status
}

/// The exit status after Ctrl-C (SIGINT) stopped a script: 128 + `SIGINT`, as a shell
/// shows for a process killed by it.
const INTERRUPTED_STATUS: u8 = 130;

/// Ctrl-C during a script or `-e` interrupts the computation as at the REPL (so that, for
/// instance, `nim_values_to_file` brings its file up to date), and the script then ends
/// with [`INTERRUPTED_STATUS`]; the memory of the interrupted computation is no longer
/// freed block by block ([`leaving`]), the end of the process frees it at once. A second
/// Ctrl-C ends the process at once. The returned flag tells whether Ctrl-C was pressed.
fn interrupt_on_ctrl_c(session: &Session) -> Arc<AtomicBool> {
    let stop = session.interrupt_flag();
    let pressed = Arc::new(AtomicBool::new(false));
    let seen = pressed.clone();
    // Fails only if a handler is already installed; the default then stays.
    let _ = ctrlc::set_handler(move || {
        if seen.swap(true, Ordering::SeqCst) {
            std::process::exit(i32::from(INTERRUPTED_STATUS));
        }
        leaving::stop_freeing();
        stop.store(true, Ordering::SeqCst);
    });
    pressed
}

fn run_source(session: &mut Session, name: &str, source: &str) -> u8 {
    let pressed = interrupt_on_ctrl_c(session);
    let result = {
        // On a terminal, a computation that runs for long shows its progress on stderr.
        let _progress = progress::Reporter::start();
        session.run_script_streaming(name, source, &mut output::print_piece)
    };
    let interrupted = pressed.load(Ordering::SeqCst);
    let status = match result {
        Ok(()) if interrupted => {
            eprint_line(&format!(
                "cgt: {name}: interrupted (Ctrl-C); the run is stopped"
            ));
            INTERRUPTED_STATUS
        }
        Ok(()) => 0,
        // The error of the interruption itself: not the REPL's report (whose help says the
        // session goes on), but where the run stopped.
        Err(diagnostic) if interrupted && diagnostic.message == "interrupted" => {
            let line = source
                .get(..diagnostic.span.start)
                .map_or(1, |before| before.matches('\n').count() + 1);
            eprint_line(&format!(
                "cgt: {name}:{line}: interrupted (Ctrl-C); the run is stopped"
            ));
            INTERRUPTED_STATUS
        }
        Err(diagnostic) => {
            eprint_line(&diagnostic.report);
            if interrupted { INTERRUPTED_STATUS } else { 1 }
        }
    };
    flush();
    status
}
