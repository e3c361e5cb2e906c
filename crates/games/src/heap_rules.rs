//! The heap rulesets that have a name in the language (`kayles`, `grundys_game`): each is
//! one line in [`named_heap_rules`], and the language makes from it a built-in that is
//! both a ruleset (`nim_values(kayles, 0..12)`) and a function of a heap or a list of heaps
//! (`kayles(7)`). A new heap rule is one file implementing
//! [`crate::impartial::HeapRule`] (in `cgt_core::impartial::heap_rules` when it needs a
//! fast engine of the core, anywhere otherwise) plus its line here.

use crate::impartial::HeapRuleset;

/// A named heap ruleset: its name, what help says, and its rules.
pub struct NamedHeapRules {
    /// The name of the built-in and of the ruleset: `kayles`.
    pub name: &'static str,
    /// One line on the rules, for `:help` and the reference.
    pub summary: &'static str,
    /// An example call and what it prints in ASCII notation (checked by the tests).
    pub example: (&'static str, &'static str),
    /// The rules.
    pub rules: fn() -> HeapRuleset,
}

/// The parameters every named heap ruleset's built-in takes.
pub const HEAP_PARAMS: &str = "n or [heaps]";

/// Every named heap ruleset, in the order help lists them.
pub fn named_heap_rules() -> &'static [NamedHeapRules] {
    &NAMED
}

/// The named heap ruleset `name`, if there is one.
pub fn heap_rules_named(name: &str) -> Option<HeapRuleset> {
    NAMED.iter().find(|n| n.name == name).map(|n| (n.rules)())
}

static NAMED: [NamedHeapRules; 6] = [
    NamedHeapRules {
        name: "nim",
        summary: "Nim: a heap (nim(5) = *5) or a position of heaps (nim([13,12,8])); also a ruleset",
        example: ("grundy(nim([13, 12, 8]))", "9"),
        rules: HeapRuleset::nim,
    },
    NamedHeapRules {
        name: "kayles",
        summary: "Kayles, octal 0.77: knock down one pin or two adjacent pins",
        example: ("kayles(7)", "*2"),
        rules: HeapRuleset::kayles,
    },
    NamedHeapRules {
        name: "dawsons_kayles",
        summary: "Dawson's Kayles, octal 0.07: knock down two adjacent pins",
        example: ("nim_values(dawsons_kayles, 0..6)", "[0,0,1,1,2,0,3]"),
        rules: HeapRuleset::dawsons_kayles,
    },
    NamedHeapRules {
        name: "dawsons_chess",
        summary: "Dawson's Chess, octal 0.137",
        example: ("nim_values(dawsons_chess, 0..6)", "[0,1,1,2,0,3,1]"),
        rules: HeapRuleset::dawsons_chess,
    },
    NamedHeapRules {
        name: "grundys_game",
        summary: "Grundy's game: split a heap into two unequal heaps",
        example: ("nim_values(grundys_game, 0..7)", "[0,0,0,1,0,2,1,0]"),
        rules: HeapRuleset::grundys_game,
    },
    NamedHeapRules {
        name: "pick_up_bricks",
        summary: "Pick-Up-Bricks: take one or two bricks (= subtraction([1,2]))",
        example: ("pick_up_bricks(7)", "*"),
        rules: HeapRuleset::pick_up_bricks,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found() {
        let mut names: Vec<&str> = named_heap_rules().iter().map(|n| n.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), named_heap_rules().len());
        assert_eq!(heap_rules_named("kayles"), Some(HeapRuleset::kayles()));
        assert_eq!(
            heap_rules_named("grundys_game").map(|r| r.to_string()),
            Some("grundys_game".to_string())
        );
        assert_eq!(heap_rules_named("chomp"), None);
    }
}
