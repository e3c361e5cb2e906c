//! Small components: the canonical form of a component, searched with a bound on the
//! positions it may open, so that the outcome solver replaces a component by its value
//! only when that is cheap.
//!
//! The canonical search ([`super::super::canonical`]) runs on [`Limited`], the rules with a
//! counter in [`Rules::check`]: past the bound it stops with [`Stop::Limit`]. The table of
//! canonical forms keeps only finished components, so an attempt that stops still leaves
//! the values of the sub-components it finished for the next attempt. A component found
//! too big is remembered (by its fingerprint) and not tried again.

use super::super::{EngineError, ErrorOf, Rules, canonical};
use crate::game::{GameId, GameStore};
use crate::wld::WldOutcome;
use rustc_hash::{FxHashMap, FxHashSet};

/// Why a bounded canonical search stopped.
#[derive(Debug)]
pub(crate) enum Stop<E> {
    /// The rules failed.
    Rules(E),
    /// The search would open more positions than the bound.
    Limit,
}

/// The rules `R` with a bound on the positions a search opens.
pub(crate) struct Limited<'r, R> {
    pub rules: &'r mut R,
    pub opened: usize,
    pub limit: usize,
}

impl<R: Rules> Rules for Limited<'_, R> {
    type Position = R::Position;
    type Error = Stop<R::Error>;

    fn moves(
        &mut self,
        p: &R::Position,
        left: bool,
        out: &mut Vec<R::Position>,
    ) -> Result<(), Self::Error> {
        self.rules.moves(p, left, out).map_err(Stop::Rules)
    }

    fn store(&mut self) -> &mut GameStore {
        self.rules.store()
    }

    fn is_impartial(&self) -> bool {
        self.rules.is_impartial()
    }

    fn components(
        &mut self,
        p: &R::Position,
        out: &mut Vec<R::Position>,
    ) -> Result<(), Self::Error> {
        self.rules.components(p, out).map_err(Stop::Rules)
    }

    fn normal_form(&self, p: &R::Position) -> (R::Position, bool) {
        self.rules.normal_form(p)
    }

    fn is_dead(&self, p: &R::Position) -> bool {
        self.rules.is_dead(p)
    }

    fn known_value(&mut self, p: &R::Position) -> Result<Option<GameId>, Self::Error> {
        self.rules.known_value(p).map_err(Stop::Rules)
    }

    fn ending(&mut self, p: &R::Position) -> Result<Option<WldOutcome>, Self::Error> {
        self.rules.ending(p).map_err(Stop::Rules)
    }

    fn check(&mut self, open: usize) -> Result<(), Self::Error> {
        self.rules.check(open).map_err(Stop::Rules)?;
        self.opened += 1;
        if self.opened > self.limit {
            return Err(Stop::Limit);
        }
        Ok(())
    }

    fn solved(&mut self, p: &R::Position) {
        self.rules.solved(p);
    }

    fn interrupted(&self) -> bool {
        self.rules.interrupted()
    }
}

/// The canonical forms of the components found small, and the fingerprints of those found
/// too big.
pub(crate) struct SmallValues<P> {
    pub table: FxHashMap<P, GameId>,
    pub big: FxHashSet<u128>,
    /// Positions opened by the bounded searches (their cost).
    pub opened: u64,
}

impl<P> Default for SmallValues<P> {
    fn default() -> Self {
        SmallValues {
            table: FxHashMap::default(),
            big: FxHashSet::default(),
            opened: 0,
        }
    }
}

impl<P: Clone + Eq + std::hash::Hash> SmallValues<P> {
    /// The canonical form of the component `c` (fingerprint `fp`) if a search of at most
    /// `limit` positions finds it; `None` when it is too big. `max_entries` bounds the
    /// table (it is emptied past it: it only spares work).
    pub fn value<R: Rules<Position = P>>(
        &mut self,
        rules: &mut R,
        c: &P,
        fp: u128,
        limit: usize,
        max_entries: usize,
    ) -> Result<Option<GameId>, ErrorOf<R>> {
        if limit == 0 || self.big.contains(&fp) {
            return Ok(None);
        }
        if self.table.len() > max_entries {
            self.table.clear();
        }
        if self.big.len() > max_entries {
            self.big.clear();
        }
        let mut limited = Limited {
            rules,
            opened: 0,
            limit,
        };
        let found = canonical(&mut limited, &mut self.table, c);
        self.opened += limited.opened as u64;
        match found {
            Ok(v) => Ok(Some(v)),
            Err(EngineError::Rules(Stop::Limit)) => {
                self.big.insert(fp);
                Ok(None)
            }
            Err(EngineError::Rules(Stop::Rules(e))) => Err(EngineError::Rules(e)),
            Err(EngineError::Loop(p)) => Err(EngineError::Loop(p)),
            Err(EngineError::TooLarge { limit }) => Err(EngineError::TooLarge { limit }),
            Err(EngineError::NotImpartial(p)) => Err(EngineError::NotImpartial(p)),
            Err(EngineError::Interrupted) => Err(EngineError::Interrupted),
        }
    }
}
