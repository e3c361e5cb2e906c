//! Tests of the loopy-game core: values from Winning Ways ch. 11 and Siegel ch. VI derived
//! by hand in the comments, and property tests against brute-force definitions written
//! independently of the engine's algorithms.

use super::graph::Graph;
use super::*;
use crate::game::{Dyadic, GameStore, Outcome};
use proptest::prelude::*;

fn short(s: &mut GameStore, g: GameId) -> LoopyGame {
    LoopyGame::from_short(s, g)
}

fn dyadic(s: &mut GameStore, num: i64, log2_den: u32) -> LoopyGame {
    let x = Dyadic::new(num.into(), log2_den);
    let id = s.number(x);
    short(s, id)
}

fn geq(a: &LoopyGame, b: &LoopyGame, s: &mut GameStore) -> bool {
    b.leq(a, s).unwrap()
}

fn gt(a: &LoopyGame, b: &LoopyGame, s: &mut GameStore) -> bool {
    geq(a, b, s) && !geq(b, a, s)
}

fn outcome_of(g: &LoopyGame, s: &GameStore) -> &'static str {
    g.outcome(s).symbol()
}

#[test]
fn named_games_outcomes() {
    let s = GameStore::new();
    // on: Left passes forever, Right has no move: Left wins either way.
    assert_eq!(outcome_of(&LoopyGame::on(), &s), "L");
    assert_eq!(outcome_of(&LoopyGame::off(), &s), "R");
    // dud: both pass forever.
    assert_eq!(outcome_of(&LoopyGame::dud(), &s), "D");
    // over = {0|pass}: Left moves to 0 and wins; Right can only pass, and then Left moves
    // to 0: L.
    assert_eq!(outcome_of(&LoopyGame::over(), &s), "L");
    assert_eq!(outcome_of(&LoopyGame::under(), &s), "R");
    // upon = {pass|*}: Right must go to *, Left answers 0: L.
    assert_eq!(outcome_of(&LoopyGame::upon(), &s), "L");
    // tis = {tisn|}, tisn = {|tis}: from tis Left's only move keeps the cycle going forever;
    // Right moving first in tis has no move. (Draw, Left win) is CGSuite's PHat.
    assert_eq!(outcome_of(&LoopyGame::tis(), &s), "PHat");
    assert_eq!(outcome_of(&LoopyGame::tisn(), &s), "PCheck");
}

#[test]
fn stopper_flags() {
    assert!(LoopyGame::on().is_stopper());
    assert!(LoopyGame::over().is_stopper());
    assert!(LoopyGame::upon().is_stopper());
    assert!(!LoopyGame::dud().is_stopper());
    assert!(!LoopyGame::tis().is_stopper());
    assert!(LoopyGame::dud().is_plumtree());
    assert!(!LoopyGame::tis().is_plumtree());
    assert!(!LoopyGame::on().is_loopfree());
    let mut s = GameStore::new();
    let g = s.integer(3);
    assert!(short(&mut s, g).is_loopfree());
}

#[test]
fn on_plus_off_is_dud() {
    // Winning Ways ch. 11: on + off = dud = on & off (each player passes in his own
    // component forever).
    let mut s = GameStore::new();
    let sum = LoopyGame::on().sum(&LoopyGame::off());
    assert!(sum.equals(&LoopyGame::dud(), &mut s).unwrap());
    assert_eq!(sum.display(&mut s, false), "dud");
    assert_eq!(
        LoopyGame::dud()
            .onside(&mut s)
            .unwrap()
            .display(&mut s, false),
        "on"
    );
    assert_eq!(
        LoopyGame::dud()
            .offside(&mut s)
            .unwrap()
            .display(&mut s, false),
        "off"
    );
    let d = sided(&LoopyGame::on(), &LoopyGame::off(), &mut s).unwrap();
    assert!(d.equals(&sum, &mut s).unwrap());
    assert_eq!(d.outcome(&s).symbol(), "D");
}

#[test]
fn over_is_positive_and_below_every_positive_number() {
    // over = {0|pass} > 0, and over < 1/2^n: in 1/2^n − over = 1/2^n + under Right's only
    // move in under is to 0 ... Left keeps passing in under and Right runs out of moves
    // in the number first (Winning Ways ch. 11: over is smaller than every positive number).
    let mut s = GameStore::new();
    let over = LoopyGame::over();
    let zero = dyadic(&mut s, 0, 0);
    assert!(gt(&over, &zero, &mut s));
    for n in 0..=5 {
        let x = dyadic(&mut s, 1, n);
        assert!(gt(&x, &over, &mut s), "over < 1/2^{n}");
    }
    assert!(gt(&zero, &LoopyGame::under(), &mut s));
}

#[test]
fn on_is_above_every_short_game() {
    // on ≥ G for every G: in on − G Left passes in on forever, so she never runs out.
    let mut s = GameStore::new();
    let on = LoopyGame::on();
    let off = LoopyGame::off();
    let (one, zero, star) = (s.integer(1), s.zero(), s.nimber(1));
    let up = s.nus(Dyadic::zero(), 1, 0);
    let pm = s.canonical(&[one], &[zero]);
    let big = s.integer(1000);
    for g in [one, zero, star, up, pm, big] {
        let g = short(&mut s, g);
        assert!(gt(&on, &g, &mut s));
        assert!(gt(&g, &off, &mut s));
    }
    assert!(gt(&on, &LoopyGame::over(), &mut s));
    assert!(gt(&on, &LoopyGame::upon(), &mut s));
}

#[test]
fn upon_lies_between_up_and_double_up() {
    // upon = {pass|*} (Winning Ways ch. 11). upon > ^: in upon + v Right's only move in
    // upon is to *, which Left answers in v to reach 0 (or * + * = 0) with Right to move;
    // and ^ is not >= upon, since Right passes in -upon = {*|pass} until Left runs out.
    // upon < ^^: in upon + vv Right moves upon -> *, and both of Left's answers (* -> 0,
    // vv -> v*) leave Right a winning move to 0; in ^^ - upon every Right move is answered
    // by -upon -> * reaching a positive game (^^* or ^).
    let mut s = GameStore::new();
    let upon = LoopyGame::upon();
    let up = s.nus(Dyadic::zero(), 1, 0);
    let up = short(&mut s, up);
    let double_up = s.nus(Dyadic::zero(), 2, 0);
    let double_up = short(&mut s, double_up);
    assert!(gt(&upon, &up, &mut s));
    assert!(gt(&double_up, &upon, &mut s));
    let tiny = dyadic(&mut s, 1, 6);
    assert!(gt(&tiny, &upon, &mut s));
    // upon + upon is a stopper (Right's moves head to * in each copy), and at least upon.
    let two = upon.sum(&upon);
    assert!(two.is_stopper());
    assert!(geq(&two, &upon, &mut s));
}

