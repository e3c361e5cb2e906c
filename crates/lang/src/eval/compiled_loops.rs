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
use crate::eval::number::Num;
use crate::eval::value::Value;
use crate::syntax::BinaryOp;
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
    terms: Box<[(i64, Rc<str>, bool)]>,
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
            terms.push((*offset, text.clone(), eq));
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
            let x = same_str(cell, text) == *eq;
            if x == self.or {
                return Some(x);
            }
        }
        Some(!self.or)
    }
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
}
