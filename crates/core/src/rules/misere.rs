//! Misère outcomes (the player who cannot move wins) of sums of positions.
//!
//! Misère play is not determined by normal-play values, and a sum's misère outcome is not
//! determined by its components' outcomes (misère Nim, Ferguson §2.5): the search runs over
//! the sums themselves. A sum is a multiset of components, each numbered by its position
//! (its normal form when the symmetry keeps the players), so that the order of the
//! components does not matter; a move replaces one component by the components of its
//! option.

use super::{EngineError, ErrorOf, Rules};
use crate::game::Outcome;
use rustc_hash::FxHashMap;

/// A sum with the player to move: the sorted numbers of its components, and whether Left
/// moves.
type Node = (Vec<u32>, bool);

/// Numbers for the components met by one search, and the components by number.
struct Numbers<P> {
    ids: FxHashMap<P, u32>,
    positions: Vec<P>,
}

impl<P: Clone + Eq + std::hash::Hash> Numbers<P> {
    fn id(&mut self, p: P) -> u32 {
        if let Some(&id) = self.ids.get(&p) {
            return id;
        }
        let id = self.positions.len() as u32;
        self.ids.insert(p.clone(), id);
        self.positions.push(p);
        id
    }
}

/// The components of `p` that are not dead, numbered, appended to `out`.
fn number_components<R: Rules>(
    rules: &mut R,
    numbers: &mut Numbers<R::Position>,
    p: &R::Position,
    out: &mut Vec<u32>,
) -> Result<(), ErrorOf<R>> {
    let mut split = Vec::new();
    rules
        .components(p, &mut split)
        .map_err(EngineError::Rules)?;
    for c in split {
        if rules.is_dead(&c) {
            continue;
        }
        let (normal, negated) = rules.normal_form(&c);
        out.push(numbers.id(if negated { c } else { normal }));
    }
    Ok(())
}

/// A sum on the search's path.
struct Frame {
    node: Node,
    children: Vec<Node>,
    next: usize,
    /// The mover has found a move to a sum the other player loses.
    wins: bool,
}

/// What one misère search has learnt, to be kept for the next searches in the same game:
/// the components met, numbered, and the sums solved (whether their mover wins).
pub struct MisereTable<P> {
    numbers: Numbers<P>,
    memo: FxHashMap<Node, bool>,
}

impl<P> Default for MisereTable<P> {
    fn default() -> Self {
        MisereTable {
            numbers: Numbers {
                ids: FxHashMap::default(),
                positions: Vec::new(),
            },
            memo: FxHashMap::default(),
        }
    }
}

impl<P> MisereTable<P> {
    /// The number of sums solved (with the player to move).
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }
}

/// The misère outcome of the sum of `parts`. At most `limit` sums are held.
pub fn misere_outcome<R: Rules>(
    rules: &mut R,
    parts: &[R::Position],
    limit: usize,
) -> Result<Outcome, ErrorOf<R>> {
    misere_outcome_in(rules, &mut MisereTable::default(), parts, limit)
}

/// [`misere_outcome`] with the sums solved kept in `table` (which must only ever be used
/// with the same rules).
pub fn misere_outcome_in<R: Rules>(
    rules: &mut R,
    table: &mut MisereTable<R::Position>,
    parts: &[R::Position],
    limit: usize,
) -> Result<Outcome, ErrorOf<R>> {
    let MisereTable { numbers, memo } = table;
    let mut start = Vec::new();
    for p in parts {
        number_components(rules, numbers, p, &mut start)?;
    }
    start.sort_unstable();
    let left_wins = mover_wins(rules, numbers, memo, (start.clone(), true), limit)?;
    if rules.is_impartial() {
        return Ok(if left_wins { Outcome::N } else { Outcome::P });
    }
    let right_wins = mover_wins(rules, numbers, memo, (start, false), limit)?;
    Ok(match (left_wins, right_wins) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    })
}

/// Whether the player to move in `root` wins it under misère play.
fn mover_wins<R: Rules>(
    rules: &mut R,
    numbers: &mut Numbers<R::Position>,
    memo: &mut FxHashMap<Node, bool>,
    root: Node,
    limit: usize,
) -> Result<bool, ErrorOf<R>> {
    if let Some(&w) = memo.get(&root) {
        return Ok(w);
    }
    let mut path: FxHashMap<Node, ()> = FxHashMap::default();
    let first = frame(rules, numbers, root.clone())?;
    path.insert(root.clone(), ());
    let mut stack = vec![first];
    while let Some(top) = stack.last_mut() {
        if top.wins || top.next == top.children.len() {
            // The mover wins with no move at all, or with a move to a loss for the other.
            let wins = top.wins || top.children.is_empty();
            let node = std::mem::take(&mut top.node);
            stack.pop();
            path.remove(&node);
            memo.insert(node, wins);
            if let Some(below) = stack.last_mut() {
                below.next += 1;
                below.wins |= !wins;
            }
            continue;
        }
        let child = &top.children[top.next];
        if let Some(&child_wins) = memo.get(child) {
            top.next += 1;
            top.wins |= !child_wins;
            continue;
        }
        if path.contains_key(child) {
            let shown = child
                .0
                .first()
                .map(|&id| numbers.positions[id as usize].clone());
            return match shown {
                Some(p) => Err(EngineError::Loop(p)),
                None => Err(EngineError::TooLarge { limit }),
            };
        }
        let child = child.clone();
        let open = stack.len();
        if memo.len() + open > limit {
            return Err(EngineError::TooLarge { limit });
        }
        rules.check(open).map_err(EngineError::Rules)?;
        let f = frame(rules, numbers, child.clone())?;
        path.insert(child, ());
        stack.push(f);
    }
    Ok(memo.get(&root).copied().unwrap_or(false))
}

/// The frame of a sum: the sums the mover can move to.
fn frame<R: Rules>(
    rules: &mut R,
    numbers: &mut Numbers<R::Position>,
    node: Node,
) -> Result<Frame, ErrorOf<R>> {
    let (parts, left) = &node;
    let impartial = rules.is_impartial();
    let mut children = Vec::new();
    let mut options = Vec::new();
    for (k, &id) in parts.iter().enumerate() {
        if k > 0 && parts[k - 1] == id {
            continue; // the same component again: the same moves
        }
        options.clear();
        let p = numbers.positions[id as usize].clone();
        rules
            .moves(&p, *left || impartial, &mut options)
            .map_err(EngineError::Rules)?;
        for q in &options {
            let mut after: Vec<u32> = parts[..k].to_vec();
            after.extend_from_slice(&parts[k + 1..]);
            number_components(rules, numbers, q, &mut after)?;
            after.sort_unstable();
            // An impartial sum is the same whoever moves.
            children.push((after, impartial || !*left));
        }
    }
    Ok(Frame {
        node,
        children,
        next: 0,
        wins: false,
    })
}
