//! A script's values, the REPL's and `print`'s lines are streamed to standard output as
//! they are printed (issue 27, item 3): a value whose text is far larger than the memory
//! budget still prints, whole and the same in a script and at the REPL, and a closed pipe
//! stops it.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn cgt(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cgt runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("input written");
    drop(stdin);
    child.wait_with_output().expect("cgt ends")
}

/// `h(n) = [h(0), …, h(n-1)]`, built here as the text cgt prints.
fn nested(n: usize, memo: &mut Vec<String>) -> String {
    while memo.len() <= n {
        let k = memo.len();
        let inner: Vec<&str> = memo[..k].iter().map(String::as_str).collect();
        memo.push(format!("[{}]", inner.join(",")));
    }
    memo[n].clone()
}

const H: &str = "def h(n) = [h(k) for k in 0..n-1]";

#[test]
fn a_value_larger_than_the_budget_streams_out_whole() {
    // 10,485,760 characters under a budget of 8 MB: held whole (with its buffer growing)
    // the text needs three times that, which the REPL refuses.
    let out = cgt(&["--memory", "8M", "-e", &format!("{H}; h(22)")], "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "stderr: {stderr}");
    let expected = nested(22, &mut Vec::new());
    assert_eq!(out.stdout.len(), expected.len() + 1);
    assert!(out.stdout == format!("{expected}\n").into_bytes());
    // The REPL streams its values too, and every front end of the command line streams
    // `print`'s line: the same text under the same budget.
    let repl = cgt(&["--memory", "8M"], &format!("{H}\nh(22)\n"));
    let stderr = String::from_utf8_lossy(&repl.stderr);
    assert_eq!(repl.status.code(), Some(0), "stderr: {stderr}");
    assert!(repl.stdout == format!("{expected}\n").into_bytes());
    let line = format!("h: {expected} .\n").into_bytes();
    let print = format!("{H}\nprint(\"h:\", h(22), \".\")\n");
    for printed in [
        cgt(&["--memory", "8M", "-e", &print], ""),
        cgt(&["--memory", "8M"], &print),
    ] {
        let stderr = String::from_utf8_lossy(&printed.stderr);
        assert_eq!(printed.status.code(), Some(0), "stderr: {stderr}");
        assert!(printed.stdout == line);
    }
}

#[test]
fn streamed_values_print_as_the_repl_prints_them() {
    let program = [
        "let g = domineering(4, 6)",
        "g + g",
        "[1, {2 | 1}, ^, *3]",
        "{1 => ^, 2 => [*2]}",
        "print(\"between\")",
        "table([[1, 2], [3, 4]])",
        "on",
        "backsliding_toads_and_frogs(\"T.F\")",
        "h(5)",
    ];
    let script = format!("{H}\n{}\n", program.join("\n"));
    let dir = std::env::temp_dir().join(format!("cgt-stream-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("values.cgt");
    std::fs::write(&file, &script).expect("script written");
    let streamed = cgt(&[file.to_str().expect("utf-8 path")], "");
    let _ = std::fs::remove_dir_all(&dir);
    let repl = cgt(&[], &script);
    assert_eq!(streamed.status.code(), Some(0));
    assert_eq!(repl.status.code(), Some(0));
    let streamed = String::from_utf8_lossy(&streamed.stdout);
    assert!(streamed.len() > 500_000, "{} characters", streamed.len());
    assert_eq!(streamed, String::from_utf8_lossy(&repl.stdout));
}

#[test]
fn a_closed_pipe_stops_a_value_that_never_ends() {
    // 2^1000 characters: only a closed pipe (or Ctrl-C) ends it.
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(["-e", &format!("{H}; h(1000)")])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cgt runs");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 1 << 16];
    std::io::Read::read_exact(&mut stdout, &mut first).expect("output begins");
    drop(stdout);
    let status = child.wait().expect("cgt ends");
    assert_eq!(status.code(), Some(141));
    assert!(first.starts_with(b"[[],[[]],"));
}
