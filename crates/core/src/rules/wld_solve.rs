//! W-L-D outcomes (DeVos–Kent, *Game Theory: A Playful Introduction*, §1.1–1.2) of any
//! [`Rules`] whose positions may end with an outcome ([`Rules::ending`]): the type of a
//! position with a player to move, `+-`, `-+` or `00`, and each player's first best move.
//!
//! Louise is Left, Richard Right. [`Rules::ending`] is asked first; a position where it says
//! `None` is played on, and one without moves counts as a draw. The search is depth first
//! over the states (position, player to move), with an explicit stack; when a state is met
//! on its own path play can come back, and the whole graph of states is solved backwards
//! instead (`wld_graph`).

use super::{EngineError, ErrorOf, Rules};
use crate::wld::search::{GameSolution, Solved};
use crate::wld::{Player, WldOutcome};
use std::collections::{HashMap, HashSet};

/// A state of a game: a position and the player to move there.
pub(crate) type State<P> = (P, Player);

/// A state being solved: its options, how many are done, the best so far.
struct Frame<P> {
    key: State<P>,
    options: Vec<P>,
    next: usize,
    best: Option<(usize, WldOutcome)>,
}

impl<P> Frame<P> {
    /// Takes in the type of the option `self.next`.
    fn absorb(&mut self, ty: WldOutcome) {
        let mover = self.key.1;
        if self
            .best
            .is_none_or(|(_, b)| ty.score_for(mover) > b.score_for(mover))
        {
            self.best = Some((self.next, ty));
        }
        self.next += 1;
    }
}

/// What the search does with a state.
enum Visit {
    /// Its type is known.
    Known(WldOutcome),
    /// A frame was opened for it.
    Opened,
    /// It is on the search path: play can come back.
    Loop,
}

/// The moves of the player `who` from `p`.
pub(crate) fn moves_of<R: Rules>(
    rules: &mut R,
    p: &R::Position,
    who: Player,
) -> Result<Vec<R::Position>, ErrorOf<R>> {
    let mut out = Vec::new();
    let left = who == Player::Louise || rules.is_impartial();
    rules.moves(p, left, &mut out).map_err(EngineError::Rules)?;
    Ok(out)
}

/// The W-L-D solution of the game from `start` with `to_move` to move: the type of every
/// state reached and the mover's first best move there. At most `limit` states.
pub fn wld_solution<R: Rules>(
    rules: &mut R,
    start: R::Position,
    to_move: Player,
    limit: usize,
) -> Result<GameSolution<R::Position>, ErrorOf<R>> {
    let mut table: HashMap<State<R::Position>, Solved<R::Position>> = HashMap::new();
    let mut on_path: HashSet<State<R::Position>> = HashSet::new();
    let mut stack: Vec<Frame<R::Position>> = Vec::new();

    // Solves `key` at once if it is known, ended or without moves; otherwise opens a frame
    // for it.
    let visit = |rules: &mut R,
                 key: State<R::Position>,
                 table: &mut HashMap<State<R::Position>, Solved<R::Position>>,
                 on_path: &mut HashSet<State<R::Position>>,
                 stack: &mut Vec<Frame<R::Position>>|
     -> Result<Visit, ErrorOf<R>> {
        if let Some(s) = table.get(&key) {
            return Ok(Visit::Known(s.ty));
        }
        if on_path.contains(&key) {
            return Ok(Visit::Loop);
        }
        if table.len() + stack.len() >= limit {
            return Err(EngineError::TooLarge { limit });
        }
        rules.check(stack.len()).map_err(EngineError::Rules)?;
        let ty = match rules.ending(&key.0).map_err(EngineError::Rules)? {
            Some(o) => o,
            None => {
                let options = moves_of(rules, &key.0, key.1)?;
                if !options.is_empty() {
                    on_path.insert(key.clone());
                    stack.push(Frame {
                        key,
                        options,
                        next: 0,
                        best: None,
                    });
                    return Ok(Visit::Opened);
                }
                // Stuck without an outcome is a draw.
                WldOutcome::Draw
            }
        };
        table.insert(key, Solved { ty, best: None });
        Ok(Visit::Known(ty))
    };

    visit(
        rules,
        (start.clone(), to_move),
        &mut table,
        &mut on_path,
        &mut stack,
    )?;
    while let Some(top) = stack.last_mut() {
        if top.next < top.options.len() {
            let key = (top.options[top.next].clone(), top.key.1.other());
            match visit(rules, key, &mut table, &mut on_path, &mut stack)? {
                Visit::Known(ty) => {
                    if let Some(top) = stack.last_mut() {
                        top.absorb(ty);
                    }
                }
                Visit::Opened => {}
                Visit::Loop => {
                    // Play can return here: solve the whole graph backwards instead.
                    return super::wld_graph::wld_by_retrograde(rules, start, to_move, limit);
                }
            }
            continue;
        }
        let Some(mut done) = stack.pop() else { break };
        on_path.remove(&done.key);
        // A frame is only opened for a state with options, so it has a best one.
        let Some((k, ty)) = done.best else { continue };
        let best = done.options.swap_remove(k);
        rules.solved(&done.key.0);
        table.insert(
            done.key,
            Solved {
                ty,
                best: Some((k, best)),
            },
        );
        if let Some(parent) = stack.last_mut() {
            parent.absorb(ty);
        }
    }
    Ok(GameSolution::from_table(start, to_move, table))
}
