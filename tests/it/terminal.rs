//! The REPL at a real terminal. When standard input is a terminal the REPL is another
//! program: rustyline reads the keys (a line that continues an entry gets its own prompt),
//! a banner is shown, long values are cut to the terminal's width, progress is drawn on
//! standard error and the history is saved. These tests run `cgt` in a pseudo-terminal made
//! by `script` (util-linux, on every Linux system), typing each line only once the prompt
//! is back, as a person would: rustyline drops what was typed before it takes the terminal.
//!
//! No test reads a clock: each waits (blocking) until the terminal shows what it expects,
//! and fails if the session ends without showing it.

#![cfg(target_os = "linux")]

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

/// What the terminal has shown so far, and whether it has closed.
#[derive(Default)]
struct Screen {
    bytes: Vec<u8>,
    closed: bool,
}

/// The screen, and the signal that it changed.
type Shared = Arc<(Mutex<Screen>, Condvar)>;

/// A `cgt` session in a pseudo-terminal of the given width.
struct Terminal {
    child: Child,
    keys: Option<ChildStdin>,
    screen: Shared,
    /// The thread copying the terminal's output to `screen`.
    reader: Option<JoinHandle<()>>,
    /// How much of the output has been looked at by [`Terminal::expect`].
    seen: usize,
    /// The data directory given to the session (where its history goes), removed when
    /// the terminal (or what [`Terminal::quit`] returns) is dropped.
    data: tempfile::TempDir,
}

impl Terminal {
    fn start(name: &str, columns: u16, env: &[(&str, &str)]) -> Terminal {
        let data = tempfile::Builder::new()
            .prefix(&format!("cgt-terminal-{name}-"))
            .tempdir()
            .unwrap();
        let inner = format!(
            "stty cols {columns} rows 50; exec '{}'",
            env!("CARGO_BIN_EXE_cgt")
        );
        let mut command = Command::new("script");
        command
            .args(["-qec", &inner, "/dev/null"])
            .env("XDG_DATA_HOME", data.path())
            .env("NO_COLOR", "1")
            .env("TERM", "xterm")
            // Long help is paged at a terminal: `cat` shows it and returns.
            .env("PAGER", "cat")
            .env_remove("CGT_TRUNCATE")
            .env_remove("CGT_PROGRESS_DELAY_MS")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        for (k, v) in env {
            command.env(k, v);
        }
        let mut child = command
            .spawn()
            .expect("`script` (util-linux) runs: these tests need it for a pseudo-terminal");
        let keys = child.stdin.take();
        let mut out = child.stdout.take().unwrap();
        let screen: Shared = Arc::default();
        let sink = screen.clone();
        let reader = std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            loop {
                let n = out.read(&mut buf).unwrap_or(0);
                let mut shown = sink.0.lock().unwrap();
                shown.bytes.extend_from_slice(&buf[..n]);
                shown.closed = n == 0;
                sink.1.notify_all();
                if n == 0 {
                    break;
                }
            }
        });
        Terminal {
            child,
            keys,
            screen,
            reader: Some(reader),
            seen: 0,
            data,
        }
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.screen.0.lock().unwrap().bytes).into_owned()
    }

    /// Waits until `needle` appears after what was already seen; returns the output from
    /// there up to and including it. Fails if the terminal closes without showing it.
    fn expect(&mut self, needle: &str) -> String {
        let (lock, changed) = &*self.screen;
        let mut shown = lock.lock().unwrap();
        loop {
            let text = String::from_utf8_lossy(&shown.bytes).into_owned();
            if let Some(at) = text.get(self.seen..).and_then(|t| t.find(needle)) {
                let end = self.seen + at + needle.len();
                let part = text[self.seen..end].to_string();
                self.seen = end;
                return part;
            }
            assert!(
                !shown.closed,
                "the session ended without showing {needle:?}; the terminal shows:\n{text:?}"
            );
            shown = changed.wait(shown).unwrap();
        }
    }

    /// Waits for the prompt, then types `line` and Enter.
    fn enter(&mut self, line: &str) {
        self.expect("> ");
        self.type_keys(format!("{line}\r").as_bytes());
    }

    /// Types `bytes` as they are, without waiting for a prompt.
    fn type_keys(&mut self, bytes: &[u8]) {
        let keys = self.keys.as_mut().unwrap();
        keys.write_all(bytes).unwrap();
        keys.flush().unwrap();
    }

    /// Types `:quit` at the next prompt and waits for the session to end.
    fn quit(mut self) -> (String, tempfile::TempDir) {
        self.enter(":quit");
        drop(self.keys.take());
        let status = self.child.wait().unwrap();
        assert!(status.success(), "cgt ended with {status}");
        // The reader thread copies the last bytes, then sees the terminal close.
        if let Some(reader) = self.reader.take() {
            reader.join().unwrap();
        }
        (self.text(), self.data)
    }
}

/// The output of the terminal without its control sequences (`ESC [ … letter`) and
/// carriage returns, to compare with what a person reads.
fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\x1b' => {
                if chars.peek() == Some(&'[') {
                    chars.next();
                    for d in chars.by_ref() {
                        if d.is_ascii_alphabetic() || d == '~' {
                            break;
                        }
                    }
                }
            }
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

