//! What kind of value a value is, in words, for the REPL's `:type`: more precise than
//! [`Value::kind`] (which error messages use), it looks at the game a value stands for and
//! names the ruleset of a position.

use super::interp::Interpreter;
use crate::values::game_value::GameValue;
use crate::values::value::Callable;
use crate::values::value::Value;

impl Interpreter {
    /// `an integer`, `a game (a nimber)`, `a position of domineering`, `a function f(n)
    /// defined by def, 12 results remembered`… Classifying a game may compute (whether it
    /// is infinitesimal), so call it where an engine abort is caught, as for
    /// [`Interpreter::show`].
    pub fn describe(&mut self, v: &Value) -> String {
        match v {
            Value::Number(n) if n.is_integer() => "an integer".to_string(),
            Value::Number(n) if n.is_dyadic() => {
                "a number (a dyadic rational, so also a game)".to_string()
            }
            Value::Number(_) => "a rational number (not dyadic, so not a game)".to_string(),
            Value::Game(GameValue::Short(g)) => format!("a game ({})", self.game_class(*g)),
            Value::Str(s) => format!("a string of {}", count(s.chars().count(), "character")),
            Value::List(items) if items.is_empty() => "an empty list".to_string(),
            Value::List(items) => format!("a list of {}", count(items.len(), "value")),
            Value::Function(Callable::Closure(c)) => {
                let params: Vec<&str> = c.params.iter().map(|p| p.text.as_str()).collect();
                let params = params.join(", ");
                match &c.name {
                    Some(name) if c.memoize => format!(
                        "a function {name}({params}) defined by def, {} remembered",
                        count(c.memo_len(), "result")
                    ),
                    Some(name) => format!("a function {name}({params})"),
                    None => format!("a function of ({params})"),
                }
            }
            Value::Function(Callable::Builtin(b)) => {
                format!("a built-in function {}", b.signature())
            }
            Value::Record(r) => {
                let names: Vec<&str> = r.fields.iter().map(|(n, _)| n.as_str()).collect();
                format!("a record {} with fields {}", r.kind, names.join(", "))
            }
            Value::Object(o) => o.describe(),
            Value::Game(GameValue::Position(p)) => p.describe(),
            Value::Game(GameValue::Sum(s)) => {
                let terms = count(s.components().len(), "component");
                match s.value() {
                    // Known once the sum was printed or compared.
                    Some(g) => format!(
                        "a sum of {terms}, its value a game ({})",
                        self.game_class(g)
                    ),
                    None => format!("a sum of {terms}"),
                }
            }
            other => other.kind().to_string(),
        }
    }

    /// The class of a canonical form, most special first: `zero`, `an integer`, `a number`,
    /// `a nimber`, `a number plus a nimber`, `ups and a nimber` (with a number),
    /// `all-small`, `infinitesimal`, or `hot or tepid`.
    fn game_class(&mut self, g: crate::game::GameId) -> &'static str {
        if let Some(nus) = self.math.store.as_nus(g) {
            let number = !nus.number.is_zero();
            return match (number, nus.ups != 0, nus.nim != 0) {
                (false, false, false) => "zero",
                (true, false, false) if nus.number.is_integer() => "an integer",
                (true, false, false) => "a number",
                (false, false, true) => "a nimber",
                (true, false, true) => "a number plus a nimber",
                (false, true, _) => "infinitesimal: ups and a nimber",
                (true, true, _) => "a number plus ups and a nimber",
            };
        }
        if self.math.store.is_all_small(g) {
            "all-small"
        } else if self.math.store.is_infinitesimal(g) {
            "infinitesimal"
        } else {
            "hot or tepid"
        }
    }
}

/// `1 value`, `3 values`.
fn count(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind_of(source: &str) -> String {
        let (mut i, _) = Interpreter::collecting();
        i.run("def f(n) = n + 1\nlet g = f(1) + f(2)").unwrap();
        let v = i.eval_value(source).unwrap();
        i.describe(&v)
    }

    #[test]
    fn numbers_and_games() {
        assert_eq!(kind_of("3"), "an integer");
        assert_eq!(
            kind_of("3/4"),
            "a number (a dyadic rational, so also a game)"
        );
        assert_eq!(
            kind_of("1/3"),
            "a rational number (not dyadic, so not a game)"
        );
        assert_eq!(kind_of("{|}"), "a game (zero)");
        assert_eq!(kind_of("{0|}"), "a game (an integer)");
        assert_eq!(kind_of("{0|1}"), "a game (a number)");
        assert_eq!(kind_of("*3"), "a game (a nimber)");
        assert_eq!(kind_of("{1|1}"), "a game (a number plus a nimber)");
        assert_eq!(kind_of("^*"), "a game (infinitesimal: ups and a nimber)");
        assert_eq!(kind_of("{0,^*|0}"), "a game (all-small)");
        assert_eq!(kind_of("{0||0|-1}"), "a game (infinitesimal)");
        assert_eq!(kind_of("{1|-1}"), "a game (hot or tepid)");
    }

    #[test]
    fn collections_functions_and_positions() {
        assert_eq!(kind_of("[1, *, ^]"), "a list of 3 values");
        assert_eq!(kind_of("[]"), "an empty list");
        assert_eq!(kind_of("\"ab\""), "a string of 2 characters");
        assert_eq!(
            kind_of("f"),
            "a function f(n) defined by def, 2 results remembered"
        );
        assert_eq!(kind_of("(a, b) -> a"), "a function of (a, b)");
        assert_eq!(kind_of("outcome"), "a built-in function outcome(g)");
        assert_eq!(
            kind_of("kayles"),
            "a built-in function kayles(n or [heaps])"
        );
        assert_eq!(
            kind_of("subtraction([1, 2])"),
            "a heap ruleset (subtraction([1,2]))"
        );
        assert_eq!(kind_of("kayles(4)"), "a position of kayles");
        assert_eq!(
            kind_of("staircase_nim([1, 2])"),
            "a position of staircase_nim"
        );
        assert_eq!(kind_of("domineering(2, 3)"), "a position of domineering");
        assert_eq!(
            kind_of("kayles(2) + *"),
            "a sum of 2 components, its value a game (a nimber)"
        );
        let (mut i, _) = Interpreter::collecting();
        i.run("let s = {1|-1} + {1|-1}\ns").unwrap();
        let s = i.eval_value("s").unwrap();
        assert_eq!(
            i.describe(&s),
            "a sum of 2 components, its value a game (zero)"
        );
        assert_eq!(kind_of("outcome(*)"), "an outcome class");
        assert_eq!(kind_of("true"), "a boolean");
    }

    #[test]
    fn rulesets_written_in_cgt() {
        let (mut i, _) = Interpreter::collecting();
        i.run("let S = impartial_game(n -> [k for k in 0..n-1])\nS(3)")
            .unwrap();
        let rules = i.eval_value("S").unwrap();
        assert_eq!(
            i.describe(&rules),
            "an impartial ruleset written in cgt (S), 4 positions solved"
        );
        let p = i.eval_value("S(2)").unwrap();
        assert_eq!(
            i.describe(&p),
            "a position of S (an impartial ruleset written in cgt)"
        );
    }
}
