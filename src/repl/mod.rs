//! The interactive session: a rustyline prompt with completion, history and multi-line
//! entries when standard input is a terminal; plain line reading when it is piped.
//!
//! The `:commands` live in [`commands`] (pure functions of the interpreter, testable
//! without a terminal); the rustyline helper in [`helper`].

pub mod commands;
pub mod fit;
pub mod helper;
pub mod pager;
pub mod play;

pub use commands::{CommandOutcome, ReplState, handle_command};

use crate::output::{eprint_line, flush, print_line};
use cgt::Session;
use cgt::eval::{CgtError, EvalError};
use cgt::game::catch_abort;
use cgt::syntax::Span;
use cgt::syntax::chunks::{Entry, needs_more};
use commands::{evaluate, format_duration, is_command};
use helper::ReplHelper;
use rustyline::config::Config;
use rustyline::error::ReadlineError;
use rustyline::history::FileHistory;
use rustyline::{CompletionType, Editor};
use std::cell::RefCell;
use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

const PROMPT: &str = "> ";

/// The prompt of a line that continues an entry (a bracket is open, or the last line
/// ended with an operator): without one the terminal looks as if cgt were busy.
fn continuation_prompt(notation: cgt::game::Notation) -> &'static str {
    match notation {
        cgt::game::Notation::Unicode => "… ",
        _ => ".. ",
    }
}

/// Runs the REPL until `:quit` or end of input; returns the process exit code.
pub fn run(mut session: Session) -> u8 {
    let interactive = std::io::stdin().is_terminal();
    // At a terminal a thermograph is drawn as well as described.
    session.set_show_plots(interactive);
    let busy = Arc::new(AtomicBool::new(false));
    install_interrupt_handler(session.interrupt_flag(), busy.clone(), interactive);
    let mut repl = Repl {
        session,
        state: ReplState::default(),
        busy,
        names: Rc::new(RefCell::new(Vec::new())),
        failed: false,
    };
    if interactive {
        print_line(&format!(
            "cgt {} — combinatorial game theory. :help for help, Ctrl-D to quit.",
            env!("CARGO_PKG_VERSION")
        ));
        run_terminal(&mut repl)
    } else {
        run_piped(&mut repl)
    }
}

/// Ctrl-C while an entry is being evaluated sets the interpreter's interrupt flag: the
/// computation stops with an "interrupted" error and the session keeps its bindings.
/// At a rustyline prompt the terminal is in raw mode, so Ctrl-C is a key (rustyline
/// cancels the line) and no signal arrives; when input is piped and nothing is running,
/// Ctrl-C ends the process as usual.
fn install_interrupt_handler(flag: Arc<AtomicBool>, busy: Arc<AtomicBool>, interactive: bool) {
    // Fails only if a handler is already installed (a second session in one process).
    let _ = ctrlc::set_handler(move || {
        if busy.load(Ordering::SeqCst) {
            flag.store(true, Ordering::SeqCst);
        } else if !interactive {
            std::process::exit(130);
        }
    });
}

/// The session and what the loop keeps beside it.
struct Repl {
    session: Session,
    state: ReplState,
    /// Set while an entry runs, so that Ctrl-C interrupts it.
    busy: Arc<AtomicBool>,
    /// The session's bound names, shared with the completer.
    names: Rc<RefCell<Vec<String>>>,
    /// Some entry ended in an error (piped input then exits with status 1).
    failed: bool,
}

impl Repl {
    /// Shows an error (a rendered diagnostic) on standard error and remembers it.
    fn report(&mut self, report: &str) {
        self.failed = true;
        eprint_line(report);
    }

