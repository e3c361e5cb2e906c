//! Language syntax that spans lines or needs a whole session: multi-line `if`, the one-time
//! note on `2^3`. Single-line behaviour is in tests/transcripts/features/language-*.txt.

use crate::common;

use common::run_cgt;

fn lines(s: &str) -> Vec<&str> {
    s.lines().collect()
}

#[test]
fn an_if_continues_until_its_else_in_the_repl() {
    let input = "def fact(n) = if n == 0 then 1\n  else n * fact(n - 1)\nfact(5)\n\
                 if 1 > 2 then\n  3\nelse if 2 > 1 then 4\nelse 5\n";
    let r = run_cgt(&[], input);
    assert_eq!(lines(&r.stdout), vec!["120", "4"], "{}", r.stderr);
    assert_eq!(r.stderr, "");
    assert_eq!(r.code, Some(0));
}

#[test]
fn an_if_continues_until_its_else_in_a_script() {
    let dir = std::env::temp_dir().join(format!("cgt-if-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("if.cgt");
    std::fs::write(
        &script,
        "let x = 4\nif x % 2 == 0 then \"even\"\nelse \"odd\"\n[n for n in 0..9 if n % 4 == 0]\n",
    )
    .unwrap();
    let r = run_cgt(&[script.to_str().unwrap()], "");
    assert_eq!(
        lines(&r.stdout),
        vec!["\"even\"", "[0,4,8]"],
        "{}",
        r.stderr
    );
    assert_eq!(r.code, Some(0));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_missing_else_is_named_at_the_end_of_a_script() {
    let r = run_cgt(&["-e", "if 1 > 2 then 3"], "");
    assert!(r.stderr.contains("has no `else`"), "{}", r.stderr);
    assert_eq!(r.code, Some(1));
}

#[test]
fn the_power_note_goes_to_standard_error_once() {
    let r = run_cgt(&[], "2^3\n2^3\npow(2, 3)\n");
    assert_eq!(lines(&r.stdout), vec!["2↑3", "2↑3", "8"]);
    assert_eq!(r.stderr.matches("not a power").count(), 1, "{}", r.stderr);
    assert_eq!(r.code, Some(0));
}

#[test]
fn a_definition_may_shadow_a_built_in_with_a_note() {
    // Scripts written before `count` became a built-in keep working.
    let r = run_cgt(
        &[],
        "def count(b, c) = len(filter(x -> x == c, b))\ncount([1, 2, 1], 1)\nlet count = 7\ncount\n",
    );
    assert_eq!(lines(&r.stdout), vec!["2", "7"], "{}", r.stderr);
    assert_eq!(
        r.stderr.matches("the built-in `count` is hidden").count(),
        1,
        "{}",
        r.stderr
    );
    assert_eq!(r.code, Some(0));
}
