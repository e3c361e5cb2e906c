//! Property tests of the canonical-form engine against an independent brute-force oracle.
//!
//! The oracle works on *literal* game trees ([`Lit`]): no canonical forms, no numbers, no
//! simplification. Who wins is found by searching the game tree under normal play (a player
//! with no move loses). Sums and negatives are built literally, as game trees; to keep the
//! search of a sum polynomial, [`Forest`] shares identical subtrees (hash-consing of the
//! literal forms, with option lists taken as sets) and memoizes the search — it never
//! removes or replaces an option, so it is still the literal game.
//!
//! Every property compares what the engine (`cgt::game::GameStore`) says about the
//! canonical form of a literal with what the oracle finds by search on the literal itself.

use cgt::game::definitions::add_by_definition;
use cgt::game::{Dyadic, GameId, GameStore, Notation, Outcome};
use num_bigint::BigInt;
use proptest::collection::vec;
use proptest::prelude::*;
use std::collections::{HashMap, HashSet};

// ----- literal games ------------------------------------------------------------------

/// A literal game tree `{L | R}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Lit {
    Node(Vec<Lit>, Vec<Lit>),
}

use Lit::Node;

impl Lit {
    fn zero() -> Lit {
        Node(vec![], vec![])
    }

    fn lefts(&self) -> &[Lit] {
        let Node(l, _) = self;
        l
    }

    fn rights(&self) -> &[Lit] {
        let Node(_, r) = self;
        r
    }

    /// The integer `n` as a literal: `n = {n-1 |}`, `-n = {| -n+1}`.
    fn integer(n: i64) -> Lit {
        match n {
            0 => Lit::zero(),
            n if n > 0 => Node(vec![Lit::integer(n - 1)], vec![]),
            n => Node(vec![], vec![Lit::integer(n + 1)]),
        }
    }

    fn star() -> Lit {
        Node(vec![Lit::zero()], vec![Lit::zero()])
    }

    /// The height of the literal tree (its formal birthday).
    fn birthday(&self) -> u32 {
        self.lefts()
            .iter()
            .chain(self.rights())
            .map(|x| x.birthday() + 1)
            .max()
            .unwrap_or(0)
    }

    /// `-G = {-G^R | -G^L}`, as a tree.
    fn neg(&self) -> Lit {
        Node(
            self.rights().iter().map(Lit::neg).collect(),
            self.lefts().iter().map(Lit::neg).collect(),
        )
    }

    /// `G + H = {G^L+H, G+H^L | G^R+H, G+H^R}`, as a tree (exponential: small games only).
    fn sum(&self, h: &Lit) -> Lit {
        let mut l: Vec<Lit> = self.lefts().iter().map(|x| x.sum(h)).collect();
        l.extend(h.lefts().iter().map(|y| self.sum(y)));
        let mut r: Vec<Lit> = self.rights().iter().map(|x| x.sum(h)).collect();
        r.extend(h.rights().iter().map(|y| self.sum(y)));
        Node(l, r)
    }

    /// Whether the player (`left` or Right) wins moving first, by plain tree search.
    fn wins_moving_first(&self, left: bool) -> bool {
        let opts = if left { self.lefts() } else { self.rights() };
        opts.iter().any(|x| !x.wins_moving_first(!left))
    }

    fn outcome(&self) -> Outcome {
        outcome_of(self.wins_moving_first(true), self.wins_moving_first(false))
    }
}

fn outcome_of(left_first: bool, right_first: bool) -> Outcome {
    match (left_first, right_first) {
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (true, true) => Outcome::N,
        (false, false) => Outcome::P,
    }
}

/// Literal game forms with shared subtrees: node `i` is `{nodes[i].0 | nodes[i].1}`.
#[derive(Default)]
struct Forest {
    nodes: Vec<(Vec<u32>, Vec<u32>)>,
    index: HashMap<(Vec<u32>, Vec<u32>), u32>,
    sum_memo: HashMap<(u32, u32), u32>,
    neg_memo: HashMap<u32, u32>,
    win_memo: HashMap<(u32, bool), bool>,
}

impl Forest {
    fn node(&mut self, mut l: Vec<u32>, mut r: Vec<u32>) -> u32 {
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        let key = (l, r);
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        let i = self.nodes.len() as u32;
        self.nodes.push(key.clone());
        self.index.insert(key, i);
        i
    }

    fn lit(&mut self, g: &Lit) -> u32 {
        let l = g.lefts().iter().map(|x| self.lit(x)).collect();
        let r = g.rights().iter().map(|x| self.lit(x)).collect();
        self.node(l, r)
    }

