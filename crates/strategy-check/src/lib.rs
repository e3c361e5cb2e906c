//! An independent checker of cgt's strategy files (`docs/strategy-format.md`): it reads a
//! winning strategy, replays it from the start against every reply of the opponent, by
//! its own rules of the game ([`games`]), and decides each position cut off as proven by
//! its own game-tree search. It shares no code with cgt (no dependency at all), so that a
//! strategy it accepts does not rest on the solver that wrote it.

pub mod board;
pub mod games;

use board::Board;
use games::Game;
use std::collections::{HashMap, HashSet};

/// What a check did, when it accepted the strategy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Positions replayed (both players to move).
    pub positions: u64,
    /// Positions cut off and decided by the checker's search.
    pub cuts: u64,
    /// Positions the searches of the cut-offs visited.
    pub searched: u64,
}

/// A strategy file read.
struct File {
    game: Game,
    start: Board,
    left_first: bool,
    left_wins: bool,
    moves: HashMap<Board, Board>,
    cuts: HashSet<Board>,
}

fn player(word: &str) -> Result<bool, String> {
    match word {
        "Left" => Ok(true),
        "Right" => Ok(false),
        _ => Err(format!("expected Left or Right, found {word:?}")),
    }
}

fn read(text: &str) -> Result<File, String> {
    let mut lines = text.lines().enumerate();
    let mut field = |key: &str| -> Result<String, String> {
        let (n, line) = lines
            .next()
            .ok_or_else(|| format!("the file ends before its {key} line"))?;
        let rest = line
            .strip_prefix(key)
            .and_then(|r| r.strip_prefix('\t'))
            .ok_or_else(|| format!("line {}: expected {key}", n + 1))?;
        Ok(rest.to_string())
    };
    if field("cgt-strategy")? != "1" {
        return Err("not a strategy file of version 1".into());
    }
    let name = field("game")?;
    let game = Game::named(&name).ok_or_else(|| format!("unknown game {name:?}"))?;
    let start = Board::parse(&field("start")?, game.cells())?;
    let left_first = player(&field("first")?)?;
    let left_wins = player(&field("winner")?)?;
    let mut file = File {
        game,
        start,
        left_first,
        left_wins,
        moves: HashMap::new(),
        cuts: HashSet::new(),
    };
    let mut ended = false;
    for (n, line) in lines {
        let at = |e: String| format!("line {}: {e}", n + 1);
        let parts: Vec<&str> = line.split('\t').collect();
        if ended {
            return Err(at("text after the end line".into()));
        }
        match parts.as_slice() {
            ["move", p, q] => {
                let p = Board::parse(p, game.cells()).map_err(at)?;
                let q = Board::parse(q, game.cells()).map_err(at)?;
                if file.moves.insert(p, q).is_some() {
                    return Err(at("a second move for the same position".into()));
                }
            }
            ["cut", p, _reason] => {
                file.cuts.insert(Board::parse(p, game.cells()).map_err(at)?);
            }
            ["end", m, c] => {
                let counts = (m.parse::<usize>(), c.parse::<usize>());
                if counts != (Ok(file.moves.len()), Ok(file.cuts.len())) {
                    return Err(at(format!(
                        "the end line counts {m} moves and {c} cuts, the file has {} and {}",
                        file.moves.len(),
                        file.cuts.len()
                    )));
                }
                ended = true;
            }
            _ => return Err(at(format!("not a line of a strategy file: {line:?}"))),
        }
    }
    if !ended {
        return Err("the file has no end line (cut short?)".into());
    }
    Ok(file)
}

/// Whether the player to move (Left if `left`) wins `b`, by a plain game-tree search
/// memoized by board; `budget` bounds the positions it visits.
fn wins(
    game: Game,
    b: &Board,
    left: bool,
    memo: &mut HashMap<(Board, bool), bool>,
    budget: &mut u64,
) -> Result<bool, String> {
    if let Some(&w) = memo.get(&(b.clone(), left)) {
        return Ok(w);
    }
    if *budget == 0 {
        return Err("a position cut off is too large for the checker's search".into());
    }
    *budget -= 1;
    let mut w = false;
    for q in game.moves(b, left) {
        if !wins(game, &q, !left, memo, budget)? {
            w = true;
            break;
        }
    }
    memo.insert((b.clone(), left), w);
    Ok(w)
}

