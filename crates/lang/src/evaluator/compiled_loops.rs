//! The last clause of a comprehension over a range, specialised to its loop.
//!
//! Inside such a loop only the loop's variable changes: the other variables of the frame
//! are bound outside it and nothing in the loop rebinds them (each binding has a slot of
//! its own). So what the condition and the body read from them can be read once per loop
//! rather than once per element: the list whose cells a condition compares with strings
//! (`s[i] == "T" and s[i+1] == "."`, the moves of a ruleset), and the integers an `if`
//! chain compares the variable with (`if k == i then s[j] else if k == j then s[i] else
//! s[k]`, the cells of a new board). What a kernel cannot decide quickly for an element
//! (a cell that is no string, an index out of range, an operand of another kind) is left
//! to the general program and node for that element, which give the value or the error;
//! programs have no effects, so trying one first changes nothing.

use super::{Arg, Program, SELECT_DEPTH, same_str};
use crate::syntax::BinaryOp;
use crate::values::number::Num;
use crate::values::value::Value;
use std::rc::Rc;

/// What the loop of a last clause over a range does faster than the general programs.
#[derive(Debug, Default)]
pub(super) struct Kernel {
    /// For the clause's condition.
    pub cond: Option<CellTest>,
    /// For the comprehension's body.
    pub body: Option<Gather>,
}

impl Kernel {
    /// The kernels of a clause binding `var` with this condition and body, if they have
    /// any.
    pub(super) fn of(var: usize, cond: Option<&Program>, body: Option<&Program>) -> Kernel {
        Kernel {
            cond: cond.and_then(|c| CellTest::of(c, var)),
            body: body.and_then(|b| Gather::of(b, var)),
        }
    }
}

/// A condition comparing cells of one list near the loop's variable `k` with strings:
/// `s[k + a] == "T" and s[k + b] != "." and …` (or the same with `or`).
#[derive(Debug)]
pub(super) struct CellTest {
    list: usize,
    or: bool,
    /// Each comparison: the offset from `k`, the string, and whether it is `==`.
    terms: Box<[(i64, Text, bool)]>,
}

impl CellTest {
    fn of(program: &Program, var: usize) -> Option<CellTest> {
        let one;
        let (or, comparisons) = match program {
            Program::Junction { or, terms } => (*or, &terms[..]),
            Program::Binary(op, a, b) => {
                one = [(*op, a.clone(), b.clone())];
                (false, &one[..])
            }
            _ => return None,
        };
        let mut list = None;
        let mut terms = Vec::with_capacity(comparisons.len());
        for (op, a, b) in comparisons {
            let eq = match op {
                BinaryOp::Eq => true,
                BinaryOp::Ne => false,
                _ => return None,
            };
            let (
                Arg::Element {
                    list: l,
                    index,
                    offset,
                },
                Arg::Const(Value::Str(text)),
            ) = (a, b)
            else {
                return None;
            };
            if *index != var || *l == var || list.is_some_and(|x| x != *l) {
                return None;
            }
            list = Some(*l);
            let text = match text.as_bytes() {
                [c] => Text::Byte(*c),
                _ => Text::Str(text.clone()),
            };
            terms.push((*offset, text, eq));
        }
        Some(CellTest {
            list: list?,
            or,
            terms: terms.into_boxed_slice(),
        })
    }

    /// The list the condition reads, held for the loop (`None` if the variable holds no
    /// list: the general path then decides every element).
    pub(super) fn cells(&self, locals: &[Value], base: usize) -> Option<Rc<Vec<Value>>> {
        match locals.get(base + self.list)? {
            Value::List(items) => Some(items.clone()),
            _ => None,
        }
    }

    /// The condition at `k`, or `None` for the general path to decide.
    #[inline(always)]
    pub(super) fn test(&self, cells: &[Value], k: i64) -> Option<bool> {
        for (offset, text, eq) in self.terms.iter() {
            let at = usize::try_from(k.checked_add(*offset)?).ok()?;
            let Value::Str(cell) = cells.get(at)? else {
                return None;
            };
            let same = match text {
                Text::Byte(c) => matches!(cell.as_bytes(), [b] if b == c),
                Text::Str(text) => same_str(cell, text),
            };
            let x = same == *eq;
            if x == self.or {
                return Some(x);
            }
        }
        Some(!self.or)
    }
}

