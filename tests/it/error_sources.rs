//! An error inside a function is shown in the text that defined the function: an earlier
//! REPL entry, a `:load`ed file, an earlier call of the library, never the text running now.

use crate::common;

use cgt::eval::Interpreter;
use common::run_cgt;

#[test]
fn an_error_in_a_function_of_an_earlier_text_is_shown_in_that_text() {
    let mut i = Interpreter::new();
    i.run("def ff(s) = s[0..99]").unwrap();
    let call = "ff(\"abcdefghijklmnop\")";
    let e = i.run(call).unwrap_err();
    let origin = e.origin().expect("the error names the text of ff");
    assert_eq!(&*origin.text, "def ff(s) = s[0..99]");
    let span = e.span();
    assert_eq!(&origin.text[span.start..span.end], "0..99");
    let shown = e.render("<input>", call);
    assert!(shown.contains("s[0..99]"), "{shown}");
    assert!(!shown.contains("ijkl"), "{shown}");
}

#[test]
fn an_error_in_the_running_text_points_into_it() {
    let mut i = Interpreter::new();
    i.run("let a = 1").unwrap();
    let src = "a + nosuch";
    let e = i.run(src).unwrap_err();
    assert!(e.origin().is_none());
    assert_eq!(&src[e.span().start..e.span().end], "nosuch");
}

#[test]
fn the_repl_shows_an_earlier_entry_with_its_number() {
    let r = run_cgt(&[], "def ff(s) = s[0..99]\nff(\"abcdefghijklmnop\")\n");
    assert!(r.stderr.contains("<input 1>"), "{}", r.stderr);
    assert!(r.stderr.contains("def ff(s) = s[0..99]"), "{}", r.stderr);
    assert!(!r.stderr.contains("ijkl"), "{}", r.stderr);
}

#[test]
fn the_repl_shows_a_loaded_file_for_an_error_inside_it() {
    let dir = std::env::temp_dir().join(format!("cgt-error-sources-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("rules.cgt");
    std::fs::write(
        &file,
        "# a ruleset whose rule fails\nlet G = impartial_game(p -> [p[5]])\n",
    )
    .unwrap();
    let input = format!(":load {}\nG([1, 2])\n", file.display());
    let r = run_cgt(&[], &input);
    std::fs::remove_dir_all(&dir).ok();
    assert!(r.stderr.contains("rules.cgt"), "{}", r.stderr);
    assert!(r.stderr.contains("p[5]"), "{}", r.stderr);
}
