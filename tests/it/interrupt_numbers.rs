//! Ctrl-C (SIGINT) stops the computations that spend their time outside the game store:
//! a sum of long rationals (big-integer arithmetic, one addition after another) and a
//! misère difference (sums of misère forms). Each runs for minutes unless interrupted;
//! interrupted, the process ends with status 130 and says so.

/// Runs `cgt -e "1; PROGRAM"`, waits for the `1` (the handler is installed and the long
/// computation starts), sends SIGINT and returns the exit status and standard error
/// (through the SIGINT tests' harness).
fn interrupt_after_first_line(program: &str) -> (Option<i32>, String) {
    super::sigint::interrupt_after_first_line(&["--memory", "1G", "-e", &format!("1; {program}")])
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
