//! Positions of concrete impartial games as language values: heap games (built-in or
//! defined by a cgt function), and the families with their own theory (Nim's relatives,
//! Green Hackenbush, Northcott's game: [`crate::families`], each through the one trait
//! [`ImpartialFamily`], with no case per family here). A position prints and adds as its
//! value (the nimber of its Grundy value) but keeps its own structure, so `winning_moves`
//! can answer in the position's own terms.

use crate::families::{FamilyError, ImpartialFamily};
use crate::game::{GameId, Outcome};
use crate::impartial::{
    HeapMove, HeapOptions, HeapRuleset, HeapSolver, ImpartialError, UserHeapRules,
};
use crate::rulesets::picture::{Picture, impartial as draw};
use crate::syntax::Span;
use crate::values::args::Args;
use crate::values::convert::expect_list;
use crate::values::convert::expect_u64;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::object::Host;
use crate::values::object::PositionObject;
use crate::values::object::RulesetObject;
use crate::values::value::FamilyKey;
use crate::values::value::Key;
use crate::values::value::Value;
use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;

/// A heap ruleset with its cache of Grundy values (kept for the whole session).
pub struct Ruleset {
    /// How the ruleset is written: `kayles`, `subtraction([1,3,4])`.
    pub name: String,
    pub kind: RulesetKind,
}

pub enum RulesetKind {
    Builtin(Box<RefCell<HeapSolver>>),
    /// Moves of a heap given by a cgt function from `n` to a list of options, each option
    /// a heap size or a list of heap sizes.
    User {
        moves: Value,
        rules: RefCell<UserHeapRules>,
    },
}

impl std::fmt::Debug for Ruleset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<ruleset {}>", self.name)
    }
}

impl Ruleset {
    pub fn builtin(name: String, rules: HeapRuleset, host: &dyn Host) -> Ruleset {
        let mut solver = HeapSolver::new(rules);
        solver.set_interrupt_flag(host.interrupt_flag());
        Ruleset {
            name,
            kind: RulesetKind::Builtin(Box::new(RefCell::new(solver))),
        }
    }
}

/// A position of an impartial game.
#[derive(Debug)]
pub enum Position {
    Heaps {
        ruleset: Rc<Ruleset>,
        heaps: Vec<u64>,
    },
    /// A position of a family with its own theory.
    Family(Box<dyn ImpartialFamily>),
}

/// A family's error as a language error at `span`.
fn family_error(e: FamilyError, span: Span) -> EvalError {
    let error = EvalError::new(e.message, span);
    match e.help {
        Some(help) => error.with_help(help),
        None => error,
    }
}

/// An impartial-library error as a language error at `span`.
pub fn impartial_error(e: ImpartialError, span: Span) -> EvalError {
    EvalError::new(e.to_string(), span)
}

/// The heap ruleset a ruleset value is, if it is one.
pub fn heap_ruleset(r: &Rc<dyn RulesetObject>) -> Option<Rc<Ruleset>> {
    r.clone().as_any_rc().downcast::<Ruleset>().ok()
}

/// The options of heap `n` under a ruleset given by a cgt function, written into `out` (no
/// allocation per option).
fn write_heap_options(
    host: &mut dyn Host,
    moves: &Value,
    n: u64,
    span: Span,
    out: &mut HeapOptions,
) -> Result<(), EvalError> {
    let result = host.call(moves, Args::at(vec![Value::number(n)], span))?;
    let list = expect_list(&result, span)?;
    for option in list.iter() {
        match option {
            Value::List(hs) => {
                for h in hs.iter() {
                    out.push_heap(expect_u64(h, span, "a heap size")?);
                }
            }
            single => out.push_heap(expect_u64(single, span, "a heap size")?),
        }
        out.end_option();
    }
    Ok(())
}

/// The options of heap `n` under a ruleset given by a cgt function.
fn user_heap_options(
    host: &mut dyn Host,
    moves: &Value,
    n: u64,
    span: Span,
) -> Result<Vec<Vec<u64>>, EvalError> {
    let mut out = HeapOptions::new();
    write_heap_options(host, moves, n, span, &mut out)?;
    Ok(out.iter().map(<[u64]>::to_vec).collect())
}

impl Ruleset {
    /// The options of heap `n`: each a list of the heaps it leaves.
    pub fn options(
        &self,
        host: &mut dyn Host,
        n: u64,
        span: Span,
    ) -> Result<Vec<Vec<u64>>, EvalError> {
        match &self.kind {
            RulesetKind::Builtin(solver) => solver
                .borrow()
                .ruleset()
                .options(n)
                .map_err(|e| impartial_error(e, span)),
            RulesetKind::User { moves, .. } => user_heap_options(host, moves, n, span),
        }
    }

