//! Values handed to a front end unprinted (the Python module): printed on demand and cut
//! after so many characters, converted to and from plain data (numbers of any size,
//! strings as they are) without printing and parsing, and known stale after a reset.
//!
//! ```
//! use cgt::session::Plain;
//! use cgt::game::Notation;
//! let mut session = cgt::Session::new();
//! let done = session.eval_unprinted("let g = {1 | -1}\ng\nprint(\"hi\")\n1180591620717411303424");
//! assert!(done.error.is_none() && done.values.len() == 2); // g and 2^70
//! assert_eq!(done.lines[1], cgt::Line::Text("hi".into()));
//! // Nothing was printed: the text of a value is made when asked, cut if asked.
//! let g = &done.values[0];
//! assert_eq!(session.text(g, Notation::Ascii, None).unwrap(), ("+-1".into(), false));
//! assert_eq!(session.text(g, Notation::Unicode, Some(1)).unwrap(), ("±".into(), true));
//! assert_eq!(session.text(g, Notation::Unicode, Some(2)).unwrap(), ("±1".into(), false));
//! let big = session.plain(&done.values[1]).unwrap();
//! assert!(matches!(&big, Plain::Number { numerator, .. } if numerator.bits() == 71));
//! let map = session.eval_unprinted("{1 => *, 2 => ^}").values.remove(0);
//! assert_eq!(session.entries(&map).map(|e| e.len()), Some(2));
//! let text = session.from_plain(Plain::Str("a\r\0\u{202E}".into()));
//! assert!(matches!(session.plain(&text), Some(Plain::Str(s)) if s == "a\r\0\u{202E}"));
//! // A reset starts a new generation: values made before it are no longer the session's.
//! let before = session.generation();
//! session.reset();
//! assert_eq!(session.generation(), before + 1);
//! ```

use super::{Diagnostic, Line, Picture, Session, diagnostic_of, own_picture};
use crate::evaluator::printed::PrintOut;
use crate::game::{Notation, catch_abort};
use crate::syntax::Span;
use crate::values::error::CgtError;
use crate::values::error::EvalError;
use crate::values::number::Num;
use crate::values::value::Value;
use num_bigint::BigInt;
use num_traits::{One, Zero};

/// What [`Session::eval_unprinted`] did: the values of the expression statements (not
/// printed), the lines printed among them, and the error that stopped it, if one did
/// (what ran before the error stays, as with [`Session::eval`]).
#[derive(Clone, Debug)]
pub struct Unprinted {
    pub values: Vec<Value>,
    /// [`Line::Value`] numbers an entry of `values`.
    pub lines: Vec<Line>,
    pub error: Option<Diagnostic>,
}

/// A value that is plain data: what a front end turns into its own numbers, strings and
/// booleans (and back) exactly, whatever their size or characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plain {
    Unit,
    Bool(bool),
    /// An exact number in lowest terms (the denominator is positive; 1 for an integer).
    Number {
        numerator: BigInt,
        denominator: BigInt,
    },
    Str(String),
}

impl Session {
    /// Runs `source` as [`Session::eval_with_lines`] does, but hands each value over
    /// unprinted: a front end prints what it shows ([`Session::text`], cut if it likes), so
    /// a value whose text would be gigabytes costs nothing until it is asked for.
    pub fn eval_unprinted(&mut self, source: &str) -> Unprinted {
        self.printed.borrow_mut().clear();
        let mut values = Vec::new();
        let mut lines = Vec::new();
        let printed = self.printed.clone();
        let name = self.source_name.clone();
        let result = self.interp.run_values(&name, source, &mut |_, value| {
            lines.extend(printed.borrow_mut().drain(..).map(Line::Text));
            lines.push(Line::Value(values.len()));
            values.push(value);
        });
        lines.extend(self.printed.borrow_mut().drain(..).map(Line::Text));
        Unprinted {
            values,
            lines,
            error: result.err().map(|e| diagnostic_of(&e, &name, source)),
        }
    }

