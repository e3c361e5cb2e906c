//! The order of sides decided on the game graph itself, as an oracle for the sides the
//! engine computes (issue 30).
//!
//! The definition (Siegel, *Combinatorial Game Theory*, ch. VI.4, and CGSuite's
//! `LoopyGame.leq(h, onside)`, whose state marking, `markGoodStates`, plays it out): for
//! any games `G` and `H`, `G⁺ ≥ H⁺` when Left, moving second in `G − H`, can play so
//! that she never runs out of moves and every infinite play has infinitely many moves in
//! the component `G`. (In `G⁺ − H⁺ = G⁺ + (−H)⁻` infinite play counts for Left in the
//! first component and for Right in the second.) The offsides are the mirror image:
//! `G⁻ ≥ H⁻` exactly when `(−H)⁺ ≥ (−G)⁺`.
//!
//! Here that is a Büchi game on the states (position of `G`, position of `H`, player to
//! move, whether the last move was in `G`), solved by the classical attractor iteration,
//! written without any of the engine's comparisons, sidling or simplification. A side
//! `S` (a stopper) is then checked exactly: `S = G⁺` when `G⁺ ≥ S` and `S ≥ G⁺`, both on
//! the graph of `G` and `S` together.

use super::graph::{Graph, Mover};
use super::stability_tests::random_graph;
use super::*;
use crate::game::{Dyadic, GameStore};
use proptest::prelude::*;

/// A state of the Büchi game, or one of the two sinks that end a play.
#[derive(Clone, Copy)]
struct Arena<'a> {
    a: &'a Graph,
    b: &'a Graph,
}

impl Arena<'_> {
    fn states(&self) -> usize {
        self.a.len() * self.b.len() * 4 + 2
    }

    /// The sink where Right cannot move (Left has won) and where Left cannot move.
    fn sinks(&self) -> (usize, usize) {
        let n = self.states();
        (n - 2, n - 1)
    }

    fn index(&self, x: usize, y: usize, left_to_move: bool, in_a: bool) -> usize {
        ((x * self.b.len() + y) * 2 + usize::from(left_to_move)) * 2 + usize::from(in_a)
    }

    /// Who chooses at a state (sinks: Left, they have one move anyway).
    fn left_owns(&self, s: usize) -> bool {
        let (won, _) = self.sinks();
        s >= won || (s / 2) % 2 == 1
    }

    /// The states where the last move was in the first component, and Left's winning sink.
    fn in_target(&self, s: usize) -> bool {
        let (won, lost) = self.sinks();
        s == won || (s != lost && s % 2 == 1)
    }

    fn successors(&self, s: usize) -> Vec<usize> {
        let (won, lost) = self.sinks();
        if s >= won {
            return vec![s];
        }
        let left = (s / 2) % 2 == 1;
        let pos = s / 4;
        let (x, y) = (pos / self.b.len(), pos % self.b.len());
        let mover = if left { Mover::Left } else { Mover::Right };
        let mut out: Vec<usize> = Vec::new();
        for &x2 in self.a.options(x as u32, mover) {
            out.push(self.index(x2 as usize, y, !left, true));
        }
        for &y2 in self.b.options(y as u32, mover) {
            out.push(self.index(x, y2 as usize, !left, false));
        }
        if out.is_empty() {
            out.push(if left { lost } else { won });
        }
        out
    }

    /// The states (among `alive`) from which `left` (or Right) forces a visit to `target`.
    fn attractor(
        &self,
        target: &[bool],
        alive: &[bool],
        left: bool,
        succ: &[Vec<usize>],
    ) -> Vec<bool> {
        let mut x: Vec<bool> = target.iter().zip(alive).map(|(&t, &a)| t && a).collect();
        let mut changed = true;
        while changed {
            changed = false;
            for s in 0..x.len() {
                if x[s] || !alive[s] {
                    continue;
                }
                let mut live = succ[s].iter().filter(|&&t| alive[t]);
                let add = if self.left_owns(s) == left {
                    live.any(|&t| x[t])
                } else {
                    live.all(|&t| x[t])
                };
                if add {
                    x[s] = true;
                    changed = true;
                }
            }
        }
        x
    }

    /// Whether Left, with Right to move at the start, wins: she is never without a move
    /// and an infinite play moves in the first component infinitely often.
    fn left_wins_second(&self) -> bool {
        let n = self.states();
        let succ: Vec<Vec<usize>> = (0..n).map(|s| self.successors(s)).collect();
        let target: Vec<bool> = (0..n).map(|s| self.in_target(s)).collect();
        let mut alive = vec![true; n];
        loop {
            let reach = self.attractor(&target, &alive, true, &succ);
            let trap: Vec<bool> = (0..n).map(|s| alive[s] && !reach[s]).collect();
            if !trap.contains(&true) {
                break;
            }
            let lost = self.attractor(&trap, &alive, false, &succ);
            for s in 0..n {
                if lost[s] {
                    alive[s] = false;
                }
            }
        }
        alive[self.index(0, 0, false, false)]
    }
}

