//! Childish Hackenbush by CGSuite's rule (`game.graph.ChildishHackenbush`, defined in its
//! library as `GenHackenbush(childishEdges => [Color.Blue, Color.Red])`): a blue or red
//! edge may be cut only if nothing falls, a green edge always, and whatever it held up
//! falls. Everything but the moves is Winning Ways' Childish Hackenbush's
//! ([`ChildishHackenbushRules`]): pictures, pieces, renumbering, the colour swap.

use super::super::RulesetError;
use super::super::hackenbush_graph::HackenbushGraph;
use super::super::picture::Picture;
use super::super::registry::{About, ArgForm};
use super::super::ruleset::Ruleset;
use super::{ChildishHackenbushRules, childish_moves};

/// The rules of Childish Hackenbush as CGSuite plays it; positions are Hackenbush pictures.
#[derive(Clone, Copy, Debug, Default)]
pub struct CgsuiteChildishRules;

impl Ruleset for CgsuiteChildishRules {
    type Position = HackenbushGraph;

    fn name(&self) -> &'static str {
        "cgsuite_childish_hackenbush"
    }

    fn about(&self) -> Option<About> {
        Some(About {
            params: "picture",
            summary: "Childish Hackenbush by CGSuite's rule (its ChildishHackenbush): a blue or red edge may be cut only if nothing falls, a green edge always, and what it held up falls. childish_hackenbush is Winning Ways' rule (vol. 1, ch. 2), nothing may ever fall",
            example: ("cgsuite_childish_hackenbush(\"0-1:e, 1-2:l\")", "^*"),
            args: ArgForm::Text {
                what: "a picture such as \"0-1:e, 1-2:l\"",
            },
        })
    }

    fn visit_moves(
        &self,
        g: &HackenbushGraph,
        left: bool,
        visit: &mut dyn FnMut(&HackenbushGraph),
    ) {
        childish_moves(g, left, false, visit);
    }

    fn components(&self, g: &HackenbushGraph) -> Vec<HackenbushGraph> {
        ChildishHackenbushRules.components(g)
    }

    fn normal_form(&self, g: &HackenbushGraph) -> (HackenbushGraph, bool) {
        ChildishHackenbushRules.normal_form(g)
    }

    fn is_dead(&self, g: &HackenbushGraph) -> bool {
        ChildishHackenbushRules.is_dead(g)
    }

    fn picture(&self, g: &HackenbushGraph) -> Option<Picture> {
        ChildishHackenbushRules.picture(g)
    }

    fn text(&self, g: &HackenbushGraph) -> String {
        ChildishHackenbushRules.text(g)
    }

    fn parse(&self, text: &str) -> Result<HackenbushGraph, RulesetError> {
        ChildishHackenbushRules.parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;
    use crate::rulesets::hackenbush::Colour;
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    /// Hand derivations, and where the two rules part:
    /// - green under blue (`0-1:e, 1-2:l`): Left cuts the blue (leaving `*`) or the green
    ///   (the blue falls: 0); Right cuts the green: `{0, *|0}` = ↑*. By Winning Ways' rule
    ///   the green may not be cut: `{*|}` = 0.
    /// - a green stalk of two (`0-1:e, 1-2:e`): either player cuts the top (leaving `*`) or
    ///   the bottom (0): `*2`, as in Green Hackenbush. By Winning Ways' rule only the top:
    ///   `{*|*}` = 0.
    /// - with no green edge under another edge the rules agree: blue under red is 0, and a
    ///   green edge on top of a blue one is `{1, 1*|1}`… by both: `0-1:l, 1-2:e` is 1*.
    #[test]
    fn hand_checked_values_and_where_the_rules_part() {
        let mut store = GameStore::new();
        let mut cgsuite = Solver::new(CgsuiteChildishRules);
        let mut winning_ways = Solver::new(ChildishHackenbushRules);
        for (text, by_cgsuite, by_winning_ways) in [
            ("0-1:e, 1-2:l", "^*", "0"),
            ("0-1:e, 1-2:e", "*2", "0"),
            ("0-1:l, 1-2:r", "0", "0"),
            ("0-1:l, 1-2:e", "1*", "1*"),
        ] {
            assert_eq!(cgsuite.shown(&mut store, text), by_cgsuite, "{text}");
            assert_eq!(
                winning_ways.shown(&mut store, text),
                by_winning_ways,
                "{text}"
            );
        }
    }

    /// CGSuite's `GameGraphTest.scala` ("define Childish Hackenbush properly"), its pictures
    /// drawn here: `l(l;rl)` is a blue edge holding a blue edge and a red-then-blue stalk;
    /// `:{ground}llllllrrrr:{ground}` is a loop of six blue then four red edges from the
    /// ground back to it. (No green edge: both rules give CGSuite's values.)
    #[test]
    fn cgsuite_published_values() {
        let mut store = GameStore::new();
        let loop_of_ten = {
            let colours = "llllllrrrr";
            let n = colours.len();
            let edges: Vec<String> = colours
                .chars()
                .enumerate()
                .map(|(k, c)| format!("{}-{}:{c}", k, if k + 1 == n { 0 } else { k + 1 }))
                .collect();
            edges.join(", ")
        };
        for (text, want) in [
            ("0-1:l, 1-2:l, 1-3:r, 3-4:l".to_string(), "2"),
            (loop_of_ten, "{4|-2}"),
        ] {
            for shown in [
                Solver::new(CgsuiteChildishRules).shown(&mut store, &text),
                Solver::new(ChildishHackenbushRules).shown(&mut store, &text),
            ] {
                assert_eq!(shown, want, "{text}");
            }
        }
    }

    /// Pieces, renumbering and the colour swap change nothing under CGSuite's rule either.
    #[test]
    fn agrees_with_the_definition_on_small_pictures() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(CgsuiteChildishRules);
        let mut memo = FxHashMap::default();
        let slots = [(0, 1), (1, 2), (2, 0), (1, 3), (2, 3)];
        let colours = [Colour::Blue, Colour::Red, Colour::Green];
        for mask in 0u32..(1 << slots.len()) {
            let chosen: Vec<(usize, usize)> = (0..slots.len())
                .filter(|&k| mask >> k & 1 == 1)
                .map(|k| slots[k])
                .collect();
            for code in 0..3usize.pow(chosen.len() as u32) {
                let edges = chosen
                    .iter()
                    .enumerate()
                    .map(|(k, &(a, b))| (a, b, colours[code / 3usize.pow(k as u32) % 3]))
                    .collect();
                let g = HackenbushGraph::new(edges);
                let fast = solver.value(&mut store, &g);
                let slow = value_by_definition(&CgsuiteChildishRules, &mut store, &g, &mut memo);
                assert_eq!(fast, slow, "{g}");
            }
        }
    }
}
