//! Comparing the onsides of two arbitrary games on their graphs, without finding either
//! side (Siegel, *Combinatorial Game Theory*, VI.4; CGSuite's `LoopyGame.leq(h, onside)`
//! decides the same game by its state marking).
//!
//! `G⁺ ≥ H⁺` exactly when Left, moving second in `G − H`, can play so that she never
//! runs out of moves and every infinite play has infinitely many moves in the component
//! `G` (in `G⁺ + (−H)⁻` infinite play counts for Left in the first component and for
//! Right in the second). That is a Büchi game on the states (position of `G`, position
//! of `−H`, player to move, whether the last move was in `G`), solved here by the
//! classical iteration: the states from which Left cannot force a visit to the target
//! (a move in `G`) form a trap; everything from which Right forces play into the trap is
//! lost for Left and removed; repeat until no trap is left.
//!
//! Each round is one backward pass over the states with counters (linear in the states
//! and moves of the difference), moves and predecessors read from the two graphs, so the
//! memory is a few bytes a state and the difference graph is never built. The test
//! module's oracle (`side_order_tests`) solves the same game by the textbook attractors
//! on an explicit state list.

use super::graph::{Graph, Mover};
use super::{LoopyError, Vertex};
use crate::game::GameStore;

/// Bytes a state of the difference holds while solving (flags and a counter).
const BYTES_PER_STATE: u64 = 6;

/// `G_x⁺ ≥ H_y⁺` for any games `g`, `h` (no side is computed), or an error if the
/// states of `G − H` would pass the memory budget or the work would pass `work` (states
/// visited, counted once a round; what is left is returned in it).
pub(crate) fn onside_geq_at(
    g: &Graph,
    x: Vertex,
    h: &Graph,
    y: Vertex,
    work: &mut u64,
    store: &GameStore,
) -> Result<bool, LoopyError> {
    let (x, y) = (x as usize, y as usize);
    solve(
        g,
        h,
        |arena| vec![arena.id(x, y, false, false)],
        work,
        store,
    )
    .map(|won| won[0])
}

fn too_long() -> LoopyError {
    LoopyError::TooComplex("comparing the onsides of two loopy games took too long".into())
}

/// For every vertex `x` of `g`, whether `G_x⁺ ≥ H_y⁺`; or, with `each_of_g` false, for
/// every vertex `y` of `h` whether `G_x⁺ ≥ H_y⁺`. One solve answers them all; meant for
/// a small `h` (or `g`), such as `on` or `off`.
pub(crate) fn onside_geq_each(
    g: &Graph,
    h: &Graph,
    fixed: Vertex,
    each_of_g: bool,
    work: &mut u64,
    store: &GameStore,
) -> Result<Vec<bool>, LoopyError> {
    let fixed = fixed as usize;
    let starts = |arena: &Arena| -> Vec<usize> {
        if each_of_g {
            (0..g.len())
                .map(|x| arena.id(x, fixed, false, false))
                .collect()
        } else {
            (0..h.len())
                .map(|y| arena.id(fixed, y, false, false))
                .collect()
        }
    };
    solve(g, h, starts, work, store)
}

/// Whether Left survives `G − H` from each of the states `starts` picks, within the
/// memory budget (an error past it) and `work`.
fn solve(
    g: &Graph,
    h: &Graph,
    starts: impl FnOnce(&Arena) -> Vec<usize>,
    work: &mut u64,
    store: &GameStore,
) -> Result<Vec<bool>, LoopyError> {
    let arena = Arena::new(g, h.negate());
    arena.within_budget(BYTES_PER_STATE)?;
    let starts = starts(&arena);
    arena
        .left_survives(&starts, work, store)
        .ok_or_else(too_long)
}

/// The difference `A + B` (`B = −H`) as a Büchi game for Left.
pub(super) struct Arena<'a> {
    a: &'a Graph,
    b: Graph,
    /// Predecessors in `A` and `B` by the mover of the edge: `[left, right]`.
    pred_a: [Vec<Vec<Vertex>>; 2],
    pred_b: [Vec<Vec<Vertex>>; 2],
}

