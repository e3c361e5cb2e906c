//! Grundy values of heap rulesets whose value at `n` is computed from the values of the
//! smaller heaps by a rule of their own (spawning codes, listed take-and-break codes): the
//! table grows heap by heap, polls Ctrl-C at each heap and stops at the rule's limit.

use super::error::ImpartialError;
use std::sync::atomic::{AtomicBool, Ordering};

/// A rule giving the Grundy value of heap `n` from those of heaps `0..n`.
pub(crate) trait GrowthRule {
    /// The largest heap whose value is kept.
    const MAX_HEAP: u64;
    /// What the table is, for the error past [`GrowthRule::MAX_HEAP`].
    const TABLE: &'static str;
    /// What one value is, for the error when it does not fit 32 bits.
    const VALUE: &'static str;

    /// The Grundy value of heap `n`, given `values[h]` for every `h < n`.
    fn value_at(&self, values: &[u32], n: u64) -> Result<u64, ImpartialError>;
}

/// The Grundy values of a [`GrowthRule`], computed in order and kept.
#[derive(Clone, Debug)]
pub(crate) struct GrownSequence<R> {
    rule: R,
    values: Vec<u32>,
}

impl<R: GrowthRule> GrownSequence<R> {
    pub fn new(rule: R) -> GrownSequence<R> {
        GrownSequence {
            rule,
            values: vec![0],
        }
    }

    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// Computes the values up to heap `last` (an error past the rule's limit, on an
    /// interrupt, or when a value does not fit 32 bits).
    pub fn extend_to(
        &mut self,
        last: u64,
        interrupt: Option<&AtomicBool>,
    ) -> Result<(), ImpartialError> {
        if last > R::MAX_HEAP {
            return Err(ImpartialError::HeapTooLarge {
                heap: last,
                limit: R::MAX_HEAP,
                what: R::TABLE,
            });
        }
        while (self.values.len() as u64) <= last {
            if interrupt.is_some_and(|f| f.swap(false, Ordering::Relaxed)) {
                return Err(ImpartialError::Interrupted);
            }
            let n = self.values.len() as u64;
            let v = self.rule.value_at(&self.values, n)?;
            let v = u32::try_from(v).map_err(|_| ImpartialError::HeapTooLarge {
                heap: n,
                limit: u64::from(u32::MAX),
                what: R::VALUE,
            })?;
            self.values.push(v);
        }
        Ok(())
    }
}
