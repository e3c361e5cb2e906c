//! The longest period of an octal game in the literature found and proven by the search of
//! [`super::HeapSolver::period_within`]: minutes of CPU and 2 GB, so ignored; run by hand
//! with `cargo test --release -p cgt-core --lib long_periods -- --ignored --nocapture`.

use super::{HeapRuleset, HeapSolver, PeriodSearch};

/// 0.1777: period 60,620,715, last exception at heap 160,949,017 (Flammenkamp,
/// "Sprague-Grundy values of octal games", wwwhomes.uni-bielefeld.de/achim/octal.html; OEIS
/// A071509). Guy–Smith needs the values up to 2·(160,949,018 + 60,620,715) + 4 = 443 M
/// heaps, inside the window of 2^29.
#[test]
#[ignore = "minutes of CPU and 2 GB: 2^29 heaps of 0.1777"]
fn flammenkamps_0_1777() {
    // 2^29 heaps at the search's 10 bytes a heap (it holds two bytes a value, and the list
    // of the period's values).
    crate::game::budget::set_thread_budget(6 << 30);
    let mut s = HeapSolver::new(HeapRuleset::octal("0.1777").expect("an octal code"));
    match s.period_within(1 << 29).expect("no error") {
        PeriodSearch::Proven(p) => {
            eprintln!("0.1777: preperiod {}, period {}", p.preperiod, p.period);
            assert_eq!((p.preperiod, p.period), (160_949_018, 60_620_715));
        }
        other => panic!("0.1777: {other:?}"),
    }
}
