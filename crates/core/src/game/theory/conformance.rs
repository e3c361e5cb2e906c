//! Every value of the theory conformance transcripts (`conformance/theory/*.txt`), checked
//! through the library API (the transcripts themselves run once the language has the names).

use super::testkit::{d, game, show};
use crate::game::dyadic::Dyadic;
use crate::game::store::GameStore;
use num_bigint::BigInt;

#[test]
fn infinitesimals_transcript() {
    let mut s = GameStore::new();
    for (g, b) in [
        ("0", 0),
        ("*", 1),
        ("^", 2),
        ("^^", 3),
        ("{1|-1}", 2),
        ("*2", 2),
    ] {
        let id = game(&mut s, g);
        assert_eq!(s.birthday(id), BigInt::from(b), "birthday({g})");
    }
    for (g, w) in [("^", "1"), ("^^*", "2"), ("*", "0")] {
        let id = game(&mut s, g);
        let aw = s.atomic_weight(id).unwrap();
        assert_eq!(show(&mut s, aw), w, "atomic_weight({g})");
    }
    let up = game(&mut s, "^");
    let r = s.reduced_canonical_form(up);
    assert_eq!(show(&mut s, r), "0");
    let (one, minus_one) = (s.integer(1), s.integer(-1));
    let o = s.ordinal_sum(one, one);
    assert_eq!(show(&mut s, o), "2");
    let o = s.ordinal_sum(one, minus_one);
    assert_eq!(show(&mut s, o), "1/2");
    let star2 = s.nimber(2);
    let p = s.conway_product(star2, star2);
    assert_eq!(show(&mut s, p), "*3");
}

#[test]
fn stops_temperature_transcript() {
    let mut s = GameStore::new();
    let g = game(&mut s, "{3|-1}");
    assert_eq!(s.left_stop(g), d(3, 0));
    assert_eq!(s.right_stop(g), d(-1, 0));
    assert_eq!(s.mean(g), d(1, 0));
    assert_eq!(s.temperature(g), d(2, 0));
    for (text, t) in [
        ("0", d(-1, 0)),
        ("5", d(-1, 0)),
        ("1/2", d(-1, 1)),
        ("-3/4", d(-1, 2)),
        ("*", d(0, 0)),
        ("^", d(0, 0)),
        ("{1|-1}", d(1, 0)),
        ("{2|1}", d(1, 1)),
    ] {
        let id = game(&mut s, text);
        assert_eq!(s.temperature(id), t, "temperature({text})");
    }
    let h = game(&mut s, "{2|1}");
    assert_eq!(s.mean(h), d(3, 1));
    let up = game(&mut s, "^");
    assert_eq!(s.mean(up), Dyadic::zero());
    for (t, want) in [(1, "{2|0}"), (2, "1*"), (3, "1")] {
        let c = s.cool(g, &d(t, 0)).unwrap();
        assert_eq!(show(&mut s, c), want, "cool({{3|-1}}, {t})");
    }
}
