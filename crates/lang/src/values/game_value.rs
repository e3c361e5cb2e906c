//! The games a value may be, one variant per game algebra: short games (ids into the
//! session's store), positions of some game and sums of them (which add and compare as
//! their short values), misère simplest forms, loopy games, infinite loopy nim values and
//! transfinite numbers and nimbers.
//!
//! [`super::value::Value::Game`] holds one of these. What is decided by the kind of game
//! alone — its name in error messages, its memo key, and which algebra two games combine
//! in ([`Algebra::join`]) — is decided here, so that the operators do not test each kind.

use super::object::PositionObject;
use super::value::{Key, Sum, Value};
use crate::game::GameId;
use crate::game::loopy::LoopyGame;
use crate::impartial::loopy::LoopyGrundy;
use crate::impartial::misere_forms::MisereId;
use crate::ordinal::transfinite::Transfinite;
use std::rc::Rc;

/// A game of one of the game algebras.
#[derive(Clone, Debug)]
pub enum GameValue {
    /// A short game in canonical form, by its id in the session's store.
    Short(GameId),
    /// A position of some game (a heap game, a Domineering board, a position of a ruleset
    /// written in cgt…): it prints and adds as its value, `left_moves`/`right_moves` give
    /// positions in the game's own terms.
    Position(Rc<dyn PositionObject>),
    /// A sum (`a + b + c` where the terms are positions or games): it prints and compares as
    /// its value, but keeps its components so `winning_moves`, `misere_outcome` and `:play`
    /// can name the component and the move.
    Sum(Rc<Sum>),
    /// A misère simplest form of an impartial game (`misere_canonical_form(p)`).
    Misere(MisereId),
    /// A loopy game (`on`, `a{0 | a}`, `{0 | pass}`), kept in its simplest form; a game
    /// graph without a cycle is a short game and never held here.
    Loopy(Rc<LoopyGame>),
    /// An infinite generalised Sprague–Grundy value `∞_K` of an impartial loopy position
    /// (finite values are nimbers).
    LoopyNim(Rc<LoopyGrundy>),
    /// A surreal number beyond the rationals (`omega`, `1/omega`), an ordinal beyond them
    /// (`omega_power(omega)`) or a transfinite nimber (`*omega`); see `eval/transfinite.rs`.
    Transfinite(Rc<Transfinite>),
}

/// The algebra in which games (and numbers) are added and compared. Two operands combine in
/// the larger of their algebras ([`Algebra::join`]), in the order of this enum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Algebra {
    /// Numbers and short games in canonical form.
    Short,
    /// Positions and sums: short values that keep their components.
    Position,
    /// Loopy games (a short game or a position is a loopy game without a cycle).
    Loopy,
    /// Infinite loopy nim values (`∞_K`), added to nimbers and to each other.
    LoopyNim,
    /// Misère simplest forms (a position or a nim heap is read as its misère form).
    Misere,
    /// Transfinite numbers and nimbers (a rational number is one too).
    Transfinite,
}

impl Algebra {
    /// The algebra of a value; `None` for a value that is no game and no number.
    pub fn of(v: &Value) -> Option<Algebra> {
        match v {
            Value::Number(_) => Some(Algebra::Short),
            Value::Game(g) => Some(g.algebra()),
            _ => None,
        }
    }

    /// The algebra two operands combine in: the larger of theirs.
    pub fn join(a: &Value, b: &Value) -> Option<Algebra> {
        Some(Algebra::of(a)?.max(Algebra::of(b)?))
    }

    /// Whether either operand is a game of this algebra.
    pub fn in_either(self, a: &Value, b: &Value) -> bool {
        a.is_game_of(self) || b.is_game_of(self)
    }

    /// The algebra two operands combine in when one of them is a game, the other possibly no
    /// game at all (`None` if neither is a game).
    pub fn of_either(a: &Value, b: &Value) -> Option<Algebra> {
        match (Algebra::of(a), Algebra::of(b)) {
            (Some(x), Some(y)) => Some(x.max(y)),
            (x, y) => x.or(y),
        }
    }
}

impl GameValue {
    /// The algebra this game belongs to.
    pub fn algebra(&self) -> Algebra {
        match self {
            GameValue::Short(_) => Algebra::Short,
            GameValue::Position(_) | GameValue::Sum(_) => Algebra::Position,
            GameValue::Loopy(_) => Algebra::Loopy,
            GameValue::LoopyNim(_) => Algebra::LoopyNim,
            GameValue::Misere(_) => Algebra::Misere,
            GameValue::Transfinite(_) => Algebra::Transfinite,
        }
    }