/// Checks the strategy file `text`: `Ok` with what was replayed if it wins against every
/// reply, else the reason it does not. `budget` bounds the positions the searches of the
/// cut-offs may visit in all.
pub fn check(text: &str, budget: u64) -> Result<Report, String> {
    let f = read(text)?;
    let game = f.game;
    let winner = f.left_wins;
    let mut report = Report::default();
    let mut seen: HashSet<(Board, bool)> = HashSet::new();
    let mut memo = HashMap::new();
    let mut left = budget;
    let mut stack = vec![(f.start.clone(), f.left_first == winner)];
    while let Some((b, winner_moves)) = stack.pop() {
        if !seen.insert((b.clone(), winner_moves)) {
            continue;
        }
        report.positions += 1;
        if !winner_moves {
            for r in game.moves(&b, !winner) {
                stack.push((r, true));
            }
            continue;
        }
        if let Some(q) = f.moves.get(&b) {
            if !game.moves(&b, winner).contains(q) {
                return Err(format!(
                    "{} is no move of the winner from {}",
                    q.text(),
                    b.text()
                ));
            }
            stack.push((q.clone(), false));
        } else if f.cuts.contains(&b) {
            report.cuts += 1;
            let before = left;
            let won = wins(game, &b, winner, &mut memo, &mut left)?;
            report.searched += before - left;
            if !won {
                return Err(format!(
                    "the position {} cut off as proven is lost for the winner",
                    b.text()
                ));
            }
        } else {
            return Err(format!(
                "the strategy gives no move in {}, which the opponent's replies reach",
                b.text()
            ));
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Domineering on a 1 × 3 column: Left (vertical) has two moves, each leaving one empty
    /// cell, where Right (horizontal) has none; so Left moving first wins.
    const COLUMN: &str = "cgt-strategy\t1\ngame\tdomineering\nstart\t.|.|.\nfirst\tLeft\nwinner\tLeft\nmove\t.|.|.\t#|#|.\nend\t1\t0\n";

    #[test]
    fn a_correct_strategy_is_accepted() {
        let r = check(COLUMN, 1000).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.positions, 2);
    }

    #[test]
    fn tampered_strategies_are_refused() {
        // An illegal move (three cells filled).
        let bad = COLUMN.replace("#|#|.\n", "#|#|#\n");
        assert!(check(&bad, 1000).unwrap_err().contains("no move"));
        // Right moving first in the 2 × 2 square wins: Left's strategy is refused.
        let square = "cgt-strategy\t1\ngame\tdomineering\nstart\t..|..\nfirst\tRight\nwinner\tLeft\nend\t0\t0\n";
        assert!(check(square, 1000).unwrap_err().contains("gives no move"));
        // A file cut short.
        let short = COLUMN.replace("end\t1\t0\n", "");
        assert!(check(&short, 1000).unwrap_err().contains("no end line"));
        // A cut-off that is lost: Left to move in a row of two, where only Right moves.
        let lost = "cgt-strategy\t1\ngame\tdomineering\nstart\t..\nfirst\tLeft\nwinner\tLeft\ncut\t..\tsearch\nend\t0\t1\n";
        assert!(check(lost, 1000).unwrap_err().contains("is lost"));
    }

    #[test]
    fn nogo_forbids_suicide_and_capture() {
        let g = Game::NoGo;
        let b = Board::parse("x.|.x", g.cells()).unwrap_or_else(|e| panic!("{e}"));
        // o in either empty corner would have no liberty.
        assert!(g.moves(&b, false).is_empty());
        // x in a corner joins the stones into a group with the other corner free.
        assert_eq!(g.moves(&b, true).len(), 2);
        let b = Board::parse("xo.", g.cells()).unwrap_or_else(|e| panic!("{e}"));
        // x at the end would take the o group's last liberty.
        assert!(g.moves(&b, true).is_empty());
        assert!(g.moves(&b, false).is_empty());
    }
}