#[test]
fn tis_sides() {
    // Winning Ways ch. 11: tis = 1 & 0 and tisn = 0 & -1. Sidling down from on: tis = {on|} = on,
    // tisn = {|on} = 0, then tis = {0|} = 1, tisn = {|1} = 0: stable, onside 1 and 0.
    let mut s = GameStore::new();
    let tis = LoopyGame::tis();
    let on = tis.onside(&mut s).unwrap();
    let off = tis.offside(&mut s).unwrap();
    assert_eq!(on.display(&mut s, false), "1");
    assert_eq!(off.display(&mut s, false), "0");
    assert_eq!(tis.display(&mut s, false), "tis");
    assert_eq!(LoopyGame::tisn().display(&mut s, false), "tisn");
    // tis + tisn = (1 ↑+ 0) & (0 ↓+ -1) = 1 & -1.
    let sum = tis.sum(&LoopyGame::tisn());
    assert_eq!(sum.display(&mut s, false), "1 & -1");
    // The outcome of the sided value agrees with the graph's.
    let one = dyadic(&mut s, 1, 0);
    let zero = dyadic(&mut s, 0, 0);
    let value = sided(&one, &zero, &mut s).unwrap();
    assert_eq!(value.outcome(&s), tis.outcome(&s));
    assert!(value.equals(&tis, &mut s).unwrap());
    assert_eq!(sided(&zero, &one, &mut s), Err(LoopyError::SidesOutOfOrder));
}

#[test]
fn negation_is_an_involution_and_sums_are_commutative_and_associative() {
    let mut s = GameStore::new();
    let star = s.nimber(1);
    let star = short(&mut s, star);
    let games = [
        LoopyGame::on(),
        LoopyGame::over(),
        LoopyGame::upon(),
        LoopyGame::under(),
        star,
    ];
    for g in &games {
        assert_eq!(&g.neg().neg(), g);
        assert!(g.neg().neg().equals(g, &mut s).unwrap());
    }
    for a in &games[1..] {
        for b in &games[1..] {
            let ab = a.sum(b);
            let ba = b.sum(a);
            assert!(ab.equals(&ba, &mut s).unwrap());
            // (Triples with upon as the third summand take seconds each: the sums'
            // sides need long sidling.)
            for c in &games[3..] {
                let l = a.sum(b).sum(c);
                let r = a.sum(&b.sum(c));
                assert!(l.equals(&r, &mut s).unwrap());
            }
        }
    }
}

#[test]
fn display_of_named_and_labelled_games() {
    let mut s = GameStore::new();
    for (g, text) in [
        (LoopyGame::on(), "on"),
        (LoopyGame::off(), "off"),
        (LoopyGame::dud(), "dud"),
        (LoopyGame::over(), "over"),
        (LoopyGame::under(), "under"),
        (LoopyGame::upon(), "^[on]"),
        (LoopyGame::uponth(), "^<on>"),
    ] {
        assert_eq!(g.display(&mut s, false), text);
    }
    // Siegel, Figure VI.3.2 (CGSuite's `a{0||||0|||a|*||*}`): G = {0|X}, X = {0|Y},
    // Y = {Z|*}, Z = {G|*}, a stopper whose 4-cycle (Right, Right, Left, Left) survives
    // simplification.
    let mut b = GraphBuilder::new();
    let [g0, x, y, z] = [b.vertex(), b.vertex(), b.vertex(), b.vertex()];
    let zero = s.zero();
    let star = s.nimber(1);
    let zv = b.short(&mut s, zero);
    let sv = b.short(&mut s, star);
    b.left(g0, zv);
    b.right(g0, x);
    b.left(x, zv);
    b.right(x, y);
    b.left(y, z);
    b.right(y, sv);
    b.left(z, g0);
    b.right(z, sv);
    let g = b.finish(g0);
    assert!(g.is_stopper());
    assert_eq!(g.simplify(&mut s).on.len(), g.on.len());
    assert_eq!(g.display(&mut s, false), "a{0||||0|||a|*||*}");
    // {1|pass} = 1 + over, written as CGSuite writes it.
    let one = dyadic(&mut s, 1, 0);
    let one_over = one.sum(&LoopyGame::over());
    assert_eq!(one_over.display(&mut s, false), "1over");
    assert_eq!(
        one.neg().sum(&LoopyGame::under()).display(&mut s, false),
        "-1under"
    );
}

#[test]
fn sums_of_named_stoppers() {
    let mut s = GameStore::new();
    let (over, under, upon) = (LoopyGame::over(), LoopyGame::under(), LoopyGame::upon());
    // over − over = over + under is not a stopper (Left passes in under, Right in over):
    // its onside is over (Right must leave the passing to Left) and its offside under,
    // so the degree of loopiness of over is over (CGSuite: G.Degree = G Upsum -G).
    let d = over.sum(&under);
    assert!(!d.is_stopper());
    assert_eq!(d.display(&mut s, false), "over & under");
    assert_eq!(over.degree(&mut s).unwrap().display(&mut s, false), "over");
    assert_eq!(
        over.upsum(&under, &mut s).unwrap().display(&mut s, false),
        "over"
    );
    assert_eq!(
        over.downsum(&under, &mut s).unwrap().display(&mut s, false),
        "under"
    );
    // deg(on) = on ↑+ off = on; a loop-free game has degree 0.
    assert_eq!(
        LoopyGame::on()
            .degree(&mut s)
            .unwrap()
            .display(&mut s, false),
        "on"
    );
    // upon + upon = {0 | upon*} with upon* = upon + * = {pass,0|0}, as ^^ = {0|^*}:
    // Right's moves take one copy to *, Left's passes reverse out to 0.
    let two = upon.sum(&upon);
    assert_eq!(two.display(&mut s, false), "{0|^[on]*}");
    assert_eq!(two.display(&mut s, true), "{0|↑[on]*}");
    let star = s.nimber(1);
    let star = short(&mut s, star);
    assert_eq!(upon.sum(&star).display(&mut s, false), "^[on]*");
    assert_eq!(upon.neg().sum(&star).display(&mut s, true), "↓[on]*");
}

#[test]
fn errors_say_what_was_needed() {
    let mut s = GameStore::new();
    let e = sided(&LoopyGame::dud(), &LoopyGame::off(), &mut s).unwrap_err();
    assert!(e.to_string().contains("stopper"));
}

// ----- property tests ---------------------------------------------------------------------

