//! Function values. A user function (`def` or a lambda) and a built-in are one kind of
//! value, [`Callable`]: whichever it is, a function is called by
//! `Interpreter::call_callable`, checks its number of arguments with [`Arity`] (one
//! error form, "f takes 1 argument but 2 were given"), prints as `<function f>`, equals
//! itself and nothing else, and is passed to `map`, `sort` or `impartial_game` as the same
//! kind of argument.

use super::error::EvalError;
use super::value::{BuiltinId, Closure};
use crate::syntax::Span;
use std::rc::Rc;

/// A function value: a user function with its scope, or a built-in by its place in the
/// table of built-ins.
#[derive(Clone, Debug)]
pub enum Callable {
    Closure(Rc<Closure>),
    Builtin(BuiltinId),
}

impl Callable {
    /// The function's name: a built-in's, or the one `def` gave (a lambda has none).
    pub fn name(&self) -> Option<&str> {
        match self {
            Callable::Closure(c) => c.name.as_deref(),
            Callable::Builtin(b) => Some(b.get().name),
        }
    }

    /// How many arguments it takes.
    pub fn arity(&self) -> Arity {
        match self {
            Callable::Closure(c) => Arity::exactly(c.params.len()),
            Callable::Builtin(b) => b.get().arity(),
        }
    }

    /// How it is called, as help shows it: `abs(x)`, `f(a, b)`, `(a, b) -> …` for a
    /// lambda.
    pub fn signature(&self) -> String {
        match self {
            Callable::Closure(c) => {
                let params: Vec<&str> = c.params.iter().map(|p| p.text.as_str()).collect();
                match &c.name {
                    Some(name) => format!("{name}({})", params.join(", ")),
                    None => format!("({}) -> …", params.join(", ")),
                }
            }
            Callable::Builtin(b) => b.get().signature(),
        }
    }

    /// The help of an error in a call of it: the signature, and a built-in's summary.
    pub fn usage(&self) -> String {
        match self {
            Callable::Closure(_) => self.signature(),
            Callable::Builtin(b) => b.get().usage(),
        }
    }

    /// How it prints: `<function f>`, or `<function>` for a lambda.
    pub fn text(&self) -> String {
        match self.name() {
            Some(name) => format!("<function {name}>"),
            None => "<function>".to_string(),
        }
    }

    /// Whether two function values are the same function: the same built-in, or the same
    /// user function (the same `def` or evaluation of a lambda). Two lambdas written alike
    /// are different functions, as in most languages: whether two functions agree on every
    /// argument cannot be decided.
    pub fn same(&self, other: &Callable) -> bool {
        match (self, other) {
            (Callable::Closure(a), Callable::Closure(b)) => Rc::ptr_eq(a, b),
            (Callable::Builtin(a), Callable::Builtin(b)) => a == b,
            _ => false,
        }
    }

    /// A built-in without arguments (`on`, `over`): its bare name is its value.
    pub fn is_constant(&self) -> bool {
        matches!(self, Callable::Builtin(b) if b.get().is_constant())
    }

    /// The error of a call with `given` arguments, which its arity does not accept.
    #[cold]
    pub fn arity_error(&self, given: usize, call: Span) -> EvalError {
        let name = self.name().unwrap_or("this function");
        self.arity().error(name, &self.usage(), given, call)
    }
}

/// How many arguments a function takes: from `min` to `max` (`None`: no bound).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arity {
    pub min: usize,
    pub max: Option<usize>,
}

impl Arity {
    pub fn exactly(n: usize) -> Arity {
        Arity {
            min: n,
            max: Some(n),
        }
    }

    /// Whether a call may give `n` arguments.
    #[inline]
    pub fn accepts(self, n: usize) -> bool {
        n >= self.min && self.max.is_none_or(|m| n <= m)
    }

    /// "f takes 1 argument but 2 were given", at the call, with the usage as help: the one
    /// form of the error of every function value called with the wrong number of
    /// arguments, built-in or not.
    #[cold]
    pub fn error(self, name: &str, usage: &str, given: usize, call: Span) -> EvalError {
        let expected = match self.max {
            Some(m) if m == self.min => arguments(m),
            Some(m) => format!("{} to {m} arguments", self.min),
            None => format!("at least {}", arguments(self.min)),
        };
        let verb = if given == 1 { "was" } else { "were" };
        EvalError::new(
            format!("{name} takes {expected} but {given} {verb} given"),
            call,
        )
        .with_label("in this call")
        .with_help(format!("usage: {usage}"))
    }
}

