//! Rulesets written in cgt whose positions repeat. The depth-first solver of
//! [`super::usergame`] meets a position on its own search path; then the whole finite graph
//! of positions reachable from the one asked for is explored, breadth first, and solved as
//! a whole: a partizan ruleset's position is the loopy game of that graph (its simplest
//! form, see [`crate::game::loopy`]), an impartial ruleset's positions get Smith's
//! generalised Sprague–Grundy values ([`crate::impartial::loopy`]).

use super::error::EvalError;
use super::object::Host;
use super::usergame::{UserPosition, UserRules, as_user};
use super::value::{Key, Value};
use crate::game::loopy::{GraphBuilder, Vertex};
use crate::impartial::loopy::generalized_grundy;
use crate::syntax::Span;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// A loopy game as a value: its short form if it has one, else its simplest form.
pub(crate) fn loopy_value(
    store: &mut crate::game::GameStore,
    g: crate::game::loopy::LoopyGame,
) -> Value {
    if let Some(short) = g.to_short(store) {
        return Value::Game(short);
    }
    Value::Loopy(Rc::new(g.simplify(store)))
}

/// A generalised Sprague–Grundy value as a value: finite ones are nimbers.
pub(crate) fn loopy_grundy_value(
    store: &mut crate::game::GameStore,
    g: crate::impartial::loopy::LoopyGrundy,
) -> Value {
    match g {
        crate::impartial::loopy::LoopyGrundy::Finite(m) => Value::Game(store.nimber(m)),
        inf => Value::LoopyNim(Rc::new(inf)),
    }
}

/// A loopy ruleset is explored up to this many positions (the graph is held whole).
pub const MAX_LOOPY_POSITIONS: usize = 2_000_000;

/// An option of a position in the explored graph.
enum Target {
    /// A position of the ruleset being explored, by its index.
    Position(u32),
    /// Anything else: a game, a position of another ruleset, a loopy game.
    Game(Value),
}

/// The graph of positions reachable from one position of a ruleset.
struct Explored {
    positions: Vec<Value>,
    keys: Vec<Key>,
    left: Vec<Vec<Target>>,
    right: Vec<Vec<Target>>,
}

