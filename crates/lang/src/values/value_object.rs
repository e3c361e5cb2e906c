//! The extension point for values that are neither core values nor games: thermographs,
//! rulesets, and whatever kind of object comes next (tables, …). Each implements
//! [`Object`] and is held by [`Value::Object`]; a new kind needs no new variant of
//! [`Value`], only an implementation of this trait (and the built-ins that make and read it,
//! which find it again with [`Value::object`]).

use super::object::RulesetObject;
use super::value::{GameThermograph, Key, Value};
use crate::game::Notation;
use std::any::Any;
use std::rc::Rc;

/// A value of some kind beyond the core and the games. Only its name, its printed form and
/// how to find it again are required; pictures, equality, keys and memo tables are optional.
pub trait Object: std::fmt::Debug {
    /// The object itself, to find its own type again ([`Value::object`]).
    fn as_any(&self) -> &dyn Any;

    /// The shared object itself, to keep it as its own type ([`Value::object_rc`]).
    fn into_any(self: Rc<Self>) -> Rc<dyn Any>;

    /// What it is, for error messages: `a thermograph`.
    fn kind(&self) -> &'static str;

    /// Its kind as one word, for callers of the embedding API: `thermograph`.
    fn kind_name(&self) -> &'static str;

    /// How it prints in `notation` (Unicode or ASCII).
    fn text(&self, notation: Notation) -> String;

    /// What `:describe` says of it (its kind, unless it says more).
    fn describe(&self) -> String {
        self.kind().to_string()
    }

    /// A text picture printed under it when plots are shown (`:plots on`).
    fn plot(&self, _notation: Notation) -> Option<String> {
        None
    }

    /// Its picture as SVG, with its title or without.
    fn svg(&self, _titled: bool) -> Option<String> {
        None
    }

    /// Its picture as TikZ.
    fn tikz(&self) -> Option<String> {
        None
    }

    /// Whether it equals another object (`==`); none does unless it says so.
    fn equals(&self, _other: &dyn Object) -> bool {
        false
    }

    /// Its memo key, when a function may remember results by it; none by default.
    fn key(&self) -> Option<Key> {
        None
    }

    /// Empties the tables it keeps (`:forget`), returning how many entries they held;
    /// `None` for an object that keeps none.
    fn forget_tables(&self) -> Option<usize> {
        None
    }

    /// The field `name` of it (`t.name`), for objects with named parts; none by default.
    fn field(&self, _name: &str) -> Option<Value> {
        None
    }

    /// Gives it the name it is bound to (`R = ruleset(…)`), for objects that print by name.
    fn adopt_name(&self, _name: &str) {}
}

impl Value {
    /// An object as a value.
    pub fn new_object(o: Rc<dyn Object>) -> Value {
        Value::Object(o)
    }

    /// The object of type `T` this value holds, if it holds one.
    pub fn object<T: Object + 'static>(&self) -> Option<&T> {
        match self {
            Value::Object(o) => o.as_any().downcast_ref::<T>(),
            _ => None,
        }
    }

    /// The shared object of type `T` this value holds, if it holds one.
    pub fn object_rc<T: Object + 'static>(&self) -> Option<Rc<T>> {
        match self {
            Value::Object(o) => o.clone().into_any().downcast::<T>().ok(),
            _ => None,
        }
    }

    /// A ruleset as a value.
    pub fn ruleset(r: Rc<dyn RulesetObject>) -> Value {
        Value::Object(Rc::new(RulesetValue(r)))
    }

    /// The ruleset this value holds, if it is one.
    pub fn as_ruleset(&self) -> Option<&Rc<dyn RulesetObject>> {
        self.object::<RulesetValue>().map(|r| &r.0)
    }

    /// A thermograph as a value.
    pub fn thermograph(t: Rc<GameThermograph>) -> Value {
        Value::Object(t)
    }

    /// The thermograph this value holds, if it is one.
    pub fn as_thermograph(&self) -> Option<Rc<GameThermograph>> {
        self.object_rc::<GameThermograph>()
    }
}

