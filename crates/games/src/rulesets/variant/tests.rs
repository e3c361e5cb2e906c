//! The variants against their definitions, computed here from the base ruleset's moves
//! alone (no components, no normal forms, no table but the exact base position).

use super::{Variant, VariantKind};
use crate::game::{GameId, GameStore, Notation};
use crate::rulesets::cake::CutCakeRules;
use crate::rulesets::clobber::ClobberRules;
use crate::rulesets::domineering::{DominoGame, DominoRules};
use crate::rulesets::hackenbush::StalkRules;
use crate::rulesets::registry::Arg;
use crate::rulesets::ruleset::Ruleset;
use crate::rulesets::ruleset::{Solver, value_by_definition};
use crate::rulesets::toppling::TopplingRules;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// `D(G)`, `I(G)` or `T(G)` by the formulas of the module's docs, memoized by exact base
/// position.
fn by_formula<R: Ruleset>(
    kind: VariantKind,
    base: &R,
    store: &mut GameStore,
    p: &R::Position,
    memo: &mut FxHashMap<R::Position, GameId>,
) -> GameId
where
    R::Position: Hash + Eq,
{
    if let Some(&v) = memo.get(p) {
        return v;
    }
    let mut value = |q: &R::Position, store: &mut GameStore| by_formula(kind, base, store, q, memo);
    let (ls, rs) = (base.moves(p, true), base.moves(p, false));
    let left: Vec<GameId> = ls.iter().map(|q| value(q, store)).collect();
    let right: Vec<GameId> = rs.iter().map(|q| value(q, store)).collect();
    let v = match kind {
        VariantKind::Dicotic if left.is_empty() || right.is_empty() => store.zero(),
        VariantKind::Dicotic => store.canonical(&left, &right),
        VariantKind::Impartial => {
            let all: Vec<GameId> = left.iter().chain(&right).copied().collect();
            store.canonical(&all, &all)
        }
        VariantKind::Twisted => {
            let left: Vec<GameId> = left.iter().map(|&g| store.neg(g)).collect();
            let right: Vec<GameId> = right.iter().map(|&g| store.neg(g)).collect();
            store.canonical(&left, &right)
        }
    };
    memo.insert(p.clone(), v);
    v
}

const KINDS: [VariantKind; 3] = [
    VariantKind::Dicotic,
    VariantKind::Impartial,
    VariantKind::Twisted,
];

