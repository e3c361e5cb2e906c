//! Unit tests of the canonical-form engine: each simplification rule, the fast paths
//! checked against the definitions, and the printer.

use super::definitions::add_by_definition;
use super::*;
use num_bigint::BigInt;
use std::collections::HashMap;

fn d(n: i64, e: u32) -> Dyadic {
    Dyadic::new(BigInt::from(n), e)
}

fn show(s: &mut GameStore, g: GameId) -> String {
    s.display(g, Notation::Ascii)
}

#[test]
fn nimbers_from_options() {
    let mut s = GameStore::new();
    let z = s.zero();
    let star = s.canonical(&[z], &[z]);
    assert_eq!(s.as_nimber(star), Some(1));
    let star2 = s.canonical(&[z, star], &[z, star]);
    assert_eq!(show(&mut s, star2), "*2");
    let star3 = s.canonical(&[z, star, star2], &[z, star, star2]);
    assert_eq!(show(&mut s, star3), "*3");
    // Mex rule with a gap: {0, *2 | 0, *2} = * (the *2 option reverses).
    let g = s.canonical(&[z, star2], &[z, star2]);
    assert_eq!(g, star);
}

#[test]
fn options_that_are_all_nimbers_give_the_mex_as_the_definition_does() {
    // Every set of nimbers below *6 (on both sides, as one list and as two equal lists),
    // against the general reduction by domination and reversibility.
    let mut s = GameStore::new();
    let nims: Vec<GameId> = (0..6).map(|m| s.nimber(m)).collect();
    for set in 0u32..64 {
        let opts: Vec<GameId> = (0..6)
            .filter(|&k| set & (1 << k) != 0)
            .map(|k| nims[k])
            .collect();
        let (l, r) = s.simplify(opts.clone(), opts.clone());
        let by_definition = s.intern_simplified(l, r);
        assert_eq!(s.canonical(&opts, &opts), by_definition, "{set:b}");
        let mut reversed = opts.clone();
        reversed.reverse();
        assert_eq!(s.canonical(&opts, &reversed), by_definition, "{set:b}");
        let mex = (0..6).find(|&k| set & (1 << k) == 0).unwrap_or(6);
        assert_eq!(s.as_nimber(by_definition), Some(mex as u64));
    }
    // Different nimbers on the two sides are no nimber: {0, * | 0} = ^*.
    let (z, star) = (s.zero(), s.nimber(1));
    let g = s.canonical(&[z, star], &[z]);
    assert_eq!(show(&mut s, g), "^*");
}

#[test]
fn domination_removes_worse_options() {
    let mut s = GameStore::new();
    let (zero, one, two) = (s.zero(), s.integer(1), s.integer(2));
    let m1 = s.integer(-1);
    // {0, 1 | -1} : 0 <= 1, so Left's 0 is dominated; {1|-1} = +-1.
    let g = s.canonical(&[zero, one], &[m1]);
    let (l, _) = s.options(g);
    assert_eq!(&*l, &[one]);
    assert_eq!(show(&mut s, g), "+-1");
    // Right keeps its smallest: {2 | 1, 2} = {2|1}.
    let h = s.canonical(&[two], &[one, two]);
    assert_eq!(show(&mut s, h), "{2|1}");
}

#[test]
fn reversible_options_are_bypassed() {
    let mut s = GameStore::new();
    let z = s.zero();
    let star = s.nimber(1);
    let up = s.canonical(&[z], &[star]);
    // {↑ | ↑}: the Left option ↑ reverses through * (* <= G) and is replaced by *'s Left
    // option 0; the Right option ↑ does not reverse (0 >= G fails), leaving {0 | ↑} = ⇑*.
    let g = s.canonical(&[up], &[up]);
    let (l, r) = s.options(g);
    assert_eq!((&*l, &*r), (&[z][..], &[up][..]));
    assert_eq!(show(&mut s, g), "^^*");
    // {-1 | 1} = 0 by reversal of both options.
    let (m1, p1) = (s.integer(-1), s.integer(1));
    let h = s.canonical(&[m1], &[p1]);
    assert_eq!(h, z);
}

