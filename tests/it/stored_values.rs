//! Values too long to compute in a test, kept as the text cgt printed for them
//! (`docs/values/`), read back through the language: each is a canonical form (it prints
//! as itself) and has the outcome an independent search or the literature gives.

use cgt::Session;

/// The printed results of `program` in `session`.
fn run(session: &mut Session, program: &str) -> Vec<String> {
    match session.eval(program) {
        Ok(outputs) => outputs.into_iter().map(|o| o.unicode).collect(),
        Err(e) => panic!("{}", e.diagnostic.message),
    }
}

/// A session in which `g` is the value stored in `docs/values/NAME`, read back; the text,
/// printed again, is unchanged (it is a canonical form).
fn read_back(name: &str) -> Session {
    let path = format!("{}/docs/values/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let text = text.trim_end();
    let mut s = Session::new();
    run(&mut s, &format!("let g = {text}"));
    assert_eq!(run(&mut s, "g"), [text]);
    s
}

/// 6×6 Domineering, `cgt --threads 1 -e 'domineering(6, 6)'` (about a minute): a
/// first-player win, as Breuker, Uiterwijk and van den Herik found by search ("Solving
/// 8×8 Domineering", Theoretical Computer Science 230, 2000), and its own negative (the
/// square board is its own transpose, which swaps the players).
#[test]
fn domineering_six_by_six_is_a_first_player_win() {
    let mut s = read_back("domineering-6x6.txt");
    assert_eq!(run(&mut s, "outcome(g)"), ["N"]);
    assert_eq!(run(&mut s, "g == -g"), ["true"]);
}

/// 7×6 Domineering (7 rows of 6 cells, Left vertical),
/// `cgt --threads 1 -e 'domineering(7, 6)'`: `{-1/2|-5/2}`, after 6,355 s of CPU and
/// 13.3 GB (see docs/performance.md, "Domineering 7×6 (stop 40)"). A game-tree search
/// with no game theory (`crates/games/tests/outcome_search`, test `seven_by_six`) finds
/// that Horizontal, Right, wins whoever starts: the outcome `R`, that is `G < 0`.
#[test]
fn domineering_seven_by_six_is_rights() {
    let mut s = read_back("domineering-7x6.txt");
    assert_eq!(run(&mut s, "outcome(g)"), ["R"]);
    assert_eq!(run(&mut s, "g < 0"), ["true"]);
    // A hot game, -3/2 ± 1: Left's stop -1/2, Right's -5/2.
    assert_eq!(run(&mut s, "mean(g)"), ["-3/2"]);
    assert_eq!(run(&mut s, "temperature(g)"), ["1"]);
}
