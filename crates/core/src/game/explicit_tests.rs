//! Explicit forms against the naive definitions played out on literal game trees
//! ([`Lit`], never simplified): the ordinal sum and the ordinal product written directly
//! from their definitions, and outcomes found by game-tree search.

use super::*;
use crate::game::Outcome;
use crate::game::theory::testkit::{Lit, arb_lit, show};
use proptest::prelude::*;

fn lit_form(x: &Lit) -> ExplicitForm {
    ExplicitForm::node(
        x.left.iter().map(lit_form).collect(),
        x.right.iter().map(lit_form).collect(),
    )
}

fn lit_neg(x: &Lit) -> Lit {
    Lit {
        left: x.right.iter().map(lit_neg).collect(),
        right: x.left.iter().map(lit_neg).collect(),
    }
}

/// `a : b = {a^L, a : b^L | a^R, a : b^R}`, straight from the definition.
fn lit_ordinal_sum(a: &Lit, b: &Lit) -> Lit {
    let mut left = a.left.clone();
    left.extend(b.left.iter().map(|x| lit_ordinal_sum(a, x)));
    let mut right = a.right.clone();
    right.extend(b.right.iter().map(|x| lit_ordinal_sum(a, x)));
    Lit { left, right }
}

/// `g ⊛ h = {g⊛h^L : g^L, g⊛h^R : -g^R | g⊛h^L : g^R, g⊛h^R : -g^L}` (CGSuite's
/// `Game.OrdinalProduct`), straight from the definition.
fn lit_ordinal_product(g: &Lit, h: &Lit) -> Lit {
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for x in &h.left {
        let p = lit_ordinal_product(g, x);
        left.extend(g.left.iter().map(|y| lit_ordinal_sum(&p, y)));
        right.extend(g.right.iter().map(|y| lit_ordinal_sum(&p, y)));
    }
    for x in &h.right {
        let p = lit_ordinal_product(g, x);
        left.extend(g.right.iter().map(|y| lit_ordinal_sum(&p, &lit_neg(y))));
        right.extend(g.left.iter().map(|y| lit_ordinal_sum(&p, &lit_neg(y))));
    }
    Lit { left, right }
}

/// Whether the player to move wins the tree (Left if `left`), by game-tree search.
fn mover_wins(x: &Lit, left: bool) -> bool {
    let moves = if left { &x.left } else { &x.right };
    moves.iter().any(|y| !mover_wins(y, !left))
}

fn searched_outcome(x: &Lit) -> Outcome {
    match (mover_wins(x, true), mover_wins(x, false)) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    }
}

/// The canonical form of a game of the store as a literal tree.
fn canonical_lit(s: &mut GameStore, g: GameId) -> Lit {
    let (l, r) = s.options(g);
    Lit {
        left: l.iter().map(|&x| canonical_lit(s, x)).collect(),
        right: r.iter().map(|&x| canonical_lit(s, x)).collect(),
    }
}

fn value_text(s: &mut GameStore, f: &ExplicitForm) -> String {
    let v = s.form_value(f);
    show(s, v)
}

/// `'{*|*}'`.
fn star_star(s: &mut GameStore) -> ExplicitForm {
    let st = s.nimber(1);
    ExplicitForm::node(
        vec![ExplicitForm::Canonical(st)],
        vec![ExplicitForm::Canonical(st)],
    )
}

#[test]
fn the_ordinal_sum_acts_on_the_form_of_the_base() {
    let mut s = GameStore::new();
    let f = star_star(&mut s);
    // '{*|*}' is 0, and is printed as written.
    assert_eq!(value_text(&mut s, &f), "0");
    assert_eq!(f.display(&mut s, Notation::Ascii), "{*|*}");
    // G = '{*|*}'. G:0 = G. G:n = {*, G:(n-1) | *} (G's own options, and G on the
    // exponent's option n-1). Right moving first from G:n goes to *, and Left wins by
    // moving to 0, so G:n >= 0; hence Left's * reverses through its Right option 0 <= G:n
    // and is replaced by 0's Left options (none). Right's * would reverse only through a
    // Left option of * that is >= G:n, and 0 >= G:n is false (Left wins moving first by
    // going to *). So G:n = {G:(n-1) | *} with G:0 = 0: G:1 = {0|*} = ^, and
    // G:n = ^[n] = ^^→n (CGSuite's `^[n]`: ^^→n = {^^→(n-1) | *}). `0 : n` is n.
    let up = s.nus(crate::game::Dyadic::zero(), 1, 0);
    for n in 1..=3u32 {
        let h = ExplicitForm::Canonical(s.integer(i64::from(n)));
        let sum = s.form_ordinal_sum(&f, &h);
        let want = s.pow_to(up, n).unwrap();
        assert_eq!(s.form_value(&sum), want, "'{{*|*}}' : {n}");
    }
    let one = ExplicitForm::Canonical(s.integer(1));
    let sum = s.form_ordinal_sum(&f, &one);
    assert_eq!(value_text(&mut s, &sum), "^");
    // '{*|*}' : * = {*, G | *, G} = {*,0|*,0} = *2, while 0 : * = *.
    let star = ExplicitForm::Canonical(s.nimber(1));
    let sum = s.form_ordinal_sum(&f, &star);
    assert_eq!(sum.display(&mut s, Notation::Ascii), "{*,{*|*}|*,{*|*}}");
    assert_eq!(value_text(&mut s, &sum), "*2");
    // '{-1|1}' : 1 = {-1, '{-1|1}' | 1} = {-1,0|1} = 1/2, while 0 : 1 = 1.
    let (m1, p1) = (s.integer(-1), s.integer(1));
    let f = ExplicitForm::node(
        vec![ExplicitForm::Canonical(m1)],
        vec![ExplicitForm::Canonical(p1)],
    );
    let sum = s.form_ordinal_sum(&f, &ExplicitForm::Canonical(p1));
    assert_eq!(value_text(&mut s, &sum), "1/2");
}