#[test]
fn numbers_by_the_simplicity_principle() {
    let mut s = GameStore::new();
    let cases = [
        (vec![], vec![], "0"),
        (vec![d(0, 0)], vec![], "1"),
        (vec![], vec![d(0, 0)], "-1"),
        (vec![d(0, 0)], vec![d(1, 0)], "1/2"),
        (vec![d(1, 1)], vec![d(1, 0)], "3/4"),
        (vec![d(0, 0), d(1, 0)], vec![], "2"),
        (vec![d(-3, 1)], vec![d(-1, 2)], "-1"),
    ];
    for (l, r, want) in cases {
        let l: Vec<GameId> = l.into_iter().map(|x| s.number(x)).collect();
        let r: Vec<GameId> = r.into_iter().map(|x| s.number(x)).collect();
        let g = s.canonical(&l, &r);
        assert_eq!(show(&mut s, g), want);
    }
}

#[test]
fn number_up_star_forms_match_the_definition_of_sums() {
    let mut s = GameStore::new();
    let z = s.zero();
    let star = s.nimber(1);
    let up = s.canonical(&[z], &[star]);
    let down = s.neg(up);
    for x in [d(0, 0), d(1, 1), d(-2, 0)] {
        for n in -4i64..=4 {
            for m in 0u64..=4 {
                // Build x + n↑ + *m by literal sums of ↑ (or ↓), *m and x.
                let mut g = s.number(x.clone());
                let unit = if n >= 0 { up } else { down };
                for _ in 0..n.unsigned_abs() {
                    g = add_by_definition(&mut s, &mut HashMap::new(), g, unit);
                }
                let nim = s.nimber(m);
                g = add_by_definition(&mut s, &mut HashMap::new(), g, nim);
                let fast = s.nus(x.clone(), n, m);
                assert_eq!(g, fast, "x={x} n={n} m={m}: {}", show(&mut s, g));
            }
        }
    }
}

#[test]
fn comparisons_and_outcomes() {
    let mut s = GameStore::new();
    let z = s.zero();
    let star = s.nimber(1);
    let up = s.nus(Dyadic::zero(), 1, 0);
    let one = s.integer(1);
    let m1 = s.integer(-1);
    let pm1 = s.canonical(&[one], &[m1]);
    assert_eq!(s.outcome(z), Outcome::P);
    assert_eq!(s.outcome(up), Outcome::L);
    assert_eq!(s.outcome(star), Outcome::N);
    assert_eq!(s.outcome(pm1), Outcome::N);
    assert!(s.confused(up, star));
    assert!(s.lt(z, up));
    let two = s.integer(2);
    let sw = s.canonical(&[two], &[one]);
    assert!(s.gt(sw, z));
    assert!(s.confused(sw, one));
    let sum = s.add(pm1, pm1);
    assert_eq!(sum, z);
}

#[test]
fn sums_of_switches_translate_by_numbers() {
    let mut s = GameStore::new();
    let (one, m1) = (s.integer(1), s.integer(-1));
    let pm1 = s.canonical(&[one], &[m1]);
    let g = s.add(pm1, one);
    assert_eq!(show(&mut s, g), "{2|0}");
    let neg = s.neg(g);
    assert_eq!(show(&mut s, neg), "{0|-2}");
}