/// The string a cell is compared with: one byte (a cell of a board, `"T"`) compared
/// inline, or any other.
#[derive(Debug)]
enum Text {
    Byte(u8),
    Str(Rc<str>),
}

/// An `if` chain whose conditions compare the loop's variable with other integer
/// variables (`k == i`, `j == k`) and whose branches are operands: the variables are read
/// once per loop, and each element is the operand of the first arm whose variable equals
/// `k`.
#[derive(Debug)]
pub(super) struct Gather {
    /// The slot compared with `k` and the operand of each arm, in order.
    arms: Box<[(usize, Arg)]>,
    otherwise: Arg,
}

impl Gather {
    fn of(program: &Program, var: usize) -> Option<Gather> {
        let Program::Select { arms, otherwise } = program else {
            return None;
        };
        if arms.len() > SELECT_DEPTH {
            return None;
        }
        let arms = arms
            .iter()
            .map(|(cond, then)| {
                let Program::Binary(BinaryOp::Eq, Arg::Local(x), Arg::Local(y)) = cond else {
                    return None;
                };
                let other = match (*x == var, *y == var) {
                    (true, false) => *y,
                    (false, true) => *x,
                    _ => return None,
                };
                let Program::Arg(a) = then else {
                    return None;
                };
                Some((other, a.clone()))
            })
            .collect::<Option<Box<[_]>>>()?;
        let Program::Arg(otherwise) = &**otherwise else {
            return None;
        };
        Some(Gather {
            arms,
            otherwise: otherwise.clone(),
        })
    }

    /// The integers the arms compare `k` with, read for the loop (`None` if one is not a
    /// small integer: the general path then computes every element).
    pub(super) fn keys(&self, locals: &[Value], base: usize) -> Option<[i64; SELECT_DEPTH]> {
        let mut keys = [0; SELECT_DEPTH];
        for ((slot, _), key) in self.arms.iter().zip(keys.iter_mut()) {
            let Value::Number(Num::Small(x)) = locals.get(base + slot)? else {
                return None;
            };
            *key = *x;
        }
        Some(keys)
    }

    /// The operand the chain picks at `k`.
    #[inline(always)]
    pub(super) fn pick(&self, keys: &[i64; SELECT_DEPTH], k: i64) -> &Arg {
        self.arms
            .iter()
            .zip(keys)
            .find(|(_, key)| **key == k)
            .map_or(&self.otherwise, |((_, a), _)| a)
    }

    /// Appends the elements of the loop over `a..=b` when the last branch is a cell at
    /// `k` (`s[k]`): those cells copied at once, then the arms' operands written over the
    /// elements whose `k` their keys pick (the first arm of a key wins). `false`, with
    /// nothing appended, when some element needs the general path (a cell out of range,
    /// an operand it computes).
    pub(super) fn fill(
        &self,
        locals: &[Value],
        base: usize,
        var: usize,
        keys: &[i64; SELECT_DEPTH],
        (a, b): (i64, i64),
        out: &mut Vec<Value>,
    ) -> bool {
        let Src::Cell(items, offset) = Src::of(&self.otherwise, locals, base, var) else {
            return false;
        };
        let at = |k: i64| usize::try_from(k.checked_add(offset)?).ok();
        let Some(cells) = at(a).zip(at(b)).and_then(|(lo, hi)| items.get(lo..=hi)) else {
            return false;
        };
        let start = out.len();
        out.reserve(cells.len());
        out.extend(cells.iter().map(clone_cell));
        // Each arm's operand over the element its key picks, the last arm first so that
        // the first arm of a key is written last.
        for (n, ((_, arg), key)) in self.arms.iter().zip(keys).enumerate().rev() {
            if *key < a || *key > b {
                continue;
            }
            match Src::of(arg, locals, base, var).at(*key) {
                Some(v) => out[start + (*key - a) as usize] = v,
                None if keys[..n].contains(key) => {}
                None => {
                    out.truncate(start);
                    return false;
                }
            }
        }
        true
    }
}