    /// Runs one entry (cgt source or a `:command`); false when the session should end.
    fn process(&mut self, entry: &str) -> bool {
        // A Ctrl-C pressed after the last entry's computation ended is not for this one.
        self.session.interrupt_flag().store(false, Ordering::SeqCst);
        self.state.limit = print_limit();
        // The terminal may have been resized since the last entry.
        self.session.set_line_width(crate::output::line_width());
        let before = cgt::progress::counts();
        self.busy.store(true, Ordering::SeqCst);
        // Statements guard themselves, but a command (`:play`, `:explain`) may compute
        // outside a statement: an interrupt there must not end the session either.
        let outcome = {
            // On a terminal, an entry that runs for long shows its progress on stderr;
            // help computes nothing (and its pager must not be drawn over).
            let _progress = if commands::is_help(entry) {
                None
            } else {
                crate::progress::Reporter::start()
            };
            catch_abort(|| self.run_entry(entry))
        };
        self.busy.store(false, Ordering::SeqCst);
        let keep_going = outcome.unwrap_or_else(|abort| {
            let error = CgtError::from(EvalError::from_abort(abort, Span::default()));
            self.report(&error.render("<input>", entry));
            true
        });
        if let Some(elapsed) = self.state.last_elapsed.take()
            && self.state.time
        {
            let work = cgt::progress::counts().since(before);
            eprint_line(&time_line(elapsed, self.session.store_size(), work));
        }
        *self.names.borrow_mut() = self.session.global_names().map(str::to_owned).collect();
        keep_going
    }

    /// [`Repl::process`] without the guard.
    fn run_entry(&mut self, entry: &str) -> bool {
        if let Some(k) = commands::play_choice(&self.state, entry) {
            match commands::play_move(&mut self.session, &mut self.state, k) {
                CommandOutcome::Print(text) => print_line(&text),
                CommandOutcome::Error(report) => self.report(&report),
                _ => {}
            }
        } else if is_command(entry) {
            match handle_command(&mut self.session, entry, &mut self.state) {
                CommandOutcome::Print(text) if commands::is_help(entry) => {
                    // Broken between words at the terminal's width, not by the terminal.
                    match crate::output::line_width() {
                        Some(width) => pager::show(&fit::fit(&text, width)),
                        None => pager::show(&text),
                    }
                }
                CommandOutcome::Print(text) => print_line(&text),
                CommandOutcome::Error(report) => self.report(&report),
                CommandOutcome::Done => {}
                CommandOutcome::Quit => return false,
            }
        } else {
            // Each entry is named by its number, so that an error met later inside a
            // function it defines says which entry to look at.
            self.state.entries += 1;
            let name = format!("<input {}>", self.state.entries);
            if let Err(report) = evaluate(&mut self.session, &mut self.state, &name, entry) {
                self.report(&report);
            }
        }
        true
    }
}

/// How many characters of a printed value are shown: about eight lines of the terminal
/// when standard output is one, all otherwise. The environment variable `CGT_TRUNCATE`
/// sets the number instead (`0`: never cut), terminal or not.
fn print_limit() -> Option<usize> {
    if let Some(n) = std::env::var("CGT_TRUNCATE")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
    {
        return (n > 0).then_some(n);
    }
    let (width, _) = terminal_size::terminal_size_of(std::io::stdout())?;
    Some(usize::from(width.0).max(20) * 8)
}

/// What `:time` prints after an entry: its duration, the size of the game store and the
/// positions solved, e.g. `time: 2.500 s (store: 12.3 k games, 1.20 M positions solved)`.
pub fn time_line(
    elapsed: std::time::Duration,
    store: usize,
    work: cgt::progress::Counts,
) -> String {
    let mut out = format!(
        "time: {} (store: {} games",
        format_duration(elapsed),
        cgt::progress::human(store as u64)
    );
    if work.positions > 0 {
        out += &format!(
            ", {} positions solved",
            cgt::progress::human(work.positions)
        );
    }
    out + ")"
}

