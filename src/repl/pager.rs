//! Long help at a terminal goes through a pager, as `git` and `man` do: `$PAGER` if it is
//! set (run by the shell, so it may carry options), else `less -R`. Text that fits on the
//! screen, output that is not a terminal, or no pager that starts: printed as it is.

use crate::output::{flush, print_line};
use std::io::{IsTerminal, Write};
use std::process::{Command, Stdio};

/// Prints `text`, through the pager when standard output is a terminal too short for it.
pub fn show(text: &str) {
    if !too_long_for_the_screen(text) || !page(text) {
        print_line(text);
    }
}

/// True when standard output is a terminal with fewer rows than `text` takes, its long
/// lines wrapped at the terminal's width (one row is kept for the prompt that follows).
fn too_long_for_the_screen(text: &str) -> bool {
    let stdout = std::io::stdout();
    if !stdout.is_terminal() {
        return false;
    }
    match terminal_size::terminal_size_of(&stdout) {
        Some((columns, rows)) => rows_taken(text, usize::from(columns.0)) >= usize::from(rows.0),
        None => false,
    }
}

/// The rows `text` takes on a terminal `columns` wide.
fn rows_taken(text: &str, columns: usize) -> usize {
    let columns = columns.max(1);
    text.lines()
        .map(|line| line.chars().count().div_ceil(columns).max(1))
        .sum()
}

/// Runs the pager with `text` on its standard input; false if no pager could be started
/// (nothing has been shown then).
fn page(text: &str) -> bool {
    flush();
    let mut command = match std::env::var("PAGER") {
        Ok(p) if !p.trim().is_empty() => {
            let mut c = Command::new("sh");
            c.args(["-c", &p]);
            c
        }
        _ => {
            let mut c = Command::new("less");
            c.arg("-R");
            c
        }
    };
    // less: quit at once if the text fits after all, and leave it on the screen.
    if std::env::var_os("LESS").is_none() {
        command.env("LESS", "FRX");
    }
    // Whatever runs meanwhile, no progress line is drawn over the pager.
    crate::progress::paused(|| run_pager(command, text))
}

/// Runs the pager `command` with `text` on its standard input; false if it did not start.
fn run_pager(mut command: Command, text: &str) -> bool {
    let Ok(mut child) = command.stdin(Stdio::piped()).spawn() else {
        return false;
    };
    if let Some(mut input) = child.stdin.take() {
        // The pager may be left (`q`) before it has read everything: not an error.
        let _ = input.write_all(text.as_bytes());
        let _ = input.write_all(b"\n");
    }
    match child.wait() {
        // 127: the shell did not find the command $PAGER names; nothing was shown.
        Ok(status) => status.code() != Some(127),
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn long_lines_take_several_rows() {
        assert_eq!(super::rows_taken("ab\n\nabcdefg", 3), 1 + 1 + 3);
        assert_eq!(super::rows_taken("abc", 3), 1);
    }
}
