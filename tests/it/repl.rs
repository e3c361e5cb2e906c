//! The REPL driven through the built binary with piped standard input.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common;

use common::{Run, run_cgt, run_cgt_with};

/// Runs `cgt` with no arguments, `input` on standard input.
fn repl(input: &str) -> Run {
    run_cgt(&[], input)
}

fn lines(s: &str) -> Vec<&str> {
    s.lines().collect()
}

#[test]
fn prints_values_without_banner_or_prompt() {
    let r = repl("1+1\n{1|-1} + {1|-1}\n");
    assert_eq!(lines(&r.stdout), vec!["2", "0"]);
    assert_eq!(r.stderr, "");
    assert_eq!(r.code, Some(0));
}

#[test]
fn notation_switches_between_unicode_and_ascii() {
    let r = repl("^\n:ascii\n^\n^ + ^\n:unicode\n^ + ^\n");
    let out = lines(&r.stdout);
    assert_eq!(out[0], "↑");
    assert!(out.contains(&"^"), "{out:?}");
    assert!(out.contains(&"^^"), "{out:?}");
    assert_eq!(*out.last().unwrap(), "⇑");
    assert_eq!(r.stderr, "");
}

#[test]
fn help_lists_commands_and_topics_on_one_screen() {
    let r = repl(":help\n");
    for word in [
        ":help",
        ":load",
        ":ascii",
        ":unicode",
        ":time",
        ":quit",
        "values",
        "impartial",
        "misere",
        "language",
        "repl",
    ] {
        assert!(
            r.stdout.contains(word),
            "{word} missing from:\n{}",
            r.stdout
        );
    }
    // The built-ins are under their topics, not in the short list.
    assert!(!r.stdout.contains("outcome(g)"), "{}", r.stdout);
    let n = r.stdout.lines().count();
    assert!(n < 40, ":help printed {n} lines:\n{}", r.stdout);
    assert_eq!(r.code, Some(0));
    let r = repl(":help values\n:help impartial\n");
    assert!(r.stdout.contains("outcome(g)"), "{}", r.stdout);
    assert!(r.stdout.contains("nim_sum"), "{}", r.stdout);
}

#[test]
fn help_is_not_paged_when_the_output_is_not_a_terminal() {
    let r = run_cgt_with(&[], &[("PAGER", "sed 's/^/paged: /'")], ":help values\n");
    assert!(r.stdout.contains("outcome(g)"), "{}", r.stdout);
    assert!(!r.stdout.contains("paged: "), "{}", r.stdout);
    assert_eq!(r.code, Some(0));
}

#[test]
fn help_on_a_builtin_shows_signature_and_example() {
    let r = repl(":help outcome\n");
    assert!(r.stdout.starts_with("outcome(g)"), "{}", r.stdout);
    assert!(r.stdout.contains("> outcome({1|-1})"), "{}", r.stdout);
    assert!(
        lines(&r.stdout).iter().any(|l| l.trim() == "N"),
        "{}",
        r.stdout
    );
}