impl dyn Host + '_ {
    /// The value of a position of a loopy ruleset (filled in the ruleset's loopy table for
    /// the positions solved with it).
    pub(crate) fn solve_loopy(
        &mut self,
        rules: &Rc<UserRules>,
        position: &Value,
        key: Key,
        span: Span,
    ) -> Result<Value, EvalError> {
        let graph = self.explore(rules, position, key, span)?;
        if rules.impartial {
            return self.solve_loopy_impartial(rules, &graph, span);
        }
        let v = self.solve_loopy_partizan(&graph, span)?;
        rules.loopy_memo().insert(graph.keys[0].clone(), v.clone());
        Ok(v)
    }

    /// Breadth-first exploration: every position reachable through positions of `rules`.
    fn explore(
        &mut self,
        rules: &Rc<UserRules>,
        position: &Value,
        key: Key,
        span: Span,
    ) -> Result<Explored, EvalError> {
        let mut index: FxHashMap<Key, u32> = FxHashMap::default();
        let mut g = Explored {
            positions: vec![position.clone()],
            keys: vec![key.clone()],
            left: Vec::new(),
            right: Vec::new(),
        };
        index.insert(key, 0);
        let mut next = 0;
        while next < g.positions.len() {
            self.check_interrupt(span)?;
            let p = UserPosition {
                rules: rules.clone(),
                position: g.positions[next].clone(),
            };
            let (left, right) = self.user_moves(&p, span)?;
            let mut sides = [Vec::new(), Vec::new()];
            for (side, options) in [left, right].into_iter().enumerate() {
                for o in options {
                    let user = match &o {
                        Value::Position(q) => as_user(q),
                        _ => None,
                    };
                    let target = match user {
                        Some(q) if Rc::ptr_eq(&q.rules, rules) => {
                            let k = q
                                .position
                                .key()
                                .ok_or_else(|| EvalError::new("this position has no key", span))?;
                            let at = match index.get(&k) {
                                Some(&at) => at,
                                None => {
                                    if g.positions.len() >= MAX_LOOPY_POSITIONS {
                                        return Err(EvalError::new(
                                            format!(
                                                "{} has more than {MAX_LOOPY_POSITIONS} positions \
                                                 reachable from this one",
                                                rules.name()
                                            ),
                                            span,
                                        )
                                        .with_help(
                                            "a loopy ruleset is solved on its whole graph of \
                                             positions, which must fit in memory",
                                        ));
                                    }
                                    let at = g.positions.len() as u32;
                                    index.insert(k.clone(), at);
                                    g.positions.push(q.position.clone());
                                    g.keys.push(k);
                                    at
                                }
                            };
                            Target::Position(at)
                        }
                        Some(q) => Target::Game(self.user_value_or_loopy(q, span)?),
                        None => Target::Game(o.clone()),
                    };
                    sides[side].push(target);
                }
            }
            let [l, r] = sides;
            g.left.push(l);
            g.right.push(r);
            next += 1;
        }
        Ok(g)
    }

    /// The loopy game of the first position of the graph.
    fn solve_loopy_partizan(&mut self, g: &Explored, span: Span) -> Result<Value, EvalError> {
        let mut builder = GraphBuilder::new();
        let vertices: Vec<Vertex> = (0..g.positions.len()).map(|_| builder.vertex()).collect();
        for (u, &v) in vertices.iter().enumerate() {
            for (is_left, targets) in [(true, &g.left[u]), (false, &g.right[u])] {
                for t in targets {
                    let w = match t {
                        Target::Position(at) => vertices[*at as usize],
                        Target::Game(Value::Loopy(l)) => builder.loopy(l),
                        Target::Game(other) => {
                            let h = self.game_of(other, span)?;
                            builder.short(self.store(), h)
                        }
                    };
                    if is_left {
                        builder.left(v, w);
                    } else {
                        builder.right(v, w);
                    }
                }
            }
        }
        Ok(loopy_value(self.store(), builder.finish(vertices[0])))
    }

    /// Generalised Sprague–Grundy values of every position of the graph, recorded in the
    /// ruleset's loopy table (nimbers for finite values); the value of the first.
    fn solve_loopy_impartial(
        &mut self,
        rules: &Rc<UserRules>,
        g: &Explored,
        span: Span,
    ) -> Result<Value, EvalError> {
        let n = g.positions.len();
        let mut options: Vec<Vec<u32>> = vec![Vec::new(); n];
        // Options that are games become extra vertices: a nimber *m is a vertex whose
        // options are *0 … *(m-1); a position already solved as a generalised value
        // cannot be embedded, so it is refused.
        let mut heaps: FxHashMap<u64, u32> = FxHashMap::default();
        let mut extra: Vec<Vec<u32>> = Vec::new();
        for (u, targets) in g.left.iter().enumerate() {
            for t in targets {
                let w = match t {
                    Target::Position(at) => *at,
                    Target::Game(v) => {
                        let m = self.nimber_option(v, span)?;
                        heap_vertex(m, n, &mut heaps, &mut extra)
                    }
                };
                options[u].push(w);
            }
        }
        options.extend(extra);
        let interrupt = self.interrupt_flag();
        let values = generalized_grundy(&options, || {
            interrupt.load(std::sync::atomic::Ordering::Relaxed)
        })
        .ok_or_else(|| EvalError::new("interrupted", span))?;
        let mut memo = rules.loopy_memo();
        let mut start = Value::Unit;
        for (u, (key, v)) in g.keys.iter().zip(values).enumerate() {
            let value = loopy_grundy_value(self.store(), v);
            if u == 0 {
                start = value.clone();
            }
            memo.insert(key.clone(), value);
        }
        Ok(start)
    }

    /// The size of the nimber an option of an impartial loopy ruleset stands for.
    fn nimber_option(&mut self, v: &Value, span: Span) -> Result<u64, EvalError> {
        if let Value::LoopyNim(_) = v {
            return Err(EvalError::new(
                "an option of an impartial loopy ruleset has an infinite generalised \
                 Sprague-Grundy value; write it as a position of the same ruleset",
                span,
            ));
        }
        let g = self.game_of(v, span)?;
        self.store().as_nimber(g).ok_or_else(|| {
            EvalError::new(
                "an option of an impartial ruleset must be a position of it or a nimber",
                span,
            )
        })
    }
}

/// The vertex of the nim-heap `*m` among the extra vertices (numbered from `base`), added
/// with the smaller heaps if needed.
fn heap_vertex(
    m: u64,
    base: usize,
    heaps: &mut FxHashMap<u64, u32>,
    extra: &mut Vec<Vec<u32>>,
) -> u32 {
    if let Some(&v) = heaps.get(&m) {
        return v;
    }
    let options: Vec<u32> = (0..m).map(|k| heap_vertex(k, base, heaps, extra)).collect();
    let v = (base + extra.len()) as u32;
    extra.push(options);
    heaps.insert(m, v);
    v
}