/// "1 argument", "2 arguments".
fn arguments(n: usize) -> String {
    format!("{n} argument{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use crate::evaluator::interp::Interpreter;
    use crate::values::error::{CgtError, EvalError};
    use crate::values::value::Value;

    fn session() -> Interpreter {
        Interpreter::collecting().0
    }

    fn show(i: &mut Interpreter, source: &str) -> String {
        i.eval_to_string(source).expect("evaluates")
    }

    fn error(i: &mut Interpreter, source: &str) -> EvalError {
        match i.eval_value(source) {
            Err(CgtError::Eval(e)) => e,
            other => panic!("{source}: expected an evaluation error, got {other:?}"),
        }
    }

    /// A built-in, a `def` function and a lambda are interchangeable wherever a function is
    /// taken: as the function of `map`, `filter`, `sort`, in a list, and called through a
    /// variable.
    #[test]
    fn built_ins_and_user_functions_are_interchangeable() {
        let mut i = session();
        show(&mut i, "def ab(x) = abs(x)");
        let expected = "[[1,2,3],[1,2,3],[1,2,3]]";
        assert_eq!(
            show(
                &mut i,
                "[map(f, [-1, 2, -3]) for f in [abs, ab, x -> abs(x)]]"
            ),
            expected
        );
        assert_eq!(
            show(
                &mut i,
                "[sort([-3, 1, -2], f) for f in [abs, ab, x -> abs(x)]]"
            ),
            "[[1,-2,-3],[1,-2,-3],[1,-2,-3]]"
        );
        assert_eq!(
            show(
                &mut i,
                "[filter(f, [0, 1, -1]) for f in [is_zero, x -> x == 0]]"
            ),
            "[[0],[0]]"
        );
        assert_eq!(show(&mut i, "let g = abs; g(-4)"), "4");
        assert_eq!(show(&mut i, "let h = ab; h(-4)"), "4");
    }

    /// Every function prints as `<function NAME>` (a lambda, which has no name, as
    /// `<function>`): a built-in printed `<built-in abs>` before.
    #[test]
    fn built_ins_and_user_functions_print_alike() {
        let mut i = session();
        show(&mut i, "def ab(x) = abs(x)");
        assert_eq!(show(&mut i, "abs"), "<function abs>");
        assert_eq!(show(&mut i, "ab"), "<function ab>");
        assert_eq!(show(&mut i, "x -> x"), "<function>");
        assert_eq!(
            show(&mut i, "[abs, ab, x -> x]"),
            "[<function abs>,<function ab>,<function>]"
        );
    }

    /// A function equals itself, whether a built-in or a user function, and no other
    /// function (before, `abs == abs` and `f == f` were false).
    #[test]
    fn built_ins_and_user_functions_compare_alike() {
        let mut i = session();
        show(&mut i, "def ab(x) = abs(x)");
        show(&mut i, "let l = x -> abs(x)");
        for f in ["abs", "ab", "l"] {
            assert_eq!(show(&mut i, &format!("{f} == {f}")), "true", "{f}");
            assert_eq!(show(&mut i, &format!("{f} != {f}")), "false", "{f}");
            assert_eq!(
                show(&mut i, &format!("let copy = {f}; copy == {f}")),
                "true"
            );
            assert_eq!(show(&mut i, &format!("[{f}] == [{f}]")), "true", "{f}");
        }
        for (f, g) in [("abs", "ab"), ("ab", "l"), ("abs", "l"), ("abs", "outcome")] {
            assert_eq!(show(&mut i, &format!("{f} == {g}")), "false", "{f} {g}");
        }
        // Two lambdas written alike are two functions.
        assert_eq!(show(&mut i, "(x -> x) == (x -> x)"), "false");
        assert_eq!(show(&mut i, "abs == 1"), "false");
    }

    /// A call with the wrong number of arguments gives one error form for every function:
    /// the message, the label at the call and the usage as help.
    #[test]
    fn arity_errors_have_one_form() {
        let mut i = session();
        show(&mut i, "def ab(x) = abs(x)");
        let built_in = error(&mut i, "abs(1, 2)");
        let user = error(&mut i, "ab(1, 2)");
        let lambda = error(&mut i, "let l = x -> x; l(1, 2)");
        assert_eq!(built_in.message, "abs takes 1 argument but 2 were given");
        assert_eq!(user.message, "ab takes 1 argument but 2 were given");
        assert_eq!(
            lambda.message,
            "this function takes 1 argument but 2 were given"
        );
        for e in [&built_in, &user, &lambda] {
            assert_eq!(e.label, "in this call", "{}", e.message);
        }
        assert_eq!(
            built_in.help.as_deref(),
            Some("usage: abs(x) — the absolute value of a number")
        );
        assert_eq!(user.help.as_deref(), Some("usage: ab(x)"));
        assert_eq!(lambda.help.as_deref(), Some("usage: (x) -> …"));
        // Passed to `map`, a function of the wrong arity fails the same way, either kind.
        let mapped = error(&mut i, "map((a, b) -> a, [1])");
        assert_eq!(
            mapped.message,
            "this function takes 2 arguments but 1 was given"
        );
        let mapped = error(&mut i, "map(pow, [1])");
        assert_eq!(mapped.message, "pow takes 2 arguments but 1 was given");
        assert_eq!(mapped.label, "in this call");
    }

    /// Function values are one variant of `Value`, a built-in's name included.
    #[test]
    fn a_built_in_is_a_function_value() {
        let mut i = session();
        for source in ["abs", "x -> x"] {
            let v = i.eval_value(source).expect("evaluates");
            assert!(matches!(v, Value::Function(_)), "{source}");
            assert_eq!(v.kind(), "a function");
        }
    }
}