/// `G⁺ ≥ H⁺` by the definition, on the graph of `G − H` (start vertices 0).
pub(super) fn onside_geq(g: &Graph, h: &Graph) -> bool {
    let minus_h = h.negate();
    Arena { a: g, b: &minus_h }.left_wins_second()
}

/// `G⁻ ≥ H⁻`, that is `(−H)⁺ ≥ (−G)⁺`.
pub(super) fn offside_geq(g: &Graph, h: &Graph) -> bool {
    onside_geq(&h.negate(), &g.negate())
}

/// Whether the stopper `s` is the onside of `g` by the definition.
pub(super) fn is_onside(g: &Graph, s: &Graph) -> bool {
    onside_geq(g, s) && onside_geq(s, g)
}

/// Whether the stopper `t` is the offside of `g` by the definition.
pub(super) fn is_offside(g: &Graph, t: &Graph) -> bool {
    offside_geq(g, t) && offside_geq(t, g)
}

fn sum(a: &Graph, b: &Graph, s: &GameStore) -> Graph {
    a.product(b, s).restrict(0)
}

fn number(s: &mut GameStore, num: i64, log2_den: u32) -> Graph {
    let id = s.number(Dyadic::new(num.into(), log2_den));
    LoopyGame::from_short(s, id).on
}

/// The oracle on values derived by hand (Winning Ways ch. 11): `dud = on & off`,
/// `over > 0`, `on + off = dud`, and stoppers compare as stoppers.
#[test]
fn the_order_of_sides_on_named_games() {
    let mut s = GameStore::new();
    let (on, off, dud, over) = (
        LoopyGame::on().on,
        LoopyGame::off().on,
        LoopyGame::dud().on,
        LoopyGame::over().on,
    );
    let zero = number(&mut s, 0, 0);
    // dud's onside is on: Left passes in dud for ever (infinitely many moves there), and
    // in on − dud she passes in on.
    assert!(is_onside(&dud, &on));
    assert!(is_offside(&dud, &off));
    assert!(!is_onside(&dud, &off));
    // A side too low is caught: on − dud ≥ over, but over ≥ dud⁺ = on fails.
    assert!(onside_geq(&dud, &over) && !onside_geq(&over, &dud) && !is_onside(&dud, &over));
    // over = {0 | pass} is a stopper, its own sides; it lies above 0 and below 1/64.
    assert!(is_onside(&over, &over) && is_offside(&over, &over));
    assert!(onside_geq(&over, &zero) && !onside_geq(&zero, &over));
    let small = number(&mut s, 1, 6);
    assert!(onside_geq(&small, &over) && !onside_geq(&over, &small));
    // on + off = dud: its sides are on and off.
    let on_off = sum(&on, &off, &s);
    assert!(is_onside(&on_off, &on) && is_offside(&on_off, &off));
}

