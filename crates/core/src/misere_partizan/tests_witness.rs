//! The comparison is exact on the games born by day 2: every `G ≥ H` it claims holds
//! against every test game (`tests.rs`), and for every `G ≱ H` its witness
//! (`witness.rs`), a game of the universe, tells them apart in the search of the literal
//! game trees (`oracle.rs`).

use super::Universe;
use super::forms::{FormId, Forms};
use super::oracle::{Oracle, Tree, born_by, geq_on};
use super::tests::{conjugate, in_universe, later_games, members, sample, to_form, to_tree};

/// Whether the witness `x` tells the sums `a ≱ b` apart in the search of the trees.
pub(super) fn tells_apart(
    o: &mut Oracle,
    a: &[Tree],
    b: &[Tree],
    x: &Tree,
    left_first: bool,
) -> bool {
    let with = |s: &[Tree]| {
        let mut v = s.to_vec();
        v.push(x.clone());
        v
    };
    let (a, b) = (with(a), with(b));
    if left_first {
        o.wins(&b, true) && !o.wins(&a, true)
    } else {
        o.wins(&a, false) && !o.wins(&b, false)
    }
}

/// Checks a claimed `G ≱ H` by its witness.
fn check_witness(f: &mut Forms, o: &mut Oracle, g: &Tree, h: &Tree, u: Universe) {
    let (fg, fh) = (to_form(f, g), to_form(f, h));
    let w = f.distinguish(fg, fh, u).expect("claimed not ≥");
    let x = to_tree(f, w.game);
    assert!(
        in_universe(&x, u),
        "witness {} not in {}",
        x.text(),
        u.name()
    );
    let ok = tells_apart(
        o,
        std::slice::from_ref(g),
        std::slice::from_ref(h),
        &x,
        w.left_first,
    );
    assert!(
        ok,
        "{} does not tell {} ≱ {} mod {}",
        x.text(),
        g.text(),
        h.text(),
        u.name()
    );
}

#[test]
fn adjoints_make_p_positions_with_every_game_born_by_day_2() {
    let mut f = Forms::new();
    let mut o = Oracle::default();
    for t in born_by(2) {
        let g = to_form(&mut f, &t);
        let a = f.adjoint(g);
        assert!(f.is_dicot(a));
        let x = to_tree(&f, a);
        assert_eq!(o.outcome(&[t.clone(), x]), (false, false), "{}", t.text());
    }
}

#[test]
fn every_pair_born_by_day_2_is_ordered_exactly_as_the_comparison_says() {
    for u in Universe::ALL {
        let mut f = Forms::new();
        let mut o = Oracle::default();
        let games = members(born_by(2), u);
        let mut xs = games.clone();
        xs.extend(later_games(u));
        let (mut geqs, mut apart) = (0, 0);
        for g in &games {
            for h in &games {
                let (fg, fh): (FormId, FormId) = (to_form(&mut f, g), to_form(&mut f, h));
                if f.geq(fg, fh, u) {
                    assert!(
                        geq_on(&mut o, g, h, &xs),
                        "{} ≥ {} mod {}",
                        g.text(),
                        h.text(),
                        u.name()
                    );
                    geqs += 1;
                } else {
                    check_witness(&mut f, &mut o, g, h, u);
                    apart += 1;
                }
            }
        }
        assert_eq!(geqs + apart, games.len() * games.len());
        assert!(geqs > games.len() && apart > 0, "{}", u.name());
        eprintln!(
            "{}: {} games, {geqs} ≥, {apart} apart",
            u.name(),
            games.len()
        );
    }
}

#[test]
fn the_invertible_games_born_by_day_2_are_inverted_by_their_conjugates_and_no_others() {
    let mut counts = Vec::new();
    for u in Universe::ALL {
        let mut f = Forms::new();
        let mut o = Oracle::default();
        let games = members(born_by(2), u);
        let mut xs = games.clone();
        xs.extend(later_games(u));
        // The candidate inverses: a spread of the universe's games (all dicots).
        let hs = match u {
            Universe::Dicot => games.clone(),
            _ => members(sample(), u),
        };
        let zero = f.zero();
        let mut invertible = Vec::new();
        for g in &games {
            let fg = to_form(&mut f, g);
            let bar = conjugate(g);
            if f.is_invertible(fg, u) {
                // o(G + Ḡ + X) = o(X) for every test game X.
                for x in &xs {
                    let with = o.outcome(&[g.clone(), bar.clone(), x.clone()]);
                    assert_eq!(with, o.outcome(std::slice::from_ref(x)), "{}", g.text());
                }
                invertible.push(g.text());
                continue;
            }
            // No candidate inverts G: for each H a witness tells G + H from 0.
            for h in hs.iter().chain([&bar]) {
                let fh = to_form(&mut f, h);
                let s = f.sum(fg, fh);
                let gh = [g.clone(), h.clone()];
                let (w, a, b): (_, &[Tree], &[Tree]) = match f.distinguish(s, zero, u) {
                    Some(w) => (w, &gh, &[]),
                    None => (f.distinguish(zero, s, u).expect("G + H ≠ 0"), &[], &gh),
                };
                let x = to_tree(&f, w.game);
                assert!(in_universe(&x, u));
                assert!(
                    tells_apart(&mut o, a, b, &x, w.left_first),
                    "{} + {} mod {}",
                    g.text(),
                    h.text(),
                    u.name()
                );
            }
        }
        counts.push((u.name(), games.len(), invertible.len()));
        match u {
            // Only 0 in general misère play (Mesdal and Ottaway 2007).
            Universe::General => assert_eq!(invertible, ["{|}"]),
            // 0 and * at least (* + * = 0 modulo dicots).
            Universe::Dicot => assert!(invertible.contains(&"{{|}|{|}}".to_string())),
            // Integers and dead ends (Milley and Renault 2013): 1, 2, -1, {|0, -1}.
            Universe::DeadEnding => {
                for t in ["{{|}|}", "{{{|}|}|}", "{|{|}}", "{|{|{|}},{|}}"] {
                    assert!(invertible.contains(&t.to_string()), "{t}");
                }
            }
        }
    }
    eprintln!("invertible (universe, games born by day 2, invertible): {counts:?}");
}

#[test]
fn the_explained_steps_reach_the_reduced_form_each_equal_to_the_game() {
    for u in Universe::ALL {
        let mut f = Forms::new();
        let mut o = Oracle::default();
        let games = members(born_by(2), u);
        let mut xs = games.clone();
        xs.extend(later_games(u));
        let mut explained = 0;
        let step = if u == Universe::Dicot { 1 } else { 7 };
        for g in games.iter().step_by(step) {
            let fg = to_form(&mut f, g);
            let (start, steps) = f.reduction_steps(fg, u);
            let last = steps.last().map_or(start, |s| s.1);
            assert_eq!(last, f.reduce(fg, u));
            for &(_, next) in &steps {
                let t = to_tree(&f, next);
                for x in &xs {
                    let a = o.outcome(&[g.clone(), x.clone()]);
                    assert_eq!(a, o.outcome(&[t.clone(), x.clone()]), "{}", g.text());
                }
            }
            explained += steps.len();
        }
        // In general every game born by day 2 is reduced (Siegel: 256 distinct ones).
        assert_eq!(explained == 0, u == Universe::General, "{}", u.name());
    }
}