/// A copy of a cell, a short string's without the general clone's dispatch.
#[inline(always)]
fn clone_cell(v: &Value) -> Value {
    match v {
        Value::Str(s) => Value::Str(s.clone()),
        v => v.clone(),
    }
}

/// Where an operand of a [`Gather`] comes from in its loop.
enum Src {
    /// The same value at every element (a literal, another variable, a cell at another
    /// variable's index).
    Fixed(Value),
    /// The cell of the list at `k` plus the offset.
    Cell(Rc<Vec<Value>>, i64),
    /// Whatever the general path computes (the variable itself, a cell out of range, a
    /// built-in held in a variable, an index that is no small integer).
    General,
}

impl Src {
    /// The operand's value at `k`, or `None` for the general path to compute it.
    fn at(&self, k: i64) -> Option<Value> {
        match self {
            Src::Fixed(v) => Some(v.clone()),
            Src::Cell(items, offset) => {
                let at = usize::try_from(k.checked_add(*offset)?).ok()?;
                items.get(at).cloned()
            }
            Src::General => None,
        }
    }

    fn of(a: &Arg, locals: &[Value], base: usize, var: usize) -> Src {
        let read = |slot: usize| locals.get(base + slot);
        match a {
            Arg::Const(v) => Src::Fixed(v.clone()),
            Arg::Local(x) if *x != var => match read(*x) {
                Some(Value::Function(_)) | None => Src::General,
                Some(v) => Src::Fixed(v.clone()),
            },
            Arg::Element {
                list,
                index,
                offset,
            } if *list != var => {
                let Some(Value::List(items)) = read(*list) else {
                    return Src::General;
                };
                if *index == var {
                    return Src::Cell(items.clone(), *offset);
                }
                let Some(Value::Number(Num::Small(i))) = read(*index) else {
                    return Src::General;
                };
                let at = i.checked_add(*offset).and_then(|i| usize::try_from(i).ok());
                match at.and_then(|at| items.get(at)) {
                    Some(v) => Src::Fixed(v.clone()),
                    None => Src::General,
                }
            }
            _ => Src::General,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::evaluator::interp::Interpreter;
    use proptest::prelude::*;

    /// The rules of `benches/interpreter/toads-and-frogs.cgt`, whose loops run on the
    /// kernels above (cells compared near the variable, a new board copied and patched).
    const TOADS_AND_FROGS: &str = r#"
def sw(s, i, j) = [if k == i then s[j] else if k == j then s[i] else s[k] for k in 0..len(s)-1]
def tf(s) = [[sw(s, i, i + 1) for i in 0..len(s)-2 if s[i] == "T" and s[i+1] == "."] + [sw(s, i, i + 2) for i in 0..len(s)-3 if s[i] == "T" and s[i+1] == "F" and s[i+2] == "."], [sw(s, i, i - 1) for i in 1..len(s)-1 if s[i] == "F" and s[i-1] == "."] + [sw(s, i, i - 2) for i in 2..len(s)-1 if s[i] == "F" and s[i-1] == "T" and s[i-2] == "."]]
let TF = partizan_game(tf)
def cells(t) = [t[k] for k in 0..len(t)-1]
"#;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]

        /// Toads and Frogs written in cgt has the built-in's value on random rows.
        #[test]
        fn toads_and_frogs_written_in_cgt_is_the_built_in(
            row in prop::collection::vec(prop::sample::select(vec!['T', 'F', '.']), 1..9),
        ) {
            let row: String = row.into_iter().collect();
            let (mut i, _) = Interpreter::collecting();
            i.run(TOADS_AND_FROGS).unwrap();
            let same = i.eval_to_string(&format!("TF(cells({row:?})) == toads_and_frogs({row:?})"));
            prop_assert_eq!(same.ok(), Some("true".to_string()), "{}", row);
        }
    }
}