/// A random graph on 1..=max vertices; each vertex gets each possible edge with
/// probability about 1/3.
fn arb_graph(max: usize) -> impl Strategy<Value = Graph> {
    arb_bigraph(max).prop_map(|g| g.restrict(0))
}

/// The same random graph before it is restricted to what vertex 0 reaches (also the
/// stoppers of `canon_tests`).
pub(super) fn arb_bigraph(max: usize) -> impl Strategy<Value = Graph> {
    (1..=max).prop_flat_map(|n| {
        proptest::collection::vec(
            (
                proptest::collection::vec(proptest::bool::weighted(0.3), n),
                proptest::collection::vec(proptest::bool::weighted(0.3), n),
            ),
            n,
        )
        .prop_map(move |rows| {
            let mut g = Graph::with_vertices(n);
            for (v, (l, r)) in rows.iter().enumerate() {
                g.left[v] = (0..n as u32).filter(|&w| l[w as usize]).collect();
                g.right[v] = (0..n as u32).filter(|&w| r[w as usize]).collect();
            }
            g
        })
    })
}

/// A random loop-free graph: edges only go to higher-numbered vertices.
fn arb_dag(max: usize) -> impl Strategy<Value = Graph> {
    arb_graph(max).prop_map(|mut g| {
        for v in 0..g.len() {
            g.left[v].retain(|&w| w as usize > v);
            g.right[v].retain(|&w| w as usize > v);
        }
        g.restrict(0)
    })
}

