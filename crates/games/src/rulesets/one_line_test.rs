//! The "one file plus one line" property of games: a game defined in this file alone and
//! registered by one line of the list in [`super`] (`#[cfg(test)] one_line_test => …;`)
//! is a registered game like the others — found by name, solved, its moves listed, its
//! built-in's arguments read, its variants made — and agrees with a literal game-tree
//! search. And no module that defines a ruleset escapes the list: the test reads the
//! directory.

use super::RulesetError;
use super::registry::{About, Arg, ArgForm, board_rulesets, variant_ruleset};
use super::ruleset::Ruleset;
use super::variant::VariantKind;
use crate::game::{GameId, GameStore, Notation};
use std::collections::HashMap;
use std::path::Path;

/// A heap of counters: Left takes one counter, Right takes two. Written as the number of
/// counters, `"3"`.
#[derive(Clone, Copy, Debug, Default)]
pub struct LopsidedHeapRules;

impl Ruleset for LopsidedHeapRules {
    type Position = u32;

    fn name(&self) -> &'static str {
        "lopsided_heap"
    }

    fn visit_moves(&self, &n: &u32, left: bool, visit: &mut dyn FnMut(&u32)) {
        let take = if left { 1 } else { 2 };
        if n >= take {
            visit(&(n - take));
        }
    }

    fn about(&self) -> Option<About> {
        Some(About {
            params: "n",
            summary: "a heap of n counters: Left takes one, Right takes two",
            example: ("lopsided_heap(2)", "{1|0}"),
            args: ArgForm::Sizes {
                sizes: &["the number of counters"],
            },
        })
    }

    fn of_sizes(&self, sizes: &[usize]) -> Option<u32> {
        match *sizes {
            [n] => u32::try_from(n).ok(),
            _ => None,
        }
    }

    fn text(&self, n: &u32) -> String {
        n.to_string()
    }

    fn parse(&self, text: &str) -> Result<u32, RulesetError> {
        text.trim()
            .parse()
            .map_err(|_| RulesetError::BadShape(format!("expected a number, found {text:?}")))
    }
}

/// The value of a heap of `n` from the rules' words, not through the ruleset: Left's
/// option leaves `n - 1`, Right's `n - 2`.
fn by_search(store: &mut GameStore, n: u32, memo: &mut HashMap<u32, GameId>) -> GameId {
    if let Some(&v) = memo.get(&n) {
        return v;
    }
    let left: Vec<GameId> = (n >= 1)
        .then(|| by_search(store, n - 1, memo))
        .into_iter()
        .collect();
    let right: Vec<GameId> = (n >= 2)
        .then(|| by_search(store, n - 2, memo))
        .into_iter()
        .collect();
    let v = store.canonical(&left, &right);
    memo.insert(n, v);
    v
}

#[test]
fn a_game_registered_by_one_line_is_a_registered_game() {
    let mut games = board_rulesets();
    // Its line is the last of the list, so it is the last game registered.
    let game = games.last_mut().expect("a registered game");
    assert_eq!(game.name(), "lopsided_heap");
    let mut store = GameStore::new();
    let mut memo = HashMap::new();
    for n in 0..=12u32 {
        let v = game
            .value(&mut store, &n.to_string())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(v, by_search(&mut store, n, &mut memo), "heap {n}");
    }
    // Hand-derived: 1 = {0|}, 2 = {1|0}.
    let shown = |store: &mut GameStore, v| store.display(v, Notation::Ascii);
    let one = game
        .value(&mut store, "1")
        .unwrap_or_else(|e| panic!("{e}"));
    let two = game
        .value(&mut store, "2")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (shown(&mut store, one), shown(&mut store, two)),
        ("1".into(), "{1|0}".into())
    );
    // Its moves, as texts; its built-in's arguments, read by its `about`.
    let (left, right) = game.moves("3").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (left, right),
        (vec![vec!["2".to_string()]], vec![vec!["1".to_string()]])
    );
    assert_eq!(game.text_of_args(&[Arg::Int(5.into())]), Ok("5".into()));
    assert!(
        game.text_of_args(&[Arg::Text("5".into())])
            .is_err_and(|e| e.arg() == Some(0))
    );
    // Its variants, made by name from the registry: impartially, either player takes one or
    // two counters, so a heap of 3 is 0.
    let mut impartial =
        variant_ruleset("lopsided_heap", &[VariantKind::Impartial]).expect("a variant");
    let zero = impartial
        .value(&mut store, "3")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(shown(&mut store, zero), "0");
}

/// Rulesets that are no game of their own: the variants of registered games, made from
/// them, and the byte-level rulesets the fast Konane and Fission are tested against.
const NOT_GAMES: [&str; 4] = ["Variant", "Erased", "ByteKonaneRules", "ByteFissionRules"];

/// Each file of the directory `dir` (and below) as a module path under it, with the types
/// it implements `Ruleset` for outside its tests (an impl at the start of a line; the
/// tests' impls are indented inside their modules).
fn ruleset_types(dir: &Path, path: &mut Vec<String>, out: &mut Vec<(Vec<String>, Vec<String>)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap_or_else(|e| panic!("{e}")).path())
        .collect();
    entries.sort();
    for entry in entries {
        let stem = entry.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        if entry.is_dir() {
            path.push(stem.to_string());
            ruleset_types(&entry, path, out);
            path.pop();
            continue;
        }
        if entry.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&entry).unwrap_or_else(|e| panic!("{e}"));
        let types: Vec<String> = text
            .lines()
            .filter(|l| l.starts_with("impl") && !l.contains("TextRuleset"))
            .filter_map(|l| l.split_once("Ruleset for ").map(|(_, ty)| ty))
            .map(|ty| {
                ty.chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect()
            })
            .filter(|ty: &String| !NOT_GAMES.contains(&ty.as_str()))
            .collect();
        let mut module = path.clone();
        if stem != "mod" {
            module.push(stem.to_string());
        }
        out.push((module, types));
    }
}

#[test]
fn every_module_defining_a_ruleset_is_registered_exactly_once() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rulesets");
    let mut modules = Vec::new();
    ruleset_types(&dir, &mut Vec::new(), &mut modules);
    let registered = super::registered_modules();
    let mut games = 0;
    for (module, types) in modules.iter().filter(|(_, types)| !types.is_empty()) {
        let lines: Vec<_> = registered.iter().filter(|(m, _)| m == module).collect();
        assert_eq!(
            lines.len(),
            1,
            "{} is registered {} times",
            module.join("::"),
            lines.len()
        );
        let rules = &lines[0].1;
        for ty in types {
            let named = rules.iter().any(|r| {
                r.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .any(|word| word == ty)
            });
            assert!(named, "{ty} of {} is not registered", module.join("::"));
        }
        games += 1;
    }
    // Every line of the list is a module of the directory (the directory was read).
    assert_eq!(games, registered.len());
    assert!(
        registered
            .iter()
            .any(|(m, _)| m == &["childish_hackenbush", "cgsuite"])
    );
}
