//! The long periods of octal games in the literature, found and proven through the language
//! (`period(R, heaps)`), and the values they rest on checked against a plain mex over every
//! option, computed here from the digits of the code (not by cgt's engine).
//!
//! The figures: 0.16 has period 149,459 from heap 105,351 and 0.56 period 144 (Gangolli and
//! Plambeck, "A note on periodicity in some octal games", IJGT 18, 1989); 0.376 has its last
//! exception at 2,268,247 and 0.354 period 1180 after 10,061,916 heaps (Flammenkamp,
//! "Sprague-Grundy values of octal games", wwwhomes.uni-bielefeld.de/achim/octal.html).
//! Those two take minutes: `cargo test --release --test octal_periods -- --ignored`.

use cgt::Session;
use cgt::impartial::{HeapRuleset, HeapSolver, PeriodSearch};

/// The printed results of `program` in `session`.
fn run(session: &mut Session, program: &str) -> Vec<String> {
    match session.eval(program) {
        Ok(outputs) => outputs.into_iter().map(|o| o.unicode).collect(),
        Err(e) => panic!("{program}: {}", e.diagnostic.message),
    }
}

/// `G(0..=last)` of the octal game `0.d1d2…` by the definition: digit `d_k` lets a move
/// remove `k` tokens taking the whole heap (bit 1), leaving one heap (bit 2) or two
/// non-empty heaps (bit 4); `G(n)` is the mex of the options' nim-sums.
fn plain_mex(digits: &str, last: usize) -> Vec<u32> {
    let digits: Vec<u32> = digits.chars().map(|c| c.to_digit(8).unwrap()).collect();
    let mut g: Vec<u32> = Vec::with_capacity(last + 1);
    let mut seen: Vec<usize> = Vec::new();
    for n in 0..=last {
        let mark = |v: u32, seen: &mut Vec<usize>| {
            let v = v as usize;
            if seen.len() <= v {
                seen.resize(v + 1, usize::MAX);
            }
            seen[v] = n;
        };
        for (i, &d) in digits.iter().enumerate() {
            let k = i + 1;
            if d & 1 != 0 && n == k {
                mark(0, &mut seen);
            }
            if d & 2 != 0 && n > k {
                mark(g[n - k], &mut seen);
            }
            if d & 4 != 0 && n >= k + 2 {
                let rest = n - k;
                for a in 1..=rest / 2 {
                    mark(g[a] ^ g[rest - a], &mut seen);
                }
            }
        }
        let mex = (0..)
            .find(|&v| seen.get(v).is_none_or(|&s| s != n))
            .unwrap();
        g.push(mex as u32);
    }
    g
}

/// `G(0..=last)` as the language computes it.
fn cgt_values(code: &str, last: usize) -> Vec<u32> {
    let mut s = HeapSolver::new(HeapRuleset::octal(code).unwrap());
    s.nim_values(0..=last as u64)
        .unwrap()
        .into_iter()
        .map(|v| v as u32)
        .collect()
}

#[test]
fn the_values_agree_with_the_plain_mex() {
    // 30,000 heaps of each game whose period is proven below (and Treblecross, 0.007).
    for code in ["0.16", "0.56", "0.376", "0.354", "0.007"] {
        let digits = &code[2..];
        let last = 30_000;
        assert_eq!(cgt_values(code, last), plain_mex(digits, last), "{code}");
    }
}

#[test]
fn the_plain_mex_knows_kayles() {
    // The checker itself: Kayles (0.77), Winning Ways ch. 4.
    assert_eq!(
        plain_mex("77", 12),
        vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    );
}

#[test]
fn period_takes_a_search_window() {
    let mut s = Session::new();
    // The default window stops short of 0.16's period; a larger one finds and proves it.
    assert_eq!(
        run(&mut s, "period(octal(\"0.16\"))"),
        ["period(found: false, searched_to: 131072)"]
    );
    run(&mut s, "let p = period(octal(\"0.16\"), pow(2, 20))");
    assert_eq!(run(&mut s, "[p.preperiod, p.period]"), ["[105351,149459]"]);
    assert_eq!(
        run(&mut s, "p.proof"),
        ["Guy–Smith: G(n+149459) = G(n) for 105351 ≤ n < 360163 (t = 2)"]
    );
    run(&mut s, "let q = period(octal(\"0.56\"), pow(2, 20))");
    assert_eq!(run(&mut s, "[q.preperiod, q.period]"), ["[326640,144]"]);
    // The window is the search's bound: nothing found below it is an answer.
    assert_eq!(
        run(&mut s, "period(octal(\"0.6\"), 5000)"),
        ["period(found: false, searched_to: 5000)"]
    );
}

#[test]
fn a_window_beyond_the_table_says_where_the_search_stopped() {
    // A game splitting heaps in three is tabulated up to 2^13 heaps.
    let mut s = Session::new();
    run(&mut s, "let r = period(octal(\"0.9\"), 1000000)");
    assert_eq!(run(&mut s, "[r.found, r.searched_to]"), ["[false,8192]"]);
    assert_eq!(
        run(&mut s, "r.limit"),
        ["heaps up to 8192, the largest table of this game"]
    );
}

/// The period `(preperiod, period)` of an octal game, searched up to `heaps`.
fn proven(code: &str, heaps: u64) -> (u64, u64) {
    let mut s = HeapSolver::new(HeapRuleset::octal(code).unwrap());
    match s.period_within(heaps).unwrap() {
        PeriodSearch::Proven(p) => (p.preperiod, p.period),
        other => panic!("{code}: {other:?}"),
    }
}

#[test]
#[ignore = "minutes: 2^23 heaps of 0.376"]
fn flammenkamps_0_376() {
    let (preperiod, _) = proven("0.376", 1 << 23);
    assert_eq!(preperiod, 2_268_248);
}

#[test]
#[ignore = "minutes: 2^25 heaps of 0.354"]
fn flammenkamps_0_354() {
    assert_eq!(proven("0.354", 1 << 25), (10_061_916, 1180));
}

#[test]
#[ignore = "an hour of CPU: the plain mex of a million heaps, five games"]
fn a_million_values_agree_with_the_plain_mex() {
    for code in ["0.16", "0.56", "0.376", "0.354", "0.007"] {
        let last = 1_000_000;
        assert_eq!(
            cgt_values(code, last),
            plain_mex(&code[2..], last),
            "{code}"
        );
    }
}

/// A period's list of values is checked against the budget before it is made: it is one
/// allocation (0.1777's, 160,949,018 + 60,620,715 values, is several gigabytes), which
/// aborted the process under an address-space limit. Under a 4 MB budget 0.16's 149,459
/// values (3.6 MB) do not fit beside the search; under 8 MB they do.
#[test]
fn a_period_too_long_for_the_budget_is_an_error() {
    let program = "let p = period(octal(\"0.16\"), pow(2, 20)); len(p.values)";
    let small = crate::common::run_cgt(&["--memory", "4M", "-e", program], "");
    assert_eq!(small.code, Some(1), "{}", small.stderr);
    assert!(
        small
            .stderr
            .contains("the period's list of values would hold 149 k values"),
        "{}",
        small.stderr
    );
    let enough = crate::common::run_cgt(&["--memory", "8M", "-e", program], "");
    assert_eq!(enough.stdout.trim(), "149459", "{}", enough.stderr);
}