    /// Grundy values of heaps `range`.
    pub fn values(
        &self,
        host: &mut dyn Host,
        range: std::ops::RangeInclusive<u64>,
        span: Span,
    ) -> Result<Vec<u64>, EvalError> {
        match &self.kind {
            RulesetKind::Builtin(solver) => solver
                .borrow_mut()
                .nim_values(range)
                .map_err(|e| impartial_error(e, span)),
            RulesetKind::User { moves, rules } => {
                // The function may call back into the interpreter, so the cache is taken
                // out while it runs and put back afterwards.
                let mut cache = std::mem::take(&mut *rules.borrow_mut());
                let result = cache.nim_values_with(range, |n, out| {
                    write_heap_options(host, moves, n, span, out)
                });
                *rules.borrow_mut() = cache;
                result
            }
        }
    }

    /// The Grundy value of heap `n` (a large heap of a built-in ruleset by its period, if
    /// one is proven).
    pub fn grundy(&self, host: &mut dyn Host, n: u64, span: Span) -> Result<u64, EvalError> {
        match &self.kind {
            RulesetKind::Builtin(solver) => solver
                .borrow_mut()
                .grundy(n)
                .map_err(|e| impartial_error(e, span)),
            RulesetKind::User { .. } => Ok(self.values(host, 0..=n, span)?[n as usize]),
        }
    }

    /// The Grundy value of a position of several heaps.
    pub fn grundy_of_heaps(
        &self,
        host: &mut dyn Host,
        heaps: &[u64],
        span: Span,
    ) -> Result<u64, EvalError> {
        match &self.kind {
            RulesetKind::Builtin(solver) => solver
                .borrow_mut()
                .grundy_of_heaps(heaps)
                .map_err(|e| impartial_error(e, span)),
            RulesetKind::User { .. } => {
                let last = heaps.iter().copied().max().unwrap_or(0);
                let values = self.values(host, 0..=last, span)?;
                Ok(heaps.iter().fold(0, |acc, &h| acc ^ values[h as usize]))
            }
        }
    }

    fn winning_moves(
        &self,
        host: &mut dyn Host,
        heaps: &[u64],
        span: Span,
    ) -> Result<Vec<HeapMove>, EvalError> {
        match &self.kind {
            RulesetKind::Builtin(solver) => solver
                .borrow_mut()
                .winning_moves(heaps)
                .map_err(|e| impartial_error(e, span)),
            RulesetKind::User { moves, rules } => {
                let mut cache = std::mem::take(&mut *rules.borrow_mut());
                let result =
                    cache.winning_moves(heaps, |n| user_heap_options(host, moves, n, span));
                *rules.borrow_mut() = cache;
                result
            }
        }
    }

    /// The options of heap `n` of Grundy value `wanted`.
    fn moves_to_value(
        &self,
        host: &mut dyn Host,
        n: u64,
        wanted: u64,
        span: Span,
    ) -> Result<Vec<Vec<u64>>, EvalError> {
        match &self.kind {
            RulesetKind::Builtin(solver) => solver
                .borrow_mut()
                .moves_to_value(n, wanted)
                .map_err(|e| impartial_error(e, span)),
            RulesetKind::User { moves, .. } => {
                let mut found = Vec::new();
                for option in user_heap_options(host, moves, n, span)? {
                    if self.grundy_of_heaps(host, &option, span)? == wanted {
                        found.push(option);
                    }
                }
                Ok(found)
            }
        }
    }
}

impl Ruleset {
    /// The Grundy values of the listed heaps: a contiguous range is computed as a sequence,
    /// other lists heap by heap (using a proven period for huge heaps).
    pub fn values_at(
        &self,
        host: &mut dyn Host,
        heaps: &[u64],
        span: Span,
    ) -> Result<Vec<u64>, EvalError> {
        let first = heaps[0];
        let last = heaps[heaps.len() - 1];
        let contiguous = heaps.windows(2).all(|w| w[1] == w[0] + 1);
        if contiguous {
            return self.values(host, first..=last, span);
        }
        match &self.kind {
            RulesetKind::Builtin(_) => heaps.iter().map(|&n| self.grundy(host, n, span)).collect(),
            RulesetKind::User { .. } => {
                let max = heaps.iter().copied().max().unwrap_or(0);
                let table = self.values(host, 0..=max, span)?;
                Ok(heaps.iter().map(|&n| table[n as usize]).collect())
            }
        }
    }

