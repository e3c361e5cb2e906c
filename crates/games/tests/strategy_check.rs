//! Winning strategies exported by the solver ([`TextRuleset::strategy`], the format of
//! `docs/strategy-format.md`) against the independent checker (`cgt-strategy-check`, which
//! shares no code with the solver): the strategies of Domineering, Cram, Clobber, NoGo
//! and Cannibal Clobber boards are accepted, with each player moving first; a strategy
//! tampered with (a winning move replaced by a losing one, a position left out, the
//! winner changed, a line cut off) is refused.

use cgt_core::rules::{SolveOptions, StrategyOptions};
use cgt_games::game::GameStore;
use cgt_games::rulesets::registry::{TextRuleset, board_ruleset};

fn ruleset(name: &str) -> Box<dyn TextRuleset> {
    board_ruleset(name).unwrap_or_else(|| panic!("{name} is registered"))
}

fn options() -> SolveOptions {
    SolveOptions {
        max_positions: Some(5_000_000),
        table_bytes: Some(64 << 20),
        ..SolveOptions::default()
    }
}

/// The most positions the checker's searches of cut-offs may visit.
const BUDGET: u64 = 2_000_000;

fn strategy(game: &str, board: &str, left_first: bool, cut_moves: usize) -> String {
    let mut store = GameStore::new();
    let cut = StrategyOptions {
        cut_moves,
        max_entries: 200_000,
    };
    ruleset(game)
        .strategy(&mut store, board, left_first, options(), cut)
        .unwrap_or_else(|e| panic!("{game} {board}: {e}"))
}

/// Whether the opponent of the strategy's winner, moving first in `text`, wins it.
fn opponent_wins(game: &str, text: &str, winner_left: bool) -> bool {
    let mut store = GameStore::new();
    let s = ruleset(game)
        .solve(&mut store, text, options())
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    if winner_left {
        s.right_first
    } else {
        s.left_first
    }
}

#[test]
fn exported_strategies_are_accepted() {
    let boards: &[(&str, &str)] = &[
        ("domineering", "....|....|....|...."),
        ("domineering", ".....|.....|....."),
        ("domineering", "....|....|....|....|...."),
        ("domineering", "..#..|.....|.#...|....."),
        ("cram", "....|....|...."),
        ("cram", ".....|.....|....."),
        ("clobber", "xoxo|oxox|xoxo"),
        ("clobber", "xoxox|oxoxo"),
        ("clobber", "xxo.|oox.|x.ox"),
        ("nogo", "....|....|...."),
        ("nogo", "......."),
        ("cannibal_clobber", "xoxo|oxox"),
        ("cannibal_clobber", "xxo|oxo|xox"),
    ];
    for &(game, board) in boards {
        for left_first in [true, false] {
            for cut in [0, 10] {
                let file = strategy(game, board, left_first, cut);
                let r = cgt_strategy_check::check(&file, BUDGET)
                    .unwrap_or_else(|e| panic!("{game} {board} (cut {cut}): {e}\n{file}"));
                assert!(r.positions > 0, "{game} {board}");
                if cut == 0 {
                    assert_eq!(r.cuts, 0, "{game} {board}: nothing is cut off at 0");
                }
            }
        }
    }
}

/// The lines of a file, its `end` line made to count the moves and cuts it has.
fn recount(lines: &[String]) -> String {
    let moves = lines.iter().filter(|l| l.starts_with("move\t")).count();
    let cuts = lines.iter().filter(|l| l.starts_with("cut\t")).count();
    let mut out: Vec<String> = lines
        .iter()
        .filter(|l| !l.starts_with("end\t"))
        .cloned()
        .collect();
    out.push(format!("end\t{moves}\t{cuts}"));
    out.join("\n") + "\n"
}

#[test]
fn tampered_strategies_are_refused() {
    let (game, board) = ("domineering", "....|....|....|....");
    let file = strategy(game, board, true, 6);
    let lines: Vec<String> = file.lines().map(str::to_string).collect();
    assert!(cgt_strategy_check::check(&file, BUDGET).is_ok());
    let rules = ruleset(game);

    // Left's first move replaced by one after which Right, moving first, wins.
    let first = lines
        .iter()
        .position(|l| l.starts_with(&format!("move\t{board}\t")))
        .unwrap_or_else(|| panic!("Left's first move is listed"));
    let (left_moves, _) = rules.moves(board).unwrap_or_else(|e| panic!("{e}"));
    let losing = left_moves
        .iter()
        .map(|m| m.join(""))
        .find(|q| opponent_wins(game, q, true))
        .unwrap_or_else(|| panic!("4 × 4 Domineering has a losing first move for Left"));
    let mut bad = lines.clone();
    bad[first] = format!("move\t{board}\t{losing}");
    let e = cgt_strategy_check::check(&recount(&bad), BUDGET).unwrap_err();
    assert!(e.contains("gives no move") || e.contains("is lost"), "{e}");

    // A position the replies reach left out.
    let mut bad = lines.clone();
    let last_move = bad
        .iter()
        .rposition(|l| l.starts_with("move\t"))
        .unwrap_or_else(|| panic!("the strategy has moves"));
    bad.remove(last_move);
    let e = cgt_strategy_check::check(&recount(&bad), BUDGET).unwrap_err();
    assert!(e.contains("gives no move"), "{e}");

    // The other player named the winner.
    let bad: Vec<String> = lines
        .iter()
        .map(|l| {
            if l == "winner\tLeft" {
                "winner\tRight".to_string()
            } else {
                l.clone()
            }
        })
        .collect();
    assert!(cgt_strategy_check::check(&recount(&bad), BUDGET).is_err());

    // A move to a board that is no move (a domino added by hand elsewhere too).
    let mut bad = lines.clone();
    let fields: Vec<&str> = bad[first].split('\t').collect();
    let q = fields[2].replacen('.', "#", 1);
    bad[first] = format!("move\t{board}\t{q}");
    let e = cgt_strategy_check::check(&recount(&bad), BUDGET).unwrap_err();
    assert!(e.contains("no move of the winner"), "{e}");

    // The file cut short (its end line gone).
    let short = lines[..lines.len() - 1].join("\n");
    let e = cgt_strategy_check::check(&short, BUDGET).unwrap_err();
    assert!(e.contains("no end line"), "{e}");
}
