//! The short-game search: a value built from the values of each position's options, with
//! the position split into components, each brought to its normal form and memoized.
//!
//! [`fold`] is the one search; a [`Fold`] says what is built ([`Canonical`] forms in the
//! [`GameStore`](crate::game::GameStore), [`Grundy`] values, or misère forms elsewhere) and a
//! [`Table`] where solved components are kept (a hash map, or one shared among threads).
//!
//! The search is depth first with an explicit stack. Four stacks hold the work of every
//! open position: the options the rules gave (Left's, then Right's), the values of the
//! options looked at so far, the components of all its options whose values were not known
//! without a search (in normal form), and where each option's components end. Every option
//! is split when its position is opened, so that the table can be asked ahead for all of
//! them ([`Table::prefetch`]): the look-ups of one position's 20 or 30 components then wait
//! for memory together. The options are then added up one at a time, in order, each
//! component found in the table or searched. A position whose options all have values
//! becomes a value itself, is recorded in the table and handed to the position below it on
//! the stack.

use super::{EngineError, ErrorOf, Rules};
use crate::game::GameId;
use crate::impartial::mex;
use rustc_hash::FxHashSet;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};

/// What the search builds: a value for each position from its options' values, added up
/// over components.
pub trait Fold<R: Rules> {
    type Value: Copy;

    /// The value of a sum of no components.
    fn zero(&mut self, rules: &mut R) -> Self::Value;

    /// The value of a component known without a search, if it is.
    fn known(&mut self, rules: &mut R, p: &R::Position) -> Result<Option<Self::Value>, ErrorOf<R>>;

    /// The value of a sum.
    fn add(&mut self, rules: &mut R, a: Self::Value, b: Self::Value) -> Self::Value;

    /// The value of the position with the players' roles swapped.
    fn neg(&mut self, rules: &mut R, a: Self::Value) -> Self::Value;

    /// The value of a position from its options' values: Left's and Right's (`None` for an
    /// impartial game, whose options are Left's).
    fn node(
        &mut self,
        rules: &mut R,
        left: &[Self::Value],
        right: Option<&[Self::Value]>,
    ) -> Self::Value;
}

/// Where solved components are kept, by their normal forms.
pub trait Table<R: Rules, V> {
    fn get(&mut self, rules: &mut R, p: &R::Position) -> Option<V>;
    fn insert(&mut self, rules: &mut R, p: R::Position, v: V);

    /// A hint that `p` will be looked up soon: a table may start loading where it would be
    /// found. What it returns is handed back to [`Table::get_hinted`] when `p` is looked up
    /// (a table that keeps `p` by a word computes the word once). The default does nothing.
    fn prefetch(&mut self, _rules: &mut R, _p: &R::Position) -> Option<u64> {
        None
    }

    /// [`Table::get`] of a position announced by [`Table::prefetch`], with what it returned.
    fn get_hinted(&mut self, rules: &mut R, p: &R::Position, _hint: Option<u64>) -> Option<V> {
        self.get(rules, p)
    }

    /// The value of the negative of `p` (announced, with `hint`), if the table kept it
    /// ([`Table::keep_negative`]): a table may keep it beside `p`'s value, sparing the
    /// search a negation for each look-up of `p` in a transposed image. The default keeps
    /// none.
    fn get_negative(&mut self, _rules: &mut R, _p: &R::Position, _hint: Option<u64>) -> Option<V> {
        None
    }

    /// Offers `v`, the value of the negative of `p` (announced, with `hint`), to be kept
    /// while `p` is. The default keeps nothing.
    fn keep_negative(&mut self, _rules: &mut R, _p: &R::Position, _hint: Option<u64>, _v: V) {}
}

/// The value of the component `p` (announced, with `hint`), negated when `negate`, if the
/// table has it; a negative computed here is offered back to the table.
fn look_up<R: Rules, F: Fold<R>, T: Table<R, F::Value>>(
    rules: &mut R,
    f: &mut F,
    table: &mut T,
    (p, negate, hint): &Part<R::Position>,
) -> Option<F::Value> {
    if !*negate {
        return table.get_hinted(rules, p, *hint);
    }
    if let Some(v) = table.get_negative(rules, p, *hint) {
        return Some(v);
    }
    let v = table.get_hinted(rules, p, *hint)?;
    let v = f.neg(rules, v);
    table.keep_negative(rules, p, *hint, v);
    Some(v)
}

impl<R: Rules, V: Copy, S: BuildHasher> Table<R, V> for HashMap<R::Position, V, S>
where
    R::Position: Hash + Eq,
{
    fn get(&mut self, _: &mut R, p: &R::Position) -> Option<V> {
        HashMap::get(self, p).copied()
    }

    fn insert(&mut self, _: &mut R, p: R::Position, v: V) {
        HashMap::insert(self, p, v);
    }
}

/// Canonical forms in the rules' store.
pub struct Canonical;

impl<R: Rules> Fold<R> for Canonical {
    type Value = GameId;

