//! Misère outcomes (the player who cannot move wins) of positions and sums as they are
//! written.
//!
//! Misère play is not determined by the normal-play value: `*2 + *2` equals `0`, yet misère
//! `0` is won by the player to move and misère `*2 + *2` by the second player (misère Nim,
//! Ferguson §2.5). So a sum is analysed as the sum of its components, never through its
//! canonical form; only a single game value is searched as its canonical form.
//!
//! Three ways, fastest first: Bouton's misère rule when every component is a Nim heap; a
//! search over multisets of heaps when every component is a heap of a built-in heap
//! ruleset; otherwise a search over the sums of the components' own positions.

use super::args::Args;
use super::error::EvalError;
use super::interp::Interpreter;
use super::value::{Key, Value};
use crate::game::Outcome;
use crate::impartial::{DEFAULT_SEARCH_LIMIT, GameSearch, HeapRuleset, ImpartialError};
use crate::syntax::Span;
use rustc_hash::{FxHashMap, FxHashSet};

/// A heap of a built-in heap ruleset: the index of its ruleset and its size.
type Heap = (usize, u64);

/// A sum of components with the player to move, as the misère search remembers it: the
/// sorted numbers of the components (see [`ComponentIds`]) and whether Left is to move.
type SumKey = (Vec<usize>, bool);

/// Numbers for the components met by one misère search: two components get one number
/// exactly when they are the same position of the same game, by the structural key
/// [`Value::key`] (the ruleset's identity and the position's own description). Printed
/// text is never used: two different positions can print alike (a sum prints as its
/// value). A component without a key gets a number of its own, so it is never taken for
/// another.
#[derive(Default)]
pub(crate) struct ComponentIds {
    ids: FxHashMap<Key, usize>,
    next: usize,
}

impl ComponentIds {
    /// The number of a component.
    pub(crate) fn id(&mut self, v: &Value) -> usize {
        let fresh = self.next;
        let id = match v.key() {
            Some(key) => *self.ids.entry(key).or_insert(fresh),
            None => fresh,
        };
        if id == fresh {
            self.next += 1;
        }
        id
    }
}

/// A position on the misère search's path.
struct Frame {
    key: SumKey,
    /// Each move's resulting components and memo key.
    children: Vec<(Vec<Value>, SumKey)>,
    next: usize,
    /// The mover has found a move to a position the other player loses.
    wins: bool,
}

