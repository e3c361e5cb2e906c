//! The session's memory budget: a computation that would outgrow it ends in a clean error
//! (exit 1, a message naming what grew), never in an aborted process (exit 134).

use std::process::{Command, Output};

/// Runs `cgt ARGS` under a 3 GB address-space limit when `prlimit` is there (as the issue's
/// repros were run), else as is.
fn cgt_limited(args: &[&str]) -> Output {
    let bin = env!("CARGO_BIN_EXE_cgt");
    let has_prlimit = Command::new("prlimit")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let mut cmd = if has_prlimit {
        let mut c = Command::new("prlimit");
        c.arg("--as=3000000000").arg(bin);
        c
    } else {
        Command::new(bin)
    };
    cmd.args(args).output().expect("cgt runs")
}

/// Standard error with the diagnostic's frame and line breaks taken out, so that a
/// phrase reads whole wherever it was wrapped.
fn flat_stderr(out: &Output) -> String {
    let text = String::from_utf8_lossy(&out.stderr).replace('│', " ");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn assert_clean_budget_error(out: &Output) {
    let stderr = flat_stderr(out);
    assert_eq!(out.status.code(), Some(1), "stderr: {stderr}");
    assert!(stderr.contains("memory budget"), "stderr: {stderr}");
    assert!(!stderr.contains("memory allocation"), "stderr: {stderr}");
}

/// A loopy game of 34,650 positions: its comparisons are solved by components (no table
/// over all pairs any more), and its text, which would repeat positions along every line
/// of play, is refused at the printer's limit: a clean error, no aborted process.
#[test]
fn a_loopy_game_too_large_to_print_is_refused_cleanly() {
    let out = cgt_limited(&["-e", "backsliding_toads_and_frogs(\"TTTT....FFFF\")"]);
    let stderr = flat_stderr(&out);
    assert_eq!(out.status.code(), Some(1), "stderr: {stderr}");
    assert!(!stderr.contains("memory allocation"), "stderr: {stderr}");
    assert!(stderr.contains("loopy game"), "stderr: {stderr}");
}

#[test]
fn the_memory_flag_sets_the_budget() {
    // A small budget stops the comparisons of a modest loopy game: a cycle of 3000
    // positions, every pair of which is compared (its value, dud, needs 1 GB otherwise).
    let out = cgt_limited(&[
        "--memory",
        "1M",
        "-e",
        "partizan_game(p -> [[(p+1) % 3000], [(p+2) % 3000]])(0)",
    ]);
    assert_clean_budget_error(&out);
    let bad = cgt_limited(&["--memory", "lots", "-e", "1"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn the_game_store_stops_at_the_budget() {
    // 16 MB: above what the process holds before it computes (with 1 MB the heap's own
    // check fires first and names the computation's tables and values instead).
    let out = cgt_limited(&["--memory", "16M", "-e", "[*n + ^ for n in 0..100000]"]);
    assert_clean_budget_error(&out);
    let stderr = flat_stderr(&out);
    assert!(stderr.contains("the game store"), "stderr: {stderr}");
}

/// A front end that collects each value's text (the Python module, the browser) holds it
/// whole, so the budget bounds it, for a value and for `print`'s line; the command line
/// streams both instead (`tests/it/streamed_printing.rs`). In this process: the budget is the
/// process's, and no other test here computes in it.
#[test]
fn the_printer_stops_at_the_budget() {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(|| {
            cgt::game::budget::set_thread_budget(64 << 20);
            let mut session = cgt::Session::new();
            session.eval("def h(n) = [h(k) for k in 0..n-1]").unwrap();
            for program in ["h(1000)", "print(h(1000))"] {
                let failure = session.eval(program).unwrap_err();
                let message = &failure.diagnostic.message;
                assert!(message.contains("the printed text"), "{program}: {message}");
                assert!(message.contains("memory budget"), "{program}: {message}");
            }
            assert_eq!(session.eval("h(2)").unwrap()[0].unicode, "[[],[[]]]");
        })
        .expect("a thread")
        .join()
        .expect("the printer stops cleanly");
}

#[test]
fn a_ruleset_whose_positions_never_end_stops_at_the_budget() {
    for program in [
        "impartial_game(p -> [p+1])(0)",
        "partizan_game(p -> [[p+1], []])(0)",
    ] {
        let out = cgt_limited(&["--memory", "64M", "-e", program]);
        assert_clean_budget_error(&out);
    }
}

#[test]
fn a_source_too_big_for_the_budget_is_refused_before_parsing() {
    let dir = std::env::temp_dir().join(format!("cgt-budget-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let script = dir.join("ones.cgt");
    // 200 kB of `1+1+…+1`: far over a 16 MB budget once parsed.
    std::fs::write(&script, format!("1{}\n", "+1".repeat(100_000))).expect("script");
    let out = cgt_limited(&["--memory", "16M", &script.display().to_string()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_clean_budget_error(&out);
}

#[test]
fn the_issue_repros_end_in_clean_errors_under_3_gb() {
    for program in [
        "*(11) : 4294967296 +- *23",
        "right_stop(^[10000000])",
        "partizan_game(p -> [[(p+1) % 5000], [(p+2) % 5000]])(0)",
    ] {
        let out = cgt_limited(&["-e", program]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{program}: {stderr}");
        assert!(!stderr.contains("memory allocation"), "{program}: {stderr}");
    }
}

/// The default budget follows the cgroup's memory limit: a cgroup file system of the
/// test's own (named by `CGT_CGROUP_ROOT`, where cgt reads it) limits the process to
/// 64 MB, so the default budget is 32 MB, as `--help` says, and a list of two million
/// elements built by doubling (about 50 MB, three times over while it is joined) no
/// longer fits; without it the same list is built.
#[test]
fn the_default_budget_follows_the_cgroup_limit() {
    let root = std::env::temp_dir().join(format!("cgt-cgroup-{}", std::process::id()));
    std::fs::create_dir_all(&root).expect("temp dir");
    std::fs::write(root.join("memory.max"), "67108864\n").expect("memory.max");
    let bin = env!("CARGO_BIN_EXE_cgt");
    let run = |args: &[&str], cgroup: bool| {
        let mut c = Command::new(bin);
        if cgroup {
            c.env("CGT_CGROUP_ROOT", &root);
        }
        c.args(args).output().expect("cgt runs")
    };
    let help = String::from_utf8_lossy(&run(&["--help"], true).stdout).into_owned();
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("Here: 33.6 MB"), "{flat}");
    assert!(flat.contains("memory.max"), "{flat}");

    let program = "def h(n) = if n == 0 then [0] else h(n-1) + h(n-1); len(h(21))";
    let limited = run(&["-e", program], true);
    let _ = std::fs::remove_dir_all(&root);
    assert_clean_budget_error(&limited);
    let free = run(&["-e", program], false);
    assert_eq!(String::from_utf8_lossy(&free.stdout).trim(), "2097152");
}

/// Values a program builds count against the budget: doubling a list or a string, a
/// join that blows up, a comprehension of comprehensions. Each ends in the budget's
/// error (under a 64 MB budget: each fails in a fraction of a second), and the session
/// goes on: the next statement of the same REPL input sees the bindings made before.
#[test]
fn values_a_program_builds_stop_at_the_budget() {
    for program in [
        "def h(n) = if n == 0 then [0] else h(n-1) + h(n-1); len(h(40))",
        "def d(s, n) = if n == 0 then s else d(s + s, n - 1); len(d(\"ab\", 40))",
        "let xs = [repeat(\"ab\", 1000) for i in 0..999]; len(join(xs, join(xs)))",
        "len(replace(repeat(\"a\", 100000), \"a\", repeat(\"b\", 10000)))",
        "len([[i*j for j in 0..9999] for i in 0..9999])",
    ] {
        let out = cgt_limited(&["--memory", "64M", "-e", program]);
        assert_clean_budget_error(&out);
    }
    // The REPL keeps its bindings after the error.
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(["--memory", "64M"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("cgt starts");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        writeln!(stdin, "let kept = 7").expect("write");
        writeln!(stdin, "def h(n) = if n == 0 then [0] else h(n-1) + h(n-1)").expect("write");
        writeln!(stdin, "len(h(40))").expect("write");
        writeln!(stdin, "kept + len(h(3))").expect("write");
    }
    let out = child.wait_with_output().expect("cgt ends");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "15");
    assert!(
        flat_stderr(&out).contains("memory budget"),
        "{}",
        flat_stderr(&out)
    );
}

/// The inputs of the issue on budgets under an address-space limit (a container, `ulimit
/// -v`), with no `--memory`: the default budget follows the limit, and each ends with exit
/// status 1 and the budget's message, never a signal. A limit of 1.4 GB (a default budget
/// of 130 MB once the stacks' 1.1 GB are set aside) makes each fail within seconds.
/// `0..9000000` is a list of 9 M values (216 MB, over this budget): it is refused before
/// it is built (it was built unchecked, and the 216 MB allocation failed under this limit).
#[test]
fn the_default_budget_holds_under_an_address_limit() {
    let has_prlimit = Command::new("prlimit")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_prlimit {
        return; // Nothing to limit the address space with here.
    }
    for program in [
        "fox_and_geese(\"F.......|........|........|........|........|........|........|G.G.G.G.\")",
        "ordinal_product(*200, *300)",
        "misere_canonical_form(kayles(25))",
        "draw_game(0, p -> [p + 1, p + 2], p -> \"\")",
        "def h(n) = if n == 0 then [0] else h(n-1) + h(n-1); len(h(40))",
        "domineering(10, 100)",
        "len(html(pn_table(kayles, 0..9000000)))",
    ] {
        let out = Command::new("prlimit")
            .arg("--as=1400000000")
            .arg(env!("CARGO_BIN_EXE_cgt"))
            .args(["-e", program])
            .output()
            .expect("cgt runs");
        let stderr = flat_stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{program}: {stderr}");
        assert!(
            stderr.contains("memory budget of 129.6 MB"),
            "{program}: {stderr}"
        );
    }
}
