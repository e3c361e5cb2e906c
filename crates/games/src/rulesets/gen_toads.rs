//! Toads and Frogs with longer jumps (CGSuite's `GenToadsAndFrogs(maxJump)`): on a strip of
//! squares, a toad (`T`, Left's) moves one square right into an empty square, or jumps
//! right over a run of 1 to `jump` frogs into the empty square just beyond them; a frog
//! (`F`, Right's) moves left in the same way over toads. `jump = 1` is Toads and Frogs
//! (Winning Ways ch. 1; [`super::toads`]).
//!
//! A position is written `2, "TTTT..FFF"` (the longest jump, then the strip) and shown as
//! the call `gen_toads_and_frogs(2, "TTTT..FFF")`. As in Toads and Frogs, leading frogs and
//! trailing toads can never move nor be jumped over, so they are stripped, and the strip
//! reversed with toads and frogs exchanged is the negative game.

use super::RulesetError;
use super::picture::Square;
use super::registry::{Arg, MAX_SIZE, parameter};
use super::ruleset::Ruleset;

/// A position: the longest jump and the strip (`T`, `F`, `.`).
pub type JumpStrip = (u32, Vec<u8>);

/// The rules of Toads and Frogs with jumps over up to `jump` pieces.
#[derive(Clone, Copy, Debug, Default)]
pub struct GenToadsRules;

/// The moves of the pieces `me` (`T` moving right when `step` is 1, `F` moving left when
/// it is -1) over runs of at most `jump` pieces `them`.
fn visit_slides(
    strip: &[u8],
    jump: u32,
    (me, them, step): (u8, u8, isize),
    visit: &mut dyn FnMut(Vec<u8>),
) {
    let n = strip.len() as isize;
    for from in 0..n {
        if strip[from as usize] != me {
            continue;
        }
        // Over `over` pieces of the other player into the square beyond them.
        let mut over = 0u32;
        loop {
            let to = from + step * (over as isize + 1);
            if to < 0 || to >= n {
                break;
            }
            match strip[to as usize] {
                b'.' => {
                    let mut next = strip.to_vec();
                    next.swap(from as usize, to as usize);
                    visit(next);
                    break;
                }
                c if c == them && over < jump => over += 1,
                _ => break,
            }
        }
    }
}

impl Ruleset for GenToadsRules {
    type Position = JumpStrip;