#[test]
fn load_keeps_bindings() {
    let dir = std::env::temp_dir().join(format!("cgt-repl-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("session.cgt");
    std::fs::write(
        &file,
        "# definitions\nlet half = {0 |\n  1}\ndef twice(g) = g + g\nhalf\n",
    )
    .unwrap();
    let r = repl(&format!(
        ":load {}\ntwice(half)\nhalf + 1\n",
        file.display()
    ));
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(lines(&r.stdout), vec!["1/2", "1", "3/2"]);
    assert_eq!(r.stderr, "");
}

#[test]
fn load_errors_name_the_file_and_keep_the_session() {
    let dir = std::env::temp_dir().join(format!("cgt-repl-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("broken.cgt");
    std::fs::write(&file, "let ok = 5\nok + missing_name\n").unwrap();
    let r = repl(&format!(":load {}\nok\n", file.display()));
    std::fs::remove_dir_all(&dir).ok();
    assert!(r.stderr.contains("broken.cgt"), "{}", r.stderr);
    assert!(r.stderr.contains("missing_name"), "{}", r.stderr);
    assert_eq!(lines(&r.stdout), vec!["5"]);
    // The session went on after the error, but piped input that failed exits 1.
    assert_eq!(r.code, Some(1));
}

#[test]
fn an_error_does_not_end_the_session() {
    let r = repl("let x = 3\nnosuch + 1\nlet = 2\nx + 1\n");
    assert!(r.stderr.contains("unknown name `nosuch`"), "{}", r.stderr);
    assert!(r.stderr.contains("<input 2>"), "{}", r.stderr);
    assert_eq!(*lines(&r.stdout).last().unwrap(), "4");
    // Every entry ran, and the status says that some failed (as the README promises).
    assert_eq!(r.code, Some(1));
}

#[test]
fn multi_line_entries_are_accumulated() {
    let r = repl("{0 |\n 1}\nlet f = n ->\n  n + 1\nf(\n  2\n)\n");
    assert_eq!(lines(&r.stdout), vec!["1/2", "3"]);
    assert_eq!(r.stderr, "");
}

#[test]
fn unfinished_entry_at_end_of_input_is_reported() {
    let r = repl("1\n{0 |\n");
    assert_eq!(lines(&r.stdout), vec!["1"]);
    assert!(!r.stderr.is_empty());
    assert_eq!(r.code, Some(1));
}

#[test]
fn quit_exits_zero_and_ignores_the_rest() {
    let r = repl("1\n:quit\n2\n");
    assert_eq!(lines(&r.stdout), vec!["1"]);
    assert_eq!(r.code, Some(0));
    let r = repl(":q\n3\n");
    assert_eq!(r.stdout, "");
    assert_eq!(r.code, Some(0));
}

#[test]
fn unknown_command_suggests_and_lists_commands() {
    let r = repl(":hlep\n1\n");
    assert!(r.stderr.contains("unknown command `:hlep`"), "{}", r.stderr);
    assert!(r.stderr.contains(":help"), "{}", r.stderr);
    assert!(r.stderr.contains(":load"), "{}", r.stderr);
    assert_eq!(lines(&r.stdout), vec!["1"]);
}

#[test]
fn time_prints_elapsed_time_on_stderr() {
    let r = repl(":time\n1+1\n:time\n2+2\n");
    assert_eq!(lines(&r.stdout), vec!["timing on", "2", "timing off", "4"]);
    assert_eq!(r.stderr.matches("time: ").count(), 1, "{}", r.stderr);
}

#[test]
fn time_reports_the_store_and_the_positions_solved() {
    let r = repl(":time\ndomineering(3, 4)\n");
    let line = r.stderr.lines().find(|l| l.starts_with("time: ")).unwrap();
    assert!(line.contains("(store: "), "{line}");
    assert!(
        line.contains(" games, ") && line.ends_with(" positions solved)"),
        "{line}"
    );
}

#[test]
fn play_lists_moves_answers_perfectly_and_flags_blunders() {
    // Right moves first in kayles(3) + kayles(4) = *2: 3 → 1 wins; 3 → 2 is a blunder.
    let r = repl(":play right kayles(3) + kayles(4)\n1\n:resign\n");
    let out = r.stdout;
    assert!(
        out.contains("You play Right and move first; cgt plays Left."),
        "{out}"
    );
    assert!(
        out.contains("Position: kayles(3) + kayles(4) = *2; Right to move; with perfect play Right (you) wins."),
        "{out}"
    );
    assert!(
        out.contains("  1. component 1: kayles(3) → kayles(2)"),
        "{out}"
    );
    assert!(
        out.contains(
            "That was a blunder: you could have won with component 1: kayles(3) → kayles(1)."
        ),
        "{out}"
    );
    // cgt answers with a move to a position of value 0 (here 2 → 1).
    assert!(
        out.contains("cgt: component 1: kayles(2) → kayles(1)"),
        "{out}"
    );
    assert!(out.contains("You resign; the game is over."), "{out}");
    assert_eq!(r.stderr, "");
}

#[test]
fn play_ends_when_a_player_has_no_move() {
    // Left wins domineering(2,2) + domineering("...") = {0|-2} moving first; both of Left's
    // moves win, cgt (Right) is then lost and Left makes the last move.
    let r = repl(":play domineering(2, 2) + domineering(\"...\")\n2\n1\n");
    let out = r.stdout;
    assert!(!out.contains("blunder"), "{out}");
    // Grid boards are drawn row by row for the person playing.
    assert!(out.contains("  component 1:\n    . .\n    . .\n"), "{out}");
    assert!(out.contains("(cgt has no winning move here)"), "{out}");
    assert!(
        out.trim_end().ends_with("cgt has no move: you win!"),
        "{out}"
    );
}

#[test]
fn play_shows_the_board_of_a_ruleset_written_in_cgt() {
    // A ruleset drawn as a board shows its rows as text; one drawn otherwise (Hackenbush
    // edges) shows no board; one whose drawing fails says why, and the game goes on.
    let r = repl(concat!(
        "let G = partizan_game(p -> [[], []], p -> p)\n",
        ":play G(\"x.|#o\")\n",
        ":play partizan_game(p -> [[], []], p -> [[0, 1, \"l\"]])(0)\n",
        ":play partizan_game(p -> [[], []], p -> 7)(0)\n",
    ));
    let out = r.stdout;
    assert!(out.contains("  board:\n    x .\n    # o\n"), "{out}");
    assert_eq!(out.matches("board:").count(), 2, "{out}");
    assert!(out.contains("  board: not drawn: "), "{out}");
    assert_eq!(out.matches("Position:").count(), 3, "{out}");
}

#[test]
fn play_rejects_bad_choices_and_non_games() {
    let r = repl(":play domineering(2, 2)\n7\n:resign\n:play [1, 2]\n:resign\n");
    assert!(
        r.stderr.contains("choose a move from 1 to 2"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains("`:play` needs a game or a position, found a list"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("no game in progress"), "{}", r.stderr);
}

#[test]
fn help_and_version_describe_the_command() {
    let help = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .arg("--help")
        .output()
        .unwrap();
    assert_eq!(help.status.code(), Some(0));
    let text = String::from_utf8(help.stdout).unwrap();
    for needle in [
        "--eval",
        "--ascii",
        "interactive session",
        "Exit codes",
        ":play",
    ] {
        assert!(text.contains(needle), "--help lacks {needle:?}:\n{text}");
    }
    let version = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .arg("--version")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(version.stdout).unwrap().trim(),
        format!("cgt {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn help_on_svg_does_not_write_a_file() {
    let dir = std::env::temp_dir().join(format!("cgt-help-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b":help svg\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("wrote t.svg"), "{text}");
    assert!(!dir.join("t.svg").exists(), ":help svg wrote t.svg");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_long_multi_line_entry_is_read_whole() {
    // Each line used to rescan the whole entry so far: 200,000 lines took minutes. The
    // REPL now keeps one `Entry` that scans each line once (see the unit tests of
    // `syntax::chunks`); no clock is read here, as a busy machine fails any time bound.
    let input = format!("[\n{}1]\n", "1,\n".repeat(200_000));
    let r = repl(&input);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.starts_with("[1,1,1,"));
}

#[test]
fn underscore_is_the_last_value_printed() {
    let r = repl("{1|-1}\nlet x = 3\n_ + *\nouterr_name\nlet _ = _\noutcome(_)\n");
    assert_eq!(lines(&r.stdout), vec!["±1", "±(1*)", "N"], "{}", r.stderr);
    // Before any value, `_` is unknown.
    let r = repl("_\n");
    assert!(r.stderr.contains("unknown name `_`"), "{}", r.stderr);
}

#[test]
fn type_names_the_kind_of_value() {
    let r = repl(concat!(
        ":type 5\n",
        ":type *3\n",
        ":type domineering(2, 3)\n",
        ":type kayles(4)\n",
        "def f(n, m) = n + m\n",
        ":type f\n",
        ":type [1, 2]\n",
        ":type partizan_game(p -> [[], []])\n",
    ));
    assert_eq!(
        lines(&r.stdout),
        vec![
            "an integer",
            "a game (a nimber)",
            "a position of domineering",
            "a position of kayles",
            "a function f(n, m) defined by def, 0 results remembered",
            "a list of 2 values",
            "a partizan ruleset written in cgt (game), 0 positions solved",
        ],
        "{}",
        r.stderr
    );
    assert_eq!(r.code, Some(0));
}

#[test]
fn forget_frees_a_memo_table_and_says_how_much() {
    let r = repl(concat!(
        "def f(n) = if n == 0 then 0 else {f(n - 1) |}\n",
        "f(20)\n",
        ":forget f\n",
        ":type f\n",
        "f(3)\n",
        ":forget f\n",
        ":forget nope\n",
    ));
    assert_eq!(
        lines(&r.stdout),
        vec![
            "20",
            "f: 21 memo entries freed",
            "a function f(n) defined by def, 0 results remembered",
            "3",
            "f: 4 memo entries freed",
        ]
    );
    assert!(
        r.stderr.contains("nothing is bound to `nope`"),
        "{}",
        r.stderr
    );
}

/// Past 1024 computed results a `def` keeps only results that pay: those asked for again
/// (at least one call in 16 answered from the table) or costly to compute (512 steps).
#[test]
fn a_memo_table_past_its_warm_up_keeps_the_results_that_pay() {
    let r = repl(concat!(
        // Each argument once, cheap: only the first 1024 are kept.
        "def once(n) = n + 1\n",
        "len([once(k) for k in 1..10000])\n",
        ":type once\n",
        // Each argument twice in a row: half the calls find their result, all are kept.
        "def twice(n) = n + 1\n",
        "len([twice(k // 2) for k in 0..19999])\n",
        ":type twice\n",
        // Each argument once but costly (over 512 elements of a comprehension): all kept.
        "def costly(n) = len([k for k in 0..600]) + n\n",
        "len([costly(k) for k in 1..5000])\n",
        ":type costly\n",
        // A recursion after a warm-up without hits stays polynomial: only results cheaper
        // than 512 steps are computed again (exponential time would not finish).
        "def fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2)\n",
        "len([fib(-k) for k in 1..5000])\n",
        "fib(90)\n",
        ":forget once\n",
        "len([once(k) for k in 1..10])\n",
        ":type once\n",
        // Equal lists, built apart and nested, are one entry (their hashes agree whether
        // or not a hash was remembered).
        "def size(p) = len(p)\n",
        "[size([[1], [2, [\"T\"]]]), size([[1], [2, [\"T\"]]]), size([k for k in [[1], [2, [\"T\"]]]]), size([[1], [2, [\"F\"]]])]\n",
        ":type size\n",
    ));
    assert_eq!(
        lines(&r.stdout),
        vec![
            "10000",
            "a function once(n) defined by def, 1024 results remembered",
            "20000",
            "a function twice(n) defined by def, 10000 results remembered",
            "5000",
            "a function costly(n) defined by def, 5000 results remembered",
            "5000",
            "2880067194370816120",
            "once: 1024 memo entries freed",
            "10",
            "a function once(n) defined by def, 10 results remembered",
            "[2,2,2,2]",
            "a function size(p) defined by def, 2 results remembered",
        ],
        "{}",
        r.stderr
    );
}

#[test]
fn reset_clears_bindings_and_keeps_settings() {
    let r = repl(":ascii\nlet a = ^\na\n:reset\na\n^ + ^\n");
    let out = lines(&r.stdout);
    assert_eq!(out[1], "^");
    assert!(out[2].starts_with("session reset: 2 bindings"), "{out:?}");
    // Still ASCII after the reset.
    assert_eq!(out[3], "^^");
    assert!(r.stderr.contains("unknown name `a`"), "{}", r.stderr);
}

#[test]
fn help_misere_lists_every_misere_function() {
    let r = repl(":help misere\n");
    assert!(r.stdout.starts_with("Misère play\n"), "{}", r.stdout);
    for name in ["misere_outcome(g)", "misere_winning_moves(p)"] {
        assert!(r.stdout.contains(name), "{name}:\n{}", r.stdout);
    }
    assert_eq!(r.code, Some(0));
}

#[test]
fn help_impartial_lists_that_topic_only() {
    let r = repl(":help impartial\n");
    let out = &r.stdout;
    assert!(out.starts_with("Impartial games\n"), "{out}");
    for name in [
        "nim_sum(",
        "grundy(",
        "kayles(",
        "nim_values(",
        "green_hackenbush(",
    ] {
        assert!(out.contains(name), "{name}:\n{out}");
    }
    for other in ["domineering(", "mean(", "zermelo("] {
        assert!(!out.contains(other), "{other}:\n{out}");
    }
}

#[test]
fn long_values_are_cut_when_asked_and_full_prints_them() {
    let input = "[n for n in 0..99]\n:full\n";
    let whole = format!(
        "[{}]",
        (0..100)
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    // Piped output is not a terminal: printed whole.
    let r = repl(input);
    assert_eq!(lines(&r.stdout), vec![whole.as_str(), whole.as_str()]);
    let r = run_cgt_with(&[], &[("CGT_TRUNCATE", "50")], input);
    let note = format!("… ({} more characters; :full to see all)", whole.len() - 50);
    assert_eq!(
        lines(&r.stdout),
        vec![&whole[..50], note.as_str(), whole.as_str()]
    );
    // Scripts and -e print in full whatever the setting.
    let r = run_cgt_with(&["-e", "[n for n in 0..99]"], &[("CGT_TRUNCATE", "50")], "");
    assert_eq!(lines(&r.stdout), vec![whole.as_str()]);
}

/// A `def` remembers its results on positions by what they are in their game: a board typed
/// two ways is one entry, two boards of equal value are two, and positions of two rulesets
/// written in cgt that print alike are never confused.
#[test]
fn positions_are_memo_keys_by_their_game_and_board() {
    let r = repl(concat!(
        "def f(p) = left_moves(p)\n",
        "f(domineering(2, 2))\n",
        "f(domineering(\"..|..\"))\n",
        "f(domineering(\"...\"))\n",
        "f(cram(\"...\"))\n",
        ":type f\n",
        "f(kayles(3))\n",
        "f(kayles(3))\n",
        "f(dawsons_kayles(3))\n",
        "f(bamboo([1, 2]))\n",
        "f(bamboo([1, 2]))\n",
        ":type f\n",
        "def g(p) = left_moves(p)\n",
        "g(impartial_game(n -> [n - 1 for k in [1] if n > 0])(2))\n",
        "g(impartial_game(n -> [0 for k in [1] if n > 0])(2))\n",
    ));
    let out = lines(&r.stdout);
    assert!(
        out.contains(&"a function f(p) defined by def, 3 results remembered"),
        "{out:?}"
    );
    assert!(
        out.contains(&"a function f(p) defined by def, 6 results remembered"),
        "{out:?}"
    );
    // Both rulesets are called `game`; their moves from 2 differ (to 1 = *, and to 0).
    assert_eq!(out[out.len() - 2..], ["[*]", "[0]"], "{out:?}");
    assert_eq!(r.stderr, "");
}
