//! Inputs that were refused or misreported (issue 29, item 17): the text form of Green
//! Hackenbush, a byte-order mark before a script, a NUL byte in it, and heap 0 of a heap
//! game given by a function.

use cgt::eval::Interpreter;

fn eval(src: &str) -> Result<String, String> {
    let (mut i, _) = Interpreter::collecting();
    i.eval_to_string(src).map_err(|e| e.message().to_string())
}

#[test]
fn green_hackenbush_reads_the_text_form_of_hackenbush_graph() {
    for (text, list) in [
        ("0-1 1-2", "[[0, 1], [1, 2]]"),
        ("0-1, 1-2, 1-3", "[[0, 1], [1, 2], [1, 3]]"),
        ("0-1:g 1-2:e 0-2:G", "[[0, 1], [1, 2], [0, 2]]"),
    ] {
        assert_eq!(
            eval(&format!("grundy(green_hackenbush({text:?}))")),
            eval(&format!("grundy(green_hackenbush({list}))")),
            "{text}"
        );
    }
    assert_eq!(eval("grundy(green_hackenbush(\"0-1 1-2\"))").unwrap(), "2");
    let red = eval("green_hackenbush(\"0-1:r\")").unwrap_err();
    assert!(red.contains("green"), "{red}");
    let bad = eval("green_hackenbush(\"0-x\")").unwrap_err();
    assert!(bad.contains("not an edge"), "{bad}");
}

#[test]
fn a_byte_order_mark_before_a_script_is_skipped() {
    let (mut i, out) = Interpreter::collecting();
    i.run("\u{feff}let a = 2\na + 1").unwrap();
    assert_eq!(out.borrow().as_slice(), ["3"]);
    // Only at the start: elsewhere it is an error that names it.
    let e = eval("1 + \u{feff}2").unwrap_err();
    assert!(e.contains("U+FEFF"), "{e}");
}

#[test]
fn a_nul_byte_is_named_in_the_error() {
    let e = eval("1 +\0 2").unwrap_err();
    assert!(e.contains("NUL"), "{e}");
    let e = eval("\u{7}").unwrap_err();
    assert!(e.contains("U+0007"), "{e}");
}

#[test]
fn heap_game_asks_its_rule_about_heap_0() {
    // A rule that gives heap 0 an option is wrong (no heap is smaller), and is told so;
    // heap 0 used to be taken as 0 without asking.
    let e = eval("grundy(heap_game(n -> if n == 0 then [1] else [n - 1])(3))").unwrap_err();
    assert!(e.contains('0'), "{e}");
    let e = eval("nim_values(heap_game(n -> [n - 1]), 0..3)").unwrap_err();
    assert!(!e.is_empty());
    assert_eq!(
        eval("nim_values(heap_game(n -> [x for x in [n - 1, n - 2] if x >= 0]), 0..4)").unwrap(),
        "[0,1,2,0,1]"
    );
}
