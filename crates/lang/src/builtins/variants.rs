//! `dicotic_variant(R)`, `impartial_variant(R)` and `twisted_variant(R)`: the variants of a
//! ruleset (CGSuite's `DicoticVariant`, `ImpartialVariant`, `TwistedVariant`). The
//! mathematics is `rulesets::variant`; here a registered game (`domineering`) or a
//! variant already made is turned into a ruleset value whose positions are the registry's.

use super::registered::{arg, arg_error};
use super::{Args, Builtin, Topic};
use crate::rulesets::registry::{Arg, variant_ruleset};
use crate::rulesets::variant::VariantKind;
use crate::values::error::EvalError;
use crate::values::games::partizan::BoardPosition;
use crate::values::games::partizan::BoardRuleset;
use crate::values::games::partizan::BoardTables;
use crate::values::object::Host;
use crate::values::object::RulesetObject;
use crate::values::value::Value;
use std::any::Any;
use std::rc::Rc;

pub(super) fn register(r: &mut super::Registry) {
    r.add(DICOTIC_VARIANT);
    r.add(IMPARTIAL_VARIANT);
    r.add(TWISTED_VARIANT);
}

pub const DICOTIC_VARIANT: Builtin = variant_builtin(
    "dicotic_variant",
    "the dicotic (all-small) variant of a game's ruleset: a player may move only if both players have a move, so a position where one side has none is 0 (CGSuite's DicoticVariant). Takes a game's built-in (domineering) or a variant; the variants of an impartial ruleset are the ruleset itself",
    ("dicotic_variant(domineering)(\"..|..\")", "*"),
    |i, a| variant(i, a, VariantKind::Dicotic),
);

pub const IMPARTIAL_VARIANT: Builtin = variant_builtin(
    "impartial_variant",
    "the impartial variant of a game's ruleset: either player may make either player's moves, so every value is a nimber; impartial_variant(domineering) is Cram (CGSuite's ImpartialVariant)",
    ("impartial_variant(domineering)(\"...\")", "*"),
    |i, a| variant(i, a, VariantKind::Impartial),
);

pub const TWISTED_VARIANT: Builtin = variant_builtin(
    "twisted_variant",
    "the twisted variant of a game's ruleset: after each move the players swap roles in the position left, so each option is the negative of the twisted option, T(G) = {-T(G^L) | -T(G^R)} (CGSuite's TwistedVariant). A position with the roles swapped is written \"-(text)\"",
    ("twisted_variant(hackenbush)(\"lr\")", "{0|-1}"),
    |i, a| variant(i, a, VariantKind::Twisted),
);

/// The declaration the three variants share: one argument, a ruleset, under Rulesets.
const fn variant_builtin(
    name: &'static str,
    summary: &'static str,
    example: (&'static str, &'static str),
    run: super::BuiltinFn,
) -> Builtin {
    Builtin {
        name,
        topic: Topic::Rulesets,
        params: "ruleset",
        min_args: 1,
        max_args: Some(1),
        summary,
        example,
        run,
    }
}

/// A variant of a registered game: the game's name, the variants applied (innermost
/// first), and the variant's table, kept as long as the value.
#[derive(Debug)]
struct VariantRuleset {
    base: &'static str,
    kinds: Vec<VariantKind>,
    game: Rc<BoardRuleset>,
}

fn variant(i: &mut dyn Host, a: &Args, kind: VariantKind) -> Result<Value, EvalError> {
    let not_a_game = |found: &str| {
        EvalError::new(
            format!("expected a game's ruleset such as domineering, found {found}"),
            a.span(0),
        )
        .with_help("the variants are made of the built-in games (domineering, clobber, cutcake, …) and of variants of them")
    };
    let (base, mut kinds) = match &a.values[0] {
        v if let Some(b) = v.as_builtin()
            && i.cache::<BoardTables>().get(b.name).is_some() =>
        {
            (b.name, Vec::new())
        }
        // A heap ruleset (kayles, subtraction([1,2])) is impartial: its own variants.
        v if v.as_builtin().is_some() => {
            let ruleset = i
                .ruleset_of(&a.values[0], a.span(0))
                .map_err(|_| not_a_game("a function"))?;
            return Ok(Value::ruleset(ruleset));
        }
        v if let Some(r) = v.as_ruleset() => {
            if let Some(v) = r.as_any().downcast_ref::<VariantRuleset>() {
                (v.base, v.kinds.clone())
            } else if r.is_impartial() {
                // D(G) = I(G) = T(G) = G for impartial G, by induction: both players have
                // the same options, and -*n = *n.
                return Ok(a.values[0].clone());
            } else {
                return Err(not_a_game(&r.describe()));
            }
        }
        other => return Err(not_a_game(other.kind())),
    };
    kinds.push(kind);
    let game = variant_ruleset(base, &kinds).ok_or_else(|| not_a_game(base))?;
    Ok(Value::ruleset(Rc::new(VariantRuleset {
        base,
        kinds,
        game: Rc::new(BoardRuleset::new(game)),
    })))
}

impl RulesetObject for VariantRuleset {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_rc(self: Rc<Self>) -> Rc<dyn Any> {
        self
    }

    /// `dicotic_variant(domineering)`.
    fn printed(&self) -> String {
        self.game.name().to_string()
    }

    fn describe(&self) -> String {
        format!("a variant of a game's ruleset ({})", self.game.name())
    }

    fn is_impartial(&self) -> bool {
        self.game.is_impartial()
    }

    /// `V("..|..")`, or the arguments the base game's built-in takes.
    fn position(self: Rc<Self>, host: &mut dyn Host, a: &Args) -> Result<Value, EvalError> {
        let args: Vec<Arg> = a.values.iter().map(|v| arg(v, 0)).collect();
        let text = self.game.text_of_args(&args).map_err(|e| arg_error(e, a))?;
        let p = BoardPosition::new(self.game.clone(), text);
        crate::values::object::PositionObject::value(&p, host, a.call)?;
        Ok(Value::position(Rc::new(p)))
    }
}
