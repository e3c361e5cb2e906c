//! Green Hackenbush bamboo stalks by their heights: a stalk of `n` is `*n`, a position the
//! nim-sum of its stalks.

use super::registry::{FamilyBuiltin, counts};
use super::{FamilyError, FamilyMoves, ImpartialFamily, list_text};
use crate::rulesets::RulesetError;
use crate::rulesets::picture::Picture;
use crate::rulesets::picture::impartial::{TooLarge, bamboo};
use crate::rulesets::registry::{About, Arg, ArgForm};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// How many moves of a position are listed at most (a stalk of height n has n).
const MOVE_LIMIT: u64 = 1_000_000;

/// Bamboo stalks, by their heights.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bamboo {
    pub stalks: Vec<u64>,
}

impl Bamboo {
    /// The cuts to a position of nim-sum `target`: stalk k of height h to the height
    /// `h ⊕ total ⊕ target` when that is lower.
    pub fn moves_to(&self, target: u64) -> Vec<String> {
        let change = self.stalks.iter().fold(target, |acc, h| acc ^ h);
        self.stalks
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h ^ change < h)
            .map(|(k, &h)| format!("stalk {}: {h} → {}", k + 1, h ^ change))
            .collect()
    }
}

impl ImpartialFamily for Bamboo {
    fn name(&self) -> &'static str {
        "bamboo"
    }

    fn text(&self) -> String {
        format!("bamboo({})", list_text(&self.stalks))
    }

    fn grundy(&self, _: Option<Arc<AtomicBool>>) -> Result<u64, FamilyError> {
        Ok(self.stalks.iter().fold(0, |acc, h| acc ^ h))
    }

    /// Stalk k cut to any lower height, each resulting position once (stalks of equal
    /// heights give the same games).
    fn moves(&self) -> Result<Option<FamilyMoves>, FamilyError> {
        let count = self
            .stalks
            .iter()
            .fold(0u64, |acc, &h| acc.saturating_add(h));
        if count > MOVE_LIMIT {
            return Err(FamilyError {
                message: format!(
                    "these stalks have {count} moves, more than the {MOVE_LIMIT} listed at most"
                ),
                help: Some("winning_moves names the winning cuts without listing every move"),
            });
        }
        let mut out: Vec<Box<dyn ImpartialFamily>> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (k, &h) in self.stalks.iter().enumerate() {
            for j in 0..h {
                let mut after = self.stalks.clone();
                after[k] = j;
                let mut key = after.clone();
                key.sort_unstable();
                if seen.insert(key) {
                    out.push(Box::new(Bamboo { stalks: after }));
                }
            }
        }
        Ok(Some(FamilyMoves {
            left: out,
            right: None,
        }))
    }

    fn winning_moves(&self) -> Result<Vec<String>, FamilyError> {
        Ok(self.moves_to(0))
    }

    fn moves_to_grundy(&self, target: u64) -> Option<Vec<String>> {
        Some(self.moves_to(target))
    }

    fn picture(&self) -> Result<Picture, TooLarge> {
        bamboo(&self.stalks)
    }
}

/// `bamboo(lengths)`.
pub const BUILTIN: FamilyBuiltin = FamilyBuiltin {
    name: "bamboo",
    about: About {
        params: "lengths",
        summary: "Green Hackenbush bamboo stalks of these lengths (a stalk of n is *n)",
        example: ("grundy(bamboo([3, 5, 6]))", "0"),
        args: ArgForm::Custom { min: 1, max: 1 },
    },
    make,
};

fn make(args: &[Arg]) -> Result<Box<dyn ImpartialFamily>, RulesetError> {
    Ok(Box::new(Bamboo {
        stalks: counts(args, 0)?,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every cut of every stalk, as the heights after it, with the move's words.
    fn all_cuts(stalks: &[u64]) -> Vec<(Vec<u64>, String)> {
        let mut out = Vec::new();
        for (k, &h) in stalks.iter().enumerate() {
            for j in 0..h {
                let mut after = stalks.to_vec();
                after[k] = j;
                out.push((after, format!("stalk {}: {h} → {j}", k + 1)));
            }
        }
        out
    }

    #[test]
    fn bamboo_moves_to_a_value_are_the_cuts_of_that_value() {
        let mut positions = vec![vec![]];
        for _ in 0..3 {
            let mut next = Vec::new();
            for p in &positions {
                for h in 0..6 {
                    let mut q: Vec<u64> = p.clone();
                    q.push(h);
                    next.push(q);
                }
            }
            positions.extend(next);
        }
        for stalks in &positions {
            let b = Bamboo {
                stalks: stalks.clone(),
            };
            for target in 0..8 {
                let by_search: Vec<String> = all_cuts(stalks)
                    .into_iter()
                    .filter(|(after, _)| after.iter().fold(0, |a, h| a ^ h) == target)
                    .map(|(_, words)| words)
                    .collect();
                assert_eq!(b.moves_to(target), by_search, "{stalks:?}");
            }
            // Each resulting game once: as many moves as distinct sorted results.
            let mut distinct: Vec<Vec<u64>> = all_cuts(stalks)
                .into_iter()
                .map(|(mut after, _)| {
                    after.sort_unstable();
                    after
                })
                .collect();
            distinct.sort();
            distinct.dedup();
            let listed = match b.moves() {
                Ok(Some(m)) => m.left.len(),
                _ => usize::MAX,
            };
            assert_eq!(listed, distinct.len(), "{stalks:?}");
        }
    }
}
