//! Every kind of error the language reports: its message, the text its span points at,
//! and its help line. No input may panic.

use cgt::eval::{CgtError, Interpreter};

/// Runs `src` in a fresh session and returns the error (which must occur).
fn error_of(src: &str) -> CgtError {
    let (mut interp, _) = Interpreter::collecting();
    interp.run(src).expect_err("this input must be an error")
}

/// Asserts the message contains `msg`, the span covers exactly `at`, and the help
/// contains `help`.
fn check(src: &str, msg: &str, at: &str, help: &str) {
    let e = error_of(src);
    assert!(
        e.message().contains(msg),
        "{src}: message {:?} lacks {msg:?}",
        e.message()
    );
    let span = e.span();
    assert_eq!(&src[span.start..span.end], at, "{src}: span");
    let h = e.help().unwrap_or("");
    assert!(h.contains(help), "{src}: help {h:?} lacks {help:?}");
}

#[test]
fn unknown_name_suggests_the_closest() {
    check(
        "outcom({1|-1})",
        "unknown name `outcom`",
        "outcom",
        "did you mean `outcome`?",
    );
    check(
        "let gamma = 1\ngamm + 1",
        "unknown name `gamm`",
        "gamm",
        "did you mean `gamma`?",
    );
    check("zzzzzz", "unknown name", "zzzzzz", "define it with `let`");
}

#[test]
fn non_dyadic_rational_as_a_game() {
    check("1/3 + *", "1/3 is not dyadic", "1/3", "dyadic");
    check(
        "{0 | 1/3}",
        "1/3 is not dyadic",
        "1/3",
        "denominators 1, 2, 4, 8",
    );
    // ...but it is fine in arithmetic.
    let (mut i, out) = Interpreter::collecting();
    i.run("1/3 + 1/6").unwrap();
    assert_eq!(out.borrow().as_slice(), ["1/2"]);
}

#[test]
fn unbalanced_braces() {
    check("{0 | 1", "unclosed `{`", "{", "matching `}`");
    check("[1, 2", "unclosed `[`", "[", "matching `]`");
    check("1 + 2}", "unbalanced `}`", "}", "no matching opening");
}

#[test]
fn ambiguous_bars() {
    check("{3|2|1}", "ambiguous bars", "|", "bars nest by count");
    check("{5||3||1}", "ambiguous bars", "||", "bars nest by count");
}

#[test]
fn wrong_argument_count() {
    check(
        "outcome(1, 2)",
        "outcome takes 1 argument but 2 were given",
        "outcome(1, 2)",
        "usage: outcome(g)",
    );
    check(
        "def f(a, b) = a + b\nf(1)",
        "f takes 2 arguments but 1 was given",
        "f(1)",
        "usage: f(a, b)",
    );
    check(
        "mex()",
        "mex takes 1 argument but 0 were given",
        "mex()",
        "usage",
    );
}

#[test]
fn recursion_too_deep_is_an_error_not_a_crash() {
    let src = "def f(n) = f(n + 1)\nf(0)";
    let e = std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(move || error_of(src))
        .unwrap()
        .join()
        .unwrap();
    assert!(
        e.message().contains("recursion too deep"),
        "{}",
        e.message()
    );
    assert!(e.help().unwrap().contains("base case"));
}

#[test]
fn overflow_is_an_error() {
    check(
        "^9223372036854775807 + ^",
        "overflow",
        "^9223372036854775807 + ^",
        "range",
    );
    check(
        "*18446744073709551616",
        "nimber too large",
        "*18446744073709551616",
        "",
    );
    check("*(0 - 1)", "between 0 and 2^64 - 1", "0 - 1", "");
}

#[test]
fn too_large_to_enumerate() {
    check(
        "left_options(*18446744073709551615)",
        "too large",
        "left_options(*18446744073709551615)",
        "smaller",
    );
}

