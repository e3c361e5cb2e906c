//! Ctrl-C (SIGINT) stops the computations that spend their time outside the game store:
//! a sum of long rationals (big-integer arithmetic, one addition after another) and a
//! misère difference (sums of misère forms). Each runs for minutes unless interrupted;
//! interrupted, the process ends with status 130 and says so.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// Runs `cgt -e "1; PROGRAM"`, waits for the `1` (the handler is installed and the long
/// computation starts), sends SIGINT and returns the exit status and standard error.
fn interrupt_after_first_line(program: &str) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(["--memory", "1G", "-e", &format!("1; {program}")])
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

#[test]
fn a_long_sum_of_rationals_stops_at_ctrl_c() {
    let (code, stderr) = interrupt_after_first_line("let h = sum([1/n for n in 1..30000])");
    assert_eq!(code, Some(130), "stderr: {stderr}");
    assert!(stderr.contains("interrupted"), "stderr: {stderr}");
}

#[test]
fn a_misere_difference_stops_at_ctrl_c() {
    let (code, stderr) =
        interrupt_after_first_line("misere_minus(kayles(20) + kayles(20), kayles(20))");
    assert_eq!(code, Some(130), "stderr: {stderr}");
    assert!(stderr.contains("interrupted"), "stderr: {stderr}");
}
