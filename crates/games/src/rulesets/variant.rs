//! The variants of any ruleset (CGSuite's `DicoticVariant`, `ImpartialVariant` and
//! `TwistedVariant`, in `game/variant/` of its library), as one [`Ruleset`] generic over
//! the ruleset it changes:
//!
//! - **dicotic** (all-small): a player may move only if *both* players have a move from
//!   the position; otherwise neither may. `D(G) = {D(G^L) | D(G^R)}` when `G` has options
//!   for both, else `0`. Every position of the variant is dicotic (all-small).
//! - **impartial**: either player may make either player's moves,
//!   `I(G) = {I(G^L), I(G^R) | I(G^L), I(G^R)}`; every value is a nimber.
//! - **twisted**: after each move the players swap roles in the position left, so an option
//!   is the *negative* of the twisted option: `T(G) = {-T(G^L) | -T(G^R)}`.
//!
//! What the solver may still use of the base ruleset:
//!
//! - components: a sum's impartial variant is the sum of the parts' impartial variants
//!   (each move is in one part, either player's), so the impartial variant splits as the
//!   base does. The dicotic and twisted variants do not split: whether a player may move in
//!   a part of a dicotic sum depends on the other parts, and a twisted move swaps the roles
//!   in every part at once. They are solved whole.
//! - symmetries: a base symmetry maps a position to one with the same game tree, or (when
//!   flagged) the tree of the negative. Each variant commutes with negation, by induction
//!   on the tree: `D(-G) = -D(G)` (both players having a move is symmetric),
//!   `I(-G) = I(G) = -I(G)` (a nimber), and `T(-G) = {-T(-G^R) | -T(-G^L)} =
//!   {T(G^R) | T(G^L)} = -T(G)`. So the base's normal form serves the variant, flag and
//!   all. (It is applied to a position of one component only, the case it is written for.)
//!
//! A twisted position after a move is the base position with the roles swapped: it is
//! held as `(p, true)`, whose value is `-T(p)`, and written `-(text)`. Left's moves from
//! `(p, swapped)` are the base moves of Left (Right when swapped) from `p`, each leading to
//! the position with the roles swapped again.

use super::RulesetError;
use super::picture::Picture;
use super::registry::Arg;
use super::ruleset::Ruleset;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// Which variant of a ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariantKind {
    /// A player may move only if both players have a move.
    Dicotic,
    /// Either player may make either player's moves.
    Impartial,
    /// The players swap roles after each move.
    Twisted,
}

impl VariantKind {
    /// The name of the variant's built-in: `dicotic_variant`.
    pub fn builtin_name(self) -> &'static str {
        match self {
            VariantKind::Dicotic => "dicotic_variant",
            VariantKind::Impartial => "impartial_variant",
            VariantKind::Twisted => "twisted_variant",
        }
    }
}

/// The variant `kind` of the ruleset `base`. A position is the base position and whether
/// the roles are swapped (only ever `true` in the twisted variant).
#[derive(Clone, Debug)]
pub struct Variant<R> {
    kind: VariantKind,
    base: R,
    name: &'static str,
}

impl<R: Ruleset> Variant<R> {
    pub fn new(kind: VariantKind, base: R) -> Variant<R> {
        let name = interned(&format!("{}({})", kind.builtin_name(), base.name()));
        Variant { kind, base, name }
    }

    pub fn kind(&self) -> VariantKind {
        self.kind
    }

    pub fn base(&self) -> &R {
        &self.base
    }

    /// Whether the base position `p` is one component (so that the base's normal form,
    /// written for components, applies to it).
    fn is_one_component(&self, p: &R::Position) -> bool {
        self.base.components(p).len() == 1
    }
}

/// A name made at run time, kept for the rest of the program (rulesets are named by
/// `&'static str`). Each distinct name is kept once, so the memory is bounded by the
/// variants a session asks for.
fn interned(name: &str) -> &'static str {
    static NAMES: OnceLock<Mutex<HashMap<String, &'static str>>> = OnceLock::new();
    let names = NAMES.get_or_init(Default::default);
    let mut names = match names.lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    };
    if let Some(&kept) = names.get(name) {
        return kept;
    }
    let kept: &'static str = Box::leak(name.to_string().into_boxed_str());
    names.insert(name.to_string(), kept);
    kept
}

impl<R: Ruleset> Ruleset for Variant<R> {
    type Position = (R::Position, bool);