    fn neg(&mut self, a: u32) -> u32 {
        if let Some(&n) = self.neg_memo.get(&a) {
            return n;
        }
        let (l, r) = self.nodes[a as usize].clone();
        let nl = r.iter().map(|&x| self.neg(x)).collect();
        let nr = l.iter().map(|&x| self.neg(x)).collect();
        let n = self.node(nl, nr);
        self.neg_memo.insert(a, n);
        n
    }

    fn sum(&mut self, a: u32, b: u32) -> u32 {
        let key = (a.min(b), a.max(b));
        if let Some(&s) = self.sum_memo.get(&key) {
            return s;
        }
        let (al, ar) = self.nodes[a as usize].clone();
        let (bl, br) = self.nodes[b as usize].clone();
        let mut l: Vec<u32> = al.iter().map(|&x| self.sum(x, b)).collect();
        l.extend(bl.iter().map(|&y| self.sum(a, y)));
        let mut r: Vec<u32> = ar.iter().map(|&x| self.sum(x, b)).collect();
        r.extend(br.iter().map(|&y| self.sum(a, y)));
        let s = self.node(l, r);
        self.sum_memo.insert(key, s);
        s
    }

    /// Normal play: the player to move wins iff some move leads to a position that the
    /// other player, now moving first, loses. No move: the player to move loses.
    fn wins_moving_first(&mut self, a: u32, left: bool) -> bool {
        if let Some(&w) = self.win_memo.get(&(a, left)) {
            return w;
        }
        let opts = if left {
            self.nodes[a as usize].0.clone()
        } else {
            self.nodes[a as usize].1.clone()
        };
        let w = opts.iter().any(|&x| !self.wins_moving_first(x, !left));
        self.win_memo.insert((a, left), w);
        w
    }

    fn outcome(&mut self, a: u32) -> Outcome {
        let lf = self.wins_moving_first(a, true);
        let rf = self.wins_moving_first(a, false);
        outcome_of(lf, rf)
    }

    /// `G <= H`: Right, moving first in `H - G`, loses.
    fn leq(&mut self, g: u32, h: u32) -> bool {
        let ng = self.neg(g);
        let d = self.sum(h, ng);
        !self.wins_moving_first(d, false)
    }

    /// `G = H`: `H - G` is a P-position.
    fn eq(&mut self, g: u32, h: u32) -> bool {
        let ng = self.neg(g);
        let d = self.sum(h, ng);
        self.outcome(d) == Outcome::P
    }

    /// The literal form of a canonical game: its canonical options, recursively (shared).
    fn lit_of_id(&mut self, s: &mut GameStore, g: GameId, memo: &mut HashMap<GameId, u32>) -> u32 {
        if let Some(&a) = memo.get(&g) {
            return a;
        }
        let (l, r) = s.options(g);
        let la = l.iter().map(|&x| self.lit_of_id(s, x, memo)).collect();
        let ra = r.iter().map(|&x| self.lit_of_id(s, x, memo)).collect();
        let a = self.node(la, ra);
        memo.insert(g, a);
        a
    }

    /// Converts a literal form of this forest to a canonical id, by options then canonical.
    fn to_id(&self, s: &mut GameStore, a: u32, memo: &mut HashMap<u32, GameId>) -> GameId {
        if let Some(&g) = memo.get(&a) {
            return g;
        }
        let (l, r) = &self.nodes[a as usize];
        let li: Vec<GameId> = l.iter().map(|&x| self.to_id(s, x, memo)).collect();
        let ri: Vec<GameId> = r.iter().map(|&x| self.to_id(s, x, memo)).collect();
        let g = s.canonical(&li, &ri);
        memo.insert(a, g);
        g
    }
}

/// The canonical id of a literal: convert the options recursively, then `canonical`.
fn to_id(s: &mut GameStore, g: &Lit) -> GameId {
    let l: Vec<GameId> = g.lefts().iter().map(|x| to_id(s, x)).collect();
    let r: Vec<GameId> = g.rights().iter().map(|x| to_id(s, x)).collect();
    s.canonical(&l, &r)
}

fn show(s: &mut GameStore, g: GameId) -> String {
    s.display(g, Notation::Ascii)
}

// ----- strategies and a small deterministic generator ----------------------------------

/// Literal games of formal birthday at most `depth`, with at most `branch` options a side.
fn lit_upto(depth: u32, branch: usize) -> BoxedStrategy<Lit> {
    lit_tree(depth, branch, 0)
}