    /// What kind of game this is, for error messages ("expected a game, found a sum of
    /// games").
    pub fn kind(&self) -> &'static str {
        match self {
            GameValue::Short(_) => "a game",
            GameValue::Position(_) => "a position",
            GameValue::Sum(_) => "a sum of games",
            GameValue::Misere(_) => "a misère game",
            GameValue::Loopy(_) => "a loopy game",
            GameValue::LoopyNim(_) => "a loopy impartial value",
            GameValue::Transfinite(t) => t.kind(),
        }
    }

    /// Whether it is a position of some game or a sum (rather than a bare game).
    pub fn is_position(&self) -> bool {
        matches!(self, GameValue::Position(_) | GameValue::Sum(_))
    }

    /// Whether the operators and the built-ins on games take it as a game (short, loopy, a
    /// position or a sum): misère forms and transfinite values have their own operations.
    pub fn is_gamelike(&self) -> bool {
        !matches!(self, GameValue::Misere(_) | GameValue::Transfinite(_))
    }

    /// The memo key of the game, if it has one (loopy games have none).
    pub fn key(&self) -> Option<Key> {
        Some(match self {
            GameValue::Short(g) => Key::Game(*g),
            // Keyed by its printed form, marked so that no string has the same key.
            GameValue::Transfinite(t) => {
                Key::Str(format!("\u{0}transfinite {}", t.text(false)).into())
            }
            GameValue::Misere(g) => Key::Misere(*g),
            GameValue::Sum(s) => Key::Sum(
                s.components()
                    .iter()
                    .map(Value::key)
                    .collect::<Option<_>>()?,
            ),
            // A position is keyed by what it is in its own game (two Domineering boards of
            // equal value are different arguments), when its family says so.
            GameValue::Position(p) => return p.key(),
            GameValue::Loopy(_) | GameValue::LoopyNim(_) => return None,
        })
    }
}

/// Constructors and accessors, so that code making or reading one kind of game reads as it
/// did when each kind was a variant of [`Value`].
impl Value {
    /// A short game by its id in the store.
    pub fn short(g: GameId) -> Value {
        Value::Game(GameValue::Short(g))
    }

    pub fn misere(g: MisereId) -> Value {
        Value::Game(GameValue::Misere(g))
    }

    pub fn loopy(g: Rc<LoopyGame>) -> Value {
        Value::Game(GameValue::Loopy(g))
    }

    pub fn loopy_nim(g: Rc<LoopyGrundy>) -> Value {
        Value::Game(GameValue::LoopyNim(g))
    }

    pub fn position(p: Rc<dyn PositionObject>) -> Value {
        Value::Game(GameValue::Position(p))
    }

    pub fn sum(s: Rc<Sum>) -> Value {
        Value::Game(GameValue::Sum(s))
    }

    pub fn transfinite(t: Rc<Transfinite>) -> Value {
        Value::Game(GameValue::Transfinite(t))
    }

    /// The id of a short game (not of a number, a position or a sum: see
    /// `Interpreter::game_of` for those).
    pub fn as_short(&self) -> Option<GameId> {
        match self {
            Value::Game(GameValue::Short(g)) => Some(*g),
            _ => None,
        }
    }

    pub fn as_game(&self) -> Option<&GameValue> {
        match self {
            Value::Game(g) => Some(g),
            _ => None,
        }
    }

    pub fn as_position(&self) -> Option<&Rc<dyn PositionObject>> {
        match self {
            Value::Game(GameValue::Position(p)) => Some(p),
            _ => None,
        }
    }

    pub fn as_sum(&self) -> Option<&Rc<Sum>> {
        match self {
            Value::Game(GameValue::Sum(s)) => Some(s),
            _ => None,
        }
    }

    pub fn as_misere(&self) -> Option<MisereId> {
        match self {
            Value::Game(GameValue::Misere(g)) => Some(*g),
            _ => None,
        }
    }

    pub fn as_loopy(&self) -> Option<&Rc<LoopyGame>> {
        match self {
            Value::Game(GameValue::Loopy(g)) => Some(g),
            _ => None,
        }
    }

    pub fn as_transfinite(&self) -> Option<&Rc<Transfinite>> {
        match self {
            Value::Game(GameValue::Transfinite(t)) => Some(t),
            _ => None,
        }
    }

    /// Whether it is a game of `algebra` (numbers are of the short algebra but no game).
    pub fn is_game_of(&self, algebra: Algebra) -> bool {
        matches!(self, Value::Game(g) if g.algebra() == algebra)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluator::interp::Interpreter;

    /// The place of each variant of [`Value`], listed without a wildcard: a new variant does
    /// not compile until it is counted here. A new kind of game is a variant of
    /// [`GameValue`]; any other new kind of value implements `value_object::Object` and
    /// is held by `Value::Object`.
    fn variant_place(v: &Value) -> usize {
        match v {
            Value::Number(_) => 0,
            Value::Bool(_) => 1,
            Value::Str(_) => 2,
            Value::Text(_) => 3,
            Value::List(_) => 4,
            Value::Set(_) => 5,
            Value::Map(_) => 6,
            Value::Function(_) => 7,
            Value::Record(_) => 8,
            Value::Unit => 9,
            Value::Outcome(_) => 10,
            Value::Game(_) => 11,
            Value::Object(_) => 12,
        }
    }

    /// How many variants [`variant_place`] counts: at most 13 (14 before built-ins and
    /// user functions became one variant, `Value::Function`), checked when compiling.
    const VALUE_VARIANTS: usize = 13;
    const _: () = assert!(VALUE_VARIANTS <= 13, "a new kind of game goes in GameValue");

    #[test]
    fn value_keeps_a_small_core() {
        let mut i = session();
        let samples = [
            "1",
            "{1 | *}",
            "true",
            "\"s\"",
            "[1]",
            "{1}",
            "{\"a\" => 1}",
            "x -> x",
            "outcome",
            "subtraction([1, 2])",
        ];
        let mut places: Vec<usize> = samples
            .iter()
            .map(|s| variant_place(&i.eval_value(s).expect("evaluates")))
            .collect();
        places.push(variant_place(&Value::Unit));
        assert!(places.iter().all(|&p| p < VALUE_VARIANTS));
        assert_eq!(places[1], 11, "a game is a Value::Game");
        assert_eq!(places[9], 12, "a ruleset is a Value::Object");
        assert_eq!(
            places[7], places[8],
            "a built-in is a function like a lambda"
        );
    }

    fn session() -> Interpreter {
        Interpreter::collecting().0
    }

    fn kind(i: &mut Interpreter, source: &str) -> &'static str {
        i.eval_value(source).expect("evaluates").kind()
    }

