//! Ctrl-C (SIGINT) sent to `cgt -e` or to a script interrupts the computation as at the
//! REPL, and the process ends with status 130 and a message, not by the default handler.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// Runs cgt with `args`, waits for its first line of output (printed before the long
/// computation starts, so the handler is installed), sends SIGINT and returns the exit
/// status and standard error.
pub(crate) fn interrupt_after_first_line(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cgt starts");
    let mut first = String::new();
    let stdout = child.stdout.take().expect("piped stdout");
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("a first line");
    assert_eq!(first.trim(), "1");
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let out = child.wait_with_output().expect("cgt ends");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A computation that runs for minutes unless interrupted (a Grundy search over 56,056
/// positions of Moore's Nim_8, each with thousands of options).
const LONG: &str = "grundy(moore_nim(8, [1000, 6, 7]))";

/// What cgt says when Ctrl-C stops a script or `-e` text: that the run was interrupted,
/// where, and nothing of the REPL's "the session and its bindings are kept" (issue 42
/// item 7: there is no session left to keep).
fn assert_says_the_run_was_interrupted(stderr: &str, place: &str) {
    assert!(
        stderr.contains(&format!(
            "{place}: interrupted (Ctrl-C); the run is stopped"
        )),
        "stderr: {stderr}"
    );
    assert!(!stderr.contains("session"), "stderr: {stderr}");
}

#[test]
fn sigint_interrupts_an_expression_and_exits_130() {
    let program = format!("1; {LONG}");
    let (code, stderr) = interrupt_after_first_line(&["-e", &program]);
    assert_eq!(code, Some(130), "stderr: {stderr}");
    assert_says_the_run_was_interrupted(&stderr, "<expr>:1");
}

#[test]
fn sigint_interrupts_a_script_and_exits_130() {
    let dir = std::env::temp_dir().join(format!("cgt-sigint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let script = dir.join("long.cgt");
    std::fs::write(&script, format!("1\n{LONG}\n2\n")).expect("script written");
    let path = script.display().to_string();
    let (code, stderr) = interrupt_after_first_line(&[&path]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, Some(130), "stderr: {stderr}");
    assert_says_the_run_was_interrupted(&stderr, &format!("{path}:2"));
}
