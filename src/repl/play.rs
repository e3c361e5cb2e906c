//! `:play EXPR`: a person plays a position (a sum of board games, heaps, rulesets written in
//! cgt…) against cgt, which plays perfectly and says when the person has blundered.
//!
//! The person picks moves by number from a numbered list; everything else typed meanwhile
//! is evaluated as usual. Pure functions of the session and the match state, so they are
//! tested without a terminal.

use cgt::Session;
use cgt::eval::GameValue;
use cgt::eval::Value;
use cgt::eval::play::Move;

/// A game in progress.
#[derive(Debug)]
pub struct Match {
    position: Value,
    /// The person plays Left (else Right).
    human_left: bool,
    /// Left is to move.
    left_to_move: bool,
    /// The person's moves, as listed to them.
    offered: Vec<Move>,
}

impl Match {
    /// Whether the match is waiting for the person to pick one of `n` moves.
    pub fn choices(&self) -> usize {
        self.offered.len()
    }
}

fn side(left: bool) -> &'static str {
    if left { "Left" } else { "Right" }
}

/// The usage text of `:play`.
pub const USAGE: &str = "usage: `:play [left|right] [first|second] EXPR`, e.g. `:play domineering(3, 3) + hackenbush(\"lrr\")` (you play Left and move first unless told otherwise)";

/// Parses the leading `left`/`right`/`first`/`second` words of `:play`.
pub fn parse_args(arg: &str) -> (bool, bool, &str) {
    let (mut human_left, mut human_first) = (true, true);
    let mut rest = arg.trim();
    loop {
        let (word, tail) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        match word {
            "left" => human_left = true,
            "right" => human_left = false,
            "first" => human_first = true,
            "second" => human_first = false,
            _ => return (human_left, human_first, rest),
        }
        rest = tail.trim_start();
    }
}

/// Starts a match; returns it (unless the game is over at once) and the text to print.
pub fn start(
    session: &mut Session,
    source: &str,
    human_left: bool,
    human_first: bool,
) -> Result<(Option<Match>, String), String> {
    let position = session.eval_value(source).map_err(|d| d.message)?;
    if !cgt::eval::play::is_gamelike(&position) {
        return Err(format!(
            "`:play` needs a game or a position, found {}",
            position.kind()
        ));
    }
    let left_to_move = human_left == human_first;
    let mut m = Match {
        position,
        human_left,
        left_to_move,
        offered: Vec::new(),
    };
    let mut out = vec![format!(
        "You play {} and move {}; cgt plays {}.",
        side(human_left),
        if human_first { "first" } else { "second" },
        side(!human_left)
    )];
    out.push(describe(session, &m)?);
    let over = advance(session, &mut m, &mut out)?;
    Ok(((!over).then_some(m), out.join("\n")))
}

/// The person's move number `k` (from 1); returns the text to print and whether the
/// match is over.
pub fn human_move(
    session: &mut Session,
    m: &mut Match,
    k: usize,
) -> Result<(String, bool), String> {
    let n = m.offered.len();
    if k == 0 || k > n {
        return Err(format!("choose a move from 1 to {n}"));
    }
    let mv = m.offered[k - 1].clone();
    let mut out = vec![format!("You: {}", session.move_text(&mv))];
    let had_win = session
        .winning_moves(&m.position, m.left_to_move)
        .map_err(|d| d.message)?;
    let made_win = had_win
        .iter()
        .any(|w| same_position(session, &w.result, &mv.result));
    if !had_win.is_empty() && !made_win {
        out.push(format!(
            "That was a blunder: you could have won with {}. Now cgt wins with perfect play.",
            session.move_text(&had_win[0])
        ));
    }
    m.position = mv.result;
    m.left_to_move = !m.left_to_move;
    let over = advance(session, m, &mut out)?;
    Ok((out.join("\n"), over))
}