/// As [`lit_upto`]; `zero_weight` (against 6) is how often the tree is cut short to `0`
/// (never at the root, one time in four below it).
fn lit_tree(depth: u32, branch: usize, zero_weight: u32) -> BoxedStrategy<Lit> {
    if depth == 0 {
        return Just(Lit::zero()).boxed();
    }
    let sub = lit_tree(depth - 1, branch, 2);
    let node = (vec(sub.clone(), 0..=branch), vec(sub, 0..=branch)).prop_map(|(l, r)| Node(l, r));
    if zero_weight == 0 {
        return node.boxed();
    }
    prop_oneof![zero_weight => Just(Lit::zero()), 6 => node].boxed()
}

/// The mix used by most properties: mostly birthday <= 3 (branching 3), some birthday
/// <= 4 (mostly with branching 2), some small ones (where equalities are frequent).
fn any_lit() -> BoxedStrategy<Lit> {
    prop_oneof![
        2 => lit_upto(2, 3),
        4 => lit_upto(3, 3),
        3 => lit_upto(4, 2),
        1 => lit_upto(4, 3),
    ]
    .boxed()
}

/// Smaller games for the properties that combine three games or build big literal sums.
fn small_lit() -> BoxedStrategy<Lit> {
    prop_oneof![lit_upto(2, 3), lit_upto(3, 2)].boxed()
}

/// SplitMix64: the deterministic choices of the rewriting properties.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn lit(&mut self, depth: u32, branch: usize) -> Lit {
        if depth == 0 || self.below(6) == 0 {
            return Lit::zero();
        }
        let nl = self.below(branch + 1);
        let nr = self.below(branch + 1);
        let l = (0..nl).map(|_| self.lit(depth - 1, branch)).collect();
        let r = (0..nr).map(|_| self.lit(depth - 1, branch)).collect();
        Node(l, r)
    }
}

/// Applies `f` to a random subposition of `g` (possibly `g` itself) and rebuilds `g`.
/// Since the value of a game depends only on the values of its options, a value-preserving
/// `f` at any subposition preserves the value of `g`.
fn at_random_subposition(g: &Lit, rng: &mut Rng, f: &mut dyn FnMut(&Lit) -> Lit) -> Lit {
    let Node(l, r) = g;
    let total = l.len() + r.len();
    if total == 0 || rng.below(3) == 0 {
        return f(g);
    }
    let i = rng.below(total);
    let (mut l, mut r) = (l.clone(), r.clone());
    if i < l.len() {
        l[i] = at_random_subposition(&l[i], rng, f);
    } else {
        let j = i - l.len();
        r[j] = at_random_subposition(&r[j], rng, f);
    }
    Node(l, r)
}

/// A value-preserving rewrite of `g` at a random subposition, chosen among: shuffling and
/// duplicating options, adding a dominated option (`A - 1` next to `A`), adding a reversible
/// option (`{P | X}` next to the options of `X`, which reverses through `X`), adding a
/// literal zero (`Y - Y`, `{*|*}`, `{-1|1}`).
fn rewrite(g: &Lit, rng: &mut Rng) -> Lit {
    let kind = rng.below(5);
    let mut seed = Rng(rng.next());
    at_random_subposition(g, rng, &mut |x: &Lit| {
        let Node(l, r) = x;
        let (mut l, mut r) = (l.clone(), r.clone());
        match kind {
            0 => {
                if !l.is_empty() {
                    let i = seed.below(l.len());
                    l.push(l[i].clone());
                    let k = seed.below(l.len());
                    l.rotate_left(k);
                }
                r.reverse();
                Node(l, r)
            }
            1 => {
                if !l.is_empty() && seed.below(2) == 0 {
                    let a = l[seed.below(l.len())].clone();
                    l.push(a.sum(&Lit::integer(-1)));
                } else if !r.is_empty() {
                    let b = r[seed.below(r.len())].clone();
                    r.push(b.sum(&Lit::integer(1)));
                }
                Node(l, r)
            }
            2 => {
                let p = seed.lit(1, 2);
                if seed.below(2) == 0 {
                    l.push(Node(vec![p], vec![x.clone()]));
                } else {
                    r.push(Node(vec![x.clone()], vec![p]));
                }
                Node(l, r)
            }
            3 => at_small_subposition(x, &mut seed, &mut |y: &Lit, c: &mut Rng| {
                let w = c.lit(1, 2);
                y.sum(&w.sum(&w.neg()))
            }),
            _ => at_small_subposition(x, &mut seed, &mut |y: &Lit, c: &mut Rng| {
                let z = if c.below(2) == 0 {
                    Node(vec![Lit::star()], vec![Lit::star()])
                } else {
                    Node(vec![Lit::integer(-1)], vec![Lit::integer(1)])
                };
                y.sum(&z)
            }),
        }
    })
}