#[test]
fn type_errors_point_at_the_operand() {
    check(
        "[1] + *",
        "`+` needs games or numbers, found a list",
        "[1]",
        "",
    );
    check("outcome([1])", "expected a game, found a list", "[1]", "");
    check(
        "1/2 * ^",
        "only be multiplied by an integer",
        "1/2",
        "n * G",
    );
    check("1 / 0", "division by zero", "0", "");
    check("if 1 then 2 else 3", "expected true or false", "1", "");
    check("3(4)", "is not a function", "3", "");
}

#[test]
fn syntax_errors_say_what_was_expected() {
    let e = error_of("1 + + 2");
    assert!(e.message().starts_with("unexpected"), "{}", e.message());
    check(
        "{0,,1|}",
        "missing option between commas",
        "",
        "extra comma",
    );
    check("^^3", "mixes repeated arrows", "^^3", "^3");
}

#[test]
fn errors_keep_the_session() {
    let (mut i, out) = Interpreter::collecting();
    i.run("let g = {1|-1}").unwrap();
    assert!(i.run("g + nope").is_err());
    assert!(i.run("{3|2|1}").is_err());
    i.run("g + g").unwrap();
    assert_eq!(out.borrow().as_slice(), ["0"]);
}

#[test]
fn reports_render_with_the_source_line() {
    let src = "outcom(^)";
    let e = error_of(src);
    let rendered = format!("{:?}", e.to_report("<test>", src));
    assert!(rendered.contains("unknown name `outcom`"), "{rendered}");
    assert!(rendered.contains("did you mean `outcome`?"), "{rendered}");
}

#[test]
fn garbage_never_panics() {
    let inputs = [
        "",
        "{",
        "}",
        "<",
        ">",
        "|",
        "||",
        "{|",
        "<|>",
        "+-",
        "+-+-",
        "^^^^^^v",
        "v9v",
        "*(",
        "*()",
        "..",
        "1..",
        "..1",
        "[for x in]",
        "def",
        "def f",
        "def f(",
        "let",
        "let = 3",
        "\"",
        "\"\\",
        "{{{{{{{{{{",
        "1/0",
        "0/0",
        "2*",
        "*2*",
        "1//2",
        "a.b.c",
        "().x",
        "x ->",
        "-> x",
        "if",
        "if true then",
        "{0|1}(2)",
        "[1,2](0)",
        "not 3",
        "3 and true",
        "true < false",
        "{1|2|||3}",
        "{,|}",
        "{|,}",
        "<0|1",
        "1.5.5",
        "9999999999999999999999/0",
    ];
    for src in inputs {
        let (mut i, _) = Interpreter::collecting();
        // An error or a value, never a panic (nor an internal error caught from one).
        if let Err(e) = i.run(src) {
            assert!(!e.message().contains("internal"), "{src}: {}", e.message());
        }
    }
}

/// A line like the fuzzed programs that crashed miette: tabs, quotes, escapes and
/// multi-byte characters, `n` characters long, inside a string literal.
fn wild_line(n: usize) -> String {
    let pieces = [
        "lr", "\t", "\\\"", "😀", "é", "中", "⇓", "\\t", " ", "\u{200b}", "ǅ",
    ];
    let mut s = String::new();
    let mut i = 0;
    while s.chars().count() < n {
        s.push_str(pieces[(i * 7 + i / 3) % pieces.len()]);
        i += 1;
    }
    s
}

#[test]
fn errors_far_along_long_lines_render() {
    let line = wild_line(80_000);
    let sources = [
        // A syntax error past column 65,535.
        format!("let s = \"{line}\" x"),
        // An evaluation error there, with a line before and after.
        format!("let a = 1\n[\"{line}\", nope]\n3"),
        // A label that starts early and ends far along.
        format!("outcome(\"{line}\")"),
        // Tabs alone.
        format!("{}nope", "\t".repeat(70_000)),
    ];
    for src in &sources {
        let e = error_of(src);
        let drawn = format!("{:?}", e.to_report("<long>", src));
        assert!(drawn.contains(e.message()), "{drawn}");
        assert!(drawn.lines().all(|l| l.chars().count() < 1000), "{drawn}");
        let rendered = cgt::eval::report::try_render(&e, "<long>", src).expect("miette renders");
        assert_eq!(rendered, drawn);
    }
    let e = error_of(&sources[1]);
    let drawn = e.render("<long>", &sources[1]);
    let column = line.chars().count() + "[\"\", ".len() + 1;
    assert!(drawn.contains(&format!("[<long>:2:{column}]")), "{drawn}");
    assert!(drawn.contains("nope"), "{drawn}");
}

