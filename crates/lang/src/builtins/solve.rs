//! `solve(g)`: who wins a position moving first and moving second, by the engine's outcome
//! solver ([`crate::rules::solve`]) instead of its canonical form, for positions too big
//! for one. A board game of the registry is searched on its own rules (components,
//! symmetries); any other game the language holds (a ruleset written in cgt, a sum, a
//! game) through its moves as `left_moves` sees them, its components the terms of sums.

use super::Topic;
use super::typed::{At, Typed};
use crate::game::GameStore;
use crate::rules::{Database, DatabaseError, EngineError, Rules, Searcher, Solution, SolveOptions};
use crate::syntax::Span;
use crate::values::algebra::ValueAlgebra as _;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::host::Host;
use crate::values::value::Key;
use crate::values::value::Value;
use num_bigint::BigInt;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

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
    let db = options.database.clone().map(|path| Database {
        path,
        game: "cgt".to_string(),
    });
    let mut searcher = Searcher::new(options);
    let db_error = |e: DatabaseError| EvalError::new(e.to_string(), span);
    if let Some(db) = &db {
        searcher.load(db).map_err(db_error)?;
    }
    let found = searcher.solve(&mut rules, &root);
    // What was proven is saved even when the search stopped early.
    if let Some(db) = &db {
        searcher.save(db).map_err(db_error)?;
    }
    match found {
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

/// A string argument with where it was written.
type Text = At<Rc<str>>;

pub const SOLVE: Typed<(Value, Option<At<BigInt>>, Option<Text>)> = Typed {
    name: "solve",
    topic: Topic::Rulesets,
    params: "g, limit, database",
    summary: "who wins g moving first and second, by a search that splits g into components and values the small ones exactly (those whose canonical form takes at most limit positions, 2000 if left out; 0 for none), for positions too big for a canonical form: a map of the outcome, the winner with Left and with Right moving first, and the work done; with a database file, the positions proven by earlier runs are loaded from it and the ones proven now saved to it (also when the search is stopped)",
    example: ("solve(domineering(4, 4))[\"outcome\"]", "N"),
    run: |i, a, (g, limit, database)| {
        let mut options = SolveOptions::default();
        if let Some(At { value, span }) = limit {
            options.component_limit = usize::try_from(&value)
                .map_err(|_| EvalError::new("expected a count of positions (0 or more)", span))?;
        }
        options.database = database.map(|d| std::path::PathBuf::from(&*d.value));
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

/// A winning strategy of the board game's position `v` with Left (`left_first`) or Right
/// moving first, as a strategy file (`docs/strategy-format.md`), on the game's own rules.
fn strategy_file(
    host: &mut dyn Host,
    v: &Value,
    left_first: bool,
    span: Span,
) -> Result<String, EvalError> {
    let not_board = || {
        EvalError::new(
            "expected a position of a board game such as domineering(4, 4)",
            span,
        )
    };
    let Value::Game(GameValue::Position(p)) = v else {
        return Err(not_board());
    };
    let name = p.game_name();
    let game = crate::rulesets::registry::board_rulesets()
        .into_iter()
        .find(|g| g.name() == name)
        .ok_or_else(not_board)?;
    let Value::Str(text) = p.written(host) else {
        return Err(not_board());
    };
    game.strategy(
        host.store(),
        &text,
        left_first,
        SolveOptions::default(),
        crate::rules::StrategyOptions::default(),
    )
    .map_err(|e| EvalError::new(e.to_string(), span))
}

pub const STRATEGY: Typed<(Value, Text, Option<Text>)> = Typed {
    name: "strategy",
    topic: Topic::Rulesets,
    params: "g, first, file",
    summary: "a winning strategy of the board game position g with first (\"Left\" or \"Right\") moving first, for whoever wins: the text of a strategy file (docs/strategy-format.md; also written to file if given), the winner's move in every position its play reaches against any reply, positions with few moves left cut off with their values, for the independent checker cgt-strategy-check",
    example: (
        "split(split(strategy(domineering(\".|.|.\"), \"Left\"), \"\\n\")[4], \"\\t\")[1]",
        "\"Left\"",
    ),
    run: |i, a, (g, first, file)| {
        let left_first = match &*first.value {
            "Left" => true,
            "Right" => false,
            _ => {
                return Err(EvalError::new(
                    "expected \"Left\" or \"Right\", who moves first",
                    first.span,
                ));
            }
        };
        let text = strategy_file(i, &g, left_first, a.span(0))?;
        if let Some(At { value: path, span }) = file {
            std::fs::write(&*path, &text)
                .map_err(|e| EvalError::new(format!("cannot write {path}: {e}"), span))?;
        }
        Ok(Value::Str(text.into()))
    },
};

pub(super) fn register(r: &mut super::Registry) {
    r.add(SOLVE);
    r.add(STRATEGY);
}