impl Interpreter {
    /// The misère outcome of a value: of a single game, the outcome of its canonical form;
    /// of a position, a sum (`a + b`) or a list of components, the outcome of the sum of the
    /// components as written.
    pub(crate) fn misere_outcome_of(
        &mut self,
        v: &Value,
        span: Span,
    ) -> Result<Outcome, EvalError> {
        if let Value::Misere(g) = v {
            return Ok(if self.misere.is_p_position(*g) {
                Outcome::P
            } else {
                Outcome::N
            });
        }
        if let Value::Game(_) | Value::Number(_) = v {
            let g = self.game_of(v, span)?;
            return Ok(self.store.misere_outcome(g));
        }
        let mut parts = Vec::new();
        self.misere_components(v, &mut parts, span)?;
        if let Some((rules, heaps)) = self.as_heaps(&parts) {
            if rules.iter().all(|r| *r == HeapRuleset::Nim) {
                let sizes = heaps.iter().map(|&(_, n)| n).collect();
                return Ok(crate::impartial::Nim::new(sizes).misere_outcome());
            }
            return self.misere_heaps(&rules, heaps, span);
        }
        let left_first = self.misere_mover_wins(&parts, true, span)?;
        let right_first = self.misere_mover_wins(&parts, false, span)?;
        Ok(match (left_first, right_first) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        })
    }

    /// The components of a sum, flattened: sums and lists are opened, a heap position is
    /// split into its heaps, and plain zeros (no moves) are dropped.
    pub(crate) fn misere_components(
        &mut self,
        v: &Value,
        out: &mut Vec<Value>,
        span: Span,
    ) -> Result<(), EvalError> {
        match v {
            Value::Sum(s) => {
                for x in s.components().iter() {
                    self.misere_components(x, out, span)?;
                }
            }
            Value::List(items) => {
                for x in items.iter() {
                    self.misere_components(x, out, span)?;
                }
            }
            Value::Position(p) => match p.heaps() {
                Some((ruleset, heaps)) => {
                    for n in heaps.into_iter().filter(|&n| n > 0) {
                        let heap = Args::at(vec![Value::number(n)], span);
                        out.push(ruleset.clone().position(self, &heap)?);
                    }
                }
                None => out.push(v.clone()),
            },
            Value::Game(_) | Value::Number(_) => {
                let g = self.game_of(v, span)?;
                if g != self.store.zero() {
                    out.push(Value::Game(g));
                }
            }
            Value::Misere(g) => {
                if *g != self.misere.zero() {
                    out.push(v.clone());
                }
            }
            other => {
                // Report a value that is no game (a string, a function) here.
                self.game_of(other, span)?;
                out.push(other.clone());
            }
        }
        Ok(())
    }

    /// The components as heaps of built-in heap rulesets (a nimber `*n` is a Nim heap), or
    /// `None` if some component is another kind of game.
    fn as_heaps(&mut self, parts: &[Value]) -> Option<(Vec<HeapRuleset>, Vec<Heap>)> {
        let mut rules: Vec<HeapRuleset> = Vec::new();
        let mut heaps = Vec::with_capacity(parts.len());
        let mut index_of = |r: HeapRuleset| match rules.iter().position(|x| *x == r) {
            Some(k) => k,
            None => {
                rules.push(r);
                rules.len() - 1
            }
        };
        for part in parts {
            match part {
                Value::Game(g) => {
                    let n = self.store.as_nimber(*g)?;
                    heaps.push((index_of(HeapRuleset::Nim), n));
                }
                Value::Position(p) => {
                    let (ruleset, hs) = p.heaps()?;
                    let k = index_of(ruleset.heap_rules()?);
                    heaps.extend(hs.iter().map(|&n| (k, n)));
                }
                _ => return None,
            }
        }
        Some((rules, heaps))
    }

    /// Misère outcome of a multiset of heaps, by search (positions are sorted heap lists).
    fn misere_heaps(
        &mut self,
        rules: &[HeapRuleset],
        mut start: Vec<Heap>,
        span: Span,
    ) -> Result<Outcome, EvalError> {
        let interrupt = self.interrupt_flag();
        start.sort_unstable();
        let mut search = GameSearch::new(
            |pos: &Vec<Heap>| -> Result<Vec<Vec<Heap>>, ImpartialError> {
                if interrupt.load(std::sync::atomic::Ordering::Relaxed) {
                    return Err(ImpartialError::Interrupted);
                }
                let mut out = Vec::new();
                for (k, &(r, n)) in pos.iter().enumerate() {
                    for option in rules[r].options(n)? {
                        let mut next: Vec<Heap> = pos[..k].to_vec();
                        next.extend_from_slice(&pos[k + 1..]);
                        next.extend(option.into_iter().filter(|&m| m > 0).map(|m| (r, m)));
                        next.sort_unstable();
                        out.push(next);
                    }
                }
                Ok(out)
            },
        );
        search.misere_outcome(&start).or_else(|e| {
            // Ctrl-C stopped the search: report it as every interruption is (and clear it).
            self.check_interrupt(span)?;
            Err(self.impartial_error(e, span))
        })
    }

    /// Whether the player to move (Left if `left`) wins the sum of `parts` under misère
    /// play, by an iterative search over sums of the components' own positions, memoized
    /// by the sorted numbers of the components (a sum does not depend on their order).
    fn misere_mover_wins(
        &mut self,
        parts: &[Value],
        left: bool,
        span: Span,
    ) -> Result<bool, EvalError> {
        let mut memo: FxHashMap<SumKey, bool> = FxHashMap::default();
        let mut on_path: FxHashSet<SumKey> = FxHashSet::default();
        let mut ids = ComponentIds::default();
        let start_key = misere_key(&mut ids, parts, left);
        let first = self.misere_frame(&mut ids, parts, start_key.clone(), span)?;
        on_path.insert(start_key.clone());
        let mut stack = vec![first];
        while let Some(top) = stack.last_mut() {
            if top.wins || top.next == top.children.len() {
                // The mover wins with no move at all, or with a move to a loss for the other.
                let wins = top.wins || top.children.is_empty();
                let key = top.key.clone();
                stack.pop();
                on_path.remove(&key);
                memo.insert(key, wins);
                continue;
            }
            let (child_parts, child_key) = top.children[top.next].clone();
            if let Some(&child_wins) = memo.get(&child_key) {
                top.next += 1;
                top.wins = !child_wins;
                continue;
            }
            self.check_interrupt(span)?;
            if on_path.contains(&child_key) {
                return Err(self.impartial_error(ImpartialError::Loopy, span));
            }
            if memo.len() + stack.len() > DEFAULT_SEARCH_LIMIT {
                return Err(self.impartial_error(
                    ImpartialError::SearchTooLarge {
                        limit: DEFAULT_SEARCH_LIMIT,
                    },
                    span,
                ));
            }
            let frame = self.misere_frame(&mut ids, &child_parts, child_key.clone(), span)?;
            on_path.insert(child_key);
            stack.push(frame);
        }
        Ok(memo.get(&start_key).copied().unwrap_or(false))
    }

    /// A search frame: the moves of the player named in `key` from the sum of `parts`.
    fn misere_frame(
        &mut self,
        ids: &mut ComponentIds,
        parts: &[Value],
        key: SumKey,
        span: Span,
    ) -> Result<Frame, EvalError> {
        let left = key.1;
        let mut children = Vec::new();
        for (k, part) in parts.iter().enumerate() {
            for m in self.moves_in(part, left, span)? {
                let mut after: Vec<Value> = parts[..k].to_vec();
                after.extend_from_slice(&parts[k + 1..]);
                self.misere_components(&m.to, &mut after, span)?;
                let child_key = misere_key(ids, &after, !left);
                children.push((after, child_key));
            }
        }
        Ok(Frame {
            key,
            children,
            next: 0,
            wins: false,
        })
    }
}

/// The memo key of a sum with `left` (or Right) to move.
fn misere_key(ids: &mut ComponentIds, parts: &[Value], left: bool) -> SumKey {
    let mut numbers: Vec<usize> = parts.iter().map(|p| ids.id(p)).collect();
    numbers.sort_unstable();
    (numbers, left)
}