/// Every variant of `base` on the positions written `texts`: the solver (components,
/// symmetries, table), the definition by the variant's own moves, and the formula on the
/// base's moves agree.
fn agrees<R: Ruleset + Clone>(base: R, texts: &[String]) {
    let mut store = GameStore::new();
    for kind in KINDS {
        let variant = Variant::new(kind, base.clone());
        let mut solver = Solver::new(variant.clone());
        let mut memo = FxHashMap::default();
        let mut formula_memo = FxHashMap::default();
        for text in texts {
            let p = variant
                .parse(text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            let fast = solver.value(&mut store, &p);
            let slow = value_by_definition(&variant, &mut store, &p, &mut memo);
            let formula = by_formula(kind, &base, &mut store, &p.0, &mut formula_memo);
            let name = variant.name();
            assert_eq!(fast, slow, "{name}({text})");
            assert_eq!(fast, formula, "{name}({text}) by the formula");
            assert_eq!(variant.text(&p), *text, "{name}: text read back");
            if kind == VariantKind::Twisted {
                let swapped = variant
                    .parse(&format!("-({text})"))
                    .unwrap_or_else(|e| panic!("-({text}): {e}"));
                let negated = solver.value(&mut store, &swapped);
                assert_eq!(negated, store.neg(fast), "{name}(-({text}))");
            }
        }
    }
}

/// Every board of `rows × cols` cells from `alphabet`, rows joined by `|`.
fn boards(rows: usize, cols: usize, alphabet: &[char]) -> Vec<String> {
    let cells = rows * cols;
    let mut out = Vec::new();
    let mut digits = vec![0usize; cells];
    loop {
        let row =
            |r: usize| -> String { (0..cols).map(|c| alphabet[digits[r * cols + c]]).collect() };
        out.push((0..rows).map(row).collect::<Vec<_>>().join("|"));
        let mut k = 0;
        while k < cells && digits[k] + 1 == alphabet.len() {
            digits[k] = 0;
            k += 1;
        }
        if k == cells {
            return out;
        }
        digits[k] += 1;
    }
}

#[test]
fn domineering_variants_agree_with_their_definitions() {
    let rules = DominoRules {
        game: DominoGame::Domineering,
    };
    let mut texts = Vec::new();
    for (r, c) in [(1, 4), (2, 2), (2, 3), (3, 3), (2, 4)] {
        texts.extend(boards(r, c, &['.', '#']));
    }
    agrees(rules, &texts);
}

#[test]
fn clobber_variants_agree_with_their_definitions() {
    let mut texts = Vec::new();
    for (r, c) in [(1, 5), (2, 2), (2, 3)] {
        texts.extend(boards(r, c, &['x', 'o', '.']));
    }
    agrees(ClobberRules, &texts);
}

#[test]
fn row_and_stalk_variants_agree_with_their_definitions() {
    let mut rows = Vec::new();
    let mut stalks = Vec::new();
    for n in 1..=6 {
        rows.extend(boards(1, n, &['l', 'r', 'e']));
        stalks.extend(boards(1, n, &['l', 'r', 'e']));
    }
    agrees(TopplingRules, &rows);
    agrees(StalkRules, &stalks);
}

/// Cut-Cake's positions are sums of pieces, each a component of the base: the dicotic and
/// twisted variants must be solved whole, the impartial one may split.
#[test]
fn cutcake_variants_agree_with_their_definitions() {
    let mut texts = Vec::new();
    for a in 1..=4 {
        for b in 1..=4 {
            texts.push(format!("{a}, {b}"));
        }
    }
    for a in 1..=3 {
        for b in 1..=3 {
            texts.push(format!("1, 2; {a}, {b}"));
            texts.push(format!("{a}, {b}; 2, 1"));
        }
    }
    agrees(CutCakeRules, &texts);
}

/// Hand derivations (the transcript `variants.txt` has the same with their reasons).
#[test]
fn small_values_by_hand() {
    let mut store = GameStore::new();
    let domineering = DominoRules {
        game: DominoGame::Domineering,
    };
    let mut shown = |kind: VariantKind, text: &str| -> String {
        let mut solver = Solver::new(Variant::new(kind, domineering));
        let v = solver
            .value_of(&mut store, text)
            .unwrap_or_else(|e| panic!("{e}"));
        store.display(v, Notation::Ascii)
    };
    // 2×2: each move leaves a domino's space only the mover can fill: 0 in the dicotic
    // variant, so {0|0} = *; twisted, the space is worth ∓1 to the mover: {-1|1} = 0.
    assert_eq!(shown(VariantKind::Dicotic, "..|.."), "*");
    assert_eq!(shown(VariantKind::Twisted, "..|.."), "0");
    // Either player places either domino: Cram. On 2×2 every move leaves a domino's
    // space (*): {*|*} = 0.
    assert_eq!(shown(VariantKind::Impartial, "..|.."), "0");
    assert_eq!(shown(VariantKind::Impartial, "..."), "*");
    assert_eq!(shown(VariantKind::Twisted, "-(..|..)"), "0");
}

/// Clobber is dicotic already, and the variants of an impartial game are the game itself.
#[test]
fn variants_that_change_nothing() {
    let mut store = GameStore::new();
    let mut clobber = Solver::new(ClobberRules);
    let mut dicotic = Solver::new(Variant::new(VariantKind::Dicotic, ClobberRules));
    for text in boards(2, 3, &['x', 'o', '.']) {
        let p = ClobberRules.parse(&text).unwrap_or_else(|e| panic!("{e}"));
        let v = clobber.value(&mut store, &p);
        assert_eq!(dicotic.value(&mut store, &(p, false)), v, "{text}");
    }
    let cram = DominoRules {
        game: DominoGame::Cram,
    };
    let mut base = Solver::new(cram);
    for kind in KINDS {
        let mut variant = Solver::new(Variant::new(kind, cram));
        for text in boards(2, 3, &['.', '#']) {
            let p = cram.parse(&text).unwrap_or_else(|e| panic!("{e}"));
            let v = base.value(&mut store, &p);
            assert_eq!(variant.value(&mut store, &(p, false)), v, "{kind:?} {text}");
        }
    }
}

#[test]
fn names_and_texts() {
    let v = Variant::new(VariantKind::Twisted, CutCakeRules);
    assert_eq!(v.name(), "twisted_variant(cutcake)");
    assert!(std::ptr::eq(
        v.name(),
        Variant::new(VariantKind::Twisted, CutCakeRules).name()
    ));
    assert_eq!(v.parse("-(2, 3)").map(|p| v.text(&p)), Ok("-(2, 3)".into()));
    assert!(v.parse("-(2, x)").is_err());
    let d = Variant::new(VariantKind::Dicotic, CutCakeRules);
    assert!(d.parse("-(2, 3)").is_err());
    let n = |k: i64| Arg::Int(k.into());
    assert_eq!(
        d.of_args(&[n(2), n(3)]).map(|p| d.text(&p)),
        Ok("2, 3".into())
    );
    assert_eq!(
        d.of_args(&[Arg::Text("2, 3".into())]).map(|p| d.text(&p)),
        Ok("2, 3".into())
    );
    assert!(d.of_args(&[n(0), n(3)]).is_err_and(|e| e.arg() == Some(0)));
}