#[test]
fn suggestions_are_only_for_close_names() {
    // `foo` is two edits from `on`: too far for a three-letter name.
    let e = error_of("foo(3)");
    assert!(
        e.message().contains("unknown name `foo`"),
        "{}",
        e.message()
    );
    let h = e.help().unwrap_or("");
    assert!(!h.contains("did you mean"), "foo(3) suggested: {h}");
    // One edit is a typo at any length; two only from five letters on; three from nine.
    check(
        "outcme(0)",
        "unknown name",
        "outcme",
        "did you mean `outcome`?",
    );
    check(
        "let abcd = 1\nabce",
        "unknown name",
        "abce",
        "did you mean `abcd`?",
    );
    let e = error_of("let abcd = 1\nabxy");
    assert!(!e.help().unwrap_or("").contains("did you mean"));
    check(
        "let abcdef = 1\nabcdxy",
        "unknown name",
        "abcdxy",
        "did you mean `abcdef`?",
    );
    check(
        "let abcdefghi = 1\nabcdefxyz",
        "unknown name",
        "abcdefxyz",
        "did you mean `abcdefghi`?",
    );
    let e = error_of("let abcdefgh = 1\nabcdexyz");
    assert!(!e.help().unwrap_or("").contains("did you mean"));
}

/// The printed results of `src` in a fresh session.
fn printed(src: &str) -> Vec<String> {
    let (mut interp, out) = Interpreter::collecting();
    interp.run(src).expect("this input must run");
    out.borrow().clone()
}

#[test]
fn outcome_classes_are_names_unless_bound() {
    assert_eq!(
        printed("outcome(0) == P\noutcome(*) == N\noutcome(1) == L\noutcome(-1) == R\nP"),
        ["true", "true", "true", "true", "P"]
    );
    assert_eq!(printed("outcome(0) == N"), ["false"]);
    // The loopy classes are the values `outcome` gives a loopy game.
    assert_eq!(
        printed("outcome(on) == D\noutcome(over) == D"),
        ["false", "false"]
    );
    assert_eq!(printed("[D, NHat, PCheck]"), ["[D,N̂,P̌]"]);
    // A user's binding comes first.
    assert_eq!(printed("let P = 3\nP + 1"), ["4"]);
    assert_eq!(printed("def f(N) = N + 1\nf(2)"), ["3"]);
}

#[test]
fn a_value_under_another_name_points_to_canonical_form() {
    let e = error_of("value(kayles(5))");
    let h = e.help().unwrap_or("");
    assert!(h.contains("did you mean `canonical_form`?"), "{h}");
    assert_eq!(printed("canonical_form(kayles(5))"), printed("*4 + 0"));
}

#[test]
fn loopy_outcome_classes_compare_in_either_notation() {
    assert_eq!(
        printed("outcome(dud) == D\noutcome(dud) == \"D\"\noutcome(dud) == P"),
        ["true", "true", "false"]
    );
    assert_eq!(
        printed("NHat == \"NHat\"\nPHat == PCheck"),
        ["true", "false"]
    );
}

#[test]
fn a_swap_of_two_letters_is_one_edit() {
    check(
        "outcmoe(0)",
        "unknown name",
        "outcmoe",
        "did you mean `outcome`?",
    );
    check(
        "let abcd = 1\nbacd",
        "unknown name",
        "bacd",
        "did you mean `abcd`?",
    );
}

