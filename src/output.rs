//! Writing to the process's standard output and standard error without panicking.
//!
//! `println!` panics when its write fails, which happens as soon as the reader of a pipe has
//! gone (`cgt script.cgt | head -5`). cgt behaves like any Unix filter instead: once standard
//! output is closed nothing more can be shown, so the process ends at once, quietly, with the
//! status a shell reports for a process killed by `SIGPIPE` ([`CLOSED_PIPE_STATUS`]).
//! Standard error is best effort: a failed write there is ignored (there is nowhere left to
//! report it).
//!
//! Both first erase the progress line of a long computation, if one is showing
//! ([`crate::progress`]).

use std::io::{ErrorKind, Write};

/// The exit status after standard output was closed: 128 + `SIGPIPE`, as a shell shows for a
/// filter stopped by a closed pipe.
pub const CLOSED_PIPE_STATUS: i32 = 141;

/// Writes `text` and a newline to standard output; see the module documentation for a
/// closed output.
pub fn print_line(text: &str) {
    let written = crate::progress::with_line_cleared(|| {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())
            .and_then(|()| out.write_all(b"\n"))
    });
    if let Err(e) = written {
        output_failed(&e);
    }
}

/// Writes `text` as it is (a piece of a longer text: no newline added) to standard output;
/// see the module documentation for a closed output.
pub fn print_piece(text: &str) {
    let written =
        crate::progress::with_line_cleared(|| std::io::stdout().lock().write_all(text.as_bytes()));
    if let Err(e) = written {
        output_failed(&e);
    }
}

/// Flushes standard output (before the process ends or waits for input).
pub fn flush() {
    if let Err(e) = std::io::stdout().lock().flush() {
        output_failed(&e);
    }
}

/// Writes `text` and a newline to standard error, ignoring a failure.
pub fn eprint_line(text: &str) {
    crate::progress::with_line_cleared(|| {
        let mut err = std::io::stderr().lock();
        let _ = err
            .write_all(text.as_bytes())
            .and_then(|()| err.write_all(b"\n"));
    });
}

/// Standard output cannot be written: end the process. A closed pipe is the reader's choice
/// and ends it silently; any other failure (a full disk) is worth a line on standard error.
fn output_failed(e: &std::io::Error) -> ! {
    if e.kind() == ErrorKind::BrokenPipe {
        std::process::exit(CLOSED_PIPE_STATUS);
    }
    eprint_line(&format!("cgt: cannot write the output: {e}"));
    std::process::exit(1);
}

/// A session printing to standard output and giving its notes on standard error, both
/// through the functions above (a closed pipe ends the process; the progress line is
/// erased before each write). What it prints (values, `print` lines) is streamed in
/// pieces ([`print_piece`]), never built whole.
pub fn terminal_session() -> cgt::Session {
    let mut session = cgt::Session::streaming(Box::new(print_piece), Box::new(eprint_line));
    session.set_line_width(line_width());
    session
}

/// The width values are laid out to (long records over several lines, wide tables in
/// blocks): the terminal's when standard output is one, none when it is a file or a pipe
/// (so that what a script prints does not depend on where it runs).
pub fn line_width() -> Option<usize> {
    let (width, _) = terminal_size::terminal_size_of(std::io::stdout())?;
    Some(usize::from(width.0).max(20))
}

/// The text of a script file (`cgt FILE`, `:load FILE`). Only a regular file is read: a
/// FIFO would wait for a writer forever, and a directory has no text; both are refused
/// with an error saying what the path is.
pub fn read_source_file(path: &std::path::Path) -> std::io::Result<String> {
    let kind = std::fs::metadata(path)?.file_type();
    if kind.is_dir() {
        return Err(std::io::Error::other("it is a directory"));
    }
    if !kind.is_file() {
        return Err(std::io::Error::other(
            "it is not a regular file (a FIFO, a socket or a device)",
        ));
    }
    std::fs::read_to_string(path)
}
