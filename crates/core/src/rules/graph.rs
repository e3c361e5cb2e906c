//! Positions from which play can come back: the whole finite graph of positions reachable
//! from one is explored breadth first and solved as a whole. A partizan game's position is
//! the loopy game of that graph ([`crate::game::loopy`]); an impartial game's positions get
//! Smith's generalised Sprague–Grundy values ([`crate::impartial::loopy`]).
//!
//! An option whose value is known ([`Rules::known_value`], or [`Known`] values given by
//! [`Rules`] users through `known`) hangs its value from the graph; an option that splits
//! into several components is a short sum, valued by the short-game search (a loop inside a
//! sum is reported as [`EngineError::Loop`]).

use super::search::{Canonical, Fold, canonical};
use super::{EngineError, ErrorOf, Rules};
use crate::game::GameId;
use crate::game::loopy::{GraphBuilder, LoopyGame, Vertex};
use crate::impartial::loopy::{LoopyGrundy, generalized_grundy};
use rustc_hash::FxHashMap;

/// A value known for an option of a loopy graph.
#[derive(Clone, Debug)]
pub enum Known {
    Short(GameId),
    Loopy(LoopyGame),
    Grundy(LoopyGrundy),
}

/// The value of a position of a game whose positions may repeat.
#[derive(Clone, Debug)]
pub enum LoopyValue<P> {
    /// A partizan game: the loopy game of the graph from the position (not simplified).
    Partizan(LoopyGame),
    /// An impartial game: the generalised Sprague–Grundy value of every position reached,
    /// the position asked for first.
    Impartial(Vec<(P, LoopyGrundy)>),
}

/// What an exploration asks of each option before entering it: its value if it is known
/// (a position of another game, solved on its own).
pub type KnownOption<'a, R> =
    dyn FnMut(&mut R, &<R as Rules>::Position) -> Result<Option<Known>, ErrorOf<R>> + 'a;

/// An option in the explored graph.
enum Target {
    Vertex(u32),
    Known(Known),
}

/// The graph of positions reachable from `root`, then its value. `known` gives the value of
/// an option the exploration should not enter (a position of another game solved on its
/// own); `limit` bounds the number of positions held.
pub fn loopy_value<R: Rules>(
    rules: &mut R,
    root: &R::Position,
    limit: usize,
    known: &mut KnownOption<'_, R>,
) -> Result<LoopyValue<R::Position>, ErrorOf<R>> {
    let impartial = rules.is_impartial();
    let mut index: FxHashMap<R::Position, u32> = FxHashMap::default();
    let mut positions = vec![root.clone()];
    index.insert(root.clone(), 0);
    let mut edges: Vec<[Vec<Target>; 2]> = Vec::new();
    let mut table: FxHashMap<R::Position, GameId> = FxHashMap::default();
    let mut options = Vec::new();
    let mut split = Vec::new();
    let mut next = 0;
    while next < positions.len() {
        rules
            .check(positions.len() - next)
            .map_err(EngineError::Rules)?;
        let p = positions[next].clone();
        let mut sides: [Vec<Target>; 2] = [Vec::new(), Vec::new()];
        let side_count = if impartial { 1 } else { 2 };
        for (side, targets) in sides.iter_mut().enumerate().take(side_count) {
            options.clear();
            rules
                .moves(&p, side == 0, &mut options)
                .map_err(EngineError::Rules)?;
            for q in options.drain(..) {
                if let Some(k) = known(rules, &q)? {
                    targets.push(Target::Known(k));
                    continue;
                }
                if let Some(g) = Canonical.known(rules, &q)? {
                    targets.push(Target::Known(Known::Short(g)));
                    continue;
                }
                split.clear();
                rules
                    .components(&q, &mut split)
                    .map_err(EngineError::Rules)?;
                if split.len() != 1 || split[0] != q {
                    let g = canonical(rules, &mut table, &q)?;
                    targets.push(Target::Known(Known::Short(g)));
                    continue;
                }
                let at = match index.get(&q) {
                    Some(&at) => at,
                    None => {
                        if positions.len() >= limit {
                            return Err(EngineError::TooLarge { limit });
                        }
                        let at = positions.len() as u32;
                        index.insert(q.clone(), at);
                        positions.push(q);
                        at
                    }
                };
                targets.push(Target::Vertex(at));
            }
        }
        edges.push(sides);
        next += 1;
    }
    if impartial {
        let values = smith(rules, &positions, &edges, limit)?;
        return Ok(LoopyValue::Impartial(
            positions.into_iter().zip(values).collect(),
        ));
    }
    let mut builder = GraphBuilder::new();
    let vertices: Vec<Vertex> = (0..positions.len()).map(|_| builder.vertex()).collect();
    for (u, [left, right]) in edges.iter().enumerate() {
        for (is_left, targets) in [(true, left), (false, right)] {
            for t in targets {
                let w = match t {
                    Target::Vertex(at) => vertices[*at as usize],
                    Target::Known(Known::Short(g)) => builder.short(rules.store(), *g),
                    Target::Known(Known::Loopy(g)) => builder.loopy(g),
                    Target::Known(Known::Grundy(LoopyGrundy::Finite(m))) => {
                        let g = rules.store().nimber(*m);
                        builder.short(rules.store(), g)
                    }
                    Target::Known(Known::Grundy(_)) => {
                        return Err(EngineError::NotImpartial(positions[u].clone()));
                    }
                };
                if is_left {
                    builder.left(vertices[u], w);
                } else {
                    builder.right(vertices[u], w);
                }
            }
        }
    }
    Ok(LoopyValue::Partizan(builder.finish(vertices[0])))
}

/// Smith's values of the explored positions: an option that is a nimber `*m` becomes a
/// vertex whose options are the vertices of `*0 … *(m-1)`.
fn smith<R: Rules>(
    rules: &mut R,
    positions: &[R::Position],
    edges: &[[Vec<Target>; 2]],
    limit: usize,
) -> Result<Vec<LoopyGrundy>, ErrorOf<R>> {
    let n = positions.len();
    let mut options: Vec<Vec<u32>> = Vec::with_capacity(n);
    // The vertex of the heap *k is n + k.
    let mut heaps = 0u64;
    for (u, [left, _]) in edges.iter().enumerate() {
        let mut out = Vec::with_capacity(left.len());
        for t in left {
            let m = match t {
                Target::Vertex(at) => {
                    out.push(*at);
                    continue;
                }
                Target::Known(Known::Short(g)) => rules.store().as_nimber(*g),
                Target::Known(Known::Grundy(LoopyGrundy::Finite(m))) => Some(*m),
                Target::Known(_) => None,
            };
            let Some(m) = m else {
                return Err(EngineError::NotImpartial(positions[u].clone()));
            };
            if m >= limit as u64 {
                return Err(EngineError::TooLarge { limit });
            }
            heaps = heaps.max(m + 1);
            out.push((n as u64 + m) as u32);
        }
        options.push(out);
    }
    for k in 0..heaps {
        options.push((0..k).map(|j| (n as u64 + j) as u32).collect());
    }
    let mut values =
        generalized_grundy(&options, || rules.interrupted()).ok_or(EngineError::Interrupted)?;
    values.truncate(n);
    Ok(values)
}