impl<'a> Arena<'a> {
    pub(super) fn new(a: &'a Graph, b: Graph) -> Arena<'a> {
        let (al, ar) = a.predecessors();
        let (bl, br) = b.predecessors();
        Arena {
            a,
            b,
            pred_a: [al, ar],
            pred_b: [bl, br],
        }
    }

    pub(super) fn states(&self) -> usize {
        self.a.len().saturating_mul(self.b.len()).saturating_mul(4)
    }

    /// An error if the states, at `bytes` each, would pass the memory budget.
    pub(super) fn within_budget(&self, bytes: u64) -> Result<(), LoopyError> {
        let states = self.states() as u64;
        match crate::game::budget::exceeded(
            "comparing the onsides of two loopy games",
            states,
            "states",
            states.saturating_mul(bytes),
        ) {
            Some(message) => Err(LoopyError::TooComplex(message)),
            None => Ok(()),
        }
    }

    /// The positions of `A`.
    pub(super) fn a_len(&self) -> usize {
        self.a.len()
    }

    /// Removes Left's move `v → w` of `B` (present), so that the arena is `A + B'`.
    pub(super) fn remove_left_move_of_b(&mut self, v: Vertex, w: Vertex) {
        self.b.left[v as usize].retain(|&x| x != w);
        self.pred_b[0][w as usize].retain(|&x| x != v);
    }

    /// Puts back Left's move `v → w` of `B` taken by [`Arena::remove_left_move_of_b`].
    pub(super) fn restore_left_move_of_b(&mut self, v: Vertex, w: Vertex) {
        self.b.left[v as usize].push(w);
        self.pred_b[0][w as usize].push(v);
    }

    /// A state: the pair, the player to move and whether the last move was in `A`.
    pub(super) fn id(&self, x: usize, y: usize, left_to_move: bool, in_a: bool) -> usize {
        ((x * self.b.len() + y) * 2 + usize::from(left_to_move)) * 2 + usize::from(in_a)
    }

    pub(super) fn left_to_move(s: usize) -> bool {
        (s >> 1) & 1 == 1
    }

    /// Whether the last move into `s` was in `A` (the Büchi target).
    pub(super) fn is_target(s: usize) -> bool {
        s & 1 == 1
    }

    fn pair(&self, s: usize) -> (usize, usize) {
        let p = s >> 2;
        (p / self.b.len(), p % self.b.len())
    }

    pub(super) fn successors(&self, s: usize, mut f: impl FnMut(usize)) {
        let left = Self::left_to_move(s);
        let (x, y) = self.pair(s);
        let mover = if left { Mover::Left } else { Mover::Right };
        for &x2 in self.a.options(x as Vertex, mover) {
            f(self.id(x2 as usize, y, !left, true));
        }
        for &y2 in self.b.options(y as Vertex, mover) {
            f(self.id(x, y2 as usize, !left, false));
        }
    }

    fn moves(&self, s: usize) -> usize {
        let (x, y) = self.pair(s);
        let mover = if Self::left_to_move(s) {
            Mover::Left
        } else {
            Mover::Right
        };
        self.a.options(x as Vertex, mover).len() + self.b.options(y as Vertex, mover).len()
    }

    /// The states with a move to `s` (either value of their own last-move flag).
    pub(super) fn predecessors(&self, s: usize, mut f: impl FnMut(usize)) {
        let left_here = Self::left_to_move(s);
        // The move into `s` was made by the other player.
        let side = usize::from(left_here);
        let (x, y) = self.pair(s);
        if s & 1 == 1 {
            for &x0 in &self.pred_a[side][x] {
                f(self.id(x0 as usize, y, !left_here, false));
                f(self.id(x0 as usize, y, !left_here, true));
            }
        } else {
            for &y0 in &self.pred_b[side][y] {
                f(self.id(x, y0 as usize, !left_here, false));
                f(self.id(x, y0 as usize, !left_here, true));
            }
        }
    }

    /// Whether Left wins from each of the states `starts`: she survives with infinitely
    /// many moves in `A` on every infinite play. Only the states reachable from them are
    /// solved (the others are never live); from a single start the answer is given as
    /// soon as it is lost. `None` when the work runs out.
    fn left_survives(
        &self,
        starts: &[usize],
        work: &mut u64,
        store: &GameStore,
    ) -> Option<Vec<bool>> {
        let n = self.states();
        let mut alive = vec![false; n];
        let mut mark = vec![false; n];
        let mut count = vec![0u32; n];
        // The live states, listed: the reachable ones at first.
        let mut live: Vec<usize> = Vec::new();
        for &s in starts {
            if !std::mem::replace(&mut alive[s], true) {
                live.push(s);
            }
        }
        let mut i = 0;
        while i < live.len() {
            self.successors(live[i], |t| {
                if !alive[t] {
                    alive[t] = true;
                    live.push(t);
                }
            });
            i += 1;
        }
        let reachable = live.len() as u64;
        // Left without a move loses at once: start with those states removed.
        let stuck: Vec<usize> = live
            .iter()
            .copied()
            .filter(|&s| Self::left_to_move(s) && self.moves(s) == 0)
            .collect();
        self.remove_right_attractor(&mut alive, &mut mark, &mut count, &live, stuck, store);
        live.retain(|&s| alive[s]);
        loop {
            if let [start] = starts
                && !alive[*start]
            {
                return Some(vec![false]);
            }
            *work = work.checked_sub(reachable)?;
            store.check_interrupt();
            // Left's attractor of the target within the live states.
            let mut queue = Vec::new();
            for &s in &live {
                mark[s] = false;
                if s & 1 == 1 {
                    mark[s] = true;
                    queue.push(s);
                } else if !Self::left_to_move(s) {
                    let mut live = 0u32;
                    self.successors(s, |t| live += u32::from(alive[t]));
                    count[s] = live;
                    if live == 0 {
                        mark[s] = true;
                        queue.push(s);
                    }
                }
            }
            self.attract(&mut alive, &mut mark, &mut count, queue, true, store);
            let trap: Vec<usize> = live.iter().copied().filter(|&s| !mark[s]).collect();
            if trap.is_empty() {
                return Some(starts.iter().map(|&s| alive[s]).collect());
            }
            self.remove_right_attractor(&mut alive, &mut mark, &mut count, &live, trap, store);
            live.retain(|&s| alive[s]);
        }
    }

    /// Removes from `alive` the states from which Right forces play into `seeds` (live
    /// states, removed too); `live` lists the live states.
    fn remove_right_attractor(
        &self,
        alive: &mut [bool],
        mark: &mut [bool],
        count: &mut [u32],
        live: &[usize],
        seeds: Vec<usize>,
        store: &GameStore,
    ) {
        for &s in live {
            mark[s] = false;
            if Self::left_to_move(s) {
                let mut live = 0u32;
                self.successors(s, |t| live += u32::from(alive[t]));
                count[s] = live;
            }
        }
        for &s in &seeds {
            mark[s] = true;
        }
        self.attract(alive, mark, count, seeds, false, store);
    }

    /// Spreads the attractor of `left` (or of Right) from the marked states in `queue`
    /// through the live ones: a state whose mover is that player is marked when one of its
    /// moves reaches a marked state, the other player's when all its live moves (its
    /// `count`) do. Right's attractor is removed from `alive` as it grows; Left's stays
    /// marked.
    fn attract(
        &self,
        alive: &mut [bool],
        mark: &mut [bool],
        count: &mut [u32],
        mut queue: Vec<usize>,
        left: bool,
        store: &GameStore,
    ) {
        let mut steps = 0usize;
        while let Some(t) = queue.pop() {
            steps += 1;
            if steps.is_multiple_of(1 << 16) {
                store.check_interrupt();
            }
            if !left {
                alive[t] = false;
            }
            self.predecessors(t, |p| {
                if !alive[p] || mark[p] {
                    return;
                }
                let attracted = Self::left_to_move(p) == left || {
                    count[p] -= 1;
                    count[p] == 0
                };
                if attracted {
                    mark[p] = true;
                    queue.push(p);
                }
            });
        }
    }
}
