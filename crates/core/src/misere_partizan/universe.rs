//! Universes of misère play: the sets of games a comparison quantifies over.
//!
//! In misère play `G ≥ H` modulo a universe `U` means `o(G + X) ≥ o(H + X)` for every `X`
//! of `U` (outcomes ordered `L > N, P > R`). A universe is closed under options,
//! disjunctive sums and conjugates. The smaller the universe, the more games are equal:
//!
//! - `general`: every short game (Siegel, "Misère canonical forms of partizan games",
//!   Games of No Chance 4);
//! - `dicot`: games whose every position has moves for both players or for neither
//!   (Dorbec, Renault, Siegel, Sopena, "Dicots, and a taxonomy of ranks for misère games",
//!   J. Combin. Theory Ser. A 130, 2015, §1; Allen);
//! - `dead_ending`: games in which a player who has no move never gets one again: every
//!   end is a dead end (Milley and Renault, "Dead ends in misère play: the misère monoid of
//!   canonical numbers", Discrete Math. 313, 2013, §1; Larsson, Milley, Nowakowski,
//!   Renault, Santos, arXiv:1807.11297, §1).
//!
//! Every dicot is dead-ending (its only end is `0`).

use super::forms::{FormId, Forms};

/// A universe of games.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Universe {
    General,
    Dicot,
    DeadEnding,
}

impl Universe {
    /// All three, from the largest.
    pub const ALL: [Universe; 3] = [Universe::General, Universe::DeadEnding, Universe::Dicot];

    /// Its name in cgt (`general`, `dicot`, `dead_ending`).
    pub fn name(self) -> &'static str {
        match self {
            Universe::General => "general",
            Universe::Dicot => "dicot",
            Universe::DeadEnding => "dead_ending",
        }
    }

    /// The universe named so.
    pub fn named(name: &str) -> Option<Universe> {
        Universe::ALL.into_iter().find(|u| u.name() == name)
    }

    /// Its name in the literature: 𝓜 (all games), 𝓓 (dicots), 𝓔 (dead-ending games).
    pub fn symbol(self) -> &'static str {
        match self {
            Universe::General => "𝓜",
            Universe::Dicot => "𝓓",
            Universe::DeadEnding => "𝓔",
        }
    }

    pub(super) fn code(self) -> u8 {
        self as u8
    }
}

impl Forms {
    /// Whether every position of `g` is in the universe.
    pub fn is_in(&mut self, g: FormId, u: Universe) -> bool {
        match u {
            Universe::General => true,
            Universe::Dicot => self.is_dicot(g),
            Universe::DeadEnding => self.is_dead_ending(g),
        }
    }

    /// A dicot: every position (`g` included) has options for both players or for neither
    /// (DRSS 2015, §1).
    pub fn is_dicot(&mut self, g: FormId) -> bool {
        self.hereditary(g, Universe::Dicot, &|f, x| {
            f.left(x).is_empty() == f.right(x).is_empty()
        })
    }

    /// Whether every position of `g` that is a Left end is a Left *dead* end (Left has no
    /// move there nor in any position after it), and likewise for Right (Milley–Renault
    /// 2013, §1; LMNRS §1).
    pub fn is_dead_ending(&mut self, g: FormId) -> bool {
        self.hereditary(g, Universe::DeadEnding, &|f, x| {
            (!f.is_left_end(x) || f.right(x).iter().all(|&o| f.is_left_end(o)))
                && (!f.is_right_end(x) || f.left(x).iter().all(|&o| f.is_right_end(o)))
        })
    }

    /// Whether `test` holds at `g` and at every position of it. (For dead-ending games
    /// the local test suffices: if every position `x` passes it, a Left end's options are
    /// Left ends that pass it too, so every position after a Left end is one.)
    fn hereditary(
        &mut self,
        g: FormId,
        u: Universe,
        test: &dyn Fn(&Forms, FormId) -> bool,
    ) -> bool {
        if let Some(&m) = self.members.get(&(u.code(), g)) {
            return m;
        }
        super::check_stack();
        let mut ok = test(self, g);
        if ok {
            let opts: Vec<FormId> = self.left(g).iter().chain(self.right(g)).copied().collect();
            ok = opts.into_iter().all(|o| self.hereditary(o, u, test));
        }
        self.members.insert((u.code(), g), ok);
        ok
    }
}