    fn zero(&mut self, rules: &mut R) -> GameId {
        rules.store().zero()
    }

    fn known(&mut self, rules: &mut R, p: &R::Position) -> Result<Option<GameId>, ErrorOf<R>> {
        if rules.is_dead(p) {
            return Ok(Some(rules.store().zero()));
        }
        rules.known_value(p).map_err(EngineError::Rules)
    }

    fn add(&mut self, rules: &mut R, a: GameId, b: GameId) -> GameId {
        rules.store().add(a, b)
    }

    fn neg(&mut self, rules: &mut R, a: GameId) -> GameId {
        rules.store().neg(a)
    }

    fn node(&mut self, rules: &mut R, left: &[GameId], right: Option<&[GameId]>) -> GameId {
        rules.store().canonical(left, right.unwrap_or(left))
    }
}

/// Grundy values of an impartial game (a known value must be a nimber).
pub struct Grundy;

impl<R: Rules> Fold<R> for Grundy {
    type Value = u64;

    fn zero(&mut self, _: &mut R) -> u64 {
        0
    }

    fn known(&mut self, rules: &mut R, p: &R::Position) -> Result<Option<u64>, ErrorOf<R>> {
        if rules.is_dead(p) {
            return Ok(Some(0));
        }
        match rules.known_value(p).map_err(EngineError::Rules)? {
            None => Ok(None),
            Some(g) => match rules.store().as_nimber(g) {
                Some(n) => Ok(Some(n)),
                None => Err(EngineError::NotImpartial(p.clone())),
            },
        }
    }

    fn add(&mut self, _: &mut R, a: u64, b: u64) -> u64 {
        a ^ b
    }

    fn neg(&mut self, _: &mut R, a: u64) -> u64 {
        a
    }

    fn node(&mut self, _: &mut R, left: &[u64], _: Option<&[u64]>) -> u64 {
        mex(left.iter().copied())
    }
}

/// The canonical form of `p`.
pub fn canonical<R: Rules, T: Table<R, GameId>>(
    rules: &mut R,
    table: &mut T,
    p: &R::Position,
) -> Result<GameId, ErrorOf<R>> {
    fold(rules, &mut Canonical, table, p)
}

/// The Grundy value of `p`, a position of an impartial game (only Left's moves are asked
/// for).
pub fn grundy<R: Rules, T: Table<R, u64>>(
    rules: &mut R,
    table: &mut T,
    p: &R::Position,
) -> Result<u64, ErrorOf<R>> {
    fold(rules, &mut Grundy, table, p)
}

/// The moves of Left (`left`) or Right from `p` that win in normal play: to positions whose
/// value the mover wins moving second (`≥ 0` for Left, `≤ 0` for Right).
pub fn winning_moves<R: Rules, T: Table<R, GameId>>(
    rules: &mut R,
    table: &mut T,
    p: &R::Position,
    left: bool,
) -> Result<Vec<R::Position>, ErrorOf<R>> {
    let mut options = Vec::new();
    let side = left || rules.is_impartial();
    rules
        .moves(p, side, &mut options)
        .map_err(EngineError::Rules)?;
    let mut out = Vec::new();
    for q in options {
        let v = canonical(rules, table, &q)?;
        let store = rules.store();
        let zero = store.zero();
        let wins = if left {
            store.geq(v, zero)
        } else {
            store.leq(v, zero)
        };
        if wins {
            out.push(q);
        }
    }
    Ok(out)
}

/// A position being solved (or, with no key, the position asked for, as the one option of
/// a frame that is not memoized).
struct Frame<P, V> {
    key: Option<P>,
    /// How many of its options are Left's.
    left: usize,
    options: usize,
    first_option: usize,
    /// The option to look at next.
    next: usize,
    first_value: usize,
    /// The components of every option of this frame start here on the parts stack, and the
    /// options' splits on the splits stack.
    first_part: usize,
    first_split: usize,
    /// The components of option `next` still to add up are `parts[low..high]`, the last
    /// one first.
    low: usize,
    high: usize,
    /// The sum of the components of option `next` looked at so far; `None` before the
    /// option is started.
    sum: Option<V>,
}

/// Where an option's components end on the parts stack, and the sum of those of its
/// components whose values were known without a search.
type Split<V> = (usize, V);

/// A component of an option on the parts stack: its normal form, whether that is the
/// negative of the component, and what the table's [`Table::prefetch`] returned for it.
type Part<P> = (P, bool, Option<u64>);

