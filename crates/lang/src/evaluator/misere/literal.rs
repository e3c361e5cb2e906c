//! Misère game literals `*[…]` and the printing of misère forms (CGSuite's notation, or
//! option lists on request): see [`crate::impartial::misere_notation`].

use crate::evaluator::interp::Interpreter;
use crate::game::Notation;
use crate::impartial::misere_forms::MisereId;
use crate::impartial::misere_notation::star_text;
use crate::impartial::misere_notation_read::read_star_body;
use crate::syntax::Span;
use crate::values::algebra::ValueAlgebra as _;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::value::Value;

/// The largest nim heap a misère literal may name (its simplest form lists every smaller
/// heap).
const MAX_LITERAL_HEAP: u64 = 4096;

/// How deeply lists may nest in a misère literal.
const MAX_NESTING: usize = 256;

impl Interpreter {
    /// The misère game a `*[…]` literal names: a one-element list is its element, a longer
    /// (or empty) list the game with those options; inside, numbers are nim heaps, lists
    /// games of their elements, and misère games (or nimbers) themselves.
    pub(crate) fn misere_literal(&mut self, v: &Value, span: Span) -> Result<Value, EvalError> {
        let g = match v {
            Value::List(items) if items.len() == 1 => self.misere_element(&items[0], 0, span)?,
            other => self.misere_element(other, 0, span)?,
        };
        Ok(Value::misere(g))
    }

    /// The misère form a `*[…]` in the printed notation names (`*[4[2#]]`, `*[4₂#]`).
    pub(crate) fn misere_notation(&mut self, body: &str, span: Span) -> Result<Value, EvalError> {
        match read_star_body(&mut self.math.misere, body) {
            Ok(g) => Ok(Value::misere(g)),
            Err(why) => Err(EvalError::new(format!("*[{body}]: {why}"), span)),
        }
    }

    fn misere_element(
        &mut self,
        v: &Value,
        depth: usize,
        span: Span,
    ) -> Result<MisereId, EvalError> {
        if depth > MAX_NESTING {
            return Err(EvalError::new(
                format!("a misère literal may nest lists {MAX_NESTING} deep at most"),
                span,
            ));
        }
        match v {
            Value::Game(GameValue::Misere(g)) => Ok(*g),
            Value::Number(n) => match n.to_u64() {
                Some(k) if k <= MAX_LITERAL_HEAP => Ok(self.math.misere.nimber(k)),
                Some(k) => Err(EvalError::new(
                    format!("*[{k}] is too big for a misère form (heaps up to {MAX_LITERAL_HEAP})"),
                    span,
                )),
                None => Err(EvalError::new(
                    format!("a misère literal takes heap sizes 0, 1, 2, …, not {n}"),
                    span,
                )),
            },
            Value::Game(GameValue::Short(g)) => match self.math.store.as_nimber(*g) {
                Some(k) if k <= MAX_LITERAL_HEAP => Ok(self.math.misere.nimber(k)),
                _ => Err(EvalError::new(
                    "a misère literal takes heap sizes, lists and misère games, not a partizan game",
                    span,
                )
                .with_help("write *[2, 1] for the misère game with options *[2] and *[1]")),
            },
            Value::List(items) => {
                let mut opts = Vec::with_capacity(items.len());
                for x in items.iter() {
                    opts.push(self.misere_element(x, depth + 1, span)?);
                }
                Ok(self.math.misere.canonical(&opts))
            }
            other => Err(EvalError::new(
                format!(
                    "a misère literal takes heap sizes, lists and misère games, not {}",
                    other.kind()
                ),
                span,
            )),
        }
    }

    /// The printed form of a misère simplest form: `*[…]`, or `{…}` option lists when the
    /// session asks for them (`misere_notation("lists")`).
    pub(crate) fn show_misere_form(&mut self, g: MisereId) -> String {
        if self.misere_lists {
            return self.show_misere(g);
        }
        star_text(&mut self.math.misere, g, self.notation == Notation::Unicode)
    }
}
