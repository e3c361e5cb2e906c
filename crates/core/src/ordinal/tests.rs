use super::*;

#[test]
fn ordinal_sums_and_printing() {
    let w = Ordinal::omega();
    let one = Ordinal::finite(1);
    assert_eq!(one.add(&w).unwrap(), w);
    assert_eq!(w.add(&one).unwrap().text(true), "ω + 1");
    assert_eq!(one.natural_add(&w).unwrap().text(false), "omega + 1");
    let big = Ordinal::from_coeffs(vec![5, 1, 3]);
    assert_eq!(big.text(true), "ω^2·3 + ω + 5");
    assert!(w < big && one < w);
    let text = |a: &Ordinal, u| nimber::nimber_text(&big::BigOrdinal::from_ordinal(a), u);
    assert_eq!(text(&w, true), "*ω");
    assert_eq!(text(&big, false), "*(omega^2*3 + omega + 5)");
}

#[test]
fn birthdays_of_rationals() {
    // 1/3 is born on day ω; 1/2 = {0|1} on day 2, 3/4 = {1/2|1} on day 3, 5/2 = {2|3} on
    // day 4, -2 on day 2.
    assert_eq!(rational_birthday(1, 3), Some(Ordinal::omega()));
    assert_eq!(rational_birthday(1, 2), Some(Ordinal::finite(2)));
    assert_eq!(rational_birthday(3, 4), Some(Ordinal::finite(3)));
    assert_eq!(rational_birthday(5, 2), Some(Ordinal::finite(4)));
    assert_eq!(rational_birthday(-2, 1), Some(Ordinal::finite(2)));
    assert_eq!(rational_birthday(0, 1), Some(Ordinal::finite(0)));
}