/// Splits each of `options` into components: those whose values are known are added up
/// at once, the others brought to normal form and pushed on `parts` (their table entries
/// asked for ahead, [`Table::prefetch`], so that the look-ups of one position's options
/// wait for memory together instead of one after the other), one [`Split`] per option.
#[allow(clippy::too_many_arguments)]
fn split_options<R: Rules, F: Fold<R>, T: Table<R, F::Value>>(
    rules: &mut R,
    f: &mut F,
    table: &mut T,
    options: &[R::Position],
    buffer: &mut Vec<R::Position>,
    parts: &mut Vec<Part<R::Position>>,
    splits: &mut Vec<Split<F::Value>>,
) -> Result<(), ErrorOf<R>> {
    for q in options {
        buffer.clear();
        rules.components(q, buffer).map_err(EngineError::Rules)?;
        let mut s = f.zero(rules);
        for c in buffer.drain(..) {
            match f.known(rules, &c)? {
                Some(v) => s = f.add(rules, s, v),
                None => {
                    let (key, negate) = rules.normal_form(&c);
                    let hint = table.prefetch(rules, &key);
                    parts.push((key, negate, hint));
                }
            }
        }
        splits.push((parts.len(), s));
    }
    Ok(())
}

/// The value `f` builds for `root`: the sum of its components' values, each found in the
/// table or computed from its options' values (see the module documentation).
pub fn fold<R: Rules, F: Fold<R>, T: Table<R, F::Value>>(
    rules: &mut R,
    f: &mut F,
    table: &mut T,
    root: &R::Position,
) -> Result<F::Value, ErrorOf<R>> {
    let impartial = rules.is_impartial();
    let mut options = vec![root.clone()];
    let mut values: Vec<F::Value> = Vec::new();
    let mut parts: Vec<Part<R::Position>> = Vec::new();
    let mut splits: Vec<Split<F::Value>> = Vec::new();
    let mut path: FxHashSet<R::Position> = FxHashSet::default();
    let mut buffer = Vec::new();
    split_options(
        rules,
        f,
        table,
        &options,
        &mut buffer,
        &mut parts,
        &mut splits,
    )?;
    let mut frames: Vec<Frame<R::Position, F::Value>> = vec![Frame {
        key: None,
        left: 1,
        options: 1,
        first_option: 0,
        next: 0,
        first_value: 0,
        first_part: 0,
        first_split: 0,
        low: 0,
        high: 0,
        sum: None,
    }];
    while let Some(top) = frames.last_mut() {
        let Some(sum) = top.sum else {
            if top.next == top.options {
                // Every option has its value.
                let vs = &values[top.first_value..];
                let Some(key) = top.key.take() else {
                    return Ok(vs[0]);
                };
                let v = if impartial {
                    f.node(rules, vs, None)
                } else {
                    let (l, r) = vs.split_at(top.left);
                    f.node(rules, l, Some(r))
                };
                values.truncate(top.first_value);
                options.truncate(top.first_option);
                parts.truncate(top.first_part);
                splits.truncate(top.first_split);
                frames.pop();
                path.remove(&key);
                rules.solved(&key);
                table.insert(rules, key, v);
                // The frame below was waiting for this component, the last of its option's
                // components still to add up.
                if let Some(below) = frames.last_mut()
                    && let Some(s) = below.sum
                    && below.high > below.low
                {
                    below.high -= 1;
                    let (p, negate, hint) = &parts[below.high];
                    let v = if *negate {
                        let v = f.neg(rules, v);
                        table.keep_negative(rules, p, *hint, v);
                        v
                    } else {
                        v
                    };
                    below.sum = Some(f.add(rules, s, v));
                }
                continue;
            }
            // Start option `next`: its components, split when the frame opened.
            let i = top.first_split + top.next;
            let (high, s) = splits[i];
            top.low = if top.next == 0 {
                top.first_part
            } else {
                splits[i - 1].0
            };
            top.high = high;
            top.sum = Some(s);
            continue;
        };
        if top.high == top.low {
            // Option `next` is added up.
            values.push(sum);
            top.sum = None;
            top.next += 1;
            continue;
        }
        if let Some(v) = look_up(rules, f, table, &parts[top.high - 1]) {
            top.high -= 1;
            top.sum = Some(f.add(rules, sum, v));
            continue;
        }
        let key = &parts[top.high - 1].0;
        if path.contains(key) {
            return Err(EngineError::Loop(key.clone()));
        }
        let key = key.clone();
        rules.check(frames.len()).map_err(EngineError::Rules)?;
        let first_option = options.len();
        rules
            .moves(&key, true, &mut options)
            .map_err(EngineError::Rules)?;
        let left = options.len() - first_option;
        if !impartial {
            rules
                .moves(&key, false, &mut options)
                .map_err(EngineError::Rules)?;
        }
        let (first_part, first_split) = (parts.len(), splits.len());
        split_options(
            rules,
            f,
            table,
            &options[first_option..],
            &mut buffer,
            &mut parts,
            &mut splits,
        )?;
        path.insert(key.clone());
        frames.push(Frame {
            key: Some(key),
            left,
            options: options.len() - first_option,
            first_option,
            next: 0,
            first_value: values.len(),
            first_part,
            first_split,
            low: first_part,
            high: first_part,
            sum: None,
        });
    }
    unreachable!("the root's frame returns its value before the stack empties")
}
