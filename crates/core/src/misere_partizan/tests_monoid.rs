//! Misère monoids of small sets of games against the search of the literal trees: every
//! entry of the table plays as the sum it stands for with every test game, and any two
//! elements are told apart by their witness.

use super::Universe;
use super::forms::Forms;
use super::oracle::{Oracle, Tree, born_by};
use super::tests::{later_games, members, to_form, to_tree};
use super::tests_witness::tells_apart;

fn star() -> Tree {
    Tree::new(vec![Tree::zero()], vec![Tree::zero()])
}

fn one(left: bool) -> Tree {
    if left {
        Tree::new(vec![Tree::zero()], vec![])
    } else {
        Tree::new(vec![], vec![Tree::zero()])
    }
}

#[test]
fn monoids_of_small_sets_agree_with_the_search_of_the_trees() {
    let up = Tree::new(vec![Tree::zero()], vec![star()]);
    let pm_one = Tree::new(vec![one(true)], vec![one(false)]);
    // The generators, and the size wanted: `Some(0)` for more than 8 elements, `None`
    // when any size will do (the table is checked whenever there is one).
    let cases: Vec<(Universe, Vec<Tree>, Option<usize>)> = vec![
        // * + * = 0 modulo dicots: the group of order 2.
        (Universe::Dicot, vec![star()], Some(2)),
        (Universe::Dicot, vec![star(), up.clone()], None),
        // The integers modulo dead-ending games are ℤ (Milley and Renault 2013): more
        // elements than any bound.
        (Universe::DeadEnding, vec![one(true), one(false)], Some(0)),
        (Universe::DeadEnding, vec![pm_one], None),
        (Universe::General, vec![star()], None),
    ];
    let mut sizes = Vec::new();
    for (u, gens, want) in cases {
        let mut f = Forms::new();
        let mut o = Oracle::default();
        let mut xs = members(born_by(2), u);
        xs.extend(later_games(u));
        let g: Vec<_> = gens.iter().map(|t| to_form(&mut f, t)).collect();
        let m = f.monoid(&g, u, 8);
        let Some(m) = m else {
            assert!(
                matches!(want, None | Some(0)),
                "{} has more than 8 elements",
                u.name()
            );
            sizes.push((u.name(), None));
            continue;
        };
        let n = m.elements.len();
        if let Some(w) = want {
            assert_eq!(n, w, "{}", u.name());
        }
        sizes.push((u.name(), Some(n)));
        assert_eq!(m.elements[0], f.zero());
        let e: Vec<Tree> = m.elements.iter().map(|&x| to_tree(&f, x)).collect();
        for i in 0..n {
            for j in 0..n {
                let c = &e[m.table[i][j]];
                for x in &xs {
                    assert_eq!(
                        o.outcome(&[e[i].clone(), e[j].clone(), x.clone()]),
                        o.outcome(&[c.clone(), x.clone()]),
                        "{} + {} is not {} with {}",
                        e[i].text(),
                        e[j].text(),
                        c.text(),
                        x.text()
                    );
                }
                if i < j {
                    let (a, b) = (m.elements[i], m.elements[j]);
                    let (w, p, q) = match f.distinguish(a, b, u) {
                        Some(w) => (w, &e[i], &e[j]),
                        None => (f.distinguish(b, a, u).expect("distinct"), &e[j], &e[i]),
                    };
                    let x = to_tree(&f, w.game);
                    let (p, q) = (std::slice::from_ref(p), std::slice::from_ref(q));
                    assert!(tells_apart(&mut o, p, q, &x, w.left_first));
                }
            }
        }
        // The inverses are those of the table.
        for (i, j) in m.inverses() {
            assert_eq!(m.table[i][j], 0);
            assert!(f.is_invertible(m.elements[i], u));
        }
    }
    eprintln!("monoid sizes: {sizes:?}");
}