#[test]
fn a_multi_line_entry_waits_for_its_closing_bracket() {
    let mut t = Terminal::start("multi", 80, &[]);
    t.expect("Ctrl-D to quit.");
    t.enter("{0 |");
    // The entry is not complete: the next line is asked for under a continuation prompt.
    let between = plain(&t.expect("… "));
    assert!(
        !between.contains("> "),
        "a new entry was begun: {between:?}"
    );
    t.type_keys(b" 1}\r");
    let answer = plain(&t.expect("1/2"));
    assert!(!answer.contains("error"), "{answer}");
    t.enter("_ + _");
    t.expect("\n1");
    let (text, data) = t.quit();
    let text = plain(&text);
    assert!(!text.contains('×'), "an error was shown:\n{text}");
    // The history went to <data dir>/cgt/history.txt, as documented.
    let history = std::fs::read_to_string(data.path().join("cgt/history.txt")).unwrap();
    assert!(history.contains("_ + _"), "{history}");
}

#[test]
fn a_continuation_line_in_ascii_shows_two_dots() {
    let mut t = Terminal::start("dots", 80, &[]);
    t.enter(":ascii");
    t.enter("[1,");
    t.expect(".. ");
    t.type_keys(b"2]\r");
    t.expect("[1,2]");
    t.quit();
}

#[test]
fn long_help_is_paged_and_short_help_is_not() {
    let mut t = Terminal::start("pager", 100, &[("PAGER", "sed 's/^/paged: /'")]);
    // The terminal has 50 rows: the built-ins of `impartial` do not fit, the short list does.
    t.enter(":help impartial");
    let long = plain(&t.expect("paged: "));
    assert!(
        !long.contains("nim_sum("),
        "printed before the pager: {long}"
    );
    t.expect("paged:   nim_sum(");
    // The last line of that help (it mentions `p -> options`: not a prompt).
    t.expect("subtraction_addition(take, add, cap)");
    t.enter(":help");
    let short = plain(&t.expect("Ctrl-D quits."));
    assert!(short.contains(":load"), "{short}");
    assert!(!short.contains("paged: "), "{short}");
    t.quit();
}

#[test]
fn long_values_are_cut_to_the_terminal_width() {
    let mut t = Terminal::start("cut", 40, &[]);
    t.enter("[n for n in 0..999]");
    let whole = format!(
        "[{}]",
        (0..1000)
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    // 40 columns × 8 lines.
    let note = format!(
        "… ({} more characters; :full to see all)",
        whole.len() - 320
    );
    let shown = plain(&t.expect(&note));
    assert!(shown.contains(&whole[..320]), "{shown}");
    assert!(!shown.contains(&whole[..321]), "{shown}");
    t.enter(":full");
    let full = plain(&t.expect("999]"));
    assert!(full.contains(&whole), "{full}");
    t.quit();
}

#[test]
fn help_misere_lists_the_misere_functions() {
    let mut t = Terminal::start("help", 100, &[]);
    t.enter(":help misere");
    let help = plain(&t.expect("misere_winning_moves(p)"));
    assert!(help.contains("Misère play"), "{help}");
    assert!(help.contains("misere_outcome(g)"), "{help}");
    t.quit();
}

#[test]
fn progress_is_drawn_on_the_terminal_and_erased() {
    // Shown at once instead of after a second, so that a short computation shows it.
    let mut t = Terminal::start("progress", 80, &[("CGT_PROGRESS_DELAY_MS", "0")]);
    t.enter("domineering(5, 5)");
    let shown = t.expect("computing… ");
    assert!(shown.ends_with("\r\x1b[2Kcomputing… "), "{shown:?}");
    // Erased before the value (0) is printed, which starts on a clean line.
    let rest = t.expect("> ");
    assert!(rest.contains("\r\x1b[2K0\r\n"), "{rest:?}");
    t.keys.as_mut().unwrap().write_all(b":quit\r").unwrap();
    drop(t.keys.take());
    let _ = t.child.wait();
}

/// The peak resident memory (`VmHWM`, in bytes) of the program `script` (process `parent`)
/// runs: its child, `cgt` (the shell `script` starts execs it).
fn peak_memory_of_child(parent: u32) -> Option<u64> {
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // `pid (command) state ppid …`: the command may hold spaces, so read after it.
        let Some((_, rest)) = stat.rsplit_once(") ") else {
            continue;
        };
        let ppid = rest.split_whitespace().nth(1).and_then(|p| p.parse().ok());
        if ppid == Some(parent) {
            let status = std::fs::read_to_string(entry.path().join("status")).ok()?;
            let line = status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?;
            let kb: u64 = line.trim().trim_end_matches("kB").trim().parse().ok()?;
            return Some(kb << 10);
        }
    }
    None
}