    fn name(&self) -> &'static str {
        "gen_toads_and_frogs"
    }

    fn visit_moves(
        &self,
        (jump, strip): &JumpStrip,
        left: bool,
        visit: &mut dyn FnMut(&JumpStrip),
    ) {
        let piece = if left {
            (b'T', b'F', 1)
        } else {
            (b'F', b'T', -1)
        };
        visit_slides(strip, *jump, piece, &mut |next| visit(&(*jump, next)));
    }

    /// Leading frogs and trailing toads stripped, then the strip or its mirror image with
    /// toads and frogs exchanged (the negative game), whichever is less.
    fn normal_form(&self, (jump, strip): &JumpStrip) -> (JumpStrip, bool) {
        let start = strip.iter().position(|&c| c != b'F').unwrap_or(strip.len());
        let end = strip
            .iter()
            .rposition(|&c| c != b'T')
            .map_or(start, |e| e + 1);
        let (least, negated) =
            super::rows::least_with_mirror(strip[start..end.max(start)].to_vec(), b'T', b'F');
        ((*jump, least), negated)
    }

    fn picture(&self, (_, strip): &JumpStrip) -> Option<super::picture::Picture> {
        Some(super::rows::row_picture(strip, b'T', b'F', true, Square::Empty).into())
    }

    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "jump, row",
            summary: "Toads and Frogs with longer jumps (CGSuite's GenToadsAndFrogs): T (Left) moves right, F (Right) left, into an empty square or jumping a run of 1 to jump opponents",
            example: ("gen_toads_and_frogs(2, \"TTTT..FFF\")", "{1/2*|v}"),
            args: super::registry::ArgForm::Custom { min: 1, max: 2 },
        })
    }

    fn of_args(&self, args: &[Arg]) -> Result<JumpStrip, RulesetError> {
        match args {
            [Arg::Text(text)] => self.parse(text).map_err(|e| e.at_arg(0)),
            [_, row] => {
                let jump = parameter(args, 0, "the longest jump", 1)?;
                let row = row
                    .text("a row such as \"TT..FF\"")
                    .map_err(|e| e.at_arg(1))?;
                let strip = super::toads::parse_strip(row).map_err(|e| e.at_arg(1))?;
                Ok((jump, strip))
            }
            _ => Err(RulesetError::refused(
                "gen_toads_and_frogs takes the longest jump and a row: gen_toads_and_frogs(2, \"TT..FF\")",
            )),
        }
    }

    fn text_is_arguments(&self) -> bool {
        true
    }

    fn text(&self, (jump, strip): &JumpStrip) -> String {
        format!("{jump}, \"{}\"", String::from_utf8_lossy(strip))
    }

    /// Reads `2, "TT..FF"` (the quotes may be left out).
    fn parse(&self, text: &str) -> Result<JumpStrip, RulesetError> {
        let bad = || {
            RulesetError::BadShape(format!(
                "expected the longest jump and a row, as in 2, \"TT..FF\"; found {text:?}"
            ))
        };
        let (jump, row) = text.split_once(',').ok_or_else(bad)?;
        let jump: u32 = jump.trim().parse().map_err(|_| bad())?;
        if jump == 0 || u64::from(jump) > MAX_SIZE {
            return Err(RulesetError::refused(format!(
                "the longest jump must be from 1 to {MAX_SIZE}"
            )));
        }
        let row = row.trim();
        let row = row
            .strip_prefix('"')
            .and_then(|r| r.strip_suffix('"'))
            .unwrap_or(row);
        Ok((jump, super::toads::parse_strip(row)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use crate::rulesets::toads::ToadsRules;
    use rustc_hash::FxHashMap;

    fn shown(text: &str) -> String {
        let mut store = GameStore::new();
        Solver::new(GenToadsRules).shown(&mut store, text)
    }

    /// CGSuite's `GameStripTest.scala`: `GenToadsAndFrogs(2)("tttt..fff")` is `{1/2*|v}`.
    #[test]
    fn cgsuite_value() {
        assert_eq!(shown("2, \"TTTT..FFF\""), "{1/2*|v}");
    }

    /// By hand: in `TFF.` with jumps of two, the toad jumps both frogs to `.FFT`, where
    /// the toad is stuck and the frogs walk left, `F.FT` then `FF.T` (0): `.FFT` = -2. The
    /// frogs cannot move in `TFF.`, so it is `{-2|}` = 0; with jumps of one nobody moves: 0.
    #[test]
    fn hand_checked_values() {
        assert_eq!(shown("2, \".FFT\""), "-2");
        assert_eq!(shown("2, \"TFF.\""), "0");
        assert_eq!(shown("1, \"TFF.\""), "0");
        let moves: Vec<String> = GenToadsRules
            .moves(&(2, b"TFF.T.".to_vec()), true)
            .iter()
            .map(|p| GenToadsRules.text(p))
            .collect();
        assert_eq!(moves, ["2, \".FFTT.\"", "2, \"TFF..T\""]);
    }

    /// Jumps of one are Toads and Frogs; every strip of up to 7 squares, for jumps of 1 to
    /// 3, agrees with the plain recursion.
    #[test]
    fn agrees_with_toads_and_frogs_and_the_definition() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(GenToadsRules);
        let mut toads = Solver::new(ToadsRules);
        let mut memo = FxHashMap::default();
        for len in 0..=7 {
            for strip in super::super::toads::every_strip(len) {
                let one = solver.value(&mut store, &(1, strip.clone()));
                assert_eq!(one, toads.value(&mut store, &strip));
                for jump in 1..=3 {
                    let p = (jump, strip.clone());
                    let fast = solver.value(&mut store, &p);
                    let slow = value_by_definition(&GenToadsRules, &mut store, &p, &mut memo);
                    assert_eq!(fast, slow, "{}", GenToadsRules.text(&p));
                }
            }
        }
    }

    #[test]
    fn bad_positions_are_errors() {
        for text in ["0, \"T.F\"", "T.F", "2, \"T.x\"", "x, \"T.F\""] {
            assert!(GenToadsRules.parse(text).is_err(), "{text}");
        }
    }
}
