//! Hackenbush strings: a single stalk of edges rising from the ground, written bottom-up in
//! CGSuite's letters `l` (blue, Left's), `r` (red, Right's) and `e` (green, either's).
//! Cutting edge `i` removes it and everything above it, so the options of a stalk are its
//! proper prefixes whose next edge the mover may cut.

use std::collections::HashMap;

use super::RulesetError;
use crate::game::{GameId, GameStore};

/// The colour of a Hackenbush edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Left's edge (`l`).
    Blue,
    /// Right's edge (`r`).
    Red,
    /// Either player's edge (`e`).
    Green,
}

/// Parses a stalk from CGSuite's letters (case-insensitive; `b` and `g` are accepted as
/// blue and green aliases, and whitespace is ignored).
pub fn parse_stalk(text: &str) -> Result<Vec<Colour>, RulesetError> {
    let mut out = Vec::new();
    for (at, ch) in text.char_indices() {
        let c = match ch.to_ascii_lowercase() {
            'l' | 'b' => Colour::Blue,
            'r' => Colour::Red,
            'e' | 'g' => Colour::Green,
            c if c.is_whitespace() => continue,
            _ => return Err(RulesetError::BadChar { ch, at }),
        };
        out.push(c);
    }
    Ok(out)
}

/// The canonical form of the Hackenbush string `text` (bottom edge first).
pub fn hackenbush_string(store: &mut GameStore, text: &str) -> Result<GameId, RulesetError> {
    let stalk = parse_stalk(text)?;
    Ok(stalk_value(store, &stalk))
}

/// The canonical form of a parsed stalk. Each prefix is evaluated once, bottom-up.
pub fn stalk_value(store: &mut GameStore, stalk: &[Colour]) -> GameId {
    // values[k] = value of the prefix of length k.
    let mut values: Vec<GameId> = Vec::with_capacity(stalk.len() + 1);
    values.push(store.zero());
    for k in 1..=stalk.len() {
        let mut left = Vec::new();
        let mut right = Vec::new();
        for (i, &c) in stalk[..k].iter().enumerate() {
            // Cutting edge i leaves the prefix of length i.
            if c != Colour::Red {
                left.push(values[i]);
            }
            if c != Colour::Blue {
                right.push(values[i]);
            }
        }
        let g = store.canonical(&left, &right);
        values.push(g);
    }
    values[stalk.len()]
}

/// Left's and Right's moves from the string `text`, as strings: cutting edge `i` keeps
/// the first `i` letters.
pub fn stalk_moves(text: &str) -> Result<(Vec<String>, Vec<String>), RulesetError> {
    super::ruleset::move_texts(&StalkRules, text)
}

/// The ink of an edge of colour `c` in a picture.
pub(crate) fn ink(c: Colour) -> super::picture::Ink {
    use super::picture::Ink;
    match c {
        Colour::Blue => Ink::Blue,
        Colour::Red => Ink::Red,
        Colour::Green => Ink::Green,
    }
}

/// Hackenbush strings as a [`Ruleset`](super::ruleset::Ruleset): a position is the stalk,
/// bottom edge first. A stalk is valued bottom-up in one pass ([`stalk_value`]), so the
/// solver asks it for the value rather than searching.
#[derive(Clone, Copy, Debug, Default)]
pub struct StalkRules;

/// A colour's letter in CGSuite's alphabet.
fn letter(c: Colour) -> char {
    match c {
        Colour::Blue => 'l',
        Colour::Red => 'r',
        Colour::Green => 'e',
    }
}

impl super::ruleset::Ruleset for StalkRules {
    type Position = Vec<Colour>;

    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "stalk",
            summary: "a Hackenbush stalk from the ground up: l blue (Left), r red (Right), e green",
            example: ("hackenbush(\"lrl\")", "3/4"),
            args: super::registry::ArgForm::Text {
                what: "a stalk such as \"lrl\"",
            },
        })
    }

    fn name(&self) -> &'static str {
        "hackenbush"
    }

    /// Cutting edge `i` keeps the first `i` edges.
    fn visit_moves(&self, p: &Vec<Colour>, left: bool, visit: &mut dyn FnMut(&Vec<Colour>)) {
        let theirs = if left { Colour::Red } else { Colour::Blue };
        for (i, &c) in p.iter().enumerate() {
            if c != theirs {
                visit(&p[..i].to_vec());
            }
        }
    }

    fn is_dead(&self, p: &Vec<Colour>) -> bool {
        p.is_empty()
    }

    fn known_value(&self, store: &mut GameStore, p: &Vec<Colour>) -> Option<GameId> {
        Some(stalk_value(store, p))
    }

    /// The stalk standing on the ground, bottom edge first.
    fn picture(&self, p: &Vec<Colour>) -> Option<super::picture::Picture> {
        let edges: Vec<_> = p
            .iter()
            .enumerate()
            .map(|(i, &c)| (i, i + 1, ink(c)))
            .collect();
        Some(super::picture::hackenbush_picture(&edges).into())
    }

    fn text(&self, p: &Vec<Colour>) -> String {
        p.iter().map(|&c| letter(c)).collect()
    }

    fn parse(&self, text: &str) -> Result<Vec<Colour>, RulesetError> {
        parse_stalk(text)
    }
}