    /// The printed form of `value` in `notation`, and whether it was cut: with `limit`,
    /// printing stops after `limit` characters, so a text of gigabytes costs no more than
    /// its beginning. An abort while printing (Ctrl-C, a text over the memory budget) is
    /// the error.
    pub fn text(
        &mut self,
        value: &Value,
        notation: Notation,
        limit: Option<usize>,
    ) -> Result<(String, bool), Diagnostic> {
        let interp = &mut self.interp;
        let kept = std::mem::replace(&mut interp.notation, notation);
        let mut out = Capped {
            text: String::new(),
            left: limit,
            cut: false,
        };
        let printed = catch_abort(|| interp.show_whole(value, &mut out));
        interp.notation = kept;
        match printed {
            Ok(()) => Ok((out.text, out.cut)),
            Err(_) if out.cut => Ok((out.text, true)),
            Err(abort) => {
                let e = EvalError::from_abort(abort, Span::default());
                Err(self.diagnostic(&CgtError::Eval(e), ""))
            }
        }
    }

    /// The picture `value` is (a board, a sum of boards, a thermograph, a loopy game's
    /// graph), if it is one; never a game tree ([`Session::picture`] draws those).
    pub fn own_picture(&mut self, value: &Value) -> Option<Picture> {
        own_picture(&mut self.interp, value)
    }

    /// The elements of a list or a set (a set's in its order), unprinted; `None` for any
    /// other value.
    pub fn element_values(&self, value: &Value) -> Option<Vec<Value>> {
        match value {
            Value::List(items) => Some(items.as_ref().clone()),
            Value::Set(set) => Some(set.values().cloned().collect()),
            _ => None,
        }
    }

    /// The `(key, value)` entries of a map, in the order its keys were first added; `None`
    /// for any other value.
    pub fn entries(&self, value: &Value) -> Option<Vec<(Value, Value)>> {
        match value {
            Value::Map(map) => Some(map.entries().cloned().collect()),
            _ => None,
        }
    }

    /// `value` as plain data, if it is a number, a boolean, a string or the unit.
    pub fn plain(&self, value: &Value) -> Option<Plain> {
        Some(match value {
            Value::Unit => Plain::Unit,
            Value::Bool(b) => Plain::Bool(*b),
            Value::Str(s) => Plain::Str(s.to_string()),
            Value::Number(Num::Small(k)) => Plain::Number {
                numerator: BigInt::from(*k),
                denominator: BigInt::one(),
            },
            Value::Number(Num::Big(r)) => Plain::Number {
                numerator: r.numer().clone(),
                denominator: r.denom().clone(),
            },
            _ => return None,
        })
    }

    /// The value of plain data (a zero denominator is taken as 1: there is no such number).
    pub fn from_plain(&self, plain: Plain) -> Value {
        match plain {
            Plain::Unit => Value::Unit,
            Plain::Bool(b) => Value::Bool(b),
            Plain::Str(s) => Value::Str(s.into()),
            Plain::Number {
                numerator,
                denominator,
            } => {
                let denominator = if denominator.is_zero() {
                    BigInt::one()
                } else {
                    denominator
                };
                Value::Number(Num::from_rational(num_rational::BigRational::new(
                    numerator,
                    denominator,
                )))
            }
        }
    }

    /// How many times the session has been reset ([`Session::reset`]). A value made before
    /// a reset belongs to an older generation: its games lived in the emptied game store,
    /// so it must not be given to the session again (a front end that keeps values keeps
    /// their generation and refuses the stale ones).
    pub fn generation(&self) -> u64 {
        self.generation
    }
}

/// A printed text that stops the printing once it has `left` characters more (`None`: no
/// limit), noting that it was cut.
struct Capped {
    text: String,
    left: Option<usize>,
    cut: bool,
}

impl PrintOut for Capped {
    fn put(&mut self, s: &str) {
        let Some(left) = self.left else {
            return self.text.push_str(s);
        };
        match s.char_indices().nth(left) {
            None => {
                self.left = Some(left - s.chars().count());
                self.text.push_str(s);
            }
            Some((end, _)) => {
                self.text.push_str(&s[..end]);
                self.left = Some(0);
                self.cut = true;
                // The rest is not wanted: stop printing (the abort is caught by
                // `Session::text`, which sees `cut`). Where panics abort, the rest is only
                // dropped.
                #[cfg(not(panic = "abort"))]
                crate::game::abort::raise(crate::game::abort::Abort::TooLarge(
                    "the text past its limit".into(),
                ));
            }
        }
    }

    fn checkpoint(&mut self) {
        self.text.checkpoint();
    }
}
