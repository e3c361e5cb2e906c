//! A winning strategy of a ruleset's position written as a file a person can read and a
//! checker can replay (the format is documented in `docs/strategy-format.md`): the
//! header (game, start, who moves first, who wins), one line per position where the
//! winner moves (the position and the winner's move, both in the ruleset's text form),
//! one line per position cut off as proven (with its value when known), and a last line
//! with the counts, so that a file cut short is refused.

use super::RulesetError;
use super::ruleset::{Bound, Ruleset};
use super::solve::refusal;
use crate::game::{GameStore, Notation};
use cgt_core::rules::{Searcher, SolveOptions, Strategy, StrategyOptions};
use std::fmt::Write;

/// The first line of every strategy file (its format and version).
pub const HEADER: &str = "cgt-strategy\t1";

fn player(left: bool) -> &'static str {
    if left { "Left" } else { "Right" }
}

/// A winning strategy from the position written `text` with Left (`left_first`) or Right
/// moving first, of whoever wins it, as the text of a strategy file.
pub fn strategy_text<R: Ruleset>(
    rules: &R,
    store: &mut GameStore,
    text: &str,
    left_first: bool,
    options: SolveOptions,
    cut: StrategyOptions,
) -> Result<String, RulesetError> {
    let p = rules.parse(text)?;
    let mut bound = Bound { rules, store };
    let s = Searcher::new(options)
        .strategy(&mut bound, &p, left_first, cut)
        .map_err(|e| refusal(rules, e))?;
    Ok(write(rules, store, &s))
}

/// The file of the strategy `s`.
pub fn write<R: Ruleset>(rules: &R, store: &mut GameStore, s: &Strategy<R::Position>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{HEADER}");
    let _ = writeln!(out, "game\t{}", rules.name());
    let _ = writeln!(out, "start\t{}", rules.text(&s.start));
    let _ = writeln!(out, "first\t{}", player(s.left_first));
    let _ = writeln!(out, "winner\t{}", player(s.left_wins));
    for (p, q) in &s.moves {
        let _ = writeln!(out, "move\t{}\t{}", rules.text(p), rules.text(q));
    }
    for (p, v) in &s.cuts {
        let reason = match v {
            Some(g) => format!("value {}", store.display(*g, Notation::Ascii)),
            None => "search".to_string(),
        };
        let _ = writeln!(out, "cut\t{}\t{reason}", rules.text(p));
    }
    let _ = writeln!(out, "end\t{}\t{}", s.moves.len(), s.cuts.len());
    out
}
