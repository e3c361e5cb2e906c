//! Evaluating expressions (mirrors `syntax::ast::ExprKind`).

use super::builtins::{self, Args};
use super::convert::{dyadic, expect_bool, expect_u64};
use super::error::EvalError;
use super::interp::Interpreter;
use super::value::{Closure, Scope, Value};
use crate::game::GameId;
use crate::syntax::ast::UpPower;
use crate::syntax::{BinaryOp, Expr, ExprKind, Span};
use num_traits::ToPrimitive;
use std::rc::Rc;

impl Interpreter {
    /// The value of `e` in the local `scope` (None at top level).
    pub fn eval(&mut self, e: &Expr, scope: &Option<Rc<Scope>>) -> Result<Value, EvalError> {
        if crate::game::abort::stack_exhausted() {
            // A recursion within the call limit, but through deeply nested expressions.
            return Err(EvalError::new(
                format!(
                    "recursion too deep (the stack is exhausted after {} nested calls)",
                    self.depth
                ),
                e.span,
            )
            .with_help("check the base case of the recursion, or compute bottom-up"));
        }
        match &e.kind {
            ExprKind::Number(n) => Ok(Value::Number(n.clone())),
            ExprKind::NusLiteral {
                number,
                ups,
                nim,
                power,
                power_like,
            } => {
                if *power_like {
                    self.note_once(
                        "power",
                        "note: `2^3` is 2 + ↑3 in CGSuite's notation (an integer plus ups), not a \
                         power; for 2 to the 3rd write pow(2, 3)",
                    );
                }
                let x = dyadic(number, e.span)?;
                let ups = ups
                    .to_i64()
                    .ok_or_else(|| EvalError::new("too many ups: at most 2^63 - 1", e.span))?;
                let nim = nim
                    .to_u64()
                    .ok_or_else(|| EvalError::new("nimber too large: *n needs n < 2^64", e.span))?;
                let mut g = self.store.nus(x, ups, nim);
                if let Some(p) = power.as_ref().filter(|p| p.on) {
                    return Ok(self.upon_literal(g, p));
                }
                if let Some(p) = power {
                    let up_nth = self.up_power(p, e.span)?;
                    g = self.store.add(g, up_nth);
                }
                Ok(Value::Game(g))
            }
            ExprKind::StarOf(inner) => {
                let v = self.eval(inner, scope)?;
                let n = expect_u64(&v, inner.span, "the size of a nimber")?;
                Ok(Value::Game(self.store.nimber(n)))
            }
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Str(s) => Ok(Value::Str(s.as_str().into())),
            ExprKind::Ident(name) => match self.lookup(name, scope, e.span)? {
                // A built-in without arguments is a named value (`on`, `over`).
                Value::Builtin(b) if b.is_constant() => {
                    let args = super::builtins::Args {
                        values: Vec::new(),
                        spans: Vec::new(),
                        call: e.span,
                        callee: e.span,
                    };
                    (b.run)(self, &args)
                }
                v => Ok(v),
            },
            ExprKind::Game { left, right, .. } => {
                if super::loopy::literal_is_loopy(e) {
                    return self.loopy_literal(e, scope);
                }
                let l = self.option_values(left, scope)?;
                let r = self.option_values(right, scope)?;
                if l.iter()
                    .chain(&r)
                    .any(|(v, _)| matches!(v, Value::Loopy(_)))
                {
                    let (l, r): (Vec<Value>, Vec<Value>) = (
                        l.into_iter().map(|x| x.0).collect(),
                        r.into_iter().map(|x| x.0).collect(),
                    );
                    return self.literal_with_loopy_options(&l, &r, e.span);
                }
                let l = self.games_of(&l)?;
                let r = self.games_of(&r)?;
                Ok(Value::Game(self.store.canonical(&l, &r)))
            }
            ExprKind::Pass => Err(EvalError::new(
                "`pass` is an option of a game literal that moves to the literal itself",
                e.span,
            )
            .with_help("use it inside braces: {0 | pass} is over")),
            ExprKind::List(items) => {
                let vs = items
                    .iter()
                    .map(|x| self.eval(x, scope))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Value::list(vs))
            }
            ExprKind::Set(items) => {
                let mut vs = Vec::with_capacity(items.len());
                for x in items {
                    vs.push(self.eval(x, scope)?);
                }
                self.set_of(vs, e.span)
            }
            ExprKind::Map(entries) => {
                let mut pairs = Vec::with_capacity(entries.len());
                for (k, v) in entries {
                    pairs.push((self.eval(k, scope)?, self.eval(v, scope)?));
                }
                self.map_of(pairs, e.span)
            }
            ExprKind::Let { name, value, body } => {
                let v = self.eval(value, scope)?;
                let inner = Some(Rc::new(Scope {
                    vars: vec![(name.text.clone(), v)],
                    parent: scope.clone(),
                }));
                self.eval(body, &inner)
            }
            ExprKind::Comprehension { body, clauses } => {
                let mut out = Vec::new();
                self.comprehend(body, clauses, scope, e.span, &mut out)?;
                Ok(Value::list(out))
            }
            ExprKind::Unary { op, operand } => {
                let v = self.eval(operand, scope)?;
                self.unary(*op, v, e.span, operand.span)
            }
            ExprKind::Binary { .. } => self.eval_chain(e, scope),
            ExprKind::Call { callee, args } => {
                if let Some(v) = self.explain_literal(callee, args, scope)? {
                    return Ok(v);
                }
                let f = self.eval(callee, scope)?;
                let mut values = Vec::with_capacity(args.len());
                let mut spans = Vec::with_capacity(args.len());
                for a in args {
                    values.push(self.eval(a, scope)?);
                    spans.push(a.span);
                }
                self.call(
                    &f,
                    Args {
                        values,
                        spans,
                        call: e.span,
                        callee: callee.span,
                    },
                )
            }
            ExprKind::Index { target, index } => {
                let t = self.eval(target, scope)?;
                let k = self.eval(index, scope)?;
                if let Value::Map(m) = &t {
                    return self.map_lookup(m, &k, index.span);
                }
                index_value(&t, &k, target.span, index.span)
            }
            ExprKind::Method {
                receiver,
                name,
                args,
            } => {
                let recv = self.eval(receiver, scope)?;
                if let (Value::Record(r), None) = (&recv, args) {
                    if let Some(v) = r.get(&name.text) {
                        return Ok(v.clone());
                    }
                    if Scope::lookup(scope, &name.text).is_none()
                        && !self.globals.contains_key(&name.text)
                        && builtins::lookup(&name.text).is_none()
                    {
                        let fields: Vec<&str> = r.fields.iter().map(|(n, _)| n.as_str()).collect();
                        return Err(EvalError::new(
                            format!("{} has no field `{}`", r.kind, name.text),
                            name.span,
                        )
                        .with_help(format!("its fields: {}", fields.join(", "))));
                    }
                }
                let f = self
                    .lookup(&name.text, scope, name.span)
                    .map_err(|err| EvalError {
                        message: format!("unknown method `{}`", name.text),
                        ..err
                    })?;
                let mut values = vec![recv];
                let mut spans = vec![receiver.span];
                for a in args.iter().flatten() {
                    values.push(self.eval(a, scope)?);
                    spans.push(a.span);
                }
                self.call(
                    &f,
                    Args {
                        values,
                        spans,
                        call: e.span,
                        callee: name.span,
                    },
                )
            }
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                let c = self.eval(cond, scope)?;
                if expect_bool(&c, cond.span)? {
                    self.eval(then, scope)
                } else {
                    self.eval(otherwise, scope)
                }
            }
            ExprKind::Lambda { params, body } => Ok(Value::Function(Rc::new(Closure {
                name: None,
                params: params.clone(),
                body: body.clone(),
                scope: scope.clone(),
                memo: Default::default(),
                memoize: false,
            }))),
        }
    }

    /// A binary operation and the ones down its left operand: `1 + 2 - 3 + …` is a tree as
    /// deep as it is long, so it is evaluated in a loop from the innermost left operand
    /// outwards (left to right, as the recursion would), not by recursion.
    fn eval_chain(&mut self, e: &Expr, scope: &Option<Rc<Scope>>) -> Result<Value, EvalError> {
        let mut spine = Vec::new();
        let mut first = e;
        while let ExprKind::Binary { lhs, .. } = &first.kind {
            spine.push(first);
            first = lhs;
        }
        let mut acc = self.eval(first, scope)?;
        for node in spine.into_iter().rev() {
            let ExprKind::Binary { op, lhs, rhs } = &node.kind else {
                continue; // only binary nodes are on the spine
            };
            acc = if matches!(op, BinaryOp::And | BinaryOp::Or) {
                let a = expect_bool(&acc, lhs.span)?;
                if a == (*op == BinaryOp::Or) {
                    Value::Bool(a)
                } else {
                    let b = self.eval(rhs, scope)?;
                    Value::Bool(expect_bool(&b, rhs.span)?)
                }
            } else {
                let b = self.eval(rhs, scope)?;
                self.binary(*op, acc, b, (lhs.span, rhs.span), node.span)?
            };
        }
        Ok(acc)
    }

    /// `explain({…})` explains the literal as written, not its already-canonical value.
    fn explain_literal(
        &mut self,
        callee: &Expr,
        args: &[Expr],
        scope: &Option<Rc<Scope>>,
    ) -> Result<Option<Value>, EvalError> {
        let (ExprKind::Ident(name), [arg]) = (&callee.kind, args) else {
            return Ok(None);
        };
        let ExprKind::Game {
            left,
            right,
            label: None,
        } = &arg.kind
        else {
            return Ok(None);
        };
        if name != "explain"
            || Scope::lookup(scope, name).is_some()
            || self.globals.contains_key(name)
        {
            return Ok(None);
        }
        let l = self.options_of(left, scope)?;
        let r = self.options_of(right, scope)?;
        Ok(Some(self.explain_options(&l, &r)))
    }

    /// `^<n>` = pow(^, n), `^[n]` = pow_to(^, n), negated for downs.
    fn up_power(&mut self, p: &UpPower, span: crate::syntax::Span) -> Result<GameId, EvalError> {
        let n = p.n.to_u32().filter(|&n| n >= 1).ok_or_else(|| {
            EvalError::new(
                format!("the exponent {} is out of range (1 to 2^32 - 1)", p.n),
                span,
            )
        })?;
        let up = self.store.nus(crate::game::Dyadic::zero(), 1, 0);
        let r = if p.to {
            self.store.pow_to(up, n)
        } else {
            self.store.pow(up, n)
        };
        let g = r.map_err(|err| {
            let msg = err.message(&mut self.store, self.notation);
            EvalError::new(msg, span)
        })?;
        Ok(if p.down { self.store.neg(g) } else { g })
    }

    /// The options written on one side of a game literal; a list value contributes each of
    /// its elements (`{left_options(g) | 0}`).
    fn options_of(
        &mut self,
        exprs: &[Expr],
        scope: &Option<Rc<Scope>>,
    ) -> Result<Vec<GameId>, EvalError> {
        let values = self.option_values(exprs, scope)?;
        self.games_of(&values)
    }

    /// The values written on one side of a game literal, lists and sets spread out, each
    /// with the span of the option that gave it.
    fn option_values(
        &mut self,
        exprs: &[Expr],
        scope: &Option<Rc<Scope>>,
    ) -> Result<Vec<(Value, crate::syntax::Span)>, EvalError> {
        let mut out = Vec::with_capacity(exprs.len());
        for x in exprs {
            let v = self.eval(x, scope)?;
            match &v {
                Value::List(_) | Value::Set(_) => {
                    for item in self.elements_of(&v, x.span)?.iter() {
                        out.push((item.clone(), x.span));
                    }
                }
                _ => out.push((v, x.span)),
            }
        }
        Ok(out)
    }

    fn games_of(
        &mut self,
        values: &[(Value, crate::syntax::Span)],
    ) -> Result<Vec<GameId>, EvalError> {
        values.iter().map(|(v, s)| self.game_of(v, *s)).collect()
    }

    /// The elements of a comprehension from `clauses` on, appended to `out`: each clause
    /// binds its variable to each element of its list (kept when its condition holds) and
    /// runs the remaining clauses inside.
    fn comprehend(
        &mut self,
        body: &Expr,
        clauses: &[crate::syntax::ast::CompClause],
        scope: &Option<Rc<Scope>>,
        span: Span,
        out: &mut Vec<Value>,
    ) -> Result<(), EvalError> {
        let Some((clause, rest)) = clauses.split_first() else {
            out.push(self.eval(body, scope)?);
            return Ok(());
        };
        let items = self.eval(&clause.iter, scope)?;
        let items = self.elements_of(&items, clause.iter.span)?;
        for item in items.iter() {
            self.check_interrupt(span)?;
            let inner = Some(Rc::new(Scope {
                vars: vec![(clause.var.text.clone(), item.clone())],
                parent: scope.clone(),
            }));
            if let Some(c) = &clause.cond {
                let keep = self.eval(c, &inner)?;
                if !expect_bool(&keep, c.span)? {
                    continue;
                }
            }
            self.comprehend(body, rest, &inner, span, out)?;
        }
        Ok(())
    }

    /// Calls a function value with evaluated arguments.
    pub(crate) fn call(&mut self, f: &Value, args: Args) -> Result<Value, EvalError> {
        match f {
            Value::Builtin(b) => builtins::call(self, b, args),
            Value::Function(c) => self.call_closure(c, args),
            Value::Ruleset(r) => self.ruleset_position(r.clone(), &args),
            Value::Rules(r) => self.user_position(&r.clone(), &args),
            other => Err(EvalError::new(
                format!("{} is not a function", other.kind()),
                args.callee,
            )
            .with_label(format!("this is {}", other.kind()))),
        }
    }

    fn call_closure(&mut self, c: &Rc<Closure>, args: Args) -> Result<Value, EvalError> {
        if args.values.len() != c.params.len() {
            let name = c.name.as_deref().unwrap_or("this function");
            return Err(EvalError::new(
                format!(
                    "{name} takes {} argument{} but {} {} given",
                    c.params.len(),
                    if c.params.len() == 1 { "" } else { "s" },
                    args.values.len(),
                    if args.values.len() == 1 {
                        "was"
                    } else {
                        "were"
                    }
                ),
                args.call,
            )
            .with_help(format!(
                "parameters: ({})",
                c.params
                    .iter()
                    .map(|p| p.text.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let key = if c.memoize {
            args.values
                .iter()
                .map(Value::key)
                .collect::<Option<Vec<_>>>()
        } else {
            None
        };
        if let Some(k) = &key
            && let Some(v) = c.memo.borrow().get(k)
        {
            return Ok(v.clone());
        }
        self.check_interrupt(args.call)?;
        if self.depth >= self.max_depth {
            return Err(EvalError::new(
                format!(
                    "recursion too deep (more than {} nested calls)",
                    self.max_depth
                ),
                args.call,
            )
            .with_help("check the base case of the recursion, or compute bottom-up"));
        }
        let vars = c
            .params
            .iter()
            .map(|p| p.text.clone())
            .zip(args.values)
            .collect();
        let scope = Some(Rc::new(Scope {
            vars,
            parent: c.scope.clone(),
        }));
        self.depth += 1;
        let result = self.eval(&c.body, &scope);
        self.depth -= 1;
        let v = result?;
        if let Some(k) = key {
            c.memo.borrow_mut().insert(k, v.clone());
        }
        Ok(v)
    }
}

/// `xs[i]`: an element of a list or a character of a string; negative indices count from
/// the end.
fn index_value(t: &Value, k: &Value, tspan: Span, kspan: Span) -> Result<Value, EvalError> {
    let i = super::convert::expect_integer(k, kspan)?;
    let len = match t {
        Value::List(items) => items.len(),
        Value::Str(s) => s.chars().count(),
        other => {
            return Err(
                EvalError::new(format!("cannot index {}", other.kind()), tspan)
                    .with_help("indexing `xs[i]` works on lists, strings and maps"),
            );
        }
    };
    let at = i
        .to_i64()
        .and_then(|i| {
            if i < 0 {
                (len as i64).checked_add(i)
            } else {
                Some(i)
            }
        })
        .filter(|&i| i >= 0 && (i as usize) < len)
        .ok_or_else(|| {
            let (what, items) = if matches!(t, Value::Str(_)) {
                ("string", "characters")
            } else {
                ("list", "elements")
            };
            let help = match len {
                0 => format!("the {what} is empty: it has no index at all"),
                1 => format!(
                    "the {what} has 1 {}: index 0 (or -1)",
                    &items[..items.len() - 1]
                ),
                _ => format!(
                    "the {what} has {len} {items}: indices 0 to {} (or -1 down to -{len})",
                    len - 1
                ),
            };
            EvalError::new(format!("index {i} is out of range"), kspan).with_help(help)
        })? as usize;
    Ok(match t {
        Value::List(items) => items[at].clone(),
        Value::Str(s) => Value::Str(s.chars().nth(at).expect("in range").to_string().into()),
        _ => unreachable!("checked above"),
    })
}