    /// The preperiod and period of a built-in ruleset's Grundy sequence, with the proof;
    /// `None` for a ruleset given by a function, of which no period can be proven.
    /// With `heaps`, the search looks at the values `G(0..heaps)`, at most as far as
    /// [`Ruleset::period_search_limit`].
    pub fn period(
        &self,
        heaps: Option<u64>,
        span: Span,
    ) -> Result<Option<crate::impartial::PeriodSearch>, EvalError> {
        match &self.kind {
            RulesetKind::Builtin(solver) => {
                let mut solver = solver.borrow_mut();
                let found = match heaps {
                    Some(n) => solver.period_within(n),
                    None => solver.period(),
                };
                match found {
                    Ok(found) => Ok(Some(found)),
                    // No theorem applies (Grundy's game): no period is proven, as when a
                    // search finds none; the values G(0..OBSERVED_SEARCH) are what is looked at.
                    Err(ImpartialError::NoPeriodTheorem(_)) => {
                        Ok(Some(crate::impartial::PeriodSearch::NotFound {
                            searched_up_to: crate::impartial::OBSERVED_SEARCH - 1,
                        }))
                    }
                    Err(e) => Err(impartial_error(e, span)),
                }
            }
            RulesetKind::User { .. } => Ok(None),
        }
    }

    /// How far a period search of a built-in ruleset may look (the memory budget's share
    /// for octal games); `None` for a ruleset given by a function.
    pub fn period_search_limit(&self) -> Option<u64> {
        match &self.kind {
            RulesetKind::Builtin(solver) => Some(solver.borrow().search_limit()),
            RulesetKind::User { .. } => None,
        }
    }
}

impl Ruleset {
    /// The (arithmetic) period the Grundy values of a built-in ruleset show up to at least
    /// `len` heaps, when none is proven (evidence, not proof; see `tb_period`); `None` for a
    /// ruleset given by a function, or when the values show none.
    pub fn observed_period(
        &self,
        len: u64,
        span: Span,
    ) -> Result<Option<crate::impartial::ObservedPeriod>, EvalError> {
        match &self.kind {
            RulesetKind::Builtin(solver) => solver
                .borrow_mut()
                .observed_period(len)
                .map_err(|e| impartial_error(e, span)),
            RulesetKind::User { .. } => Ok(None),
        }
    }
}

/// Heap sizes from one size or a list of sizes.
fn heaps_of(v: &Value, span: Span) -> Result<Vec<u64>, EvalError> {
    match v {
        Value::List(items) => items
            .iter()
            .map(|x| expect_u64(x, span, "a heap size"))
            .collect(),
        other => Ok(vec![expect_u64(other, span, "a heap size")?]),
    }
}

impl RulesetObject for Ruleset {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_rc(self: Rc<Self>) -> Rc<dyn Any> {
        self
    }

    fn printed(&self) -> String {
        self.name.clone()
    }

    fn describe(&self) -> String {
        match &self.kind {
            RulesetKind::Builtin(_) => format!("a heap ruleset ({})", self.name),
            RulesetKind::User { .. } => format!("a heap ruleset written in cgt ({})", self.name),
        }
    }

    fn is_impartial(&self) -> bool {
        true
    }

    /// `R(7)` or `R([10,20,30])`.
    fn position(self: Rc<Self>, _host: &mut dyn Host, a: &Args) -> Result<Value, EvalError> {
        if a.values.len() != 1 {
            return Err(EvalError::new(
                format!("{} takes one heap size or a list of heap sizes", self.name),
                a.call,
            ));
        }
        let heaps = heaps_of(&a.values[0], a.span(0))?;
        Ok(Position::Heaps {
            ruleset: self,
            heaps,
        }
        .into_value())
    }

    fn forget_tables(&self) -> Option<usize> {
        match &self.kind {
            RulesetKind::User { moves, rules } => {
                let fresh = UserHeapRules::new();
                let held = std::mem::replace(&mut *rules.borrow_mut(), fresh);
                let heaps = held.values().len();
                Some(heaps + moves.forget_memo().unwrap_or(0))
            }
            RulesetKind::Builtin(_) => None,
        }
    }

