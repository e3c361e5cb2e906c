//! Childish Hackenbush (Winning Ways, 2nd ed., vol. 1, ch. 2 "Finding the Correct Number is
//! Simplicity Itself", sections "Childish Hackenbush" and "How Childish Can You Get?"):
//! Hackenbush in which nothing may fall. A player
//! removes one edge of their colour (blue `l` Left's, red `r` Right's, green `e` either's),
//! but only an edge whose removal leaves every other edge connected to the ground. Pictures
//! are written as for `hackenbush_graph`: `"0-1:l, 1-2:r, 2-0:e"`, vertex 0 the ground.
//!
//! Two rules for green edges:
//!
//! - `childish_hackenbush` (the default): Winning Ways' rule as it is stated, that no cut
//!   may make anything fall, applied to every edge, green ones included;
//! - `cgsuite_childish_hackenbush` ([`cgsuite`]): CGSuite's `ChildishHackenbush`, which
//!   is its `GenHackenbush` with only the blue and red edges childish: a green edge may be
//!   cut even when edges fall with it, and they fall as in Hackenbush.
//!
//! They differ as soon as a green edge holds something up: green under blue is
//! `{*|} = 0` by the first rule and `{0, *|0} = ↑*` by the second.
//!
//! Pieces meeting only at the ground are independent (a cut in one never disconnects
//! another), so a picture is the sum of its pieces, each renumbered canonically and compared
//! with its colour swap, which exchanges the players and negates the value.

use super::RulesetError;
use super::canon::canonical_order;
use super::hackenbush::Colour;
use super::hackenbush_graph::HackenbushGraph;
use super::ruleset::Ruleset;

/// The rules of Childish Hackenbush; positions are Hackenbush pictures.
#[derive(Clone, Copy, Debug, Default)]
pub struct ChildishHackenbushRules;

fn code(c: Colour) -> u8 {
    match c {
        Colour::Blue => 0,
        Colour::Red => 1,
        Colour::Green => 2,
    }
}

fn colour(k: u8) -> Colour {
    match k {
        0 => Colour::Blue,
        1 => Colour::Red,
        _ => Colour::Green,
    }
}

/// The edges `(a, b, colour code)` of `g`, colours swapped if `swap`, renumbered in the
/// canonical order with the ground first, each with `a <= b`, sorted.
fn canonical_edges(g: &HackenbushGraph, swap: bool) -> Vec<(usize, usize, u8)> {
    // Vertices in use, the ground first, numbered 0, 1, 2, …
    let mut used = vec![0usize];
    for &(a, b, _) in g.edges() {
        for v in [a, b] {
            if !used.contains(&v) {
                used.push(v);
            }
        }
    }
    let at = |v: usize| used.iter().position(|&u| u == v).unwrap_or(0);
    let edges: Vec<(usize, usize, u32)> = g
        .edges()
        .iter()
        .map(|&(a, b, c)| {
            let k = match (code(c), swap) {
                (0, true) => 1,
                (1, true) => 0,
                (k, _) => k,
            };
            (at(a), at(b), u32::from(k))
        })
        .collect();
    let mut kinds = vec![1u32; used.len()];
    kinds[0] = 0;
    let order = canonical_order(&kinds, &edges);
    let mut out: Vec<(usize, usize, u8)> = edges
        .iter()
        .map(|&(a, b, k)| {
            let (x, y) = (order[a], order[b]);
            (x.min(y), x.max(y), k as u8)
        })
        .collect();
    out.sort_unstable();
    out
}

/// The cuts of `left` (or Right) from `g` that make nothing fall, and, unless
/// `green_childish`, every cut of a green edge, whatever falls with it.
pub(crate) fn childish_moves(
    g: &HackenbushGraph,
    left: bool,
    green_childish: bool,
    visit: &mut dyn FnMut(&HackenbushGraph),
) {
    let banned = if left { Colour::Red } else { Colour::Blue };
    let edges = g.edges();
    for (i, &(_, _, c)) in edges.iter().enumerate() {
        if c == banned {
            continue;
        }
        let mut rest = edges.to_vec();
        rest.remove(i);
        let next = HackenbushGraph::new(rest);
        // Legal only if nothing else fell (a green edge under CGSuite's rule: always).
        let childish = green_childish || c != Colour::Green;
        if !childish || next.edges().len() + 1 == edges.len() {
            visit(&next);
        }
    }
}