/// Who wins by the definition, computed differently from the engine: `win[k]` holds the
/// states from which the mover can force a win within `k` moves of his own, grown one step
/// at a time over all states until nothing changes. Left-win and Right-win are tracked from
/// each side; what neither side can force is a draw.
fn brute_outcome(g: &Graph, v: usize) -> (Winner, Winner) {
    let n = g.len();
    // wins[s][p]: the player p (0 Left, 1 Right) can force a win from state s.
    let mut left_wins = vec![[false; 2]; n]; // [Left to move, Right to move]
    let mut right_wins = vec![[false; 2]; n];
    loop {
        let mut changed = false;
        for u in 0..n {
            // Left to move at u.
            let lw = g.left[u].iter().any(|&w| left_wins[w as usize][1]);
            let rw = g.left[u].iter().all(|&w| right_wins[w as usize][1]);
            // Right to move at u.
            let rw2 = g.right[u].iter().any(|&w| right_wins[w as usize][0]);
            let lw2 = g.right[u].iter().all(|&w| left_wins[w as usize][0]);
            let updates = [
                (lw, true, 0),
                (rw, false, 0),
                (rw2, false, 1),
                (lw2, true, 1),
            ];
            for (val, left, i) in updates {
                let cell = if left {
                    &mut left_wins[u][i]
                } else {
                    &mut right_wins[u][i]
                };
                if val && !*cell {
                    *cell = true;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let pick = |i: usize| {
        if left_wins[v][i] {
            Winner::Left
        } else if right_wins[v][i] {
            Winner::Right
        } else {
            Winner::Draw
        }
    };
    (pick(0), pick(1))
}

/// `G_x ≥ H_y` for stoppers by the survival definition, as a naive greatest fixpoint over
/// all pairs: start from "every pair survives" and strike pairs where Right has a move that
/// Left cannot answer into a surviving pair, until nothing changes.
fn brute_geq(g: &Graph, h: &Graph) -> bool {
    let (n, m) = (g.len(), h.len());
    let mut ok = vec![vec![true; m]; n];
    loop {
        let mut changed = false;
        for x in 0..n {
            for y in 0..m {
                if !ok[x][y] {
                    continue;
                }
                // Right moves G_x → G_x^R; Left answers G^R → G^RL or H_y → H_y^R.
                let right_in_g = g.right[x].iter().all(|&xr| {
                    g.left[xr as usize].iter().any(|&xrl| ok[xrl as usize][y])
                        || h.right[y].iter().any(|&yr| ok[xr as usize][yr as usize])
                });
                // Right moves -H_y → -H_y^L; Left answers G_x → G_x^L or H^L → H^LR.
                let right_in_h = h.left[y].iter().all(|&yl| {
                    g.left[x].iter().any(|&xl| ok[xl as usize][yl as usize])
                        || h.right[yl as usize].iter().any(|&ylr| ok[x][ylr as usize])
                });
                if !(right_in_g && right_in_h) {
                    ok[x][y] = false;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    ok[0][0]
}

/// Sidling's `k`-th approximation from `on` at vertex 0, as the graph of `k` layers of
/// `G`'s positions with `on` below the last.
fn approximation(g: &Graph, k: usize) -> Graph {
    let n = g.len();
    let on = (n * k) as u32;
    let mut layered = Graph::with_vertices(n * k + 1);
    layered.left[on as usize].push(on);
    for level in 0..k {
        for v in 0..n {
            let target = |w: u32| {
                if level == 0 {
                    on
                } else {
                    ((level - 1) * n) as u32 + w
                }
            };
            layered.left[level * n + v] = g.left[v].iter().map(|&w| target(w)).collect();
            layered.right[level * n + v] = g.right[v].iter().map(|&w| target(w)).collect();
        }
    }
    layered.restrict(((k - 1) * n) as u32)
}

fn upward(g: &Graph, s: &GameStore) -> (bool, bool) {
    let (l, r) = outcome::solve(g, s)[0];
    (l != Winner::Right, r != Winner::Right)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn outcome_matches_brute_force(g in arb_graph(5)) {
        let s = GameStore::new();
        let game = LoopyGame::plain(g.clone());
        let o = game.outcome(&s);
        prop_assert_eq!((o.left_first, o.right_first), brute_outcome(&g, 0));
    }

    #[test]
    fn stopper_comparison_matches_survival(g in arb_graph(4), h in arb_graph(4)) {
        prop_assume!(!g.has_alternating_cycle() && !h.has_alternating_cycle());
        let mut s = GameStore::new();
        let (a, b) = (LoopyGame::plain(g.clone()), LoopyGame::plain(h.clone()));
        prop_assert_eq!(b.leq(&a, &mut s).unwrap(), brute_geq(&g, &h));
    }

    #[test]
    fn simplest_form_keeps_the_value_and_is_unique(g in arb_graph(4)) {
        prop_assume!(!g.has_alternating_cycle());
        let mut s = GameStore::new();
        let a = LoopyGame::plain(g);
        let simple = a.simplify(&mut s);
        prop_assert!(simple.is_stopper());
        prop_assert!(simple.equals(&a, &mut s).unwrap());
        // Equal stoppers reach isomorphic simplest forms: a + 0 written as a + (* + *).
        let star = s.nimber(1);
        let star = LoopyGame::from_short(&mut s, star);
        let other = a.sum(&star).sum(&star).simplify(&mut s);
        prop_assert!(display::rooted_iso(&simple.on, &other.on));
        prop_assert_eq!(simple.display(&mut s, false), other.display(&mut s, false));
        // Simplifying again changes nothing.
        let again = simple.simplify(&mut s);
        prop_assert!(display::rooted_iso(&simple.on, &again.on));
    }

    #[test]
    fn loopfree_games_agree_with_the_short_theory(g in arb_dag(6), h in arb_dag(5)) {
        let mut s = GameStore::new();
        let (a, b) = (LoopyGame::plain(g), LoopyGame::plain(h));
        let (x, y) = (a.to_short(&mut s).unwrap(), b.to_short(&mut s).unwrap());
        // The simplest form is exactly the canonical form's graph.
        let simple = a.simplify(&mut s);
        let canonical = LoopyGame::from_short(&mut s, x);
        prop_assert!(display::rooted_iso(&simple.on, &canonical.on));
        prop_assert_eq!(simple.to_short(&mut s), Some(x));
        prop_assert_eq!(
            a.display(&mut s, false),
            s.display_styled(x, crate::game::Style::cgsuite(crate::game::Notation::Ascii))
        );
        prop_assert_eq!(a.leq(&b, &mut s).unwrap(), s.leq(x, y));
        let o = a.outcome(&s);
        let expected = match s.outcome(x) {
            Outcome::L => (Winner::Left, Winner::Left),
            Outcome::R => (Winner::Right, Winner::Right),
            Outcome::N => (Winner::Left, Winner::Right),
            Outcome::P => (Winner::Right, Winner::Left),
        };
        prop_assert_eq!((o.left_first, o.right_first), expected);
        let sum = a.sum(&b).to_short(&mut s);
        prop_assert_eq!(sum, Some(s.add(x, y)));
    }

    /// The onside plays like the game when infinite play counts for Left, in every sum with
    /// a stopper (the definition of the onside), and the offside likewise for Right.
    #[test]
    fn sides_play_like_the_game(g in arb_graph(4), x in arb_graph(3)) {
        prop_assume!(!x.has_alternating_cycle());
        let mut s = GameStore::new();
        let game = LoopyGame::plain(g.clone());
        let (Ok(on), Ok(off)) = (game.onside(&mut s), game.offside(&mut s)) else {
            return Ok(());
        };
        prop_assert!(on.is_stopper() && off.is_stopper());
        prop_assert!(geq(&on, &off, &mut s));
        let gx = g.product(&x, &s).restrict(0);
        let sx = on.on.product(&x, &s).restrict(0);
        prop_assert_eq!(upward(&gx, &s), upward(&sx, &s));
        let (ng, nt) = (gx.negate(), off.on.product(&x, &s).restrict(0).negate());
        prop_assert_eq!(upward(&ng, &s), upward(&nt, &s));
        // The sided value has the game's outcome.
        let value = sided(&on, &off, &mut s).unwrap();
        prop_assert_eq!(value.outcome(&s), game.outcome(&s));
        // The onside is the greatest fixpoint of sidling: above every fixpoint the deletion
        // search finds, below every approximation from on.
        if let Ok(Some(fixpoint)) = sides::deletion_fixpoint(&g, &s) {
            prop_assert!(compare::geq(&on.on, &fixpoint, &s));
        }
        for k in 1..=6 {
            let approx = approximation(&g, k);
            prop_assert!(compare::geq(&approx, &on.on, &s));
        }
    }

    #[test]
    fn negation_and_sums_of_stoppers(g in arb_graph(3), h in arb_graph(3)) {
        prop_assume!(!g.has_alternating_cycle() && !h.has_alternating_cycle());
        let mut s = GameStore::new();
        let (a, b) = (LoopyGame::plain(g), LoopyGame::plain(h));
        prop_assert_eq!(&a.neg().neg(), &a);
        prop_assert_eq!(a.leq(&b, &mut s).unwrap(), b.neg().leq(&a.neg(), &mut s).unwrap());
        let ab = a.sum(&b);
        if let Ok(eq) = ab.equals(&b.sum(&a), &mut s) {
            prop_assert!(eq);
        }
    }
}

// ----- upon + upon, variety, and the sides against the definition -------------------------

/// `{0 | upon*}` with `upon* = {pass, 0 | 0}`, built by hand (not by the simplifier).
fn zero_bar_upon_star() -> Graph {
    // 0: {0 | 1}, 1: upon* = {pass, 0 | 0}, 2: 0.
    let mut g = Graph::with_vertices(3);
    g.left[0] = vec![2];
    g.right[0] = vec![1];
    g.left[1] = vec![1, 2];
    g.right[1] = vec![2];
    g.restrict(0)
}

/// Small stoppers to add in the outcome tests: short games and named loopy stoppers.
fn test_stoppers(s: &mut GameStore) -> Vec<Graph> {
    let mut out = Vec::new();
    let star = s.nimber(1);
    let star2 = s.nimber(2);
    let up = s.nus(Dyadic::zero(), 1, 0);
    let upstar = s.nus(Dyadic::zero(), 1, 1);
    let (zero, one, half) = (s.zero(), s.integer(1), s.number(Dyadic::new(1.into(), 1)));
    let pm1 = {
        let m = s.integer(-1);
        s.canonical(&[one], &[m])
    };
    let switch = s.canonical(&[one], &[zero]);
    for g in [zero, star, star2, up, upstar, one, half, pm1, switch] {
        let a = LoopyGame::from_short(s, g);
        out.push(a.on.clone());
        out.push(a.neg().on);
    }
    for named in [
        LoopyGame::on(),
        LoopyGame::over(),
        LoopyGame::upon(),
        LoopyGame::uponth(),
    ] {
        out.push(named.on.clone());
        out.push(named.neg().on);
    }
    let upon_star = LoopyGame::upon().sum(&LoopyGame::from_short(s, star));
    out.push(upon_star.on.clone());
    out.push(upon_star.neg().on);
    out
}

/// Who wins `g + x` by the naive fixpoint ([`brute_outcome`]).
fn brute_sum(g: &Graph, x: &Graph, s: &GameStore) -> (Winner, Winner) {
    brute_outcome(&g.product(x, s).restrict(0), 0)
}

/// Winning Ways ch. 11 / CGSuite: upon + upon = {0 | upon*}, the analogue of ⇑ = {0 | ↑*}.
/// Checked on the graphs, without the simplifier: by the survival definition both ways, and
/// by equal outcomes in sums with a family of stoppers.
#[test]
fn upon_plus_upon_is_zero_bar_upon_star() {
    let s = GameStore::new();
    let upon = LoopyGame::upon();
    let two = upon.sum(&upon).on;
    let claimed = zero_bar_upon_star();
    assert!(!two.has_alternating_cycle() && !claimed.has_alternating_cycle());
    assert!(brute_geq(&two, &claimed), "upon + upon >= {{0 | upon*}}");
    assert!(brute_geq(&claimed, &two), "{{0 | upon*}} >= upon + upon");
    // The step of the hand derivation that needs a proof: upon* <= upon + upon, so Left's
    // pass in upon + upon reverses through Right's move to upon*.
    let mut upon_star = Graph::with_vertices(2);
    upon_star.left[0] = vec![0, 1];
    upon_star.right[0] = vec![1];
    assert!(brute_geq(&two, &upon_star));
    assert!(!brute_geq(&upon_star, &two), "upon* < upon + upon strictly");
    // upon + * = upon* (the sum graph against the hand-built one).
    let mut st = GameStore::new();
    let star = st.nimber(1);
    let upon_plus_star = upon.sum(&LoopyGame::from_short(&mut st, star)).on;
    assert!(brute_geq(&upon_plus_star, &upon_star) && brute_geq(&upon_star, &upon_plus_star));
    // Equal games have equal outcomes in every sum.
    for x in test_stoppers(&mut st) {
        assert_eq!(brute_sum(&two, &x, &s), brute_sum(&claimed, &x, &s));
    }
}

/// Degree and variety against CGSuite's published test values (CGSuite's
/// `CanonicalStopperTestCase.scala`): `{pass|3/2}` = 3/2under has degree over and variety
/// under; on and off have degree on and varieties on and off; Tiny(over) =
/// `{0||0|under}` is its own degree and variety; a loop-free game has degree and variety 0.
#[test]
fn degree_and_variety_of_published_examples() {
    let mut s = GameStore::new();
    let three_halves = dyadic(&mut s, 3, 1);
    let mut b = GraphBuilder::new();
    let v = b.vertex();
    let x = b.loopy(&three_halves);
    b.left(v, v);
    b.right(v, x);
    let g = b.finish(v);
    let over = LoopyGame::over();
    let under = LoopyGame::under();
    assert!(g.degree(&mut s).unwrap().equals(&over, &mut s).unwrap());
    assert!(g.variety(&mut s).unwrap().equals(&under, &mut s).unwrap());
    let on = LoopyGame::on();
    let off = LoopyGame::off();
    assert!(off.degree(&mut s).unwrap().equals(&on, &mut s).unwrap());
    assert!(on.variety(&mut s).unwrap().equals(&on, &mut s).unwrap());
    assert!(off.variety(&mut s).unwrap().equals(&off, &mut s).unwrap());
    assert!(over.variety(&mut s).unwrap().equals(&over, &mut s).unwrap());
    // Tiny(over) = {0 || 0 | under}.
    let zero = s.zero();
    let mut b = GraphBuilder::new();
    let [t, inner] = [b.vertex(), b.vertex()];
    let z = b.short(&mut s, zero);
    let u = b.loopy(&under);
    b.left(t, z);
    b.right(t, inner);
    b.left(inner, z);
    b.right(inner, u);
    let tiny_over = b.finish(t);
    assert!(
        tiny_over
            .degree(&mut s)
            .unwrap()
            .equals(&tiny_over, &mut s)
            .unwrap()
    );
    assert!(
        tiny_over
            .variety(&mut s)
            .unwrap()
            .equals(&tiny_over, &mut s)
            .unwrap()
    );
    let short_game = dyadic(&mut s, 5, 2);
    assert!(short_game.variety(&mut s).unwrap().to_short(&mut s) == Some(zero));
    // Not a stopper: no variety.
    assert!(matches!(
        LoopyGame::dud().variety(&mut s),
        Err(LoopyError::NotStopper(_))
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// The sides against their definition (Winning Ways ch. 11; Siegel VI.4): the onside S
    /// of G is the stopper with the same outcomes as G in every sum with a stopper when
    /// infinite play counts for Left, the offside T likewise for Right. Outcomes here come
    /// from the naive fixpoint, the stoppers X from a fixed family plus −S and −T (which
    /// pin S and T down: a stopper is determined by these outcomes against its own
    /// negative).
    #[test]
    fn sides_have_the_outcomes_of_the_definition(g in arb_graph(4)) {
        let mut s = GameStore::new();
        let game = LoopyGame::plain(g.clone());
        let (Ok(on), Ok(off)) = (game.onside(&mut s), game.offside(&mut s)) else {
            return Ok(());
        };
        let mut family = test_stoppers(&mut s);
        family.push(on.neg().on.clone());
        family.push(off.neg().on.clone());
        let upward = |o: (Winner, Winner)| (o.0 != Winner::Right, o.1 != Winner::Right);
        let downward = |o: (Winner, Winner)| (o.0 == Winner::Left, o.1 == Winner::Left);
        for x in &family {
            let gx = brute_sum(&g, x, &s);
            prop_assert_eq!(upward(gx), upward(brute_sum(&on.on, x, &s)));
            prop_assert_eq!(downward(gx), downward(brute_sum(&off.on, x, &s)));
        }
    }

    /// Variety on random stoppers: when the degree D is an idempotent, the upsum and
    /// downsum varieties agree (the Stability Conjecture) and the variety is a stopper.
    #[test]
    fn variety_of_random_stoppers(g in arb_graph(3)) {
        prop_assume!(!g.has_alternating_cycle());
        let mut s = GameStore::new();
        let game = LoopyGame::plain(g);
        match game.variety(&mut s) {
            Ok(v) => prop_assert!(v.is_stopper()),
            Err(LoopyError::NoVariety(why)) => prop_assert!(why.contains("idempotent"), "{}", why),
            Err(e) => prop_assert!(matches!(e, LoopyError::TooComplex(_)), "{}", e),
        }
    }
}

/// Stops and options of the named stoppers (Winning Ways ch. 11; CGSuite's
/// `CanonicalStopper`): a pseudonumber is its own stop; `upon = {pass|*}` has both stops 0
/// (Left's pass hands Right the move, and Right's only move is to `*`).
#[test]
fn stops_of_named_stoppers() {
    let mut s = GameStore::new();
    let zero = Pseudonumber::Number(Dyadic::zero(), Tilt::Exact);
    let over = Pseudonumber::Number(Dyadic::zero(), Tilt::Over);
    assert_eq!(
        LoopyGame::on().stops(&mut s).unwrap(),
        (Pseudonumber::On, Pseudonumber::On)
    );
    assert_eq!(
        LoopyGame::over().stops(&mut s).unwrap(),
        (over.clone(), over)
    );
    assert_eq!(
        LoopyGame::upon().stops(&mut s).unwrap(),
        (zero.clone(), zero)
    );
    assert!(LoopyGame::dud().stops(&mut s).is_err());
    assert!(LoopyGame::upon().is_infinitesimal(&mut s).unwrap());
    assert!(!LoopyGame::on().is_numberish(&mut s).unwrap());
    assert!(!LoopyGame::dud().is_infinitesimal(&mut s).unwrap());
    assert_eq!(LoopyGame::over().follower_count().unwrap(), 2);
    assert_eq!(LoopyGame::on().options(true).unwrap().len(), 1);
    assert!(LoopyGame::on().options(false).unwrap().is_empty());
}

/// The dyadic `n / 4` as a loop-free graph.
fn quarter(s: &mut GameStore, n: i64) -> LoopyGame {
    dyadic(s, n, 2)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// The stops bound the game as the stops of a short game do: a number above the left
    /// stop is at least the game and one below it is not; a number below the right stop
    /// is at most the game and one above it is not; `on` and `off` stops lie beyond every
    /// number. Comparison is itself checked against survival play above.
    #[test]
    fn stops_bound_the_game(g in arb_graph(4)) {
        let game = LoopyGame::plain(g);
        prop_assume!(game.is_stopper());
        let mut s = GameStore::new();
        let (l, r) = game.stops(&mut s).unwrap();
        prop_assert!(l >= r, "left stop {:?} below right stop {:?}", l, r);
        for n in -12..=12 {
            let y = quarter(&mut s, n);
            let yd = Pseudonumber::Number(Dyadic::new(n.into(), 2), Tilt::Exact);
            let g_le_y = game.leq(&y, &mut s).unwrap();
            let y_le_g = y.leq(&game, &mut s).unwrap();
            match &l {
                Pseudonumber::On => prop_assert!(!g_le_y),
                Pseudonumber::Off => prop_assert!(g_le_y),
                Pseudonumber::Number(..) => {
                    let x = l.strong();
                    if yd > x { prop_assert!(g_le_y, "{:?} <= {}/4", l, n); }
                    if yd < x { prop_assert!(!g_le_y, "{:?} not <= {}/4", l, n); }
                }
            }
            match &r {
                Pseudonumber::On => prop_assert!(y_le_g),
                Pseudonumber::Off => prop_assert!(!y_le_g),
                Pseudonumber::Number(..) => {
                    let x = r.strong();
                    if yd < x { prop_assert!(y_le_g, "{}/4 <= {:?}", n, r); }
                    if yd > x { prop_assert!(!y_le_g, "{}/4 not <= {:?}", n, r); }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]
    /// On loop-free games the graph ordinal sum is the short one (of the canonical forms,
    /// since an ordinal sum depends on the base's form).
    #[test]
    fn ordinal_sum_of_loopfree_games_is_the_short_one(g in arb_dag(5), h in arb_dag(5)) {
        let mut s = GameStore::new();
        let a = LoopyGame::plain(g).to_short(&mut s).unwrap();
        let b = LoopyGame::plain(h).to_short(&mut s).unwrap();
        let (ga, gb) = (short(&mut s, a), short(&mut s, b));
        let sum = ga.ordinal_sum(&gb).unwrap().to_short(&mut s);
        prop_assert_eq!(sum, Some(s.ordinal_sum(a, b)));
    }
}

/// `1 : off = {0 | 1 : off} = {0 | pass} = over`, by the definition.
#[test]
fn one_ordinal_off_is_over() {
    let mut s = GameStore::new();
    let one = dyadic(&mut s, 1, 0);
    let sum = one.ordinal_sum(&LoopyGame::off()).unwrap();
    assert!(sum.equals(&LoopyGame::over(), &mut s).unwrap());
}

// ----- degree and variety of stoppers whose difference has many moves on cycles ----------

/// `a{0|{0||||0,*2|||a|0||0}||0}` (issue 29): a = {B | 0}, B = {0 | C}, C = {0 | D},
/// D = {0, *2 | E}, E = {F | 0}, F = {a | 0}. A stopper (every cycle runs a → B → C → D →
/// E → F → a, and Left's moves a → B and F → a are not followed by Right moves on it
/// alternately: B → C is Right's, C → D Right's, so no alternating cycle).
fn issue29_stopper(s: &mut GameStore) -> LoopyGame {
    let mut b = GraphBuilder::new();
    let zero = s.zero();
    let z = b.short(s, zero);
    let star2 = s.nimber(2);
    let n2 = b.short(s, star2);
    let [a, bb, c, d, e, f] = [(); 6].map(|_| b.vertex());
    b.left(a, bb);
    b.right(a, z);
    b.left(bb, z);
    b.right(bb, c);
    b.left(c, z);
    b.right(c, d);
    b.left(d, z);
    b.left(d, n2);
    b.right(d, e);
    b.left(e, f);
    b.right(e, z);
    b.left(f, a);
    b.right(f, z);
    b.finish(a)
}

#[test]
fn degree_and_variety_of_a_stopper_need_no_search_over_deletions() {
    let mut s = GameStore::new();
    let g = issue29_stopper(&mut s);
    assert!(g.is_stopper());
    let d = g.degree(&mut s).expect("a stopper has a degree");
    // The degree is the onside of G − G, so it is at least G − G's onside's lower bound 0
    // (G − G ≥ 0 as stopper-sided values: G⁺ − G⁺ has Left surviving by mirroring), and
    // it is an idempotent (Siegel VI.5: the degree of a stopper is idempotent).
    let zero = LoopyGame::plain(Graph::with_vertices(1));
    assert!(geq(&d, &zero, &mut s));
    assert!(d.sum_in(&d, &s).equals(&d, &mut s).unwrap());
    // The variety is answered too (see the next test for what it is).
    assert!(!matches!(g.variety(&mut s), Err(LoopyError::TooComplex(_))));
}

/// Disagreements between `h` and its computed side on the upward (onside, `up`) or
/// downward (offside) outcomes of sums with the test stoppers and the side's negative.
fn side_disagreements(h: &Graph, side: &Graph, up: bool, s: &mut GameStore) -> usize {
    let pick = |o: (Winner, Winner)| {
        if up {
            (o.0 != Winner::Right, o.1 != Winner::Right)
        } else {
            (o.0 == Winner::Left, o.1 == Winner::Left)
        }
    };
    let mut family = test_stoppers(s);
    family.push(side.negate());
    family
        .iter()
        .filter(|x| pick(brute_sum(h, x, s)) != pick(brute_sum(side, x, s)))
        .count()
}

/// Every side computed on the way to the variety of the stopper of issue 29 plays like its
/// game by the definition (outcomes against stoppers, [`brute_sum`]); the upper bound
/// comes with the method (see `sides::harmless_deletion`). The two varieties then
/// differ, `G ↑+ ((−G) ↓+ (−D)) > G ↓+ ((−G) ↑+ D)` by the survival definition
/// ([`brute_geq`]) as well, so `variety` reports a counterexample to the Stability
/// Conjecture (CGSuite's `Variety` reports it in the same words) instead of giving up.
#[test]
fn the_varieties_of_the_issue29_stopper_are_checked_by_the_definition() {
    let mut s = GameStore::new();
    let g = issue29_stopper(&mut s);
    let (mg, d) = (g.neg(), g.degree(&mut s).unwrap());
    let md = d.neg();
    let sum = |a: &Graph, b: &Graph, s: &GameStore| a.product(b, s).restrict(0);
    let h = sum(&mg.on, &md.on, &s);
    let t = super::sides::offside(&h, &s).unwrap();
    assert_eq!(side_disagreements(&h, &t, false, &mut s), 0);
    let h2 = sum(&g.on, &t, &s);
    let up = super::sides::onside(&h2, &s).unwrap();
    assert_eq!(side_disagreements(&h2, &up, true, &mut s), 0);
    let k = sum(&mg.on, &d.on, &s);
    let u = super::sides::onside(&k, &s).unwrap();
    assert_eq!(side_disagreements(&k, &u, true, &mut s), 0);
    let k2 = sum(&g.on, &u, &s);
    let down = super::sides::offside(&k2, &s).unwrap();
    assert_eq!(side_disagreements(&k2, &down, false, &mut s), 0);
    // D + D = D: both sides of D + D are D.
    let dd = sum(&d.on, &d.on, &s);
    for up_side in [true, false] {
        let side = if up_side {
            super::sides::onside(&dd, &s).unwrap()
        } else {
            super::sides::offside(&dd, &s).unwrap()
        };
        assert_eq!(side_disagreements(&dd, &side, up_side, &mut s), 0);
        assert!(brute_geq(&side, &d.on) && brute_geq(&d.on, &side));
    }
    // The degree itself against the definition.
    let gg = sum(&g.on, &mg.on, &s);
    assert_eq!(side_disagreements(&gg, &d.on, true, &mut s), 0);
    assert!(brute_geq(&up, &down) && !brute_geq(&down, &up));
    assert!(
        matches!(g.variety(&mut s), Err(LoopyError::NoVariety(why)) if why.contains("Stability"))
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// The deletion from above (tried first) against the sidling it now precedes, kept as
    /// the oracle: where both answer, the onsides are equal; the offsides follow by
    /// negation. Random graphs, and differences `G − G` of random stoppers (degrees).
    #[test]
    fn deletion_from_above_agrees_with_sidling(g in arb_graph(5), k in arb_graph(3)) {
        let s = GameStore::new();
        let diff = k.product(&k.negate(), &s).restrict(0);
        let mut cases = vec![g.clone(), g.negate()];
        if !k.has_alternating_cycle() {
            cases.push(diff);
        }
        for h in cases {
            let new = super::sides::onside(&h, &s);
            let old = super::sides::onside_by_sidling(&h, &s);
            if let Ok(o) = &old {
                let n = new.as_ref().expect("the new path answers wherever the old one did");
                prop_assert!(super::compare::geq(n, o, &s) && super::compare::geq(o, n, &s));
            }
        }
    }
}

// ----- idempotents, pseudonumbers, upsum and downsum varieties ----------------------------

/// Idempotents by the definition `G + G = G`, checked on the graphs by survival
/// ([`brute_geq`]) where the sum is a stopper: `0`, `on`, `over`, `↑<on>` are idempotent
/// (they are degrees: CGSuite's tests, Siegel VI.5), `1`, `upon` (`upon + upon =
/// {0 | upon*}`, Winning Ways ch. 11) and `↑` are not.
#[test]
fn idempotents_by_the_definition() {
    let mut s = GameStore::new();
    let (one, up) = (s.integer(1), s.nus(Dyadic::zero(), 1, 0));
    let cases = [
        (LoopyGame::plain(Graph::with_vertices(1)), true),
        (LoopyGame::on(), true),
        (LoopyGame::over(), true),
        (LoopyGame::uponth(), true),
        (LoopyGame::upon(), false),
        (short(&mut s, one), false),
        (short(&mut s, up), false),
    ];
    for (g, expected) in cases {
        assert_eq!(g.is_idempotent(&mut s).unwrap(), expected);
        let twice = g.on.product(&g.on, &s).restrict(0);
        if !twice.has_alternating_cycle() {
            let brute = brute_geq(&twice, &g.on) && brute_geq(&g.on, &twice);
            assert_eq!(brute, expected);
        }
    }
}

/// Pseudonumbers (CGSuite's `IsPseudonumber`): numbers, on, off, `x + over`,
/// `x + under`; not `upon`, `dud` or `*`.
#[test]
fn pseudonumbers() {
    let mut s = GameStore::new();
    let star = s.nimber(1);
    let three_halves_under = {
        // {pass | 3/2} = 3/2 + under (CGSuite's tests).
        let mut b = GraphBuilder::new();
        let a = b.vertex();
        let x = s.number(Dyadic::new(3.into(), 1));
        let xv = b.short(&mut s, x);
        b.left(a, a);
        b.right(a, xv);
        b.finish(a)
    };
    for g in [
        LoopyGame::on(),
        LoopyGame::off(),
        LoopyGame::over(),
        LoopyGame::under(),
        three_halves_under,
        dyadic(&mut s, 5, 2),
    ] {
        assert!(g.is_pseudonumber(&mut s));
    }
    for g in [LoopyGame::upon(), LoopyGame::dud(), short(&mut s, star)] {
        assert!(!g.is_pseudonumber(&mut s));
    }
}

/// The upsum and downsum varieties over the degree agree with `variety` (CGSuite's tests:
/// `{pass|3/2}` has degree over and variety under; `on` and `off` are their own
/// varieties over `on`), and a degree that is not an idempotent is refused.
#[test]
fn upsum_and_downsum_varieties() {
    let mut s = GameStore::new();
    let mut b = GraphBuilder::new();
    let a = b.vertex();
    let x = s.number(Dyadic::new(3.into(), 1));
    let xv = b.short(&mut s, x);
    b.left(a, a);
    b.right(a, xv);
    let g = b.finish(a);
    let over = LoopyGame::over();
    for v in [
        g.upsum_variety(&over, &mut s).unwrap(),
        g.downsum_variety(&over, &mut s).unwrap(),
    ] {
        assert!(v.equals(&LoopyGame::under(), &mut s).unwrap());
    }
    let on = LoopyGame::on();
    for side in [LoopyGame::on(), LoopyGame::off()] {
        let up = side.upsum_variety(&on, &mut s).unwrap();
        let down = side.downsum_variety(&on, &mut s).unwrap();
        assert!(up.equals(&side, &mut s).unwrap() && down.equals(&side, &mut s).unwrap());
    }
    assert!(matches!(
        g.upsum_variety(&LoopyGame::upon(), &mut s),
        Err(LoopyError::NoVariety(_))
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// `is_idempotent` against `G + G = G` by survival on random stoppers whose double is
    /// a stopper.
    #[test]
    fn idempotent_matches_survival(g in arb_graph(3)) {
        prop_assume!(!g.has_alternating_cycle());
        let s = GameStore::new();
        let twice = g.product(&g, &s).restrict(0);
        prop_assume!(!twice.has_alternating_cycle());
        let mut s = GameStore::new();
        let game = LoopyGame::plain(g.clone());
        let brute = brute_geq(&twice, &g) && brute_geq(&g, &twice);
        prop_assert_eq!(game.is_idempotent(&mut s).unwrap(), brute);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The comparison table over pairs, without the product graph, against solving the
    /// product graph built in full (the old path), on random graphs (the table is only
    /// meaningful for stoppers, but both compute the same retrograde analysis anyway).
    #[test]
    fn comparison_table_over_pairs_matches_the_product(g in arb_graph(5), h in arb_graph(5)) {
        let s = GameStore::new();
        prop_assert_eq!(
            super::compare::geq_table(&g, &h, &s),
            super::compare::geq_table_by_product(&g, &h, &s)
        );
    }
}

/// Backsliding Toads and Frogs written again for the tests (the ruleset lives in
/// cgt-games): toads `T` (Left) step right or jump a frog, frogs `F` step left or jump a
/// toad, and either steps one square back into an empty square.
fn moves(row: &[u8], piece: u8, step: isize) -> Vec<Vec<u8>> {
    let enemy = if piece == b'T' { b'F' } else { b'T' };
    let n = row.len() as isize;
    let at = |i: isize| (0..n).contains(&i).then(|| row[i as usize]);
    let mut out = Vec::new();
    for i in 0..n {
        if row[i as usize] != piece {
            continue;
        }
        let mut mv = |to: isize| {
            let mut r = row.to_vec();
            r.swap(i as usize, to as usize);
            out.push(r);
        };
        if at(i + step) == Some(b'.') {
            mv(i + step);
        } else if at(i + step) == Some(enemy) && at(i + 2 * step) == Some(b'.') {
            mv(i + 2 * step);
        }
        if at(i - step) == Some(b'.') {
            mv(i - step);
        }
    }
    out
}

pub(super) fn backsliding_graph(text: &str) -> Graph {
    let start = text.as_bytes().to_vec();
    let mut idx: std::collections::HashMap<Vec<u8>, u32> = Default::default();
    let mut q = vec![start.clone()];
    idx.insert(start, 0);
    let mut g = Graph::with_vertices(0);
    let mut k = 0;
    while k < q.len() {
        let p = q[k].clone();
        let mut sides = [Vec::new(), Vec::new()];
        for (s, opts) in [moves(&p, b'T', 1), moves(&p, b'F', -1)]
            .into_iter()
            .enumerate()
        {
            for o in opts {
                let n = idx.len() as u32;
                let w = *idx.entry(o.clone()).or_insert_with(|| {
                    q.push(o);
                    n
                });
                sides[s].push(w);
            }
        }
        let [l, r] = sides;
        g.left.push(l);
        g.right.push(r);
        k += 1;
    }
    g.normalise();
    g
}

/// `TTTT...FFF` (4,200 positions) is not found stopper-sided (the deletion from above
/// fails, and it is too large for sidling and for the onside from below), so it is printed
/// as its whole graph, which the notation unfolds along every line of play: the print
/// stops with an error after a bounded number of positions instead of running for
/// minutes. (If its sides are found one day, another such game must take its place.)
#[test]
fn printing_a_graph_that_unfolds_too_far_is_refused() {
    let g = LoopyGame::plain(backsliding_graph("TTTT...FFF"));
    assert_eq!(g.on.len(), 4200);
    let mut s = GameStore::new();
    let printed = crate::game::catch_abort(|| g.display(&mut s, false));
    match printed {
        Err(crate::game::abort::Abort::TooLarge(m)) => {
            assert!(m.contains("4200 positions"), "{m}")
        }
        other => panic!("expected a refusal, got {:?}", other.map(|t| t.len())),
    }
}

/// `TTT..FFF` (560 positions) was not found stopper-sided and was printed as its whole
/// graph, which the notation unfolds along every line of play: the print stopped with an
/// error after a bounded number of positions. Its sides are now found from below
/// (`sides_below`), and it prints as CGSuite's value (see
/// `sides_below_tests::ttt_ff_sides_are_cgsuites` for the source).
#[test]
fn ttt_ff_prints_as_its_sides() {
    let g = LoopyGame::plain(backsliding_graph("TTT..FFF"));
    assert_eq!(g.on.len(), 560);
    let mut s = GameStore::new();
    let printed = g.display(&mut s, false);
    assert!(
        printed.contains("{on||0|-1/2}") && printed.contains("{1/2|0||off}"),
        "{printed}"
    );
}

/// A position with more moves than a one-byte cell counts (300 Left options) makes the
/// comparison table use four-byte cells; the table still agrees with the product graph's.
#[test]
fn wide_positions_use_wide_cells_and_agree_with_the_product() {
    let n = 301;
    let mut g = Graph::with_vertices(n);
    g.left[0] = (1..n as u32).collect();
    for v in 1..n {
        // A chain of Left moves down, Right moves up with a pass now and then.
        g.left[v].push(v as u32 - 1);
        if v + 1 < n {
            g.right[v].push(v as u32 + 1);
        }
        if v % 7 == 0 {
            g.right[v].push(v as u32);
        }
    }
    g.normalise();
    let h = g.negate();
    let s = GameStore::new();
    for (a, b) in [(&g, &g), (&g, &h), (&h, &g)] {
        assert_eq!(
            super::compare::geq_table(a, b, &s),
            super::compare::geq_table_by_product(a, b, &s)
        );
    }
}