/// The interactive loop: rustyline with completion, multi-line entries and history.
fn run_terminal(repl: &mut Repl) -> u8 {
    let mut rl = match editor(repl.names.clone()) {
        Ok(rl) => rl,
        Err(e) => {
            eprint_line(&format!(
                "cgt: line editing unavailable ({e}); reading plain lines"
            ));
            return run_piped(repl);
        }
    };
    let history = history_path();
    if let Some(path) = &history {
        let _ = rl.load_history(path);
    }
    // The lines typed so far of an entry that is not complete yet.
    let mut entry = String::new();
    loop {
        let prompt = if entry.is_empty() {
            PROMPT
        } else {
            continuation_prompt(repl.session.notation())
        };
        match rl.readline(prompt) {
            Ok(line) => {
                if entry.is_empty() {
                    if line.trim().is_empty() {
                        continue;
                    }
                } else {
                    entry.push('\n');
                }
                entry.push_str(&line);
                if !is_command(&entry) && needs_more(&entry) {
                    continue;
                }
                let entry = std::mem::take(&mut entry);
                let _ = rl.add_history_entry(entry.as_str());
                if let Some(path) = &history {
                    // Saved entry by entry so the history survives a closed terminal.
                    let _ = rl.append_history(path);
                }
                if !repl.process(&entry) {
                    return 0;
                }
            }
            // Ctrl-C at the prompt: drop the current entry, keep the session.
            Err(ReadlineError::Interrupted) => entry.clear(),
            // Ctrl-D on an empty line.
            Err(ReadlineError::Eof) => return 0,
            Err(e) => {
                eprint_line(&format!("cgt: cannot read input: {e}"));
                return 1;
            }
        }
    }
}

fn editor(names: Rc<RefCell<Vec<String>>>) -> rustyline::Result<Editor<ReplHelper, FileHistory>> {
    let config = Config::builder()
        .max_history_size(1000)?
        .history_ignore_dups(true)?
        .history_ignore_space(true)
        .completion_type(CompletionType::List)
        .auto_add_history(false)
        .build();
    let mut rl = Editor::with_config(config)?;
    rl.set_helper(Some(ReplHelper::new(names)));
    Ok(rl)
}

/// `<data dir>/cgt/history.txt`, its directory created; `None` if that is impossible.
fn history_path() -> Option<PathBuf> {
    let path = history_file()?;
    std::fs::create_dir_all(path.parent()?).ok()?;
    usable_history(path)
}

/// The history file if cgt may read and rewrite it: a regular file or none yet. A FIFO
/// would block the start for ever, and a symbolic link would have its target rewritten
/// (the history is saved by replacing the file), so either means no history is kept.
fn usable_history(path: PathBuf) -> Option<PathBuf> {
    match std::fs::symlink_metadata(&path) {
        Ok(meta) if !meta.file_type().is_file() => None,
        Ok(_) => Some(path),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Some(path),
        Err(_) => None,
    }
}

/// Where the history of entries is kept: `cgt/history.txt` in the user's data directory
/// (`~/.local/share` on Linux, `~/Library/Application Support` on macOS, `%APPDATA%` on
/// Windows).
pub fn history_file() -> Option<PathBuf> {
    Some(dirs::data_dir()?.join("cgt").join("history.txt"))
}

/// Piped input: no prompt or banner; lines accumulate into an entry while it is
/// incomplete (open brackets, a trailing operator), `:commands` work between entries.
/// Every entry runs, even after an error, but as for a script the exit status is 1 if any
/// entry failed (0 otherwise).
fn run_piped(repl: &mut Repl) -> u8 {
    read_piped(repl);
    flush();
    u8::from(repl.failed)
}

/// The loop of [`run_piped`], until end of input or `:quit`.
fn read_piped(repl: &mut Repl) {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut entry = String::new();
    let mut scan = Entry::default();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprint_line(&format!("cgt: cannot read input: {e}"));
                repl.failed = true;
                return;
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        let line = text.trim_end_matches(['\n', '\r']);
        if entry.is_empty() {
            if line.trim().is_empty() {
                continue;
            }
            if is_command(line) {
                if !repl.process(line) {
                    return;
                }
                continue;
            }
        } else {
            entry.push('\n');
        }
        entry.push_str(line);
        scan.push_line(line);
        if !scan.needs_more() {
            scan = Entry::default();
            let complete = std::mem::take(&mut entry);
            if !repl.process(&complete) {
                return;
            }
        }
    }
    // End of input inside an entry: run it anyway, so its error (say, an unclosed
    // bracket) is reported.
    if !entry.trim().is_empty() {
        repl.process(&entry);
    }
}