#[test]
fn printing_follows_cgsuite() {
    let mut s = GameStore::new();
    let cases: Vec<(Nus, &str, &str)> = vec![
        (
            Nus {
                number: d(9, 3),
                ups: 0,
                nim: 1,
            },
            "9/8*",
            "9/8*",
        ),
        (
            Nus {
                number: d(0, 0),
                ups: -1,
                nim: 1,
            },
            "v*",
            "↓*",
        ),
        (
            Nus {
                number: d(6, 0),
                ups: 1,
                nim: 1,
            },
            "6^*",
            "6↑*",
        ),
        (
            Nus {
                number: d(0, 0),
                ups: 1,
                nim: 6,
            },
            "^*6",
            "↑*6",
        ),
        (
            Nus {
                number: d(0, 0),
                ups: -2,
                nim: 4,
            },
            "vv*4",
            "⇓*4",
        ),
        (
            Nus {
                number: d(0, 0),
                ups: 3,
                nim: 0,
            },
            "^3",
            "↑3",
        ),
        (
            Nus {
                number: d(73, 4),
                ups: -9,
                nim: 8,
            },
            "73/16v9*8",
            "73/16↓9*8",
        ),
        (
            Nus {
                number: d(0, 0),
                ups: 2,
                nim: 1,
            },
            "^^*",
            "⇑*",
        ),
    ];
    for (v, ascii, unicode) in cases {
        let g = s.nus(v.number, v.ups, v.nim);
        assert_eq!(s.display(g, Notation::Ascii), ascii);
        assert_eq!(s.display(g, Notation::Unicode), unicode);
    }
    let big = s.number(Dyadic::from_int("-1823437481924".parse().unwrap()));
    assert_eq!(show(&mut s, big), "-1823437481924");
}

#[test]
fn nested_bars_print_by_depth() {
    let mut s = GameStore::new();
    let three = s.integer(3);
    let two_star = s.nus(d(2, 0), 0, 1);
    let one_star = s.nus(d(1, 0), 0, 1);
    let inner = s.canonical(&[two_star], &[one_star]);
    let g = s.canonical(&[three], &[inner]);
    assert_eq!(show(&mut s, g), "{3||2*|1*}");
    let one = s.integer(1);
    let opts = [one, one_star];
    let negs: Vec<GameId> = opts.iter().map(|&x| s.neg(x)).collect();
    let pm = s.canonical(&opts, &negs);
    assert_eq!(show(&mut s, pm), "+-{1,1*}");
    let m1s = s.neg(one_star);
    let pm1s = s.canonical(&[one_star], &[m1s]);
    assert_eq!(show(&mut s, pm1s), "+-(1*)");
}

#[test]
fn huge_nimbers_add_without_options() {
    let mut s = GameStore::new();
    let a = s.nimber(u64::MAX);
    let b = s.nimber(1);
    let c = s.add(a, b);
    assert_eq!(s.as_nimber(c), Some(u64::MAX ^ 1));
    let big = s.number(Dyadic::from_int(BigInt::from(10).pow(30)));
    let z = s.zero();
    assert!(s.lt(z, big));
    let star = s.nimber(1);
    let sum = s.add(big, star);
    assert!(s.gt(sum, z));
}

#[test]
fn enumerating_a_huge_nimber_aborts_cleanly() {
    let mut s = GameStore::new();
    let big = s.nimber(u64::MAX);
    let r = catch_abort(|| s.left_options(big).len());
    assert!(matches!(r, Err(Abort::TooLarge(_))));
}

#[test]
fn a_game_nested_deeper_than_the_stack_allows_aborts_cleanly() {
    // {k | {k-1 | … {1 | 0}}}, 20,000 deep, built from the inside out (each step is
    // shallow), then walked from the top on a 2 MB stack: the walk stops with an error
    // instead of overflowing the stack.
    let outcome = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let mut s = GameStore::new();
            let mut g = s.zero();
            for k in 1..=20_000 {
                let n = s.integer(k);
                g = s.canonical(&[n], &[g]);
            }
            let r = catch_abort(|| s.birthday(g));
            match r {
                Err(Abort::TooLarge(why)) => why,
                other => format!("unexpected: {other:?}"),
            }
        })
        .unwrap()
        .join()
        .expect("no stack overflow");
    assert!(outcome.contains("nested too deeply"), "{outcome}");
}