/// Two move results are the same position: by their keys (the same position of the same
/// game), or, for values with no key, if they print the same in their own terms.
fn same_position(session: &mut Session, a: &Value, b: &Value) -> bool {
    match (a.key(), b.key()) {
        (Some(x), Some(y)) => x == y,
        _ => session.written(a) == session.written(b),
    }
}

/// cgt's moves until the person is to move, then the list of the person's moves; true when
/// the game has ended.
fn advance(session: &mut Session, m: &mut Match, out: &mut Vec<String>) -> Result<bool, String> {
    if m.left_to_move != m.human_left {
        let moves = session
            .moves(&m.position, m.left_to_move)
            .map_err(|d| d.message)?;
        if moves.is_empty() {
            out.push("cgt has no move: you win!".to_string());
            return Ok(true);
        }
        let winning = session
            .winning_moves(&m.position, m.left_to_move)
            .map_err(|d| d.message)?;
        let (chosen, note) = match winning.into_iter().next() {
            Some(w) => (w, ""),
            None => (moves[0].clone(), " (cgt has no winning move here)"),
        };
        out.push(format!("cgt: {}{note}", session.move_text(&chosen)));
        m.position = chosen.result;
        m.left_to_move = !m.left_to_move;
        out.push(describe(session, m)?);
    }
    let moves = session
        .moves(&m.position, m.left_to_move)
        .map_err(|d| d.message)?;
    if moves.is_empty() {
        out.push("You have no move: cgt wins.".to_string());
        return Ok(true);
    }
    out.push("Your moves:".to_string());
    for (k, mv) in moves.iter().enumerate() {
        out.push(format!("  {}. {}", k + 1, session.move_text(mv)));
    }
    out.push("Type a number to move, `:resign` to stop.".to_string());
    m.offered = moves;
    Ok(false)
}

/// The position, its value and who wins it from here with perfect play.
fn describe(session: &mut Session, m: &Match) -> Result<String, String> {
    let text = session.written(&m.position);
    let notation = session.notation();
    let value = session.show(&m.position, notation);
    let mover_wins = !session
        .winning_moves(&m.position, m.left_to_move)
        .map_err(|d| d.message)?
        .is_empty();
    let mover = side(m.left_to_move);
    let winner = if mover_wins {
        mover
    } else {
        side(!m.left_to_move)
    };
    let who = if (winner == "Left") == m.human_left {
        "you"
    } else {
        "cgt"
    };
    let mut out = format!(
        "Position: {text} = {value}; {mover} to move; with perfect play {winner} ({who}) wins."
    );
    for picture in board_pictures(session, &m.position) {
        out.push('\n');
        out.push_str(&picture);
    }
    Ok(out)
}

/// Grid boards of more than one row drawn row by row, so a person can see the board they
/// play on: one picture per such component.
fn board_pictures(session: &mut Session, position: &Value) -> Vec<String> {
    let parts: Vec<Value> = match position {
        Value::Game(GameValue::Sum(s)) => s.components(),
        single => vec![single.clone()],
    };
    let many = parts.len() > 1;
    let mut out = Vec::new();
    for (k, part) in parts.iter().enumerate() {
        if !matches!(part, Value::Game(GameValue::Position(_))) {
            continue;
        }
        let mut picture = if many {
            format!("  component {}:", k + 1)
        } else {
            "  board:".to_string()
        };
        let rows = match session.board_rows(part) {
            Ok(Some(rows)) => rows,
            Ok(None) => continue,
            // A drawing function that fails does not end the match: say why there is no
            // board, and play on.
            Err(d) => {
                out.push(format!("{picture} not drawn: {}", d.message));
                continue;
            }
        };
        for row in rows {
            let cells: Vec<String> = row
                .chars()
                .filter(|c| !c.is_whitespace())
                .map(String::from)
                .collect();
            picture.push_str("\n    ");
            picture.push_str(&cells.join(" "));
        }
        out.push(picture);
    }
    out
}