#[test]
fn ordinal_products_of_integers_and_nimbers_multiply() {
    // On ordinals, α⊛β = {α·β' + α' | } = α·β; for nimbers the same derivation gives
    // *a ⊛ *b = *(ab) (the ordinal sum *a : *b is *(a+b)). By hand: *2 ⊛ *2 = *4.
    let mut s = GameStore::new();
    for a in 0..5i64 {
        for b in 0..5i64 {
            let (g, h) = (s.integer(a), s.integer(b));
            let p =
                s.ordinal_product_value(&ExplicitForm::Canonical(g), &ExplicitForm::Canonical(h));
            assert_eq!(p, s.integer(a * b), "{a} ⊛ {b}");
            let (g, h) = (s.nimber(a as u64), s.nimber(b as u64));
            let p =
                s.ordinal_product_value(&ExplicitForm::Canonical(g), &ExplicitForm::Canonical(h));
            assert_eq!(p, s.nimber((a * b) as u64), "*{a} ⊛ *{b}");
        }
    }
}

#[test]
fn an_ordinal_product_too_large_is_refused() {
    let r = crate::game::catch_abort(|| {
        let mut s = GameStore::new();
        let g = ExplicitForm::Canonical(s.integer(1000));
        s.form_ordinal_product(&g, &g).size()
    });
    assert!(r.is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_ordinal_sum_of_forms_is_the_definition(a in arb_lit(2, 2), b in arb_lit(2, 2)) {
        let mut s = GameStore::new();
        let naive = lit_ordinal_sum(&a, &b);
        let want = naive.value(&mut s);
        let sum = s.form_ordinal_sum(&lit_form(&a), &lit_form(&b));
        prop_assert_eq!(s.form_value(&sum), want);
        prop_assert_eq!(s.outcome(want), searched_outcome(&naive));
        // The exponent counts by its value only.
        let bv = ExplicitForm::Canonical(b.value(&mut s));
        let sum = s.form_ordinal_sum(&lit_form(&a), &bv);
        prop_assert_eq!(s.form_value(&sum), want);
        // A canonical base is the store's ordinal sum.
        let av = a.value(&mut s);
        let ca = canonical_lit(&mut s, av);
        let naive = lit_ordinal_sum(&ca, &b).value(&mut s);
        let bid = b.value(&mut s);
        let sum = s.form_ordinal_sum(&ExplicitForm::Canonical(av), &bv);
        prop_assert_eq!(s.form_value(&sum), naive);
        prop_assert_eq!(s.ordinal_sum(av, bid), naive);
    }

    #[test]
    fn the_ordinal_product_of_forms_is_the_definition(g in arb_lit(2, 2), h in arb_lit(2, 2)) {
        let mut s = GameStore::new();
        let naive = lit_ordinal_product(&g, &h);
        let want = naive.value(&mut s);
        prop_assert_eq!(s.ordinal_product_value(&lit_form(&g), &lit_form(&h)), want);
        prop_assert_eq!(s.outcome(want), searched_outcome(&naive));
        // Games of the store enter by their canonical forms.
        let (gv, hv) = (g.value(&mut s), h.value(&mut s));
        let (cg, ch) = (canonical_lit(&mut s, gv), canonical_lit(&mut s, hv));
        let naive = lit_ordinal_product(&cg, &ch).value(&mut s);
        let got = s.ordinal_product_value(&ExplicitForm::Canonical(gv), &ExplicitForm::Canonical(hv));
        prop_assert_eq!(got, naive);
    }

    #[test]
    fn negation_and_value_of_forms(g in arb_lit(3, 2)) {
        let mut s = GameStore::new();
        let f = lit_form(&g);
        let v = s.form_value(&f);
        prop_assert_eq!(v, g.value(&mut s));
        let n = s.form_neg(&f);
        let nv = s.neg(v);
        prop_assert_eq!(s.form_value(&n), nv);
        prop_assert_eq!(n.size(), f.size());
    }
}