/// The value of a stalk by plain recursion on the definition, memoized only by the string
/// itself; an independent check of [`stalk_value`].
pub fn stalk_value_naive(
    store: &mut GameStore,
    stalk: &[Colour],
    memo: &mut HashMap<Vec<Colour>, GameId>,
) -> GameId {
    if let Some(&g) = memo.get(stalk) {
        return g;
    }
    let mut left = Vec::new();
    let mut right = Vec::new();
    for i in 0..stalk.len() {
        let g = stalk_value_naive(store, &stalk[..i], memo);
        match stalk[i] {
            Colour::Blue => left.push(g),
            Colour::Red => right.push(g),
            Colour::Green => {
                left.push(g);
                right.push(g);
            }
        }
    }
    let g = store.canonical(&left, &right);
    memo.insert(stalk.to_vec(), g);
    crate::progress::position_solved();
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Notation;

    fn show(text: &str) -> String {
        let mut s = GameStore::new();
        let g = hackenbush_string(&mut s, text).unwrap();
        s.display(g, Notation::Ascii)
    }

    #[test]
    fn conformance_values() {
        for (text, want) in [
            ("", "0"),
            ("lr", "1/2"),
            ("lrr", "1/4"),
            ("llr", "3/2"),
            ("lrl", "3/4"),
            ("e", "*"),
            ("ee", "*2"),
            ("le", "1*"),
            ("l", "1"),
            ("rr", "-2"),
        ] {
            assert_eq!(show(text), want, "hackenbush({text:?})");
        }
    }

    #[test]
    fn moves_as_strings() {
        let (l, r) = stalk_moves("lre").unwrap();
        assert_eq!(l, vec!["".to_owned(), "lr".to_owned()]);
        assert_eq!(r, vec!["l".to_owned(), "lr".to_owned()]);
    }

    #[test]
    fn bad_letter() {
        let mut s = GameStore::new();
        assert_eq!(
            hackenbush_string(&mut s, "lxr"),
            Err(RulesetError::BadChar { ch: 'x', at: 1 })
        );
    }

    #[test]
    fn blue_red_strings_are_berlekamp_numbers() {
        // Berlekamp's rule: after the first colour change, each edge halves the step.
        let mut s = GameStore::new();
        for len in 1..=7u32 {
            for bits in 0..(1u32 << len) {
                let stalk: Vec<Colour> = (0..len)
                    .map(|i| {
                        if bits >> i & 1 == 1 {
                            Colour::Blue
                        } else {
                            Colour::Red
                        }
                    })
                    .collect();
                let g = stalk_value(&mut s, &stalk);
                let mut x = num_rational::BigRational::from_integer(0.into());
                let first = stalk[0];
                let mut i = 0;
                while i < stalk.len() && stalk[i] == first {
                    x += num_rational::BigRational::from_integer(1.into());
                    i += 1;
                }
                if first == Colour::Red {
                    x = -x;
                }
                let mut step = num_rational::BigRational::new(1.into(), 1.into());
                for &c in &stalk[i..] {
                    step /= num_rational::BigRational::from_integer(2.into());
                    if c == Colour::Blue {
                        x += step.clone();
                    } else {
                        x -= step.clone();
                    }
                }
                let want = crate::game::Dyadic::from_rational(&x).unwrap();
                let w = s.number(want);
                assert_eq!(g, w, "{stalk:?}");
            }
        }
    }

    #[test]
    fn agrees_with_naive_recursion() {
        let mut s = GameStore::new();
        let mut memo = HashMap::new();
        let colours = [Colour::Blue, Colour::Red, Colour::Green];
        for len in 0..=6u32 {
            for code in 0..3u32.pow(len) {
                let mut c = code;
                let stalk: Vec<Colour> = (0..len)
                    .map(|_| {
                        let k = colours[(c % 3) as usize];
                        c /= 3;
                        k
                    })
                    .collect();
                let a = stalk_value(&mut s, &stalk);
                let b = stalk_value_naive(&mut s, &stalk, &mut memo);
                assert_eq!(a, b, "{stalk:?}");
            }
        }
    }
}
