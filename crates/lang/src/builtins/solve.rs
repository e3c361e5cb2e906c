//! `solve(g)`: who wins a position moving first and moving second, by the engine's outcome
//! solver ([`crate::rules::solve`]) instead of its canonical form, for positions too big
//! for one. A board game of the registry is searched on its own rules (components,
//! symmetries); any other game the language holds (a ruleset written in cgt, a sum, a
//! game) through its moves as `left_moves` sees them, its components the terms of sums.

use super::Topic;
use super::typed::{At, Typed};
use crate::game::GameStore;
use crate::rules::{EngineError, Rules, Searcher, Solution, SolveOptions};
use crate::syntax::Span;
use crate::values::algebra::ValueAlgebra as _;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::host::Host;
use crate::values::value::Key;
use crate::values::value::Value;
use num_bigint::BigInt;
use std::hash::{Hash, Hasher};

/// A component: a game value with its structural key ([`Value::key`]), or, for a value
/// without one, a number of its own (equal to nothing else, so never taken for another).
#[derive(Clone, Debug)]
struct Item {
    value: Value,
    key: Result<Key, u64>,
}

impl PartialEq for Item {
    fn eq(&self, other: &Item) -> bool {
        self.key == other.key
    }
}

impl Eq for Item {}

impl Hash for Item {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.key.hash(h);
    }
}

/// The session seen as the engine's rules for the games it holds.
struct HostRules<'h> {
    host: &'h mut dyn Host,
    span: Span,
    /// The next number for a value without a key.
    serial: u64,
}

impl HostRules<'_> {
    fn item(&mut self, value: Value) -> Item {
        let key = value.key().ok_or_else(|| {
            self.serial += 1;
            self.serial
        });
        Item { value, key }
    }
}

impl Rules for HostRules<'_> {
    type Position = Item;
    type Error = EvalError;

    fn moves(&mut self, p: &Item, left: bool, out: &mut Vec<Item>) -> Result<(), EvalError> {
        for m in self.host.moves_in(&p.value, left, self.span)? {
            let item = self.item(m.result);
            out.push(item);
        }
        Ok(())
    }

    fn store(&mut self) -> &mut GameStore {
        self.host.store()
    }

    /// The terms of sums and lists, each split in turn.
    fn components(&mut self, p: &Item, out: &mut Vec<Item>) -> Result<(), EvalError> {
        let mut stack = vec![p.value.clone()];
        while let Some(v) = stack.pop() {
            match &v {
                Value::Game(GameValue::Sum(s)) => stack.extend(s.components().iter().cloned()),
                Value::List(items) => stack.extend(items.iter().cloned()),
                _ => {
                    let item = self.item(v);
                    out.push(item);
                }
            }
        }
        Ok(())
    }

    /// A game or a number is its own value.
    fn known_value(&mut self, p: &Item) -> Result<Option<crate::game::GameId>, EvalError> {
        match &p.value {
            Value::Game(GameValue::Short(g)) => Ok(Some(*g)),
            Value::Number(_) => self.host.game_of(&p.value, self.span).map(Some),
            Value::Game(GameValue::Position(_) | GameValue::Sum(_)) | Value::List(_) => Ok(None),
            other => self.host.game_of(other, self.span).map(Some),
        }
    }

    fn check(&mut self, _open: usize) -> Result<(), EvalError> {
        self.host.check_interrupt(self.span)
    }
}

/// Who wins `v`, by its family's solver or through its moves.
fn solution(
    host: &mut dyn Host,
    v: &Value,
    options: SolveOptions,
    span: Span,
) -> Result<Solution, EvalError> {
    if let Value::Game(GameValue::Position(p)) = v
        && !p.may_be_loopy()
        && let Some(s) = p.solve(host, &options, span)?
    {
        return Ok(s);
    }
    let mut rules = HostRules {
        host,
        span,
        serial: 0,
    };
    let root = rules.item(v.clone());
    match Searcher::new(options).solve(&mut rules, &root) {
        Ok(s) => Ok(s),
        Err(EngineError::Rules(e)) => Err(e),
        Err(EngineError::Loop(p)) => {
            let shown = rules.host.position_text(&p.value);
            Err(EvalError::new(
                format!("the position {shown} can be reached from itself"),
                span,
            )
            .with_help("solve is for short games; `outcome` gives the outcome of a loopy one"))
        }
        Err(EngineError::TooLarge { limit }) => Err(EvalError::new(
            format!("the search would open more than {limit} positions"),
            span,
        )),
        Err(EngineError::NotImpartial(p)) => {
            let shown = rules.host.position_text(&p.value);
            Err(EvalError::new(format!("{shown} is not impartial"), span))
        }
        Err(EngineError::Interrupted) => Err(EvalError::new("interrupted", span)),
    }
}

fn winner(left_wins: bool) -> Value {
    Value::Str(if left_wins { "Left" } else { "Right" }.into())
}

pub const SOLVE: Typed<(Value, Option<At<BigInt>>)> = Typed {
    name: "solve",
    topic: Topic::Rulesets,
    params: "g, limit",
    summary: "who wins g moving first and second, by a search that splits g into components and values the small ones exactly (those whose canonical form takes at most limit positions, 2000 if left out; 0 for none), for positions too big for a canonical form: a map of the outcome, the winner with Left and with Right moving first, and the work done",
    example: ("solve(domineering(4, 4))[\"outcome\"]", "N"),
    run: |i, a, (g, limit)| {
        let mut options = SolveOptions::default();
        if let Some(At { value, span }) = limit {
            options.component_limit = usize::try_from(&value)
                .map_err(|_| EvalError::new("expected a count of positions (0 or more)", span))?;
        }
        let s = solution(i, &g, options, a.span(0))?;
        let st = s.stats;
        let key = |k: &str| Value::Str(k.into());
        let pairs = vec![
            (key("outcome"), Value::Outcome(s.outcome())),
            (key("left_first"), winner(s.left_first)),
            (key("right_first"), winner(!s.right_first)),
            (key("positions"), Value::number(st.positions)),
            (key("table_hits"), Value::number(st.table_hits)),
            (key("exact"), Value::number(st.exact)),
            (key("pruned"), Value::number(st.pruned)),
            (key("depth"), Value::number(st.max_depth as u64)),
            (key("components"), Value::number(st.components as u64)),
            (
                key("canonical_positions"),
                Value::number(st.canonical_positions),
            ),
        ];
        i.map_of(pairs, a.span(0))
    },
};

pub(super) fn register(r: &mut super::Registry) {
    r.add(SOLVE);
}
