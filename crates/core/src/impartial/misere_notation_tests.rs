//! The notation against CGSuite's own printed forms, and read back.

use super::*;
use crate::impartial::misere_notation_read::read_star_body;
use crate::impartial::testutil::misere_born_by;

fn read(s: &mut MisereStore, text: &str) -> MisereId {
    let body = text
        .strip_prefix("*[")
        .and_then(|t| t.strip_suffix(']'))
        .unwrap_or(text);
    match read_star_body(s, body) {
        Ok(g) => g,
        Err(e) => panic!("{text}: {e}"),
    }
}

#[test]
fn cgsuite_test_cases_print_as_cgsuite_prints_them() {
    // MisereCanonicalGameTestCase.scala (CGSuite): each game as built by its input, and
    // the plain text CGSuite prints for it.
    let mut s = MisereStore::new();
    let z = s.zero();
    let one = s.nimber(1);
    let two = s.nimber(2);
    let three = s.nimber(3);
    let four = s.nimber(4);
    let g = |s: &mut MisereStore, o: &[MisereId]| s.canonical(o);
    let sharp = g(&mut s, &[two]); // [[2]]
    let sharp2 = g(&mut s, &[sharp]); // [[[2]]]
    let twos = s.add(two, two);
    let inner = s.add(two, sharp);
    let c7 = g(&mut s, &[inner]);
    let c8 = g(&mut s, &[sharp, z]);
    let c10 = g(&mut s, &[sharp, one]);
    let sum42 = s.add(four, two);
    let c11 = g(&mut s, &[sum42]);
    let c12 = g(&mut s, &[sharp2, c10]);
    let c13_inner = g(&mut s, &[c8, z, one]);
    let c13 = g(&mut s, &[sharp2, c13_inner]);
    let a = s.add(c10, one);
    let sharp_star = s.add(sharp, one);
    let b = g(&mut s, &[sharp, sharp_star, c8]);
    let c14 = g(&mut s, &[a, b]);
    let x = g(&mut s, &[sharp, two, z]);
    let y = g(&mut s, &[sharp, three]);
    let c15 = g(&mut s, &[x, y, one]);
    let cases = [
        (z, "*[0]"),
        (one, "*[1]"),
        (two, "*[2]"),
        (sharp, "*[2#]"),
        (sharp2, "*[2##]"),
        (twos, "*[2[2]]"),
        (c7, "*[2[#2#]]"),
        (c8, "*[2#0]"),
        (c10, "*[2#1]"),
        (c11, "*[4[2#]]"),
        (c12, "*[(2#1)2##]"),
        (c13, "*[((2#0)10)2##]"),
        (c14, "*[((2#0)2[#1]2#)(2#1)[1]]"),
        (c15, "*[(2#20)2[#1]1]"),
    ];
    for (game, text) in cases {
        assert_eq!(star_text(&mut s, game, false), text);
        assert_eq!(read(&mut s, text), game, "{text}");
    }
    // The same with subscripts as subscripts.
    assert_eq!(star_text(&mut s, twos, true), "*[2₂]");
    assert_eq!(star_text(&mut s, c7, true), "*[2#₂#]");
    assert_eq!(star_text(&mut s, c11, true), "*[4₂#]");
    assert_eq!(star_text(&mut s, c14, true), "*[((2#0)2#₁2#)(2#1)₁]");
    // Heaps of ten or more, as CGSuite writes them.
    let twelve = s.nimber(12);
    let h = g(&mut s, &[twelve, three]);
    assert_eq!(star_text(&mut s, twelve, false), "*[&12;]");
    assert_eq!(star_text(&mut s, h, false), "*[&12;3]");
    assert_eq!(read(&mut s, "*[&12;3]"), h);
}

#[test]
fn both_notations_read_back_every_small_form() {
    // Every form born by day 4, plus * and *2 and *3, and the sums of pairs of the first
    // twelve: printed in either notation and read back, the same form.
    let mut s = MisereStore::new();
    let forms = misere_born_by(&mut s, 4);
    let mut games = forms.clone();
    let heaps: Vec<MisereId> = (1..4).map(|n| s.nimber(n)).collect();
    for &f in &forms {
        for &h in &heaps {
            games.push(s.add(f, h));
        }
    }
    for (i, &a) in forms.iter().take(12).enumerate() {
        for &b in &forms[i..12] {
            games.push(s.add(a, b));
        }
    }
    for &g in &games {
        for unicode in [false, true] {
            let text = star_text(&mut s, g, unicode);
            assert_eq!(read(&mut s, &text), g, "{text}");
        }
    }
    assert!(games.len() > 150);
}

#[test]
fn malformed_notation_is_an_error() {
    let mut s = MisereStore::new();
    for bad in ["", "(2)", "2[", "2[#", "&;", "&12", "0[-2]", "(2#", "x"] {
        assert!(read_star_body(&mut s, bad).is_err(), "{bad}");
    }
    let deep = "(".repeat(300) + "21" + &")".repeat(300);
    assert!(read_star_body(&mut s, &deep).is_err());
}