    fn heap_rules(&self) -> Option<HeapRuleset> {
        match &self.kind {
            RulesetKind::Builtin(solver) => Some(solver.borrow().ruleset().clone()),
            RulesetKind::User { .. } => None,
        }
    }
}

/// `[1,2,3]`, as positions are written back.
fn list_text(v: &[u64]) -> String {
    let parts: Vec<String> = v.iter().map(u64::to_string).collect();
    format!("[{}]", parts.join(","))
}

impl Position {
    /// The position as a language value.
    pub fn into_value(self) -> Value {
        Value::Game(GameValue::Position(Rc::new(self)))
    }

    /// The Grundy value.
    fn grundy_number(&self, host: &mut dyn Host, span: Span) -> Result<u64, EvalError> {
        Ok(match self {
            Position::Heaps { ruleset, heaps } => {
                return ruleset.grundy_of_heaps(host, heaps, span);
            }
            Position::Family(f) => f
                .grundy(Some(host.interrupt_flag()))
                .map_err(|e| family_error(e, span))?,
        })
    }

    /// The moves of a heap position in its own terms: each resulting position once.
    fn heap_moves(
        &self,
        host: &mut dyn Host,
        ruleset: &Rc<Ruleset>,
        heaps: &[u64],
        span: Span,
    ) -> Result<Vec<Value>, EvalError> {
        let mut out = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (k, &n) in heaps.iter().enumerate() {
            for option in ruleset.options(host, n, span)? {
                let mut after: Vec<u64> = heaps[..k].to_vec();
                after.extend(option.iter().copied().filter(|&h| h > 0));
                after.extend_from_slice(&heaps[k + 1..]);
                // Equal heaps give the same position: list each resulting position once.
                let mut key = after.clone();
                key.sort_unstable();
                if seen.insert(key) {
                    out.push(
                        Position::Heaps {
                            ruleset: ruleset.clone(),
                            heaps: after,
                        }
                        .into_value(),
                    );
                }
            }
        }
        Ok(out)
    }
}

/// A nimber as cgt prints it: `0`, `*`, `*2`.
fn nimber_text(n: u64) -> String {
    match n {
        0 => "0".to_string(),
        1 => "*".to_string(),
        n => format!("*{n}"),
    }
}

impl PositionObject for Position {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn game_name(&self) -> String {
        match self {
            Position::Heaps { ruleset, .. } => ruleset.name.clone(),
            Position::Family(f) => f.name().into(),
        }
    }

    /// Northcott's players move checkers of their own colour; its value is still a nimber
    /// (the gaps are Nim heaps).
    fn is_impartial(&self) -> bool {
        match self {
            Position::Heaps { .. } => true,
            Position::Family(f) => f.is_impartial(),
        }
    }

    /// `kayles(7)`, `nim([13,12,8])`.
    fn text(&self, _host: &mut dyn Host) -> String {
        match self {
            Position::Heaps { ruleset, heaps } if heaps.len() <= 1 => {
                format!("{}({})", ruleset.name, heaps.first().copied().unwrap_or(0))
            }
            Position::Heaps { ruleset, heaps } => {
                format!("{}({})", ruleset.name, list_text(heaps))
            }
            Position::Family(f) => f.text(),
        }
    }

    fn value(&self, host: &mut dyn Host, span: Span) -> Result<GameId, EvalError> {
        let n = self.grundy_number(host, span)?;
        Ok(host.store().nimber(n))
    }

    fn grundy(&self, host: &mut dyn Host, span: Span) -> Result<Option<u64>, EvalError> {
        self.grundy_number(host, span).map(Some)
    }

    fn outcome(&self, host: &mut dyn Host, span: Span) -> Result<Outcome, EvalError> {
        if let Position::Family(f) = self
            && let Some(outcome) = f.outcome()
        {
            return Ok(outcome);
        }
        let g = self.grundy_number(host, span)?;
        Ok(if g == 0 { Outcome::P } else { Outcome::N })
    }

    /// Its value, or how it is written when that cannot be computed.
    fn show(&self, host: &mut dyn Host) -> String {
        match self.value(host, Span::default()) {
            Ok(g) => host.display(g),
            Err(_) => self.text(host),
        }
    }