/// The engine's sides of `G + H` for the named stoppers (upsums and downsums) and of every
/// difference `G − G` (degrees), each checked against the definition on the graph.
#[test]
fn sides_of_sums_of_named_stoppers() {
    let mut s = GameStore::new();
    let three_halves = number(&mut s, 3, 1);
    let named = [
        LoopyGame::on(),
        LoopyGame::off(),
        LoopyGame::over(),
        LoopyGame::under(),
        LoopyGame::upon(),
        LoopyGame::uponth(),
        LoopyGame::plain(three_halves).sum(&LoopyGame::under()),
    ];
    for g in &named {
        for h in &named {
            let sum_graph = sum(&g.on, &h.on, &s);
            let up = g.upsum(h, &mut s).unwrap();
            let down = g.downsum(h, &mut s).unwrap();
            assert!(is_onside(&sum_graph, &up.on), "upsum of {g:?} and {h:?}");
            assert!(
                is_offside(&sum_graph, &down.on),
                "downsum of {g:?} and {h:?}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every onside and offside the engine finds is the side by the definition: for each
    /// side `S` of a random game `G` of up to four positions, `G⁺ ≥ S` and `S ≥ G⁺`,
    /// decided on the graph of `G` and `S` together.
    #[test]
    fn engine_sides_are_sides_by_the_definition(g in random_graph(4)) {
        let mut s = GameStore::new();
        let game = LoopyGame::plain(g.clone());
        if let Ok(on) = game.onside(&mut s) {
            prop_assert!(is_onside(&g, &on.on));
        }
        if let Ok(off) = game.offside(&mut s) {
            prop_assert!(is_offside(&g, &off.on));
        }
    }

    /// On stoppers the order of sides is the order of stoppers the engine compares.
    #[test]
    fn on_stoppers_the_order_is_the_engines(g in random_graph(3), h in random_graph(3)) {
        prop_assume!(!g.has_alternating_cycle() && !h.has_alternating_cycle());
        let mut s = GameStore::new();
        let engine = LoopyGame::plain(h.clone()).leq(&LoopyGame::plain(g.clone()), &mut s);
        prop_assert_eq!(engine.ok(), Some(onside_geq(&g, &h)));
        prop_assert_eq!(onside_geq(&g, &h), offside_geq(&g, &h));
    }

    /// Upsums and downsums of random stoppers against the definition on the sum's graph.
    #[test]
    fn upsums_and_downsums_by_the_definition(g in random_graph(3), h in random_graph(3)) {
        prop_assume!(!g.has_alternating_cycle() && !h.has_alternating_cycle());
        let mut s = GameStore::new();
        let (a, b) = (LoopyGame::plain(g.clone()), LoopyGame::plain(h.clone()));
        let both = sum(&g, &h, &s);
        if let Ok(up) = a.upsum(&b, &mut s) {
            prop_assert!(is_onside(&both, &up.on));
        }
        if let Ok(down) = a.downsum(&b, &mut s) {
            prop_assert!(is_offside(&both, &down.on));
        }
    }
}

/// The variety doubt of issue 30: `G = a{0|{0||||0,*2|||a|0||0}||0}`, whose upsum and
/// downsum varieties the engine finds different. Every side on the way is checked against
/// the definition, both ways, on the graph of the sum it is a side of:
/// `D = (G − G)⁺`, `D + D = D`, `A = (−G − D)⁻`, `up = (G + A)⁺`, `B = (−G + D)⁺`,
/// `down = (G + B)⁻`. All hold, so `up` and `down` are the two varieties of the
/// definition, and they differ: `up > down` (as stoppers, by the same order).
#[test]
fn the_issue29_varieties_by_the_definition() {
    let mut s = GameStore::new();
    let g = super::stability_tests::issue29(&mut s);
    let (gg, mg) = (g.on.clone(), g.neg().on);
    let d = g.degree(&mut s).unwrap();
    assert!(is_onside(&sum(&gg, &mg, &s), &d.on), "the degree");
    let dd = d.upsum(&d, &mut s).unwrap();
    assert!(is_onside(&sum(&d.on, &d.on, &s), &dd.on));
    assert!(
        onside_geq(&dd.on, &d.on) && onside_geq(&d.on, &dd.on),
        "D + D = D"
    );
    let minus = g.neg();
    let a = minus.downsum(&d.neg(), &mut s).unwrap();
    assert!(
        is_offside(&sum(&mg, &d.neg().on, &s), &a.on),
        "A = (-G) ↓+ (-D)"
    );
    let up = g.upsum(&a, &mut s).unwrap();
    assert!(is_onside(&sum(&gg, &a.on, &s), &up.on), "G ↑+ A");
    let b = minus.upsum(&d, &mut s).unwrap();
    assert!(is_onside(&sum(&mg, &d.on, &s), &b.on), "B = (-G) ↑+ D");
    let down = g.downsum(&b, &mut s).unwrap();
    assert!(is_offside(&sum(&gg, &b.on, &s), &down.on), "G ↓+ B");
    assert!(onside_geq(&up.on, &down.on) && !onside_geq(&down.on, &up.on));
    // The oracle tells the two apart: neither variety is a side of the other's sum.
    assert!(!is_onside(&sum(&gg, &a.on, &s), &down.on));
    assert!(!is_offside(&sum(&gg, &b.on, &s), &up.on));
    assert!(!g.is_stable(&mut s).unwrap());
}
