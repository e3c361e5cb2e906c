//! Deeply nested programs: parsed in linear time, refused beyond the nesting bound with a
//! clear error, and never a stack overflow in the parser or the evaluator.
//!
//! No test here reads a clock (a busy machine made a 1 s bound fail). Parsing is bounded in
//! pest's own steps: [`pest::set_call_limit`] lets the parser make at most
//! [`STEPS_PER_BYTE`] calls a byte of source, and a parse that needs more fails with "limit
//! reached" (which cgt reports as "nesting too deep"). Printing is bounded in the bytes it
//! allocates, counted by this binary's allocator. The call limit is one setting for the
//! whole process, so the tests of this file run one at a time ([`one_at_a_time`]).

use cgt::eval::Interpreter;
use cgt::syntax::parser::MAX_NESTING;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::num::NonZeroUsize;
use std::sync::{Mutex, MutexGuard};

/// pest calls allowed a byte of source. Linear parsing takes 5 to 160 (measured: a sum
/// about 50, an angle-bracket game about 150 a byte, the same at 15 and 30 levels); the
/// exponential parse of nested brackets took 2^depth, and the quadratic parse of a tail
/// after 200 open-ended constructs about 200 times 50 a byte.
const STEPS_PER_BYTE: usize = 256;

/// Held by every test: the call limit set for one test's parse applies to every parse
/// in the process.
fn one_at_a_time() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Parses `src` with pest allowed [`STEPS_PER_BYTE`] calls a byte: the error message, if
/// any ("nesting too deep" once the steps run out). The caller holds [`one_at_a_time`].
fn parse_in_linear_steps(src: &str) -> Option<String> {
    pest::set_call_limit(NonZeroUsize::new(STEPS_PER_BYTE * src.len().max(1)));
    let result = cgt::syntax::parse_program(src);
    pest::set_call_limit(None);
    result.err().map(|e| e.message)
}

thread_local! {
    /// Bytes allocated by this thread so far.
    static ALLOCATED: Cell<u64> = const { Cell::new(0) };
}

/// The system allocator, counting the bytes each thread asks for.
struct Counting;

fn count(bytes: usize) {
    let _ = ALLOCATED.try_with(|a| a.set(a.get() + bytes as u64));
}

// SAFETY: every call goes to the system allocator unchanged; counting touches only a
// thread-local `Cell` that allocates nothing.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Bytes allocated by this thread.
fn allocated() -> u64 {
    ALLOCATED.with(Cell::get)
}

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
    // Issue 51 item 4: each unclosed `x.f(` was parsed twice, as a method call and as the
    // method `x.f` called (100 bytes took minutes); each unclosed `*[` twice too. A misère
    // list is two levels, as the evaluator counts them: the star and its list.
    ("method calls", "x.f(", ")", 1),
    ("misère lists", "*[", "]", 2),
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
/// gives itself), returning the error message if any.
fn run(src: String) -> Option<String> {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let (mut i, _) = Interpreter::collecting();
            i.run(&src).err().map(|e| e.message().to_string())
        })
        .unwrap()
        .join()
        .expect("no stack overflow or panic")
}

#[test]
fn nesting_up_to_the_bound_works_on_a_small_stack() {
    let _serial = one_at_a_time();
    for c in CONSTRUCTS {
        let err = run(nested(c, (MAX_NESTING - 2) / c.3, true));
        if let Some(e) = err {
            assert!(!e.contains("nesting too deep"), "{}: {e}", c.0);
            assert!(!e.contains("internal"), "{}: {e}", c.0);
        }
    }
}

#[test]
fn deeper_nesting_is_refused_with_a_clear_error() {
    let _serial = one_at_a_time();
    for c in CONSTRUCTS {
        for depth in [MAX_NESTING / c.3 + 1, 5_000, 100_000] {
            for closed in [true, false] {
                let err = run(nested(c, depth, closed));
                let err = err.unwrap_or_default();
                if closed || ["unary minus", "unary plus-minus", "not", "lambdas"].contains(&c.0) {
                    assert!(err.contains("nesting too deep"), "{} × {depth}: {err}", c.0);
                } else {
                    assert!(!err.is_empty(), "{} × {depth} (unclosed)", c.0);
                }
            }
        }
    }
}

