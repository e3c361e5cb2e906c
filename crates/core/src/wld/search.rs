//! Games given by functions (a user's ruleset): solving them by backward induction over the
//! positions, memoized on (position, player to move), and building their W-L-D game tree
//! (Procedure 1.7).
//!
//! The caller gives `moves(p, player)`, the positions `player` can move to from `p`, and
//! `terminal(p)`, the outcome if play has ended at `p`. `terminal` is asked first; a
//! position where it says `None` is played on. Players alternate.
//!
//! **A non-terminal position with no moves counts as a draw (`00`).** The book's W-L-D
//! trees have no such nodes (every branch node offers a choice), and in games like
//! Tic-Tac-Toe the full board is terminal anyway; a ruleset that wants "the player who
//! cannot move loses" (normal play) says so in `terminal`.
//!
//! [`solve_game`] is the rules engine's W-L-D search ([`crate::rules::wld_solution`]) on
//! the two functions: it is iterative (no recursion limit) and bounded in size, and when a
//! position is reachable from itself with the same player to move it solves the whole graph
//! by retrograde analysis (play that never ends is a draw). [`game_tree`], whose tree would
//! then be infinite, reports [`WldError::Loopy`]. Errors of the callbacks are passed through
//! unchanged; the search's own errors are converted with `E: From<WldError>`.

use std::collections::{HashMap, HashSet};
use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;

use super::tree::{Node, WldTree};
use super::{Player, WldError, WldOutcome};
use crate::game::GameStore;
use crate::rules::{EngineError, Rules, wld_solution};
/// [`solve_game`] solves at most this many distinct (position, player) pairs.
pub const DEFAULT_SOLVE_LIMIT: usize = 1 << 22;

/// [`game_tree`] builds trees of at most this many nodes.
pub const DEFAULT_GAME_TREE_LIMIT: usize = 1 << 20;

/// What the search knows about one (position, player to move).
#[derive(Clone, Debug)]
pub(crate) struct Solved<P> {
    pub(crate) ty: WldOutcome,
    /// The first best move: its index in `moves(p, player)` and the position it leads to.
    pub(crate) best: Option<(usize, P)>,
}

/// The solution of a game from its start: the type of every position reached (with the
/// player to move there) and the mover's first best move at each.
#[derive(Clone, Debug)]
pub struct GameSolution<P> {
    start: P,
    to_move: Player,
    table: HashMap<(P, Player), Solved<P>>,
}

impl<P: Clone + Eq + Hash> GameSolution<P> {
    /// The type of the start position with its player to move (Theorem 1.10).
    pub fn outcome(&self) -> WldOutcome {
        self.type_at(&self.start, self.to_move)
            .expect("the start is solved")
    }

    pub fn start(&self) -> &P {
        &self.start
    }

    /// The player to move at the start.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The first best move from the start; `None` if play has already ended there.
    pub fn best_move(&self) -> Option<&P> {
        self.best_move_at(&self.start, self.to_move)
    }

    /// The index of [`GameSolution::best_move`] in the list `moves` gave.
    pub fn best_move_index(&self) -> Option<usize> {
        self.best_move_index_at(&self.start, self.to_move)
    }

    /// The type of `p` with `to_move` to move, if the search reached it.
    pub fn type_at(&self, p: &P, to_move: Player) -> Option<WldOutcome> {
        self.entry(p, to_move).map(|s| s.ty)
    }

    /// The mover's first best move at `p`; `None` if the search did not reach `p` with
    /// `to_move` to move, or play ends there.
    pub fn best_move_at(&self, p: &P, to_move: Player) -> Option<&P> {
        self.entry(p, to_move)
            .and_then(|s| s.best.as_ref().map(|(_, q)| q))
    }

    /// The index of [`GameSolution::best_move_at`] in the list `moves` gave.
    pub fn best_move_index_at(&self, p: &P, to_move: Player) -> Option<usize> {
        self.entry(p, to_move)
            .and_then(|s| s.best.as_ref().map(|(k, _)| *k))
    }

    /// The number of distinct (position, player to move) pairs solved, terminal ones
    /// included: every pair reachable from the start.
    pub fn positions_solved(&self) -> usize {
        self.table.len()
    }

