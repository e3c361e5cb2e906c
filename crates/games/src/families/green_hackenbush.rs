//! Green Hackenbush pictures as an impartial family (the theory is
//! [`crate::impartial::GreenHackenbush`]).

use super::registry::{FamilyBuiltin, arg, counts_of, refused};
use super::{FamilyError, ImpartialFamily};
use crate::impartial::GreenHackenbush;
use crate::rulesets::RulesetError;
use crate::rulesets::picture::Picture;
use crate::rulesets::picture::impartial::{TooLarge, green_hackenbush};
use crate::rulesets::registry::{About, Arg, ArgForm};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

impl ImpartialFamily for GreenHackenbush {
    fn name(&self) -> &'static str {
        "green_hackenbush"
    }

    fn text(&self) -> String {
        "green_hackenbush(…)".to_string()
    }

    fn grundy(&self, _: Option<Arc<AtomicBool>>) -> Result<u64, FamilyError> {
        Ok(GreenHackenbush::grundy(self))
    }

    /// `cut edge 2 (0–1)`.
    fn winning_moves(&self) -> Result<Vec<String>, FamilyError> {
        Ok(GreenHackenbush::winning_moves(self)?
            .iter()
            .map(|&e| {
                let (a, b) = self.edges()[e];
                format!("cut edge {} ({a}–{b})", e + 1)
            })
            .collect())
    }

    fn picture(&self) -> Result<Picture, TooLarge> {
        green_hackenbush(self)
    }
}

/// `green_hackenbush(edges)`: `[[a, b], …]` or the text form of `hackenbush_graph`.
pub const BUILTIN: FamilyBuiltin = FamilyBuiltin {
    name: "green_hackenbush",
    about: About {
        params: "edges",
        summary: "Green Hackenbush on a graph: edges [[a, b], …] between vertices, or the text form of hackenbush_graph (\"0-1, 1-2 1-3\", each edge may end in :g or :e); vertex 0 is the ground",
        example: ("grundy(green_hackenbush([[0, 1], [1, 2], [1, 3]]))", "1"),
        args: ArgForm::Custom { min: 1, max: 1 },
    },
    make,
};

fn make(args: &[Arg]) -> Result<Box<dyn ImpartialFamily>, RulesetError> {
    let pairs = match arg(args, 0)? {
        Arg::Text(text) => green_edges(text).map_err(|e| e.at_arg(0))?,
        edges => {
            let mut pairs = Vec::new();
            for e in edges.items().map_err(|e| e.at_arg(0))? {
                let pair = counts_of(e).map_err(|e| e.at_arg(0))?;
                let [x, y] = pair[..] else {
                    return Err(RulesetError::refused("each edge is [a, b]").at_arg(0));
                };
                pairs.push((x, y));
            }
            pairs
        }
    };
    let mut parsed = Vec::with_capacity(pairs.len());
    let mut vertices = 1;
    for (x, y) in pairs {
        let (x, y) = (vertex(x)?, vertex(y)?);
        vertices = vertices.max(x + 1).max(y + 1);
        parsed.push((x, y));
    }
    Ok(Box::new(
        GreenHackenbush::new(vertices, parsed, &[0]).map_err(refused)?,
    ))
}

/// The edges written as for `hackenbush_graph`: `u-v` separated by commas or spaces, each
/// possibly coloured `:g` or `:e` (green; no other colour).
fn green_edges(text: &str) -> Result<Vec<(u64, u64)>, RulesetError> {
    let bad = |edge: &str| {
        RulesetError::refused(format!("`{edge}` is not an edge u-v"))
            .with_help("write the edges as \"0-1, 1-2, 1-3\" (green: :g or :e may follow)")
    };
    let mut edges = Vec::new();
    for edge in text.split(|c: char| c == ',' || c.is_whitespace()) {
        if edge.is_empty() {
            continue;
        }
        let ends = match edge.split_once(':') {
            Some((ends, colour))
                if colour.eq_ignore_ascii_case("g") || colour.eq_ignore_ascii_case("e") =>
            {
                ends
            }
            Some(_) => {
                return Err(RulesetError::refused(format!(
                    "`{edge}`: every edge of Green Hackenbush is green"
                ))
                .with_help("for blue and red edges, use hackenbush_graph"));
            }
            None => edge,
        };
        let (u, v) = ends.split_once('-').ok_or_else(|| bad(edge))?;
        let number = |t: &str| t.trim().parse::<u64>().map_err(|_| bad(edge));
        edges.push((number(u)?, number(v)?));
    }
    Ok(edges)
}

/// A vertex number as an index (at most 10^6).
fn vertex(v: u64) -> Result<usize, RulesetError> {
    usize::try_from(v)
        .ok()
        .filter(|&v| v < 1_000_000)
        .ok_or_else(|| RulesetError::refused("vertex numbers are limited to 10^6").at_arg(0))
}