    fn name(&self) -> &'static str {
        self.name
    }

    fn visit_moves(
        &self,
        (p, swapped): &(R::Position, bool),
        left: bool,
        visit: &mut dyn FnMut(&(R::Position, bool)),
    ) {
        match self.kind {
            VariantKind::Dicotic => {
                let mut opponent_moves = false;
                self.base
                    .visit_moves(p, !left, &mut |_| opponent_moves = true);
                if opponent_moves {
                    self.base
                        .visit_moves(p, left, &mut |q| visit(&(q.clone(), false)));
                }
            }
            VariantKind::Impartial => {
                for side in [true, false] {
                    self.base
                        .visit_moves(p, side, &mut |q| visit(&(q.clone(), false)));
                }
            }
            VariantKind::Twisted => {
                let side = left != *swapped;
                self.base
                    .visit_moves(p, side, &mut |q| visit(&(q.clone(), !swapped)));
            }
        }
    }

    fn is_impartial(&self) -> bool {
        self.kind == VariantKind::Impartial || self.base.is_impartial()
    }

    fn components(&self, (p, swapped): &(R::Position, bool)) -> Vec<(R::Position, bool)> {
        match self.kind {
            VariantKind::Impartial => self
                .base
                .components(p)
                .into_iter()
                .map(|q| (q, false))
                .collect(),
            _ => vec![(p.clone(), *swapped)],
        }
    }

    fn normal_form(&self, (p, swapped): &(R::Position, bool)) -> ((R::Position, bool), bool) {
        let (q, negated) = if self.kind == VariantKind::Impartial || self.is_one_component(p) {
            self.base.normal_form(p)
        } else {
            (p.clone(), false)
        };
        // `(q, true)` is worth `-T(q)`: kept in the table as `(q, false)`, negated.
        ((q, false), negated != *swapped)
    }

    fn is_dead(&self, (p, _): &(R::Position, bool)) -> bool {
        self.base.is_dead(p)
    }

    /// The base position's picture (a swapped twisted position is drawn as its board).
    fn picture(&self, (p, _): &(R::Position, bool)) -> Option<Picture> {
        self.base.picture(p)
    }

    /// The impartial variant of a sum is the sum of the variants, so a move is shown as
    /// the base shows it; the other variants are shown whole.
    fn written_parts(&self, (p, swapped): &(R::Position, bool)) -> Vec<(R::Position, bool)> {
        match self.kind {
            VariantKind::Impartial => self
                .base
                .written_parts(p)
                .into_iter()
                .map(|q| (q, false))
                .collect(),
            _ => vec![(p.clone(), *swapped)],
        }
    }

    /// A variant's positions are always written as a quoted text (a swapped twisted
    /// position is `-(text)`, no argument list).
    fn text_is_arguments(&self) -> bool {
        false
    }

    /// The position's text (`dicotic_variant(cutcake)("2, 3")`), or whatever arguments the
    /// base's built-in takes (`dicotic_variant(cutcake)(2, 3)`).
    fn of_args(&self, args: &[Arg]) -> Result<(R::Position, bool), RulesetError> {
        if let [Arg::Text(text)] = args
            && let Ok(p) = self.parse(text)
        {
            return Ok(p);
        }
        if self.base.about().is_none() {
            return Err(RulesetError::refused(format!(
                "{} takes a position's text",
                self.name
            )));
        }
        Ok((self.base.of_args(args)?, false))
    }

    fn text(&self, (p, swapped): &(R::Position, bool)) -> String {
        let text = self.base.text(p);
        if *swapped { format!("-({text})") } else { text }
    }

    fn parse(&self, text: &str) -> Result<(R::Position, bool), RulesetError> {
        let swapped = text
            .trim()
            .strip_prefix("-(")
            .and_then(|t| t.strip_suffix(')'));
        match swapped {
            Some(inner) if self.kind == VariantKind::Twisted => Ok((self.base.parse(inner)?, true)),
            _ => Ok((self.base.parse(text)?, false)),
        }
    }
}

/// Any ruleset with its positions written as text: what the registry's variants are made
/// of, so that a variant of a variant is the same type (a variant generic over its base
/// would make the registry's types grow without end). Texts come from the base's `text`
/// and are read back by its `parse`; each move costs a reading and a writing.
pub struct Erased(Box<dyn ErasedRules>);

impl Erased {
    pub fn new<R: Ruleset + std::fmt::Debug + 'static>(rules: R) -> Erased {
        Erased(Box::new(rules))
    }
}