/// Applies `f` to a random subposition of `g` of birthday at most 2 (literal sums grow
/// fast as trees), and rebuilds `g`.
fn at_small_subposition(g: &Lit, rng: &mut Rng, f: &mut dyn FnMut(&Lit, &mut Rng) -> Lit) -> Lit {
    let Node(l, r) = g;
    let total = l.len() + r.len();
    if total == 0 || (g.birthday() <= 2 && rng.below(2) == 0) {
        return f(g, rng);
    }
    let i = rng.below(total);
    let (mut l, mut r) = (l.clone(), r.clone());
    if i < l.len() {
        l[i] = at_small_subposition(&l[i], rng, f);
    } else {
        let j = i - l.len();
        r[j] = at_small_subposition(&r[j], rng, f);
    }
    Node(l, r)
}

/// A few number-up-star values, to mix the engine's special forms into the sums.
fn nus_game(s: &mut GameStore, k: u64) -> GameId {
    let numbers = [
        (0, 0),
        (1, 0),
        (-1, 0),
        (1, 1),
        (-3, 2),
        (5, 3),
        (2, 0),
        (3, 2),
    ];
    let (n, e) = numbers[(k % 8) as usize];
    let ups = ((k / 8) % 7) as i64 - 3;
    let nim = (k / 56) % 4;
    s.nus(Dyadic::new(BigInt::from(n), e), ups, nim)
}