/// Emptying the memos of sums and comparisons (what the store does near the memory
/// budget) changes no answer: every pair of games born by day 2, their sums and
/// comparisons, asked with the memos full and again after they were emptied.
#[test]
fn emptying_the_caches_changes_no_answer() {
    let mut s = GameStore::new();
    let mut games = vec![s.zero()];
    for _ in 0..2 {
        let mut next = games.clone();
        let n = games.len();
        for lm in 0u32..(1 << n) {
            for rm in 0u32..(1 << n) {
                let pick = |m: u32| -> Vec<GameId> {
                    (0..n)
                        .filter(|i| m >> i & 1 == 1)
                        .map(|i| games[i])
                        .collect()
                };
                next.push(s.canonical(&pick(lm), &pick(rm)));
            }
        }
        next.sort();
        next.dedup();
        games = next;
    }
    let answers = |s: &mut GameStore| -> Vec<(GameId, bool, bool)> {
        let mut out = Vec::new();
        for &g in &games {
            for &h in &games {
                out.push((s.add(g, h), s.leq(g, h), s.leq(h, g)));
            }
        }
        out
    };
    let before = answers(&mut s);
    assert!(s.add_memo_len() > 0);
    let forms = s.len();
    s.make_room(u64::MAX);
    assert_eq!(s.caches_emptied(), 0, "within the limit nothing is emptied");
    s.make_room(1);
    assert_eq!(s.caches_emptied(), 1);
    assert_eq!((s.add_memo_len(), s.leq_memo_len()), (0, 0));
    assert_eq!(answers(&mut s), before);
    // The forms themselves are kept: the sums were found again, not made anew.
    assert_eq!(s.len(), forms);
}

/// `G + x` for a number `x` and `G` not a number is interned as `{G^L + x | G^R + x}`
/// without simplification (see `GameStore::add`): the same form as the sum by the
/// definition, for every game born by day 2, the sums of two of them, and numbers of
/// several birthdays and signs.
#[test]
fn translation_is_canonical() {
    let mut s = GameStore::new();
    let mut games = day_two_and_sums(&mut s);
    games.retain(|&g| !s.is_number(g));
    assert!(games.len() > 100, "{}", games.len());
    let numbers: Vec<GameId> = [(-3, 1), (-1, 0), (-1, 2), (1, 2), (1, 0), (2, 0), (7, 3)]
        .into_iter()
        .map(|(n, e)| s.number(d(n, e)))
        .collect();
    for &g in &games {
        for &x in &numbers {
            let fast = s.add(g, x);
            let by_definition = add_by_definition(&mut s, &mut HashMap::new(), g, x);
            assert_eq!(
                fast,
                by_definition,
                "{} + {}",
                show(&mut s, g),
                show(&mut s, x)
            );
            // The other order takes the same path.
            assert_eq!(s.add(x, g), fast);
        }
    }
}

/// Every game born by day 2 and the sums of two of them, sorted (a test set of about 1,000
/// games for properties of sums and comparisons).
pub(super) fn day_two_and_sums(s: &mut GameStore) -> Vec<GameId> {
    let mut day = vec![s.zero()];
    for _ in 0..2 {
        let n = day.len();
        let mut next = Vec::new();
        for lm in 0u32..1 << n {
            for rm in 0u32..1 << n {
                let pick = |m: u32| -> Vec<GameId> {
                    (0..n).filter(|i| m >> i & 1 == 1).map(|i| day[i]).collect()
                };
                let (l, r) = (pick(lm), pick(rm));
                next.push(s.canonical(&l, &r));
            }
        }
        next.sort();
        next.dedup();
        day = next;
    }
    let mut games = day.clone();
    for &a in &day {
        for &b in &day {
            games.push(s.add(a, b));
        }
    }
    games.sort();
    games.dedup();
    games
}

/// The memo of [`leq_by_definition`].
pub(super) type LeqMemo = rustc_hash::FxHashMap<(GameId, GameId), bool>;

/// `G <= H` by the definition alone (no Left option of G is `>= H`, no Right option of H
/// is `<= G`), on the stored options, with no stops and no memo of the store's: the
/// reference the comparison tests check `leq` against.
pub(super) fn leq_by_definition(
    s: &mut GameStore,
    memo: &mut LeqMemo,
    g: GameId,
    h: GameId,
) -> bool {
    if let Some(&r) = memo.get(&(g, h)) {
        return r;
    }
    let (gl, _) = s.options(g);
    let (_, hr) = s.options(h);
    let r = !gl.iter().any(|&x| leq_by_definition(s, memo, h, x))
        && !hr.iter().any(|&y| leq_by_definition(s, memo, y, g));
    memo.insert((g, h), r);
    r
}