#[test]
fn parsing_nested_brackets_is_linear() {
    // `[[[…` and `*(*(…` took exponential time (each bracket was parsed twice): 30 levels
    // are parsed in a number of steps linear in their length, closed or not.
    let _serial = one_at_a_time();
    for c in CONSTRUCTS {
        for closed in [true, false] {
            let err = parse_in_linear_steps(&nested(c, 30, closed)).unwrap_or_default();
            assert!(
                !err.contains("nesting too deep"),
                "{} closed: {closed}: {err}",
                c.0
            );
        }
    }
    // Long flat chains are not nesting: a sum of 200,000 terms is parsed in linear steps
    // and runs in a loop.
    let sum = vec!["1"; 200_000].join(" + ");
    assert_eq!(parse_in_linear_steps(&sum), None);
    assert_eq!(run(sum), None);
    assert_eq!(run(vec!["true"; 100_000].join(" and ")), None);
}

#[test]
fn the_error_points_at_the_first_bracket_too_deep() {
    let _serial = one_at_a_time();
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
    let _serial = one_at_a_time();
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

/// The output of `f(n)`, a list `50 × n` deep built by recursion, and the bytes allocated
/// to compute and print it.
fn deep_list(n: usize) -> (usize, u64) {
    let src = format!(
        "def f(n) = if n <= 0 then 4 else {}f(n - 1){}\nf({n})",
        "[".repeat(50),
        "]".repeat(50)
    );
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            let (mut i, out) = Interpreter::collecting();
            let before = allocated();
            i.run(&src).unwrap();
            let printed = out.borrow().concat().len();
            (printed, allocated() - before)
        })
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn a_deeply_nested_value_prints_in_linear_time() {
    // Found by the fuzz test: a list 245,000 deep, built by recursion, was printed by
    // copying each level's text into the next (quadratic: minutes, without Ctrl-C). The
    // bytes allocated grow as the list: twice as deep, about twice as many (copying each
    // level's text would make it four times).
    let _serial = one_at_a_time();
    let (half_printed, half) = deep_list(2450);
    let (printed, whole) = deep_list(4900);
    assert_eq!(half_printed, 2 * 50 * 2450 + 1);
    assert_eq!(printed, 2 * 50 * 4900 + 1);
    assert!(
        whole < 3 * half,
        "{whole} bytes allocated for 4900 levels, {half} for 2450"
    );
}

#[test]
fn a_long_tail_after_nested_open_ended_constructs_is_parsed_once() {
    // Found by the fuzz test (seed 13, program 78413): after each of many nested lambdas
    // (or `if … else`s), whose bodies end together, pest tried a call or an operator on the
    // common tail again, once per level: quadratic. The tail here is an unclosed call; it
    // is parsed in steps linear in its length (the quadratic parse needed 200 times more).
    let _serial = one_at_a_time();
    let tail = format!("f({}", vec!["1"; 50_000].join(" + "));
    for open in ["x -> ", "if true then 1 else ", "(a, b) -> ", "- x -> "] {
        let src = format!("{}{tail}", open.repeat(200));
        let err = parse_in_linear_steps(&src);
        assert!(err.is_some_and(|e| e.contains("unclosed")), "{open}");
    }
}

/// Issue 51 item 4: a long script is parsed statement by statement, each in steps linear in
/// its length, and a parse asked to stop (Ctrl-C) stops before its next statement: nothing
/// of the script has run then (a 6 MB script was parsed whole, for minutes, with Ctrl-C
/// pressed meanwhile forgotten once the parse ended).
#[test]
fn a_long_script_is_parsed_in_linear_steps_and_stops_when_asked() {
    let _serial = one_at_a_time();
    let script: String = (0..20_000)
        .map(|i| format!("let x{i} = {{{}|-{}}} + *{}\n", i % 7, i % 5, i % 3))
        .collect();
    assert_eq!(parse_in_linear_steps(&script), None);
    let mut asked = 0;
    let err = cgt::syntax::parse_program_until(&script, 0, &mut || {
        asked += 1;
        asked == 3
    })
    .unwrap_err();
    assert_eq!(err.message, "interrupted");
    assert_eq!(asked, 3);
    assert_eq!(err.span.start, script.find("let x2 ").unwrap());
}