// ----- properties --------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The outcome of the canonical form is the outcome found by searching the literal;
    /// the canonical form is no older than the literal.
    #[test]
    fn outcome_matches_brute_force(g in any_lit()) {
        let mut s = GameStore::new();
        let id = to_id(&mut s, &g);
        prop_assert_eq!(s.outcome(id), g.outcome());
        prop_assert!(s.birthday(id) <= BigInt::from(g.birthday()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// `G - G = 0` (the id of zero), and `-(-G) = G`.
    #[test]
    fn g_minus_g_is_zero(g in any_lit()) {
        let mut s = GameStore::new();
        let id = to_id(&mut s, &g);
        let d = s.sub(id, id);
        prop_assert_eq!(d, s.zero());
        let n = s.neg(id);
        prop_assert_eq!(s.neg(n), id);
        // The negative of the literal converts to the negative of the canonical form.
        let lit_neg = to_id(&mut s, &g.neg());
        prop_assert_eq!(lit_neg, n);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// `s.leq(G, H)` iff Right, moving first in the literal `H + (-G)`, loses; `lt` and
    /// `confused` agree with it.
    #[test]
    fn leq_matches_brute_force(g in any_lit(), h in any_lit()) {
        let mut s = GameStore::new();
        let (gi, hi) = (to_id(&mut s, &g), to_id(&mut s, &h));
        let mut f = Forest::default();
        let (ga, ha) = (f.lit(&g), f.lit(&h));
        let leq = f.leq(ga, ha);
        let geq = f.leq(ha, ga);
        prop_assert_eq!(s.leq(gi, hi), leq);
        prop_assert_eq!(s.leq(hi, gi), geq);
        prop_assert_eq!(s.lt(gi, hi), leq && !geq);
        prop_assert_eq!(s.confused(gi, hi), !leq && !geq);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// `G == H` as ids iff `H - G` is a P-position, and ids print alike iff they are equal.
    #[test]
    fn id_equality_is_game_equality(g in any_lit(), h in any_lit()) {
        let mut s = GameStore::new();
        let (gi, hi) = (to_id(&mut s, &g), to_id(&mut s, &h));
        let mut f = Forest::default();
        let (ga, ha) = (f.lit(&g), f.lit(&h));
        let eq = f.eq(ga, ha);
        prop_assert_eq!(gi == hi, eq);
        prop_assert_eq!(show(&mut s, gi) == show(&mut s, hi), eq);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// `G + H == H + G` and `(G + H) + K == G + (H + K)` as ids; the sum of the canonical
    /// forms is the canonical form of the literal sum, whose outcome is found by search.
    #[test]
    fn sum_is_commutative_associative_and_literal(
        g in small_lit(), h in small_lit(), k in small_lit()
    ) {
        let mut s = GameStore::new();
        let (gi, hi, ki) = (to_id(&mut s, &g), to_id(&mut s, &h), to_id(&mut s, &k));
        let gh = s.add(gi, hi);
        prop_assert_eq!(gh, s.add(hi, gi));
        let hk = s.add(hi, ki);
        let left_assoc = s.add(gh, ki);
        prop_assert_eq!(left_assoc, s.add(gi, hk));

        let mut f = Forest::default();
        let (ga, ha, ka) = (f.lit(&g), f.lit(&h), f.lit(&k));
        let gha = f.sum(ga, ha);
        let ghka = f.sum(gha, ka);
        let mut memo = HashMap::new();
        prop_assert_eq!(f.to_id(&mut s, gha, &mut memo), gh);
        prop_assert_eq!(f.to_id(&mut s, ghka, &mut memo), left_assoc);
        prop_assert_eq!(s.outcome(gh), f.outcome(gha));
        prop_assert_eq!(s.outcome(left_assoc), f.outcome(ghka));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Adding a dominated option anywhere in the literal does not change the canonical id:
    /// a Left option `X <= A` next to the Left option `A` (dually for Right). `X` is a random
    /// game if it happens to be `<= A`, else `A + D` for a random `D` if that is, else
    /// `A - 1`; the construction is checked by search before use.
    #[test]
    fn dominated_options_do_not_change_the_value(
        g in any_lit(), seed in any::<u64>()
    ) {
        let mut rng = Rng(seed);
        let mut f = Forest::default();
        let mut checked = 0;
        let g2 = at_random_subposition(&g, &mut rng, &mut |x: &Lit| {
            let Node(l, r) = x;
            let (mut l, mut r) = (l.clone(), r.clone());
            let mut c = Rng(seed ^ 0x5555);
            let left_side = if l.is_empty() { false } else { r.is_empty() || c.below(2) == 0 };
            if l.is_empty() && r.is_empty() {
                return x.clone();
            }
            let opts = if left_side { &l } else { &r };
            let a = opts[c.below(opts.len())].clone();
            let one = Lit::integer(if left_side { -1 } else { 1 });
            let candidates = [c.lit(2, 2), a.sum(&c.lit(1, 2)), a.sum(&one)];
            let aa = f.lit(&a);
            let x_opt = candidates
                .into_iter()
                .find(|cand| {
                    let ca = f.lit(cand);
                    if left_side { f.leq(ca, aa) } else { f.leq(aa, ca) }
                })
                .expect("A - 1 <= A and A + 1 >= A");
            checked += 1;
            if left_side { l.push(x_opt) } else { r.push(x_opt) }
            Node(l, r)
        });
        let (ga, g2a) = (f.lit(&g), f.lit(&g2));
        prop_assert!(checked <= 1);
        prop_assert!(f.eq(ga, g2a), "construction error: the rewrite changed the value");
        let mut s = GameStore::new();
        let (gi, g2i) = (to_id(&mut s, &g), to_id(&mut s, &g2));
        prop_assert_eq!(gi, g2i);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Reversibility: with `G' = {G^L, X | G^R}` and `X = {P | Z, Q}` where `Z <= G'`
    /// (checked by search), `G' = {G^L, Z^L | G^R}` — same canonical id (dually for Right).
    /// `Z` is a random game if it happens to qualify, else `G + D` for a random `D` if that
    /// does, else `G` itself (always `<= G'`), in which case also `G' = G`.
    #[test]
    fn reversible_options_are_bypassed(
        g in any_lit(), p in lit_upto(2, 2), q in lit_upto(2, 2),
        seed in any::<u64>(), right in any::<bool>()
    ) {
        // Work on the mirror image for the Right case, and mirror back at the end.
        let g = if right { g.neg() } else { g };
        let mut rng = Rng(seed);
        let Node(gl, gr) = g.clone();
        let candidates = [rng.lit(3, 2), g.sum(&rng.lit(2, 2)), g.clone()];
        let mut f = Forest::default();
        let mut chosen = None;
        for (i, z) in candidates.iter().enumerate() {
            let x = Node(vec![p.clone()], vec![z.clone(), q.clone()]);
            let mut l2 = gl.clone();
            l2.push(x);
            let g2 = Node(l2, gr.clone());
            let (za, g2a) = (f.lit(z), f.lit(&g2));
            if f.leq(za, g2a) {
                chosen = Some((i, z.clone(), g2));
                break;
            }
        }
        let (which, z, g2) = chosen.expect("G <= G' always");
        let mut l3 = gl.clone();
        l3.extend(z.lefts().iter().cloned());
        let g3 = Node(l3, gr.clone());
        let (g, g2, g3) = if right { (g.neg(), g2.neg(), g3.neg()) } else { (g, g2, g3) };
        let (ga, g2a, g3a) = (f.lit(&g), f.lit(&g2), f.lit(&g3));
        prop_assert!(f.eq(g2a, g3a), "construction error: bypassing changed the value");
        let mut s = GameStore::new();
        let (gi, g2i, g3i) = (to_id(&mut s, &g), to_id(&mut s, &g2), to_id(&mut s, &g3));
        prop_assert_eq!(g2i, g3i);
        if which == 2 {
            prop_assert!(f.eq(ga, g2a));
            prop_assert_eq!(gi, g2i);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Canonical forms are unique: a literal and a value-preserving rewrite of it (random
    /// rewrites, whose effect is checked by search), or any two literals of equal value,
    /// get the same id and print identically; unequal values get different ids and texts.
    /// Conversion in two stores filled in different orders prints the same.
    #[test]
    fn canonical_forms_are_unique(g in any_lit(), other in small_lit(), seed in any::<u64>()) {
        let mut rng = Rng(seed);
        let mut h = g.clone();
        for _ in 0..1 + rng.below(3) {
            h = rewrite(&h, &mut rng);
        }
        let mut f = Forest::default();
        let (ga, ha, oa) = (f.lit(&g), f.lit(&h), f.lit(&other));
        prop_assert!(f.eq(ga, ha), "construction error: the rewrite changed the value");
        let mut s = GameStore::new();
        let (oi, hi, gi) = (to_id(&mut s, &other), to_id(&mut s, &h), to_id(&mut s, &g));
        prop_assert_eq!(gi, hi);
        let (gs, hs, os) = (show(&mut s, gi), show(&mut s, hi), show(&mut s, oi));
        prop_assert_eq!(&gs, &hs);
        let eq = f.eq(ga, oa);
        prop_assert_eq!(gi == oi, eq);
        prop_assert_eq!(gs == os, eq);

        // A second store, built in another order, prints the same texts.
        let mut t = GameStore::new();
        let gi2 = to_id(&mut t, &g);
        let oi2 = to_id(&mut t, &other);
        prop_assert_eq!(show(&mut t, gi2), gs);
        prop_assert_eq!(show(&mut t, oi2), os);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The sum (with its number-avoidance and number-up-star fast paths) equals the sum by
    /// definition on canonical options; likewise the negative.
    #[test]
    fn sum_fast_path_agrees_with_definition(
        g in small_lit(), h in small_lit(), k1 in any::<u64>(), k2 in any::<u64>(),
        shape in 0u8..4
    ) {
        let mut s = GameStore::new();
        let (gi, hi) = (to_id(&mut s, &g), to_id(&mut s, &h));
        let (n1, n2) = (nus_game(&mut s, k1 % 224), nus_game(&mut s, k2 % 224));
        let (a, b) = match shape {
            0 => (gi, hi),
            1 => (gi, n1),
            2 => (n1, hi),
            _ => (n1, n2),
        };
        let mut memo = HashMap::new();
        let by_def = add_by_definition(&mut s, &mut memo, a, b);
        prop_assert_eq!(s.add(a, b), by_def);
        let (al, ar) = s.options(a);
        let nl: Vec<GameId> = ar.iter().map(|&x| s.neg(x)).collect();
        let nr: Vec<GameId> = al.iter().map(|&x| s.neg(x)).collect();
        let neg_by_def = s.canonical(&nl, &nr);
        prop_assert_eq!(s.neg(a), neg_by_def);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Stops: `LS(G) >= RS(G)`; both equal `x` for a number `x`; `x > LS(G)` implies
    /// `G < x` and `x < RS(G)` implies `G > x`; stops shift by added numbers and swap
    /// under negation.
    #[test]
    fn stops_are_ordered_and_bound_the_game(g in any_lit(), k in 0u32..4) {
        let mut s = GameStore::new();
        let id = to_id(&mut s, &g);
        let (ls, rs) = (s.left_stop(id), s.right_stop(id));
        prop_assert!(ls >= rs, "LS {} < RS {} for {}", ls, rs, show(&mut s, id));
        if let Some(x) = s.as_number(id).cloned() {
            prop_assert_eq!(&ls, &x);
            prop_assert_eq!(&rs, &x);
        }
        let eps = Dyadic::unit(k);
        let above = s.number(&ls + &eps);
        let below = s.number(&rs - &eps);
        prop_assert!(s.lt(id, above));
        prop_assert!(s.lt(below, id));
        let n = s.neg(id);
        prop_assert_eq!(s.left_stop(n), -&rs);
        prop_assert_eq!(s.right_stop(n), -&ls);
        let x = Dyadic::new(BigInt::from(3), k);
        let xi = s.number(x.clone());
        let shifted = s.add(id, xi);
        prop_assert_eq!(s.left_stop(shifted), &ls + &x);
        prop_assert_eq!(s.right_stop(shifted), &rs + &x);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// The oracle itself: the shared, memoized search agrees with plain tree search on the
    /// unshared literal sum and negation.
    #[test]
    fn forest_agrees_with_plain_tree_search(g in lit_upto(2, 2), h in lit_upto(2, 2)) {
        let d = h.sum(&g.neg());
        let mut f = Forest::default();
        let (ga, ha) = (f.lit(&g), f.lit(&h));
        let ng = f.neg(ga);
        let da = f.sum(ha, ng);
        prop_assert_eq!(f.outcome(da), d.outcome());
        prop_assert_eq!(f.lit(&d), da);
        prop_assert_eq!(f.leq(ga, ha), !d.wins_moving_first(false));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Number-up-star values (stored by value, compared by arithmetic) and literal games:
    /// comparisons and outcomes agree with search on the games spelled out by their
    /// canonical options, and converting those options back gives the same id.
    #[test]
    fn number_up_star_values_agree_with_brute_force(
        k1 in 0u64..224, k2 in 0u64..224, g in small_lit(), shape in 0u8..3
    ) {
        let mut s = GameStore::new();
        let a = nus_game(&mut s, k1);
        let b = match shape {
            0 => nus_game(&mut s, k2),
            1 => to_id(&mut s, &g),
            _ => {
                let x = nus_game(&mut s, k2);
                let y = to_id(&mut s, &g);
                s.add(x, y)
            }
        };
        let mut f = Forest::default();
        let mut memo = HashMap::new();
        let (aa, ba) = (f.lit_of_id(&mut s, a, &mut memo), f.lit_of_id(&mut s, b, &mut memo));
        prop_assert_eq!(s.leq(a, b), f.leq(aa, ba));
        prop_assert_eq!(s.leq(b, a), f.leq(ba, aa));
        prop_assert_eq!(s.outcome(a), f.outcome(aa));
        prop_assert_eq!(s.outcome(b), f.outcome(ba));
        let mut back = HashMap::new();
        prop_assert_eq!(f.to_id(&mut s, aa, &mut back), a);
        prop_assert_eq!(f.to_id(&mut s, ba, &mut back), b);
        let sum = s.add(a, b);
        let sum_a = f.sum(aa, ba);
        prop_assert_eq!(s.outcome(sum), f.outcome(sum_a));
    }
}

// ----- exhaustive checks of the small days --------------------------------------------

/// Every literal form of birthday <= 2 (the 256 pairs of subsets of the four day-1 forms):
/// equal ids exactly for equal values, and the 22 canonical forms of day 2 with their texts.
#[test]
fn day_two_literals_exhaustively() {
    let z = Lit::zero();
    let day1 = [
        z.clone(),
        Node(vec![z.clone()], vec![]),
        Node(vec![], vec![z.clone()]),
        Node(vec![z.clone()], vec![z.clone()]),
    ];
    let subsets: Vec<Vec<Lit>> = (0..16u32)
        .map(|m| {
            (0..4)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| day1[i].clone())
                .collect()
        })
        .collect();
    let mut lits = Vec::new();
    for l in &subsets {
        for r in &subsets {
            lits.push(Node(l.clone(), r.clone()));
        }
    }
    assert_eq!(lits.len(), 256);
    let mut s = GameStore::new();
    let ids: Vec<GameId> = lits.iter().map(|g| to_id(&mut s, g)).collect();
    let mut f = Forest::default();
    let forms: Vec<u32> = lits.iter().map(|g| f.lit(g)).collect();
    for i in 0..lits.len() {
        for j in 0..lits.len() {
            let eq = f.eq(forms[i], forms[j]);
            assert_eq!(ids[i] == ids[j], eq, "{:?} vs {:?}", lits[i], lits[j]);
            let leq = f.leq(forms[i], forms[j]);
            assert_eq!(s.leq(ids[i], ids[j]), leq, "{:?} <= {:?}", lits[i], lits[j]);
        }
    }
    let distinct: HashSet<GameId> = ids.iter().copied().collect();
    assert_eq!(distinct.len(), 22);
    let texts: HashSet<String> = distinct.iter().map(|&g| show(&mut s, g)).collect();
    let expected: HashSet<String> = [
        "0", "*", "*2", "^", "v", "^*", "v*", "1", "-1", "2", "-2", "1/2", "-1/2", "1*", "-1*",
        "+-1", "{1|0}", "{0|-1}", "{1|*}", "{*|-1}", "{1|0,*}", "{0,*|-1}",
    ]
    .iter()
    .map(|t| t.to_string())
    .collect();
    assert_eq!(texts, expected);
}

/// The canonical forms born by day 3 are `{A | B}` for antichains `A`, `B` of day 2:
/// there are 1474 of them (Siegel, Combinatorial Game Theory, §II.4), all printed
/// differently.
#[test]
fn day_three_has_1474_games() {
    let mut s = GameStore::new();
    let mut day = vec![s.zero()];
    for _ in 0..2 {
        let subsets = all_subsets(&day);
        let mut next = HashSet::new();
        for l in &subsets {
            for r in &subsets {
                next.insert(s.canonical(l, r));
            }
        }
        day = next.into_iter().collect();
        day.sort();
    }
    assert_eq!(day.len(), 22);
    let antichains = antichains(&mut s, &day);
    let mut day3 = HashSet::new();
    for l in &antichains {
        for r in &antichains {
            day3.insert(s.canonical(l, r));
        }
    }
    assert_eq!(day3.len(), 1474);
    let texts: HashSet<String> = day3.iter().map(|&g| show(&mut s, g)).collect();
    assert_eq!(texts.len(), 1474);
    for &g in &day3 {
        assert!(s.birthday(g) <= BigInt::from(3));
    }
}

fn all_subsets(items: &[GameId]) -> Vec<Vec<GameId>> {
    (0..1u32 << items.len())
        .map(|m| {
            (0..items.len())
                .filter(|i| m >> i & 1 == 1)
                .map(|i| items[i])
                .collect()
        })
        .collect()
}

/// All antichains (sets of pairwise incomparable games) of `items`.
fn antichains(s: &mut GameStore, items: &[GameId]) -> Vec<Vec<GameId>> {
    let n = items.len();
    let mut comparable = vec![vec![false; n]; n];
    for i in 0..n {
        for j in 0..n {
            comparable[i][j] = i != j && (s.leq(items[i], items[j]) || s.leq(items[j], items[i]));
        }
    }
    let mut out = Vec::new();
    let mut current = Vec::new();
    extend_antichains(items, &comparable, 0, &mut current, &mut out);
    out
}

fn extend_antichains(
    items: &[GameId],
    comparable: &[Vec<bool>],
    start: usize,
    current: &mut Vec<usize>,
    out: &mut Vec<Vec<GameId>>,
) {
    out.push(current.iter().map(|&i| items[i]).collect());
    for i in start..items.len() {
        if current.iter().all(|&j| !comparable[i][j]) {
            current.push(i);
            extend_antichains(items, comparable, i + 1, current, out);
            current.pop();
        }
    }
}

/// The generators are not vacuous: on a fixed sample, every outcome class is common, equal
/// and comparable pairs occur, and many canonical forms are general (not number-up-star)
/// forms of birthday 3 or more.
#[test]
fn generators_cover_the_interesting_cases() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut outcomes = HashMap::new();
    let (mut equal, mut leq, mut general, mut old) = (0, 0, 0, 0);
    let n = 1000;
    for _ in 0..n {
        let g = any_lit().new_tree(&mut runner).unwrap().current();
        let h = any_lit().new_tree(&mut runner).unwrap().current();
        let mut s = GameStore::new();
        let (gi, hi) = (to_id(&mut s, &g), to_id(&mut s, &h));
        *outcomes.entry(s.outcome(gi)).or_insert(0) += 1;
        equal += usize::from(gi == hi);
        leq += usize::from(s.leq(gi, hi));
        general += usize::from(s.as_nus(gi).is_none());
        old += usize::from(s.birthday(gi) >= BigInt::from(3));
    }
    for o in [Outcome::L, Outcome::R, Outcome::N, Outcome::P] {
        assert!(
            outcomes.get(&o).copied().unwrap_or(0) > n / 10,
            "{outcomes:?}"
        );
    }
    assert!(equal > n / 20 && equal < n / 2, "{equal} equal pairs");
    assert!(leq > n / 5 && leq < 4 * n / 5, "{leq} pairs with G <= H");
    assert!(general > n / 10, "{general} general forms");
    assert!(old > n / 10, "{old} canonical forms of birthday >= 3");
}