impl Ruleset for ChildishHackenbushRules {
    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "picture",
            summary: "Childish Hackenbush (Winning Ways, 2nd ed., vol. 1, ch. 2): Hackenbush (\"0-1:l, 1-2:r\", vertex 0 the ground) where an edge may be cut only if nothing falls, green edges included (cgsuite_childish_hackenbush lets green edges drop what they hold)",
            example: ("childish_hackenbush(\"0-1:l, 1-2:r\")", "0"),
            args: super::registry::ArgForm::Text {
                what: "a picture such as \"0-1:l, 1-2:r\"",
            },
        })
    }

    type Position = HackenbushGraph;

    fn name(&self) -> &'static str {
        "childish_hackenbush"
    }

    fn visit_moves(
        &self,
        g: &HackenbushGraph,
        left: bool,
        visit: &mut dyn FnMut(&HackenbushGraph),
    ) {
        childish_moves(g, left, true, visit);
    }

    /// The pieces meeting only at the ground.
    fn components(&self, g: &HackenbushGraph) -> Vec<HackenbushGraph> {
        g.components()
    }

    /// The piece renumbered canonically, or its colour swap (flagged: negated), whichever
    /// is less.
    fn normal_form(&self, g: &HackenbushGraph) -> (HackenbushGraph, bool) {
        let plain = canonical_edges(g, false);
        let swapped = canonical_edges(g, true);
        let (best, negate) = if swapped < plain {
            (swapped, true)
        } else {
            (plain, false)
        };
        let edges = best
            .into_iter()
            .map(|(a, b, k)| (a, b, colour(k)))
            .collect();
        (HackenbushGraph::new(edges), negate)
    }

    fn is_dead(&self, g: &HackenbushGraph) -> bool {
        g.edges().is_empty()
    }

    fn picture(&self, g: &HackenbushGraph) -> Option<super::picture::Picture> {
        Some(g.drawn().into())
    }

    fn text(&self, g: &HackenbushGraph) -> String {
        g.to_string()
    }

    fn parse(&self, text: &str) -> Result<HackenbushGraph, RulesetError> {
        HackenbushGraph::parse(text)
    }
}

pub mod cgsuite;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    /// Hand derivations:
    /// - A blue stalk of two: Left cuts the top, then the bottom: `{1|}` = 2.
    /// - Blue under red (`0-1:l, 1-2:r`): Left may not cut the blue edge (the red would
    ///   fall); Right cuts the red, leaving 1: `{|1}` = 0 (ordinary Hackenbush gives 1/2).
    /// - Green under blue: Left cuts the blue, leaving `*`; Right has no move: `{*|}`, and
    ///   `*` reverses through its option 0 ≤ `{*|}` to nothing: 0.
    /// - Blue with two red edges on top (`0-1:l, 1-2:r, 1-3:r`): only Right moves, to a
    ///   blue-under-red stalk (0): `{|0}` = -1.
    /// - A triangle on the ground, blue `0-1`, red `1-2` and `2-0`: every cut leaves a
    ///   path. Left's leaves two reds in a row (-2); Right's leave a blue and a red on the
    ///   ground (0) or blue under red (0): `{-2|0}` = -1.
    #[test]
    fn hand_checked_values() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(ChildishHackenbushRules);
        for (text, want) in [
            ("", "0"),
            ("0-1:l", "1"),
            ("0-1:e", "*"),
            ("0-0:r", "-1"),
            ("0-1:l, 1-2:l", "2"),
            ("0-1:l, 1-2:r", "0"),
            ("0-1:e, 1-2:l", "0"),
            ("0-1:l, 1-2:r, 1-3:r", "-1"),
            ("0-1:l, 1-2:r, 2-0:r", "-1"),
        ] {
            assert_eq!(solver.shown(&mut store, text), want, "{text}");
        }
    }

    #[test]
    fn bad_text_is_an_error() {
        assert_eq!(
            ChildishHackenbushRules.parse("0-1:q"),
            Err(RulesetError::BadChar { ch: 'q', at: 4 })
        );
        assert!(ChildishHackenbushRules.parse("0-1").is_err());
    }

    /// Every picture of up to 5 edges among the ground and 3 vertices whose edges are
    /// drawn from a fixed list, in every colour: pieces, renumbering and the colour swap
    /// change nothing.
    #[test]
    fn agrees_with_the_definition_on_small_pictures() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(ChildishHackenbushRules);
        let mut memo = FxHashMap::default();
        let slots = [(0, 1), (1, 2), (2, 0), (1, 3), (3, 0), (2, 3), (1, 1)];
        for mask in 0u32..(1 << slots.len()) {
            let chosen: Vec<(usize, usize)> = (0..slots.len())
                .filter(|&k| mask >> k & 1 == 1)
                .map(|k| slots[k])
                .collect();
            if chosen.len() > 5 {
                continue;
            }
            for code in 0..3usize.pow(chosen.len() as u32) {
                let edges = chosen
                    .iter()
                    .enumerate()
                    .map(|(k, &(a, b))| (a, b, colour((code / 3usize.pow(k as u32) % 3) as u8)))
                    .collect();
                let g = HackenbushGraph::new(edges);
                let text = ChildishHackenbushRules.text(&g);
                assert_eq!(
                    ChildishHackenbushRules.parse(&text).as_ref(),
                    Ok(&g),
                    "{text}"
                );
                let fast = solver.value(&mut store, &g);
                let slow = value_by_definition(&ChildishHackenbushRules, &mut store, &g, &mut memo);
                assert_eq!(fast, slow, "{g}");
            }
        }
    }
}
