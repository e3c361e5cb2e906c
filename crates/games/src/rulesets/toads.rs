//! Toads and Frogs on a one-row strip written like `"TT..FF"`: `T` is a toad (Left's),
//! `F` a frog (Right's), `.` an empty square.
//!
//! A toad moves one square to the right into an empty square, or jumps to the right over
//! exactly one frog into an empty square; a frog moves left in the same way, jumping over
//! one toad. Positions are memoized by their text in a [`ToadsAndFrogs`] solver; leading
//! frogs and trailing toads can never move nor be jumped over, so they are stripped first.

use super::RulesetError;
use super::picture::Square;
use super::ruleset::{Ruleset, Solver};
use crate::game::{GameId, GameStore};

/// Parses a strip: `T`, `F`, `.` (case-insensitive; whitespace ignored), upper-cased.
pub fn parse_strip(text: &str) -> Result<Vec<u8>, RulesetError> {
    super::rows::parse_row(text, b"TF.")
}

/// Left's (toads') and Right's (frogs') moves from the parsed strip `s`.
fn moves_of(s: &[u8]) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    let n = s.len();
    let mut left = Vec::new();
    let mut right = Vec::new();
    let go = |from: usize, to: usize| {
        let mut t = s.to_vec();
        t.swap(from, to);
        t
    };
    for i in 0..n {
        match s[i] {
            b'T' => {
                if i + 1 < n && s[i + 1] == b'.' {
                    left.push(go(i, i + 1));
                } else if i + 2 < n && s[i + 1] == b'F' && s[i + 2] == b'.' {
                    left.push(go(i, i + 2));
                }
            }
            b'F' => {
                if i >= 1 && s[i - 1] == b'.' {
                    right.push(go(i, i - 1));
                } else if i >= 2 && s[i - 1] == b'T' && s[i - 2] == b'.' {
                    right.push(go(i, i - 2));
                }
            }
            _ => {}
        }
    }
    (left, right)
}

fn text(s: &[u8]) -> String {
    String::from_utf8_lossy(s).into_owned()
}

/// Left's and Right's options from the strip `text`, as strings of the same length.
pub fn toads_moves(text_: &str) -> Result<(Vec<String>, Vec<String>), RulesetError> {
    let s = parse_strip(text_)?;
    let (l, r) = moves_of(&s);
    Ok((
        l.iter().map(|t| text(t)).collect(),
        r.iter().map(|t| text(t)).collect(),
    ))
}

/// The rules of Toads and Frogs, for the generic [`Solver`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ToadsRules;

impl Ruleset for ToadsRules {
    type Position = Vec<u8>;

    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "row",
            summary: "Toads and Frogs: T (Left) moves right, F (Right) moves left, into an empty square or jumping one opponent",
            example: ("toads_and_frogs(\"T.F\")", "*"),
            args: super::registry::ArgForm::Text {
                what: "a row such as \"TT..FF\"",
            },
        })
    }

    fn name(&self) -> &'static str {
        "toads_and_frogs"
    }

    fn visit_moves(&self, s: &Vec<u8>, left: bool, visit: &mut dyn FnMut(&Vec<u8>)) {
        let (l, r) = moves_of(s);
        for m in if left { l } else { r } {
            visit(&m);
        }
    }

    /// Leading frogs and trailing toads can never move nor be jumped over, so they are
    /// stripped; then the strip or its mirror image with toads and frogs exchanged (the
    /// negative game), whichever is less.
    fn normal_form(&self, s: &Vec<u8>) -> (Vec<u8>, bool) {
        let start = s.iter().position(|&c| c != b'F').unwrap_or(s.len());
        let end = s.iter().rposition(|&c| c != b'T').map_or(start, |e| e + 1);
        super::rows::least_with_mirror(s[start..end.max(start)].to_vec(), b'T', b'F')
    }

    fn picture(&self, s: &Vec<u8>) -> Option<super::picture::Picture> {
        Some(super::rows::row_picture(s, b'T', b'F', true, Square::Empty).into())
    }

    fn text(&self, s: &Vec<u8>) -> String {
        text(s)
    }

    fn parse(&self, text: &str) -> Result<Vec<u8>, RulesetError> {
        parse_strip(text)
    }
}

/// A Toads and Frogs solver with its transposition table: the generic [`Solver`] on
/// [`ToadsRules`]. Its [`GameId`]s belong to the store it was first used with.
pub type ToadsAndFrogs = Solver<ToadsRules>;

/// The canonical form of the Toads and Frogs strip `text` (a fresh table).
pub fn toads_and_frogs(store: &mut GameStore, text_: &str) -> Result<GameId, RulesetError> {
    ToadsAndFrogs::default().value_of(store, text_)
}

