//! Deeply nested programs: parsed in linear time, refused beyond the nesting bound with a
//! clear error, and never a stack overflow in the parser or the evaluator.

use cgt::eval::Interpreter;
use cgt::syntax::parser::MAX_NESTING;
use std::time::{Duration, Instant};

/// Every construct that nests: its opening and closing text around an operand, and how
/// many levels of the evaluator's recursion one repetition adds (`[0, x][1]` is an index of
/// a list: two).
const CONSTRUCTS: &[(&str, &str, &str, usize)] = &[
    ("parentheses", "(", ")", 1),
    ("lists", "[", "]", 1),
    ("braces", "{", "}", 1),
    ("games", "{0|", "}", 1),
    ("angle games", "<0|", ">", 1),
    ("game slots", "{", "|}", 1),
    ("nimbers", "*(", ")", 1),
    ("calls", "f(", ")", 1),
    ("indices", "[0,", "][1]", 2),
    ("comprehensions", "[x for x in [", "]]", 2),
    ("tinies", "1Tiny(", ")", 2),
    ("negations", "-(", ")", 1),
    ("unary minus", "-", "", 1),
    ("unary plus-minus", "+-", "", 1),
    ("not", "not ", "", 1),
    ("ifs", "if true then ", " else 0", 1),
    ("lambdas", "x -> ", "", 1),
    ("methods", "(", ").left_options", 1),
    ("call chains", "f", "(1)", 1),
    ("precedence", "1 + 1 * -(", ")", 3),
    ("logic", "true and not (", ")", 2),
];

/// The statement nesting `construct` `depth` times around `1` (or `true` for `not`), closed
/// or (`closed == false`) left open.
fn nested(construct: &(&str, &str, &str, usize), depth: usize, closed: bool) -> String {
    let (name, open, close, _) = *construct;
    let core = if ["not", "logic"].contains(&name) {
        "true"
    } else {
        "1"
    };
    let body = if name == "call chains" {
        format!("{open}{}", close.repeat(depth))
    } else {
        format!(
            "{}{core}{}",
            open.repeat(depth),
            if closed {
                close.repeat(depth)
            } else {
                String::new()
            }
        )
    };
    format!("def f(x) = x\n{body}")
}

/// Runs `src` on a thread with the default 2 MB stack of a test (less than the `cgt` binary
/// gives itself), returning the error message if any and the time taken.
fn run(src: String) -> (Option<String>, Duration) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let (mut i, _) = Interpreter::collecting();
            let start = Instant::now();
            let r = i.run(&src);
            (r.err().map(|e| e.message().to_string()), start.elapsed())
        })
        .unwrap()
        .join()
        .expect("no stack overflow or panic")
}

#[test]
fn nesting_up_to_the_bound_works_on_a_small_stack() {
    for c in CONSTRUCTS {
        let (err, _) = run(nested(c, (MAX_NESTING - 2) / c.3, true));
        if let Some(e) = err {
            assert!(!e.contains("nesting too deep"), "{}: {e}", c.0);
            assert!(!e.contains("internal"), "{}: {e}", c.0);
        }
    }
}

#[test]
fn deeper_nesting_is_refused_quickly_with_a_clear_error() {
    for c in CONSTRUCTS {
        for depth in [MAX_NESTING / c.3 + 1, 5_000, 100_000] {
            for closed in [true, false] {
                let (err, took) = run(nested(c, depth, closed));
                let err = err.unwrap_or_default();
                if closed || ["unary minus", "unary plus-minus", "not", "lambdas"].contains(&c.0) {
                    assert!(err.contains("nesting too deep"), "{} × {depth}: {err}", c.0);
                } else {
                    assert!(!err.is_empty(), "{} × {depth} (unclosed)", c.0);
                }
                assert!(took < Duration::from_secs(3), "{} × {depth}: {took:?}", c.0);
            }
        }
    }
}

#[test]
fn parsing_nested_brackets_is_linear() {
    // `[[[…` and `*(*(…` took exponential time (each bracket was parsed twice).
    for c in CONSTRUCTS {
        let (_, shallow) = run(nested(c, 30, true));
        let (_, open) = run(nested(c, 30, false));
        assert!(shallow < Duration::from_secs(1), "{}: {shallow:?}", c.0);
        assert!(open < Duration::from_secs(1), "{} unclosed: {open:?}", c.0);
    }
    // Long flat chains are not nesting: a sum of 200,000 terms runs in a loop.
    let (err, took) = run(vec!["1"; 200_000].join(" + "));
    assert_eq!(err, None);
    assert!(took < Duration::from_secs(5), "{took:?}");
    let (err, _) = run(vec!["true"; 100_000].join(" and "));
    assert_eq!(err, None);
}

#[test]
fn the_error_points_at_the_first_bracket_too_deep() {
    let src = format!(
        "{}1{}",
        "[".repeat(MAX_NESTING + 5),
        "]".repeat(MAX_NESTING + 5)
    );
    let (mut i, _) = Interpreter::collecting();
    let e = i.run(&src).unwrap_err();
    assert_eq!(e.span().start, MAX_NESTING);
    assert!(e.help().unwrap().contains("let"));
}

#[test]
fn recursion_through_nested_expressions_ends_in_an_error() {
    // Within the call limit (5,000) and the nesting bound (256), yet 1,000,000 levels deep
    // together: the binary's 1 GB stack overflowed and the process aborted. (Compiled
    // function bodies take less stack a level, and 1 GB now holds this recursion: the
    // thread here has 128 MB, so that the stack still runs out first.)
    let src = format!(
        "def f(n) = if n == 0 then 0 else {}f(n - 1){}\nf(4900)",
        "-(".repeat(250),
        ")".repeat(250)
    );
    let message = std::thread::Builder::new()
        .stack_size(1 << 27)
        .spawn(move || {
            let (mut i, _) = Interpreter::collecting();
            i.run(&src).unwrap_err().message().to_string()
        })
        .unwrap()
        .join()
        .expect("no stack overflow");
    assert!(message.starts_with("recursion too deep"), "{message}");
}

#[test]
fn a_deeply_nested_value_prints_in_linear_time() {
    // Found by the fuzz test: a list 245,000 deep, built by recursion, was printed by
    // copying each level's text into the next (quadratic: minutes, without Ctrl-C).
    let src = format!(
        "def f(n) = if n <= 0 then 4 else {}f(n - 1){}\nf(4900)",
        "[".repeat(50),
        "]".repeat(50)
    );
    let (printed, took) = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            let (mut i, out) = Interpreter::collecting();
            let start = Instant::now();
            i.run(&src).unwrap();
            let printed = out.borrow().concat();
            (printed, start.elapsed())
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(printed.len(), 2 * 50 * 4900 + 1);
    assert!(took < Duration::from_secs(5), "{took:?}");
}

#[test]
fn a_long_tail_after_nested_open_ended_constructs_is_parsed_once() {
    // Found by the fuzz test (seed 13, program 78413): after each of many nested lambdas
    // (or `if … else`s), whose bodies end together, pest tried a call or an operator on the
    // common tail again, once per level: quadratic. The tail here is an unclosed call.
    let tail = format!("f({}", vec!["1"; 50_000].join(" + "));
    for open in ["x -> ", "if true then 1 else ", "(a, b) -> ", "- x -> "] {
        let src = format!("{}{tail}", open.repeat(200));
        let (err, took) = run(src);
        assert!(err.is_some_and(|e| e.contains("unclosed")), "{open}");
        assert!(took < Duration::from_secs(1), "{open}: {took:?}");
    }
}
