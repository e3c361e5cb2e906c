//! One heap rule behind one trait: [`HeapRule`] says how a heap may be moved in (its
//! options as the heaps each leaves), how the rule prints, its code if it has one, and which
//! theorem proves its periods if any. The engines of [`crate::impartial::HeapSolver`]
//! (Grundy values, value tables, periods, winning moves), the misère searches and
//! quotients ([`crate::impartial::heap_misere`], [`crate::impartial::quotient`]) and the
//! naive check ([`crate::impartial::naive_nim_values`]) take any rule through
//! [`HeapRuleset::rule`], with no case per rule.
//!
//! A new heap rule is one file with a type and `impl HeapRule`; it becomes a ruleset by
//! `HeapRuleset::rule(MyRule)` (and a built-in by one line in the games crate's
//! `heap_rules` registry). Without a fast engine its values are the mex over its listed
//! options, heap by heap, up to [`MAX_RULE_HEAP`].
//!
//! The rulesets given by codes (Nim, subtraction games, octal and generalised codes,
//! spawning codes) are variants of [`HeapRuleset`], because their parsers choose the engine
//! by the code; a rule with its own fast engine ([`grundys_game`]) supplies it through
//! [`HeapRule::engine`], which only this crate's engines can fill.

pub mod grundys_game;
#[cfg(test)]
mod squares_test;

use super::error::ImpartialError;
use super::grown::{GrownSequence, GrowthRule};
use super::ruleset::{HeapRuleset, MAX_ENUMERATED_OPTIONS};
use super::sparse::TakeBreakRules;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The largest heap whose value is tabulated for a rule without a fast engine (each heap
/// lists all its options).
pub const MAX_RULE_HEAP: u64 = 1 << 14;

/// The rules of a one-heap impartial game. A position is a list of heaps, a move replaces
/// one heap by the heaps [`HeapRule::options`] lists, and a position's value is the nim-sum
/// of its heaps' values.
pub trait HeapRule: fmt::Debug + Send + Sync {
    /// The expression that builds the ruleset, as it prints: `grundys_game`. Two rules that
    /// print the same are the same ruleset.
    fn expression(&self) -> String;

    /// The code in CGSuite's normal form (`4!.0`), if the rule has one.
    fn code(&self) -> Option<String> {
        None
    }

    /// Every option of a heap of `n`: each the list of the non-empty heaps it leaves (empty
    /// when the whole heap is taken), each option once. An error
    /// ([`ImpartialError::HeapTooLarge`]) rather than more than `limit` options.
    fn options(&self, n: u64, limit: u64) -> Result<Vec<Vec<u64>>, ImpartialError>;

    /// The theorem that proves the periods of the rule's values; an error saying why there
    /// is none (the default: no theorem, so `period` reports only what the values show).
    fn period_test(&self) -> Result<PeriodTest, ImpartialError> {
        Err(ImpartialError::NoPeriodTheorem(format!(
            "no theorem proves the periods of {} (the period built-in reports a period the \
             values show, unproven)",
            self.expression()
        )))
    }

    /// A fast engine for the values, built only by this crate (`None`: the mex over the
    /// listed options).
    fn engine(&self) -> Option<Engine> {
        None
    }
}

/// The theorem that proves a rule's periods from its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeriodTest {
    /// A subtraction game whose largest removal is `window`: the values repeat once
    /// `window` consecutive values do.
    Repetition { window: usize },
    /// The Guy–Smith theorem for a take-and-break game removing at most `removal` tokens
    /// and leaving at most `heaps` heaps, any of them (no constraint on a split).
    GuySmith { removal: usize, heaps: usize },
}

/// A fast engine for a rule's values, made inside this crate.
pub struct Engine(pub(crate) TakeBreakRules);

impl Engine {
    /// The sparse-space engine of take-and-break games.
    pub(crate) fn take_break(rules: TakeBreakRules) -> Engine {
        Engine(rules)
    }

    pub(crate) fn rules(self) -> TakeBreakRules {
        self.0
    }
}

/// A heap rule as a value of [`HeapRuleset`]: shared, and compared and hashed by how it
/// prints.
#[derive(Clone)]
pub struct SharedRule(Arc<dyn HeapRule>);

impl SharedRule {
    pub fn new(rule: impl HeapRule + 'static) -> SharedRule {
        SharedRule(Arc::new(rule))
    }

    pub fn get(&self) -> &dyn HeapRule {
        &*self.0
    }
}

impl fmt::Debug for SharedRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl PartialEq for SharedRule {
    fn eq(&self, other: &SharedRule) -> bool {
        self.0.expression() == other.0.expression()
    }
}

impl Eq for SharedRule {}

impl Hash for SharedRule {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.expression().hash(state);
    }
}

/// The values of a rule without a fast engine: the mex over its listed options.
pub(crate) struct ByOptions(pub SharedRule);

/// The values of a rule without a fast engine, computed in order and kept.
pub(crate) type RuleSequence = GrownSequence<ByOptions>;

impl GrowthRule for ByOptions {
    const MAX_HEAP: u64 = MAX_RULE_HEAP;
    const TABLE: &'static str = "a table of Grundy values of a rule listing its options";
    const VALUE: &'static str = "a Grundy value of a rule listing its options";

    fn value_at(&self, values: &[u32], n: u64) -> Result<u64, ImpartialError> {
        let mut reached = Vec::new();
        for option in self.0.get().options(n, MAX_ENUMERATED_OPTIONS)? {
            let mut v = 0u32;
            for &h in &option {
                // A rule leaving a heap not smaller than the one moved from never ends.
                let value = usize::try_from(h)
                    .ok()
                    .filter(|&h| (h as u64) < n)
                    .map(|h| values[h])
                    .ok_or_else(|| ImpartialError::InvalidCode {
                        code: self.0.get().expression(),
                        reason: format!("a heap of {n} has an option leaving a heap of {h}"),
                    })?;
                v ^= value;
            }
            let v = v as usize;
            if v >= reached.len() {
                reached.resize(v + 1, false);
            }
            reached[v] = true;
        }
        Ok(reached.iter().position(|&r| !r).unwrap_or(reached.len()) as u64)
    }
}

impl HeapRuleset {
    /// The ruleset of a heap rule (see [`HeapRule`]).
    pub fn rule(rule: impl HeapRule + 'static) -> HeapRuleset {
        HeapRuleset::Rule(SharedRule::new(rule))
    }
}
