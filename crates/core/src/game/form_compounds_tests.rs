//! Compounds of forms against game-tree search: a position is a pair of literal game
//! trees ([`Lit`], never simplified) and the player to move, a move is chosen by the
//! definition of the compound, and the player without a move loses.

use super::*;
use crate::game::Outcome;
use crate::game::theory::testkit::{Lit, arb_lit};
use proptest::prelude::*;
use std::collections::HashMap;

fn lit_form(x: &Lit) -> ExplicitForm {
    ExplicitForm::node(
        x.left.iter().map(lit_form).collect(),
        x.right.iter().map(lit_form).collect(),
    )
}

/// The canonical form of a game of the store as a literal tree.
fn canonical_lit(s: &mut GameStore, g: GameId) -> Lit {
    let (l, r) = s.options(g);
    Lit {
        left: l.iter().map(|&x| canonical_lit(s, x)).collect(),
        right: r.iter().map(|&x| canonical_lit(s, x)).collect(),
    }
}

type Seen = HashMap<(Lit, Lit, bool), bool>;

/// Whether the player to move (Left if `left`) wins the compound of the trees `g`, `h`.
fn mover_wins(kind: Compound, g: &Lit, h: &Lit, left: bool, seen: &mut Seen) -> bool {
    let key = (g.clone(), h.clone(), left);
    if let Some(&w) = seen.get(&key) {
        return w;
    }
    let (a, b) = if left {
        (&g.left, &h.left)
    } else {
        (&g.right, &h.right)
    };
    // Every choice of a move or none in each component.
    let firsts: Vec<Option<&Lit>> = a.iter().map(Some).chain([None]).collect();
    let seconds: Vec<Option<&Lit>> = b.iter().map(Some).chain([None]).collect();
    let mut win = false;
    for x in &firsts {
        for y in &seconds {
            let allowed = match kind {
                Compound::Conjunctive => x.is_some() && y.is_some(),
                Compound::Selective => x.is_some() || y.is_some(),
            };
            if allowed && !win {
                let (x, y) = (x.unwrap_or(g), y.unwrap_or(h));
                win = !mover_wins(kind, x, y, !left, seen);
            }
        }
    }
    seen.insert(key, win);
    win
}

fn searched(kind: Compound, g: &Lit, h: &Lit) -> Outcome {
    let mut seen = Seen::new();
    match (
        mover_wins(kind, g, h, true, &mut seen),
        mover_wins(kind, g, h, false, &mut seen),
    ) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    }
}

fn text(s: &mut GameStore, g: GameId) -> String {
    crate::game::theory::testkit::show(s, g)
}

/// Values derived by hand: the compound sees the form, not the value.
#[test]
fn compounds_act_on_the_written_form() {
    let mut s = GameStore::new();
    let star = s.nimber(1);
    let zero = s.zero();
    // '{*|*}' = 0 as a value, but as a form each player has a move: in
    // '{*|*}' ∧ * a move goes to * ∧ 0, where nobody moves (0 has no move): {0 | 0} = *.
    let star_star = ExplicitForm::node(
        vec![ExplicitForm::Canonical(star)],
        vec![ExplicitForm::Canonical(star)],
    );
    let c = ExplicitForm::Canonical;
    let v = s.form_compound(Compound::Conjunctive, &star_star, &c(star));
    assert_eq!(text(&mut s, v), "*");
    assert_eq!(s.outcome(v), Outcome::N);
    // 0 ∧ * = 0: the player to move has no move in 0.
    let v = s.form_compound(Compound::Conjunctive, &c(zero), &c(star));
    assert_eq!(text(&mut s, v), "0");
    // g ∨ 0 is g (only g has moves): '{*|*}' ∨ 0 = {* ∨ 0 | * ∨ 0} = {*|*} = 0, and
    // * ∨ * = {0 ∨ *, * ∨ 0, 0 ∨ 0 | the same} = {*, 0 | *, 0} = *2.
    let v = s.form_compound(Compound::Selective, &star_star, &c(zero));
    assert_eq!(text(&mut s, v), "0");
    let v = s.form_compound(Compound::Selective, &c(star), &c(star));
    assert_eq!(text(&mut s, v), "*2");
    // '{*|*}' ∨ * = {* ∨ *, '{*|*}' ∨ 0, * ∨ 0 | the same} = {*2, 0, * | *2, 0, *} = *3.
    let v = s.form_compound(Compound::Selective, &star_star, &c(star));
    assert_eq!(text(&mut s, v), "*3");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Outcomes of both compounds of written forms against game-tree search on the same
    /// trees, and with the second component a game of the store (its canonical form).
    #[test]
    fn form_compound_outcomes_match_game_tree_search(
        a in arb_lit(3, 3),
        b in arb_lit(3, 3),
        selective in any::<bool>(),
    ) {
        let mut s = GameStore::new();
        let kind = if selective { Compound::Selective } else { Compound::Conjunctive };
        let v = s.form_compound(kind, &lit_form(&a), &lit_form(&b));
        prop_assert_eq!(s.outcome(v), searched(kind, &a, &b));
        let hb = b.value(&mut s);
        let v = s.form_compound(kind, &lit_form(&a), &ExplicitForm::Canonical(hb));
        let canonical_b = canonical_lit(&mut s, hb);
        prop_assert_eq!(s.outcome(v), searched(kind, &a, &canonical_b));
    }
}
