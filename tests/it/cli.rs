//! The command line and the process: arguments, exit statuses, and a closed output pipe.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use crate::common;

use common::{Run, run_cgt as cgt};

#[test]
fn an_expression_after_e_may_begin_with_a_minus() {
    for (expr, value) in [
        ("-1/2", "-1/2"),
        ("-{0|}", "-1"),
        ("-^ + ^", "0"),
        ("-2", "-2"),
    ] {
        let r = cgt(&["-e", expr], "");
        assert_eq!(r.stdout.trim(), value, "{expr}: {}", r.stderr);
        assert_eq!(r.code, Some(0), "{expr}: {}", r.stderr);
    }
    let r = cgt(&["--ascii", "-e", "-^"], "");
    assert_eq!(r.stdout.trim(), "v");
    let r = cgt(&["--eval=-1", "--ascii"], "");
    assert_eq!(r.stdout.trim(), "-1");
}

#[test]
fn piped_input_with_an_error_exits_1() {
    let r = cgt(&[], "foo\n");
    assert!(r.stderr.contains("unknown name `foo`"), "{}", r.stderr);
    assert_eq!(r.code, Some(1));
    // Every entry still runs after the error.
    let r = cgt(&[], "foo\n1 + 1\n");
    assert_eq!(r.stdout.trim(), "2");
    assert_eq!(r.code, Some(1));
    // A failing command is an error too; `:quit` keeps the status.
    let r = cgt(&[], ":nonsense\n1\n:quit\n");
    assert_eq!(r.code, Some(1));
    let r = cgt(&[], "1\n:ascii\n^\n:quit\n");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let r = cgt(&[], "let x = 1\nx + 1\n");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
}

#[test]
fn script_and_eval_errors_exit_1_and_bad_usage_2() {
    assert_eq!(cgt(&["-e", "nope"], "").code, Some(1));
    assert_eq!(cgt(&["-e", "1 +"], "").code, Some(1));
    assert_eq!(cgt(&["/nonexistent/file.cgt"], "").code, Some(2));
    assert_eq!(cgt(&["--no-such-flag"], "").code, Some(2));
}

/// Starts `cgt` printing far more than a pipe holds, reads one line, closes the pipe and
/// returns how the process ended.
fn close_after_one_line(args: &[&str], input: String) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cgt runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut first = String::new();
    {
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        reader.read_line(&mut first).unwrap();
    } // the reader goes, as `head -1` does
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Run {
        stdout: first,
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code(),
    }
}

#[test]
fn a_closed_output_pipe_ends_cgt_quietly() {
    let many = "1 + 1\n".repeat(200_000);
    let dir = std::env::temp_dir().join(format!("cgt-cli-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("many.cgt");
    std::fs::write(&script, &many).unwrap();
    let runs = [
        (
            "script",
            close_after_one_line(&[script.to_str().unwrap()], String::new()),
        ),
        ("piped", close_after_one_line(&[], many.clone())),
        (
            "eval",
            close_after_one_line(&["-e", &"1\n".repeat(60_000)], String::new()),
        ),
    ];
    std::fs::remove_dir_all(&dir).ok();
    for (what, r) in runs {
        assert_eq!(
            r.stdout.trim(),
            if what == "eval" { "1" } else { "2" },
            "{what}"
        );
        assert_eq!(
            r.stderr, "",
            "{what}: the closed pipe must end cgt silently"
        );
        assert_eq!(
            r.code,
            Some(141),
            "{what}: the status of a filter stopped by SIGPIPE"
        );
    }
}

#[test]
fn an_error_at_the_end_of_a_long_wild_line_is_reported_not_a_crash() {
    let pieces = ["lr", "\t", "\\\"", "😀", "é", "中", "\\n", " ", "ǅ"];
    let line: String = (0..40_000)
        .map(|i| pieces[(i * 5 + i / 7) % pieces.len()])
        .collect();
    let dir = std::env::temp_dir().join(format!("cgt-cli-long-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("long.cgt");
    std::fs::write(&file, format!("def f(a) = (\"{line}\" l\n1\n")).unwrap();
    let r = cgt(&[file.to_str().unwrap()], "");
    std::fs::remove_dir_all(&dir).ok();
    assert!(r.stderr.contains("unexpected `l`"), "{}", r.stderr);
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    assert!(!r.stderr.contains("internal error"), "{}", r.stderr);
    assert_eq!(r.code, Some(1));
}