/// Issue 42 item 5: a syntax error names the whole word it met (``unexpected `f` `` was
/// all `for n in 1..3: print(n)` said), and a loop written as in Python or CGSuite is
/// answered with the comprehension cgt has instead.
#[test]
fn syntax_errors_name_whole_words_and_say_what_cgt_has_instead() {
    check(
        "for n in 1..3: print(n)",
        "cgt has no `for` statement",
        "for",
        "`[print(n) for n in 1..3]`",
    );
    check(
        "for n from 1 to 4 do print(n * n) end",
        "cgt has no `for` statement",
        "for",
        "`[print(n * n) for n in 1..4]`",
    );
    check(
        "while true",
        "cgt has no `while` loop",
        "while",
        "comprehension",
    );
    check(
        "then 1",
        "unexpected `then`",
        "then",
        "`if c then a else b`",
    );
    check(
        "else 1",
        "unexpected `else`",
        "else",
        "`if c then a else b`",
    );
    check("1 + 2 foo", "unexpected `foo`", "foo", "");
    check("[1, 2] 345", "unexpected `345`", "345", "");
    check(
        "if true then 1 else 2 end",
        "unexpected `end`",
        "end",
        "no `end`",
    );
}

/// Issue 42 item 6: CGSuite's assignment (`:=`) and Python's (`=`) are answered with the
/// `let` or `def` that binds the name; CGSuite's paths of its rulesets with cgt's built-in
/// (``did you mean `heat` `` was the answer to `game.heap.Kayles(5)`).
#[test]
fn cgsuite_and_python_ways_point_to_cgt_ways() {
    check(
        "G := {1|-1}",
        "`:=` is CGSuite's assignment",
        "=",
        "`let G = {1|-1}`",
    );
    check("x = 3", "unexpected `=`", "=", "`let x = 3`");
    check("f(n) = n + 1", "unexpected `=`", "=", "`def f(n) = n + 1`");
    check(
        "game.heap.Kayles(5)",
        "`game.heap.Kayles` is CGSuite's name",
        "game.heap.Kayles",
        "write `kayles(5)`",
    );
    check(
        "game.grid.Domineering",
        "`game.grid.Domineering` is CGSuite's name",
        "game.grid.Domineering",
        "`domineering`",
    );
    check("game.heap", "unknown method `heap`", "heap", "`kayles(5)`");
    check(
        "DawsonsKayles(10)",
        "unknown name `DawsonsKayles`",
        "DawsonsKayles",
        "did you mean `dawsons_kayles`?",
    );
    check(
        "{1|-1}.LeftOptions",
        "unknown method `LeftOptions`",
        "LeftOptions",
        "did you mean `left_options`?",
    );
}

/// Issue 42 item 9: look-alikes pasted from a PDF or LaTeX are read as the operator they
/// stand for when they can mean nothing else; the others are named in the error.
#[test]
fn unicode_look_alikes_are_read_or_named() {
    let (mut i, out) = Interpreter::collecting();
    for src in [
        "{1 | \u{2212}1}",                          // − minus sign
        "\u{2217}2",                                // ∗ asterisk operator
        "\u{2212}1/2 + 1\u{2044}2",                 // ⁄ fraction slash
        "3 \u{2264} 4",                             // ≤
        "{1\u{00A0}|\u{2009}\u{2212}1} \u{2260} 0", // no-break and thin spaces, ≠
        "\"\u{2212}\"",                             // a string keeps its characters
    ] {
        i.run(src)
            .unwrap_or_else(|e| panic!("{src}: {}", e.message()));
    }
    assert_eq!(
        out.borrow().as_slice(),
        ["±1", "*2", "0", "true", "true", "\"\u{2212}\""]
    );
    check(
        "1 \u{2013} 3",
        "`\u{2013}` (U+2013, an en dash) is not an operator",
        "\u{2013}",
        "`..` for a range",
    );
    check(
        "2 \u{00D7} 3",
        "(U+00D7, a multiplication sign)",
        "\u{00D7}",
        "write `*`",
    );
    // An error after a look-alike points at the text as written.
    check("\u{2212}1 + nope", "unknown name `nope`", "nope", "");
    check("{1 | \u{2212}1} +", "unexpected end of input", "", "");
}