    /// The play from the start when both players always take their first best move: the
    /// start, then each position reached, ending where play ends (its outcome is the type).
    /// In a loopy game a drawn play goes round for ever: the line stops at the first
    /// position that comes back with the same player to move (shown once more).
    pub fn principal_line(&self) -> Vec<P> {
        let mut line = vec![self.start.clone()];
        let mut player = self.to_move;
        let mut seen: HashSet<(P, Player)> = HashSet::new();
        seen.insert((self.start.clone(), player));
        while let Some(next) = self.best_move_at(line.last().expect("non-empty"), player) {
            line.push(next.clone());
            player = player.other();
            if !seen.insert((next.clone(), player)) {
                break;
            }
        }
        line
    }

    fn entry(&self, p: &P, to_move: Player) -> Option<&Solved<P>> {
        self.table.get(&(p.clone(), to_move))
    }

    /// A solution from its table: each state's type and first best move.
    pub(crate) fn from_table(
        start: P,
        to_move: Player,
        table: HashMap<(P, Player), Solved<P>>,
    ) -> GameSolution<P> {
        GameSolution {
            start,
            to_move,
            table,
        }
    }
}

/// Solves the game from `start` with `to_move` to move; see the module documentation for
/// the callbacks and the rule for a non-terminal position without moves. At most
/// [`DEFAULT_SOLVE_LIMIT`] positions.
///
/// ```
/// use cgt_core::wld::{Player, WldError, WldOutcome, solve_game};
/// // Pick-Up-Bricks (take 1 or 2, the last to take wins) from 7 bricks, Louise first:
/// // the position is (bricks left, who took last).
/// let s = solve_game(
///     (7u32, None),
///     Player::Louise,
///     |&(n, _), who| Ok::<_, WldError>((1..=2.min(n)).map(|k| (n - k, Some(who))).collect()),
///     |&(n, last)| Ok(if n == 0 { last.map(WldOutcome::win_for) } else { None }),
/// )
/// .unwrap();
/// assert_eq!(s.outcome(), WldOutcome::LouiseWins);
/// assert_eq!(s.best_move(), Some(&(6, Some(Player::Louise))));
/// ```
pub fn solve_game<P, E>(
    start: P,
    to_move: Player,
    moves: impl FnMut(&P, Player) -> Result<Vec<P>, E>,
    terminal: impl FnMut(&P) -> Result<Option<WldOutcome>, E>,
) -> Result<GameSolution<P>, E>
where
    P: Clone + Eq + Hash + Debug,
    E: From<WldError>,
{
    solve_game_limited(start, to_move, DEFAULT_SOLVE_LIMIT, moves, terminal)
}

/// [`solve_game`] stopping with [`WldError::SearchTooLarge`] past `limit` positions.
pub fn solve_game_limited<P, E>(
    start: P,
    to_move: Player,
    limit: usize,
    moves: impl FnMut(&P, Player) -> Result<Vec<P>, E>,
    terminal: impl FnMut(&P) -> Result<Option<WldOutcome>, E>,
) -> Result<GameSolution<P>, E>
where
    P: Clone + Eq + Hash + Debug,
    E: From<WldError>,
{
    let mut rules = Functions {
        moves,
        terminal,
        store: None,
        positions: PhantomData,
    };
    wld_solution(&mut rules, start, to_move, limit).map_err(|e| match e {
        EngineError::Rules(e) => e,
        EngineError::TooLarge { limit } => WldError::SearchTooLarge { limit }.into(),
        // The W-L-D search solves loops and values no position as a game.
        EngineError::Loop(_) | EngineError::NotImpartial(_) | EngineError::Interrupted => {
            WldError::Loopy.into()
        }
    })
}

/// The two functions of a game as the rules of the engine: Louise is Left.
struct Functions<P, M, T> {
    moves: M,
    terminal: T,
    /// Asked for by the engine's interface only: nothing here makes games.
    store: Option<GameStore>,
    positions: PhantomData<fn(&P)>,
}

impl<P, E, M, T> Rules for Functions<P, M, T>
where
    P: Clone + Eq + Hash + Debug,
    M: FnMut(&P, Player) -> Result<Vec<P>, E>,
    T: FnMut(&P) -> Result<Option<WldOutcome>, E>,
{
    type Position = P;
    type Error = E;

    fn moves(&mut self, p: &P, left: bool, out: &mut Vec<P>) -> Result<(), E> {
        let who = if left {
            Player::Louise
        } else {
            Player::Richard
        };
        out.extend((self.moves)(p, who)?);
        Ok(())
    }

    fn store(&mut self) -> &mut GameStore {
        self.store.get_or_insert_with(GameStore::new)
    }

    fn ending(&mut self, p: &P) -> Result<Option<WldOutcome>, E> {
        (self.terminal)(p)
    }
}

