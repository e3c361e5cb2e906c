//! The transcript runner shared by `tests/it/transcripts.rs` (golden sessions) and
//! `tests/it/docs.rs` (the ```cgt blocks of the documentation): a session is a list of
//! `> input` lines, each followed by exactly the lines cgt prints for it (`!! message` for an
//! error); `> :ascii` and `> :unicode` switch the notation as in the REPL.

// Each test crate that includes this module uses a different part of it.
#![allow(dead_code)]

use cgt::eval::Interpreter;
use cgt::game::Notation;
use std::cell::RefCell;
use std::io::Write;
use std::process::{Command, Stdio};
use std::rc::Rc;

/// One input, the output it must print, and where it was written.
pub struct Case {
    /// The line of `> input` in its file (1-based).
    pub line_no: usize,
    pub input: String,
    pub expected: Vec<String>,
}

/// The cases of a transcript whose first line is line `first_line` of its file. Lines
/// starting with `#` (but not `#!`) are comments; trailing blank lines of an output are
/// dropped.
pub fn parse_transcript(text: &str, first_line: usize) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(input) = line.strip_prefix("> ").or_else(|| line.strip_prefix('>')) {
            cases.push(Case {
                line_no: first_line + i,
                input: input.to_string(),
                expected: Vec::new(),
            });
        } else if line.starts_with('#') && !line.starts_with("#!") {
            continue;
        } else if let Some(case) = cases.last_mut() {
            case.expected.push(line.to_string());
        }
    }
    for case in &mut cases {
        while case.expected.last().is_some_and(|l| l.trim().is_empty()) {
            case.expected.pop();
        }
    }
    cases
}

/// A cgt session whose printed lines are collected, so each input's output can be compared.
pub struct Session {
    interp: Interpreter,
    lines: Rc<RefCell<Vec<String>>>,
}

impl Session {
    /// A fresh session printing in `notation`.
    pub fn new(notation: Notation) -> Session {
        let (mut interp, lines) = Interpreter::collecting();
        interp.notation = notation;
        Session { interp, lines }
    }

    /// Runs the cases in order (bindings persist); returns one message per mismatch, naming
    /// `file` and the case's line.
    pub fn check(&mut self, file: &str, cases: &[Case]) -> Vec<String> {
        let mut failures = Vec::new();
        for case in cases {
            let got = self.output_of(&case.input);
            if got != case.expected {
                failures.push(format!(
                    "{file}:{}: > {}\n  expected: {:?}\n  got:      {:?}",
                    case.line_no, case.input, case.expected, got
                ));
            }
        }
        failures
    }

    /// The lines printed for one input.
    fn output_of(&mut self, input: &str) -> Vec<String> {
        self.lines.borrow_mut().clear();
        match input.trim() {
            ":unicode" => self.interp.notation = Notation::Unicode,
            ":ascii" => self.interp.notation = Notation::Ascii,
            input => {
                if let Err(e) = self.interp.run(input) {
                    self.lines.borrow_mut().push(format!("!! {}", e.message()));
                }
            }
        }
        self.lines.borrow().clone()
    }
}

/// Runs `f` on a thread with a large stack, as the `cgt` binary does.
pub fn on_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("session thread")
}

/// What a run of the built `cgt` binary printed, and how it ended.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
}

/// Runs the built `cgt` with `args`, `input` on standard input (written from a thread, so a
/// long input cannot block against a full output pipe).
pub fn run_cgt(args: &[&str], input: &str) -> Run {
    run_cgt_with(args, &[], input)
}

/// [`run_cgt`] with these environment variables set. `CGT_TRUNCATE` is unset unless given,
/// so a developer's setting cannot change what the tests see.
pub fn run_cgt_with(args: &[&str], env: &[(&str, &str)], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env("NO_COLOR", "1")
        .env_remove("CGT_TRUNCATE")
        .envs(env.iter().copied())
        .spawn()
        .expect("cgt runs");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("cgt ends");
    writer.join().expect("the input is written");
    Run {
        stdout: String::from_utf8(out.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 errors"),
        code: out.status.code(),
    }
}