/// Issue 27 item 3: G + G + G for G the 4×6 Domineering rectangle prints in 1,127,668,082
/// characters (counted with `wc -m` of `cgt -e`'s output). At the prompt it is cut to
/// eight lines and the rest is counted as it is printed, never held: the session's peak
/// memory stays that of computing the value (tens of megabytes; the text held whole, as
/// the REPL did before, took 1.1 GB).
#[test]
fn a_value_of_a_billion_characters_is_cut_in_bounded_memory() {
    let mut t = Terminal::start("huge", 80, &[]);
    t.enter("let g = domineering(4, 6)");
    t.enter("g + g + g");
    // 80 columns × 8 lines shown.
    t.expect(&format!(
        "… ({} more characters; :full to see all)",
        1_127_668_082u64 - 640
    ));
    let peak = peak_memory_of_child(t.child.id()).expect("the session's memory is readable");
    assert!(peak < 256 << 20, "{peak} bytes at the peak");
    t.quit();
}

/// Ctrl-C while a value streams to the terminal (never cut here: `CGT_TRUNCATE=0`; its
/// text has 2^1000 characters) stops the print, and the prompt comes back with the
/// session kept.
#[test]
fn ctrl_c_stops_a_long_print_and_gives_the_prompt_back() {
    let mut t = Terminal::start("stop", 80, &[("CGT_TRUNCATE", "0")]);
    t.enter("def h(n) = [h(k) for k in 0..n-1]");
    t.enter("let keep = 5");
    t.enter("h(1000)");
    t.expect("[[],[[]],[[],[[]]],");
    t.type_keys(b"\x03");
    t.expect("interrupted");
    t.enter("keep + 1");
    t.expect("\n6");
    t.quit();
}

/// Issue 51 item 5: lines typed while an entry computes are not lost. rustyline reads all
/// the bytes waiting at the terminal at once; it took the first line and dropped the rest,
/// so of two lines typed during `domineering(5, 5)` only the first ran. Each line typed
/// ahead has a result of its own, and a line typed once the last of them has answered ends
/// the test (a lost line leaves its result unshown and the test waiting). The terminal echoes keys typed during a computation where they fall, so the
/// test looks for the results in order, not for a fixed interleaving of echo and output.
#[test]
fn lines_typed_during_a_computation_all_run() {
    let mut t = Terminal::start("typeahead", 80, &[("CGT_PROGRESS_DELAY_MS", "0")]);
    t.enter("domineering(5, 5)");
    // The progress line is drawn as the computation starts: it is running now.
    t.expect("computing… ");
    t.type_keys(b"100 + 11\r200 + 22\r");
    t.expect("\x1b[2K0\r\n");
    // Each result may follow a progress line (drawn at once here) rather than a newline,
    // and no result appears in the echo of what was typed.
    t.expect("111\r\n");
    t.expect("222\r\n");
    t.enter("300 + 33");
    t.expect("333\r\n");
    t.quit();
}

/// Issue 51 item 5: a paste of several lines at a terminal that does not bracket pastes
/// arrives as typed keys: every line of it runs, the ones after the first included.
#[test]
fn every_line_of_an_unbracketed_paste_runs() {
    let mut t = Terminal::start("paste", 80, &[]);
    t.enter("let a = 1");
    t.expect("> ");
    t.type_keys(b"a + 10\r[a,\r a + 20]\ra + 30\r");
    t.expect("\n11\r\n");
    t.enter("a + 98");
    let rest = plain(&t.expect("\n99\r\n"));
    assert!(rest.contains("[1,21]\n"), "{rest:?}");
    assert!(rest.contains("\n31\n"), "{rest:?}");
    t.quit();
}

/// Issue 42 item 4: while the pager shows help, no progress line is drawn over it (it was
/// drawn a second after `:help misere`, over the pager's last line, counting until `q`);
/// help computes nothing, so none is drawn for it at all.
#[test]
fn no_progress_line_is_drawn_for_help_or_over_the_pager() {
    let mut t = Terminal::start(
        "pager-progress",
        100,
        &[
            // Drawn at once (and four times a second) for anything that counts as work.
            ("CGT_PROGRESS_DELAY_MS", "0"),
            // A pager left open for a while, as by a person reading it.
            ("PAGER", "cat; echo pager-open; sleep 1; echo pager-closed"),
        ],
    );
    t.enter(":help impartial");
    let shown = t.expect("pager-closed");
    assert!(shown.contains("pager-open"), "{shown:?}");
    assert!(!shown.contains("computing"), "{shown:?}");
    t.quit();
}

/// Issue 42 item 8: help is broken between words at the terminal's width (the terminal
/// broke its long lines mid-word at 80 and 160 columns): no line is wider than the
/// terminal, and every word of it is still there.
#[test]
fn help_is_broken_between_words_at_the_terminal_width() {
    for columns in [60, 100] {
        // The help is long: the pager shows it, and says where it ends.
        let mut t = Terminal::start("wrap", columns, &[("PAGER", "cat; echo end-of-help")]);
        t.enter(":help impartial");
        let help = plain(&t.expect("end-of-help"));
        for line in help.lines() {
            assert!(
                line.chars().count() <= usize::from(columns),
                "{columns} columns: {line:?}"
            );
        }
        // A summary broken over lines reads the same once joined.
        let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains("nim_values(ruleset, range)"),
            "{columns} columns: {words}"
        );
        t.quit();
    }
}