/// The value by the definition alone, with no table and no stripping: an independent check.
pub fn toads_value_naive(store: &mut GameStore, s: &[u8]) -> GameId {
    let (ls, rs) = moves_of(s);
    let left: Vec<GameId> = ls.iter().map(|t| toads_value_naive(store, t)).collect();
    let right: Vec<GameId> = rs.iter().map(|t| toads_value_naive(store, t)).collect();
    store.canonical(&left, &right)
}

/// Every strip of `len` cells over `T`, `F` and `.`, for the tests that check a solver on
/// all small strips.
#[cfg(test)]
pub(super) fn every_strip(len: u32) -> impl Iterator<Item = Vec<u8>> {
    let letters = [b'T', b'F', b'.'];
    (0..3u32.pow(len)).map(move |code| {
        let mut c = code;
        (0..len)
            .map(|_| {
                let k = letters[(c % 3) as usize];
                c /= 3;
                k
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Notation;

    fn show(s: &mut GameStore, text_: &str) -> String {
        let g = toads_and_frogs(s, text_).unwrap();
        s.display(g, Notation::Ascii)
    }

    /// Hand derivations:
    /// - `T.` : Left moves to `.T`, where nobody moves, so `{0|} = 1`; `.F` = `{|0}` = -1.
    /// - `TF` : the toad is blocked (no square beyond the frog), the frog too: 0.
    /// - `T.F`: Left's only move is to `.TF`; there Left is stuck and Right jumps to `FT.`,
    ///   where Left steps to `F.T` = 0 and Right is stuck, so `FT.` = `{0|}` = 1 and
    ///   `.TF` = `{|1}` = 0. Symmetrically Right moves to `TF.` = `{.FT|}` = `{-1|}` = 0.
    ///   Hence `T.F` = `{0|0}` = `*`.
    /// - `TT.`: Left's only move is to `T.T`, from which Left moves to `.TT` = 0: so
    ///   `T.T` = 1 and `TT.` = `{1|}` = 2.
    #[test]
    fn hand_checked_values() {
        let mut s = GameStore::new();
        for (text_, want) in [
            ("", "0"),
            ("T.", "1"),
            (".F", "-1"),
            ("TF", "0"),
            ("T.F", "*"),
            ("TT.", "2"),
            ("F.T", "0"),
            ("TF.", "0"),
            (".TF", "0"),
            ("FT.", "1"),
        ] {
            assert_eq!(show(&mut s, text_), want, "toads_and_frogs({text_:?})");
        }
    }

    #[test]
    fn moves_as_strings() {
        let (l, r) = toads_moves("T.F").unwrap();
        assert_eq!(l, vec![".TF".to_owned()]);
        assert_eq!(r, vec!["TF.".to_owned()]);
        let (l, r) = toads_moves("TF.T.").unwrap();
        assert_eq!(l, vec![".FTT.".to_owned(), "TF..T".to_owned()]);
        assert!(r.is_empty());
        let (l, r) = toads_moves(".TF").unwrap();
        assert!(l.is_empty());
        assert_eq!(r, vec!["FT.".to_owned()]);
    }

    #[test]
    fn bad_char() {
        let mut s = GameStore::new();
        assert_eq!(
            toads_and_frogs(&mut s, "T.x"),
            Err(RulesetError::BadChar { ch: 'x', at: 2 })
        );
    }

    /// Reversing a strip and swapping toads with frogs swaps the players.
    #[test]
    fn mirror_is_negative() {
        let mut s = GameStore::new();
        let mut solver = ToadsAndFrogs::default();
        for text_ in ["TT.F", "T.TF.F", "TTT..FF", "T.F.T.F"] {
            let m: String = text_
                .chars()
                .rev()
                .map(|c| match c {
                    'T' => 'F',
                    'F' => 'T',
                    c => c,
                })
                .collect();
            let a = solver.value_of(&mut s, text_).unwrap();
            let b = solver.value_of(&mut s, &m).unwrap();
            let nb = s.neg(b);
            assert_eq!(a, nb, "{text_} vs {m}");
        }
    }

    /// Every strip of length at most 6 over `T`, `F`, `.`: the memoized value equals the
    /// plain recursion's.
    #[test]
    fn agrees_with_naive_recursion() {
        let mut s = GameStore::new();
        let mut solver = ToadsAndFrogs::default();
        for len in 0..=6 {
            for strip in super::super::toads::every_strip(len) {
                let a = solver.value(&mut s, &strip);
                let b = toads_value_naive(&mut s, &strip);
                assert_eq!(a, b, "{}", text(&strip));
            }
        }
    }
}