    /// Heap positions, Northcott boards (White is Left, Black is Right) and bamboo stalks
    /// in their own terms; the other impartial games by the options of their value.
    fn moves(
        &self,
        host: &mut dyn Host,
        span: Span,
    ) -> Result<(Vec<Value>, Vec<Value>), EvalError> {
        let to = match self {
            Position::Heaps { ruleset, heaps } => self.heap_moves(host, ruleset, heaps, span)?,
            Position::Family(f) => {
                let own = f.moves().map_err(|e| family_error(e, span))?;
                if let Some(own) = own {
                    let values = |side: Vec<Box<dyn ImpartialFamily>>| -> Vec<Value> {
                        side.into_iter()
                            .map(|p| Position::Family(p).into_value())
                            .collect()
                    };
                    let left = values(own.left);
                    let right = match own.right {
                        Some(right) => values(right),
                        None => left.clone(),
                    };
                    return Ok((left, right));
                }
                let n = self.grundy_number(host, span)?;
                (0..n)
                    .map(|m| Value::short(host.store().nimber(m)))
                    .collect()
            }
        };
        Ok((to.clone(), to))
    }
    fn names_its_moves(&self) -> bool {
        true
    }

    fn winning_moves(
        &self,
        host: &mut dyn Host,
        span: Span,
    ) -> Result<Option<Vec<String>>, EvalError> {
        let moves: Vec<String> = match self {
            Position::Heaps { ruleset, heaps } => ruleset
                .winning_moves(host, heaps, span)?
                .iter()
                .map(ToString::to_string)
                .collect(),
            Position::Family(f) => f.winning_moves().map_err(|e| family_error(e, span))?,
        };
        Ok(Some(moves.into_iter().map(|m| host.arrows(m)).collect()))
    }

    /// Heap positions in their own terms (a move in one heap, to any option of the value
    /// needed, even a larger one: a move in one heap changes the value by that heap's
    /// change, whatever the others); other positions by the change of value, which exists
    /// when `target` is smaller (mex).
    fn moves_to_grundy(
        &self,
        host: &mut dyn Host,
        target: u64,
        span: Span,
    ) -> Result<Option<Vec<String>>, EvalError> {
        let own = match self {
            Position::Family(f) => f.moves_to_grundy(target),
            Position::Heaps { .. } => None,
        };
        if own.is_some() {
            return Ok(own);
        }
        let Position::Heaps { ruleset, heaps } = self else {
            let g = self.grundy_number(host, span)?;
            return Ok(Some(if target < g {
                vec![format!("{} → {}", nimber_text(g), nimber_text(target))]
            } else {
                vec![]
            }));
        };
        let mut values = Vec::with_capacity(heaps.len());
        for &n in heaps {
            values.push(ruleset.grundy_of_heaps(host, &[n], span)?);
        }
        let total = values.iter().fold(0, |acc, v| acc ^ v);
        let mut out = Vec::new();
        for (h, (&n, &g)) in heaps.iter().zip(&values).enumerate() {
            let wanted = target ^ total ^ g;
            for to in ruleset.moves_to_value(host, n, wanted, span)? {
                let parts: Vec<String> =
                    to.iter().filter(|&&m| m > 0).map(u64::to_string).collect();
                let to = if parts.is_empty() {
                    "0".to_string()
                } else {
                    parts.join(" + ")
                };
                out.push(format!("heap {}: {n} → {to}", h + 1));
            }
        }
        Ok(Some(out))
    }

    /// A heap position by its ruleset and heaps; the other families, each one fixed game,
    /// by their name and their whole state (as `Debug` writes it: every field, exactly).
    fn key(&self) -> Option<Key> {
        Some(match self {
            Position::Heaps { ruleset, heaps } => Key::Position(
                FamilyKey::Shared(ruleset.clone()),
                Box::new(Key::List(
                    heaps.iter().map(|&h| Key::Int(h as i64)).collect(),
                )),
            ),
            Position::Family(f) => Key::Position(
                FamilyKey::Named(f.name()),
                Box::new(Key::Str(format!("{f:?}").into())),
            ),
        })
    }

    fn heaps(&self) -> Option<(Rc<dyn RulesetObject>, Vec<u64>)> {
        match self {
            Position::Heaps { ruleset, heaps } => Some((ruleset.clone(), heaps.clone())),
            _ => None,
        }
    }

    /// Each family as the books draw it (see [`crate::rulesets::picture::impartial`]).
    fn picture(&self, _host: &mut dyn Host, span: Span) -> Result<Option<Picture>, EvalError> {
        let drawn = match self {
            Position::Heaps { heaps, .. } => draw::heaps(heaps),
            Position::Family(f) => f.picture(),
        };
        drawn.map(Some).map_err(|e| {
            EvalError::new(e.to_string(), span).with_help("the position plus 0 is its value")
        })
    }
}
