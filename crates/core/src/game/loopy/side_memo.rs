//! The sides of a loopy game, kept with it once found, and the offside read off the onside
//! when the game is its own negative.
//!
//! A [`super::LoopyGame`] is a value: it is simplified when made (the language stores
//! `simplify`'s result), and simplified again to be printed, compared or summed. Each of
//! those asked for the sides again, and on a game whose sides are not found (a board of
//! 34,650 positions) each attempt took about 1.5 s. The memo keeps each side's answer, an
//! error included, for the graph it was computed on; [`super::LoopyGame::simplify`] hands it
//! on to its result when that result is the same graph, and marks its result as simplified,
//! so that simplifying it again is a copy. The memo is shared by clones and never takes
//! part in equality or hashing (two games are equal by their graphs).
//!
//! When the game graph `G` has the same unfolding from its start as `−G` (a symmetric
//! board: `TTT..FFF` mirrored, toads and frogs exchanged, is its own negative), `G = −G`,
//! so `G⁻ = −((−G)⁺) = −(G⁺)`: the offside is the negative of the onside and is not
//! computed again. Same unfolding is decided by one partition refinement of `G` and `−G`
//! side by side ([`Graph::bisimulation_quotient`]).

use super::LoopyError;
use super::graph::Graph;
use crate::game::GameStore;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

/// A side found, or why it was not.
pub(super) type Side = Result<Graph, LoopyError>;

/// The sides found so far (see the module documentation).
#[derive(Clone, Default)]
pub(crate) struct SideMemo {
    pub(super) onside: Arc<OnceLock<Side>>,
    pub(super) offside: Arc<OnceLock<Side>>,
    /// Whether the game is the result of [`super::LoopyGame::simplify`].
    pub(super) simplest: bool,
}

impl SideMemo {
    /// A fresh memo for a game that is already its own simplest form.
    pub(super) fn simplest() -> SideMemo {
        SideMemo {
            simplest: true,
            ..SideMemo::default()
        }
    }

    /// A memo for a simplest form whose graphs are the ones this memo's sides were found
    /// on: the sides found are handed on.
    pub(super) fn handed_on(&self, onside_too: bool, offside_too: bool) -> SideMemo {
        SideMemo {
            onside: if onside_too {
                self.onside.clone()
            } else {
                Arc::default()
            },
            offside: if offside_too {
                self.offside.clone()
            } else {
                Arc::default()
            },
            simplest: true,
        }
    }
}

impl PartialEq for SideMemo {
    fn eq(&self, _: &SideMemo) -> bool {
        true
    }
}

impl Eq for SideMemo {}

impl Hash for SideMemo {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

impl std::fmt::Debug for SideMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SideMemo")
            .field("onside", &self.onside.get().map(|s| s.is_ok()))
            .field("offside", &self.offside.get().map(|s| s.is_ok()))
            .field("simplest", &self.simplest)
            .finish()
    }
}

/// Whether `g` from vertex 0 has the same unfolding as `−g` from vertex 0 (then the game is
/// its own negative).
pub(super) fn is_own_negative(g: &Graph, store: &GameStore) -> bool {
    let n = g.len();
    if n == 0 {
        return true;
    }
    let (_, block) = with_negative(g).bisimulation_quotient(store);
    block[0] == block[n]
}

/// The graph of `g` and `−g` side by side: vertex `v` of `−g` is `n + v`.
pub(super) fn with_negative(g: &Graph) -> Graph {
    let n = g.len() as u32;
    let shift = |list: &Vec<u32>| list.iter().map(|&w| w + n).collect::<Vec<u32>>();
    let mut both = g.clone();
    both.left.extend(g.right.iter().map(shift));
    both.right.extend(g.left.iter().map(shift));
    both
}