    fn holds(i: &mut Interpreter, source: &str) {
        assert_eq!(
            i.eval_to_string(source).expect("evaluates"),
            "true",
            "{source}"
        );
    }

    /// The algebra two operands combine in is the larger of theirs, whichever comes first.
    #[test]
    fn algebras_join_to_the_larger() {
        let mut i = session();
        let values = [
            ("1", Algebra::Short),
            ("*", Algebra::Short),
            ("kayles(3)", Algebra::Position),
            ("kayles(1) + kayles(2)", Algebra::Position),
            ("on", Algebra::Loopy),
            ("misere_canonical_form(kayles(2))", Algebra::Misere),
            ("omega", Algebra::Transfinite),
        ];
        let values: Vec<_> = values
            .iter()
            .map(|(s, a)| (i.eval_value(s).expect("evaluates"), *a))
            .collect();
        for (x, a) in &values {
            assert_eq!(Algebra::of(x), Some(*a));
            for (y, b) in &values {
                assert_eq!(Algebra::join(x, y), Some((*a).max(*b)));
                assert_eq!(Algebra::join(x, y), Algebra::join(y, x));
            }
            let list = Value::list(vec![]);
            assert_eq!(Algebra::join(x, &list), None);
            assert_eq!(Algebra::of_either(x, &list), Some(*a));
        }
    }

    /// A short game plus a loopy game is loopy: `on` absorbs any short game (on + 1 = on,
    /// both sides being `on`: Left always has a move and Right never does).
    #[test]
    fn a_short_and_a_loopy_game_add_as_loopy() {
        let mut i = session();
        assert_eq!(kind(&mut i, "1 + on"), "a loopy game");
        assert_eq!(kind(&mut i, "on + *"), "a loopy game");
        holds(&mut i, "1 + on == on");
        holds(&mut i, "on + 1 == on");
    }

    /// A position plus a short game is a sum that keeps its components and compares as its
    /// value: Kayles on 3 pins is *3 (its options are 2, 1 + 1 and 1 pins: *2, 0, *1), so
    /// with * it is *2. A difference is a bare game.
    #[test]
    fn a_position_and_a_short_game_add_as_a_sum() {
        let mut i = session();
        assert_eq!(kind(&mut i, "kayles(3) + *"), "a sum of games");
        assert_eq!(kind(&mut i, "* + kayles(3)"), "a sum of games");
        assert_eq!(kind(&mut i, "* + *"), "a sum of games");
        assert_eq!(kind(&mut i, "kayles(3) - *"), "a game");
        assert_eq!(kind(&mut i, "1 + 1"), "an integer");
        holds(&mut i, "kayles(3) + * == *2");
        holds(&mut i, "* + kayles(3) == *2");
        holds(&mut i, "kayles(3) - * == *2");
    }

    /// A misère form plus a position is the misère form of the sum: adding the forms agrees
    /// with the simplest form of the sum of positions (computed by its own search). Only
    /// `+` mixes them.
    #[test]
    fn a_misere_form_and_a_position_add_as_misere_forms() {
        let mut i = session();
        let mixed = "misere_canonical_form(kayles(2)) + kayles(1)";
        assert_eq!(kind(&mut i, mixed), "a misère game");
        assert_eq!(
            kind(&mut i, "kayles(1) + misere_canonical_form(kayles(2))"),
            "a misère game"
        );
        holds(
            &mut i,
            &format!("{mixed} == misere_canonical_form(kayles(2) + kayles(1))"),
        );
        holds(
            &mut i,
            "misere_canonical_form(kayles(3)) + misere_canonical_form(kayles(3)) \
             == misere_canonical_form(kayles(3) + kayles(3))",
        );
        let error = i
            .eval_value("misere_canonical_form(kayles(2)) - kayles(1)")
            .expect_err("no difference of misère forms");
        assert_eq!(
            error.message(),
            "`-` needs games or numbers, found a misère game"
        );
    }
}