/// A ruleset (`kayles`, `subtraction([1,3,4])`, `partizan_game(f)`) as an object: calling it
/// on a position's description gives a position.
#[derive(Debug)]
pub struct RulesetValue(pub Rc<dyn RulesetObject>);

impl Object for RulesetValue {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn into_any(self: Rc<Self>) -> Rc<dyn Any> {
        self
    }

    fn kind(&self) -> &'static str {
        "a ruleset"
    }

    fn kind_name(&self) -> &'static str {
        "ruleset"
    }

    fn text(&self, _notation: Notation) -> String {
        self.0.printed()
    }

    fn describe(&self) -> String {
        self.0.describe()
    }

    fn forget_tables(&self) -> Option<usize> {
        self.0.forget_tables()
    }

    fn adopt_name(&self, name: &str) {
        self.0.adopt_name(name)
    }
}

/// A thermograph prints as a description; `plot(t)` draws it, `svg(t, file)` saves it.
impl Object for GameThermograph {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn into_any(self: Rc<Self>) -> Rc<dyn Any> {
        self
    }

    fn kind(&self) -> &'static str {
        "a thermograph"
    }

    fn kind_name(&self) -> &'static str {
        "thermograph"
    }

    fn text(&self, notation: Notation) -> String {
        self.thermograph.describe(notation)
    }

    fn plot(&self, notation: Notation) -> Option<String> {
        Some(self.thermograph.plot(64, 20, notation))
    }

    fn svg(&self, titled: bool) -> Option<String> {
        Some(
            self.thermograph
                .to_svg(if titled { &self.game } else { "" }),
        )
    }

    fn tikz(&self) -> Option<String> {
        Some(self.thermograph.to_tikz())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluator::interp::Interpreter;

    /// A kind of object the language has never heard of.
    #[derive(Debug)]
    struct Table;

    impl Object for Table {
        fn as_any(&self) -> &dyn Any {
            self
        }

        fn into_any(self: Rc<Self>) -> Rc<dyn Any> {
            self
        }

        fn kind(&self) -> &'static str {
            "a table"
        }

        fn kind_name(&self) -> &'static str {
            "table"
        }

        fn text(&self, notation: Notation) -> String {
            match notation {
                Notation::Unicode => "table ↑".to_string(),
                _ => "table ^".to_string(),
            }
        }

        fn field(&self, name: &str) -> Option<Value> {
            (name == "rows").then(|| Value::number(3i64))
        }
    }

    /// A new kind of object prints, names itself in errors, gives its fields and is found
    /// again by its type, with no new variant of `Value` and no change to the evaluator.
    #[test]
    fn a_new_kind_of_object_needs_no_new_variant() {
        let (mut i, _) = Interpreter::collecting();
        i.set_global("t", Value::new_object(Rc::new(Table)));
        assert_eq!(i.eval_to_string("t").expect("prints"), "table ↑");
        assert_eq!(i.eval_to_string("t.rows").expect("a field"), "3");
        let t = i.eval_value("t").expect("evaluates");
        assert_eq!(t.kind(), "a table");
        assert!(t.object::<Table>().is_some());
        assert!(t.as_ruleset().is_none() && t.as_thermograph().is_none());
        let error = i.eval_value("t + 1").expect_err("no sum");
        assert_eq!(error.message(), "`+` needs games or numbers, found a table");
        assert_eq!(i.eval_to_string("t == t").expect("compares"), "false");
    }

    /// Thermographs and rulesets are objects, found again by their accessors.
    #[test]
    fn thermographs_and_rulesets_are_objects() {
        let (mut i, _) = Interpreter::collecting();
        let t = i
            .eval_value("thermograph({2 | -1})")
            .expect("a thermograph");
        assert_eq!(t.kind(), "a thermograph");
        assert!(t.as_thermograph().is_some() && t.as_ruleset().is_none());
        let r = i.eval_value("subtraction([1, 2])").expect("a ruleset");
        assert_eq!(r.kind(), "a ruleset");
        assert!(r.as_ruleset().is_some() && r.as_thermograph().is_none());
    }
}