/// The W-L-D game tree of the game from `start` with `to_move` first (Procedure 1.7):
/// children in the order `moves` lists them, a terminal position's outcome at a leaf (and
/// `00` where play is stuck without one). At most [`DEFAULT_GAME_TREE_LIMIT`] nodes;
/// positions are not shared, so the tree can be far larger than the number of positions.
pub fn game_tree<P, E>(
    start: P,
    to_move: Player,
    moves: impl FnMut(&P, Player) -> Result<Vec<P>, E>,
    terminal: impl FnMut(&P) -> Result<Option<WldOutcome>, E>,
) -> Result<WldTree, E>
where
    P: Clone + Eq + Hash,
    E: From<WldError>,
{
    game_tree_limited(start, to_move, DEFAULT_GAME_TREE_LIMIT, moves, terminal)
}

/// [`game_tree`] stopping with [`WldError::SearchTooLarge`] past `limit` nodes.
pub fn game_tree_limited<P, E>(
    start: P,
    to_move: Player,
    limit: usize,
    mut moves: impl FnMut(&P, Player) -> Result<Vec<P>, E>,
    mut terminal: impl FnMut(&P) -> Result<Option<WldOutcome>, E>,
) -> Result<WldTree, E>
where
    P: Clone + Eq + Hash,
    E: From<WldError>,
{
    struct Open<P> {
        key: (P, Player),
        options: Vec<P>,
        next: usize,
        children: Vec<usize>,
    }
    let mut nodes: Vec<Node> = Vec::new();
    let mut on_path: HashSet<(P, Player)> = HashSet::new();
    let mut stack: Vec<Open<P>> = Vec::new();
    let mut pending = Some((start, to_move));
    loop {
        // Enter the pending position: a leaf at once, or a new open branch.
        if let Some(key) = pending.take() {
            if on_path.contains(&key) {
                return Err(WldError::Loopy.into());
            }
            if nodes.len() + stack.len() >= limit {
                return Err(WldError::SearchTooLarge { limit }.into());
            }
            let leaf = match terminal(&key.0)? {
                Some(o) => Some(o),
                None => {
                    let options = moves(&key.0, key.1)?;
                    if options.is_empty() {
                        Some(WldOutcome::Draw)
                    } else {
                        on_path.insert(key.clone());
                        stack.push(Open {
                            key,
                            options,
                            next: 0,
                            children: Vec::new(),
                        });
                        None
                    }
                }
            };
            if let Some(o) = leaf {
                nodes.push(Node::Leaf(o));
                match stack.last_mut() {
                    Some(parent) => parent.children.push(nodes.len() - 1),
                    None => break,
                }
            }
        }
        let top = stack.last_mut().expect("an open branch");
        if top.next < top.options.len() {
            pending = Some((top.options[top.next].clone(), top.key.1.other()));
            top.next += 1;
            continue;
        }
        let done = stack.pop().expect("just seen");
        on_path.remove(&done.key);
        nodes.push(Node::Branch {
            mover: done.key.1,
            children: done.children,
        });
        match stack.last_mut() {
            Some(parent) => parent.children.push(nodes.len() - 1),
            None => break,
        }
    }
    Ok(WldTree { nodes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wld::zermelo;

    /// Pick-Up-Bricks with `n` bricks; the position remembers who took last.
    type Bricks = (u32, Option<Player>);

    fn brick_moves(&(n, _): &Bricks, who: Player) -> Result<Vec<Bricks>, WldError> {
        Ok((1..=2.min(n)).map(|k| (n - k, Some(who))).collect())
    }

    fn brick_end(&(n, last): &Bricks) -> Result<Option<WldOutcome>, WldError> {
        Ok(if n == 0 {
            last.map(WldOutcome::win_for)
        } else {
            None
        })
    }

    #[test]
    fn pick_up_bricks_follows_proposition_1_13() {
        // Proposition 1.13: the second player wins exactly when 3 divides n.
        for n in 1..40 {
            for first in [Player::Louise, Player::Richard] {
                let s = solve_game((n, None), first, brick_moves, brick_end).unwrap();
                let winner = if n % 3 == 0 { first.other() } else { first };
                assert_eq!(s.outcome(), WldOutcome::win_for(winner), "n = {n}");
                if n % 3 != 0 {
                    assert_eq!(s.best_move().unwrap().0 % 3, 0);
                }
                let line = s.principal_line();
                assert_eq!(line.last().unwrap().0, 0);
                let tree = game_tree((n.min(12), None), first, brick_moves, brick_end).unwrap();
                let small = solve_game((n.min(12), None), first, brick_moves, brick_end).unwrap();
                assert_eq!(zermelo(&tree).root_type(), small.outcome());
            }
        }
    }

    #[test]
    fn best_moves_are_known_at_every_solved_position() {
        let s = solve_game((10, None), Player::Louise, brick_moves, brick_end).unwrap();
        // Louise to move at 7 (after Richard took): she takes 1, leaving 6.
        assert_eq!(
            s.type_at(&(7, Some(Player::Richard)), Player::Louise),
            Some(WldOutcome::LouiseWins)
        );
        assert_eq!(
            s.best_move_at(&(7, Some(Player::Richard)), Player::Louise),
            Some(&(6, Some(Player::Louise)))
        );
        assert_eq!(
            s.best_move_index_at(&(8, Some(Player::Richard)), Player::Louise),
            Some(1)
        );
        assert_eq!(s.type_at(&(10, None), Player::Richard), None);
        assert_eq!(
            s.best_move_at(&(0, Some(Player::Louise)), Player::Richard),
            None
        );
    }

    #[test]
    fn stuck_positions_are_draws_and_terminal_is_asked_first() {
        let s = solve_game(
            0u8,
            Player::Louise,
            |_, _| Ok::<_, WldError>(vec![]),
            |_| Ok(None),
        )
        .unwrap();
        assert_eq!(
            (s.outcome(), s.best_move(), s.positions_solved()),
            (WldOutcome::Draw, None, 1)
        );
        let t = game_tree(
            0u8,
            Player::Louise,
            |_, _| Ok::<_, WldError>(vec![]),
            |_| Ok(None),
        )
        .unwrap();
        assert_eq!(t.to_string(), "00");
        let s = solve_game(
            0u8,
            Player::Louise,
            |_, _| Ok::<_, WldError>(vec![1]),
            |_| Ok(Some(WldOutcome::RichardWins)),
        )
        .unwrap();
        assert_eq!(s.outcome(), WldOutcome::RichardWins);
    }

    #[test]
    fn loops_limits_and_callback_errors_are_reported() {
        // 0 -> 1 -> 0 with the same player to move after two moves: the tree would be
        // infinite, while the solution says the endless play is a draw.
        let cyc = |p: &u8, _: Player| Ok::<_, WldError>(vec![1 - *p]);
        let never = |_: &u8| Ok(None);
        let s = solve_game(0u8, Player::Louise, cyc, never).unwrap();
        assert_eq!(s.outcome(), WldOutcome::Draw);
        assert_eq!(s.positions_solved(), 2);
        assert_eq!(
            game_tree(0u8, Player::Louise, cyc, never).unwrap_err(),
            WldError::Loopy
        );
        let err = solve_game_limited((30, None), Player::Louise, 10, brick_moves, brick_end);
        assert_eq!(err.unwrap_err(), WldError::SearchTooLarge { limit: 10 });
        let err = game_tree_limited((30, None), Player::Louise, 1000, brick_moves, brick_end);
        assert_eq!(err.unwrap_err(), WldError::SearchTooLarge { limit: 1000 });

        #[derive(Debug, PartialEq)]
        enum Mine {
            Wld(WldError),
            Boom(u32),
        }
        impl From<WldError> for Mine {
            fn from(e: WldError) -> Mine {
                Mine::Wld(e)
            }
        }
        let boom = |&(n, _): &Bricks, who: Player| {
            if n == 3 {
                Err(Mine::Boom(n))
            } else {
                Ok(brick_moves(&(n, None), who).unwrap())
            }
        };
        let end = |p: &Bricks| Ok::<_, Mine>(brick_end(p).unwrap());
        assert_eq!(
            solve_game((9, None), Player::Louise, boom, end).unwrap_err(),
            Mine::Boom(3)
        );
        assert_eq!(
            game_tree((9, None), Player::Louise, boom, end).unwrap_err(),
            Mine::Boom(3)
        );
    }

    #[test]
    fn long_games_are_solved_without_recursion() {
        // A single chain of 300 000 moves; the last mover wins.
        let n: u32 = 300_000;
        let s = solve_game(
            n,
            Player::Louise,
            |&k, _| Ok::<_, WldError>(if k > 0 { vec![k - 1] } else { vec![] }),
            |&k| {
                Ok((k == 0).then_some(if n % 2 == 1 {
                    WldOutcome::LouiseWins
                } else {
                    WldOutcome::RichardWins
                }))
            },
        )
        .unwrap();
        assert_eq!(s.outcome(), WldOutcome::RichardWins);
        assert_eq!(s.positions_solved(), n as usize + 1);
    }
}