impl std::fmt::Debug for Erased {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// A ruleset seen through the texts of its positions (object safe).
trait ErasedRules: std::fmt::Debug + Sync {
    fn name(&self) -> &'static str;
    fn visit_moves(&self, p: &str, left: bool, visit: &mut dyn FnMut(&String));
    fn is_impartial(&self) -> bool;
    fn components(&self, p: &str) -> Vec<String>;
    fn normal_form(&self, p: &str) -> (String, bool);
    fn is_dead(&self, p: &str) -> bool;
    fn picture(&self, p: &str) -> Option<Picture>;
    fn written_parts(&self, p: &str) -> Vec<String>;
    fn about(&self) -> Option<super::registry::About>;
    fn of_args(&self, args: &[Arg]) -> Result<String, RulesetError>;
    fn parse(&self, text: &str) -> Result<String, RulesetError>;
}

/// A text that no longer reads (never, for texts the base wrote) is a position with no
/// moves and no picture, never a panic.
impl<R: Ruleset + std::fmt::Debug> ErasedRules for R {
    fn name(&self) -> &'static str {
        Ruleset::name(self)
    }

    fn visit_moves(&self, p: &str, left: bool, visit: &mut dyn FnMut(&String)) {
        if let Ok(p) = Ruleset::parse(self, p) {
            Ruleset::visit_moves(self, &p, left, &mut |q| visit(&Ruleset::text(self, q)));
        }
    }

    fn is_impartial(&self) -> bool {
        Ruleset::is_impartial(self)
    }

    fn components(&self, p: &str) -> Vec<String> {
        match Ruleset::parse(self, p) {
            Ok(p) => Ruleset::components(self, &p)
                .iter()
                .map(|q| Ruleset::text(self, q))
                .collect(),
            Err(_) => vec![p.to_string()],
        }
    }

    fn normal_form(&self, p: &str) -> (String, bool) {
        match Ruleset::parse(self, p) {
            Ok(p) => {
                let (q, negated) = Ruleset::normal_form(self, &p);
                (Ruleset::text(self, &q), negated)
            }
            Err(_) => (p.to_string(), false),
        }
    }

    fn is_dead(&self, p: &str) -> bool {
        Ruleset::parse(self, p).is_ok_and(|p| Ruleset::is_dead(self, &p))
    }

    fn picture(&self, p: &str) -> Option<Picture> {
        Ruleset::parse(self, p)
            .ok()
            .and_then(|p| Ruleset::picture(self, &p))
    }

    fn written_parts(&self, p: &str) -> Vec<String> {
        match Ruleset::parse(self, p) {
            Ok(p) => Ruleset::written_parts(self, &p)
                .iter()
                .map(|q| Ruleset::text(self, q))
                .collect(),
            Err(_) => vec![p.to_string()],
        }
    }

    fn about(&self) -> Option<super::registry::About> {
        Ruleset::about(self)
    }

    fn of_args(&self, args: &[Arg]) -> Result<String, RulesetError> {
        Ok(Ruleset::text(self, &Ruleset::of_args(self, args)?))
    }

    fn parse(&self, text: &str) -> Result<String, RulesetError> {
        Ok(Ruleset::text(self, &Ruleset::parse(self, text)?))
    }
}

impl Ruleset for Erased {
    type Position = String;

    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn visit_moves(&self, p: &String, left: bool, visit: &mut dyn FnMut(&String)) {
        self.0.visit_moves(p, left, visit)
    }

    fn is_impartial(&self) -> bool {
        self.0.is_impartial()
    }

    fn components(&self, p: &String) -> Vec<String> {
        self.0.components(p)
    }

    fn normal_form(&self, p: &String) -> (String, bool) {
        self.0.normal_form(p)
    }

    fn is_dead(&self, p: &String) -> bool {
        self.0.is_dead(p)
    }

    fn picture(&self, p: &String) -> Option<Picture> {
        self.0.picture(p)
    }

    fn written_parts(&self, p: &String) -> Vec<String> {
        self.0.written_parts(p)
    }

    fn about(&self) -> Option<super::registry::About> {
        self.0.about()
    }

    fn of_args(&self, args: &[Arg]) -> Result<String, RulesetError> {
        self.0.of_args(args)
    }

    fn text(&self, p: &String) -> String {
        p.clone()
    }

    /// The text as the base writes it (so that equal positions have equal texts).
    fn parse(&self, text: &str) -> Result<String, RulesetError> {
        self.0.parse(text)
    }
}

#[cfg(test)]
mod tests;
