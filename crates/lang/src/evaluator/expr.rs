//! Evaluating expressions (mirrors `syntax::ast::ExprKind`).

use super::interp::Interpreter;
use crate::builtins;
use crate::game::GameId;
use crate::syntax::ast::{LiteralNote, UpPower};
use crate::syntax::{BinaryOp, Expr, ExprKind, Span};
use crate::values::algebra::ValueAlgebra as _;
use crate::values::args::Args;
use crate::values::convert::dyadic;
use crate::values::convert::expect_bool;
use crate::values::convert::expect_u64;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::number::Num;
use crate::values::transfinite::Transfinites;
use crate::values::value::Callable;
use crate::values::value::Closure;
use crate::values::value::Scope;
use crate::values::value::Value;
use num_traits::ToPrimitive;
use std::rc::Rc;

impl Interpreter {
    /// The value a name stands for: the variable's value, except that a built-in without
    /// arguments is a named value (`on`, `over`) and runs when named.
    pub(crate) fn named_value(&mut self, v: Value, span: Span) -> Result<Value, EvalError> {
        match v {
            Value::Function(Callable::Builtin(b)) if b.is_constant() => {
                let args = Args {
                    values: Vec::new(),
                    spans: Vec::new(),
                    call: span,
                    callee: span,
                };
                b.run(self, &args)
            }
            v => Ok(v),
        }
    }

    /// The value of `e` in the local `scope` (None at top level).
    pub fn eval(&mut self, e: &Expr, scope: &Option<Rc<Scope>>) -> Result<Value, EvalError> {
        // Leaves first: they do not recurse, so they skip the check of the stack below (the
        // most frequent nodes of a program, and the cheapest).
        match &e.kind {
            ExprKind::Number(n) => return Ok(Value::Number(literal_number(n))),
            ExprKind::Str(s) => return Ok(Value::Str(s.clone())),
            ExprKind::Bool(b) => return Ok(Value::Bool(*b)),
            ExprKind::Ident(name) => {
                // A local variable; a built-in value held in one (a constant such as `on`
                // runs) takes the general path.
                if let Some(v) = Scope::get(scope, name)
                    && !matches!(v, Value::Function(Callable::Builtin(_)))
                {
                    return Ok(v.clone());
                }
            }
            ExprKind::Binary { op, lhs, rhs } => {
                if let Some(v) = small_int_binary(*op, lhs, rhs, scope) {
                    return Ok(v);
                }
                if let Some(b) = local_bool(e, scope, 0) {
                    return Ok(Value::Bool(b));
                }
            }
            ExprKind::Index { .. } => {
                if let Some(v) = local_ref(e, scope) {
                    return Ok(v.clone());
                }
            }
            _ => {}
        }
        if self.stack_exhausted() {
            // A recursion within the call limit, but through deeply nested expressions.
            return Err(self.stack_error(e.span));
        }
        match &e.kind {
            ExprKind::Number(n) => Ok(Value::Number(literal_number(n))),
            ExprKind::NusLiteral {
                number,
                ups,
                nim,
                power,
                note,
            } => {
                match note {
                    LiteralNote::None => {}
                    LiteralNote::Power => self.note_once(
                        "power",
                        "note: `2^3` is 2 + ↑3 in CGSuite's notation (an integer plus ups), not a \
                         power; for 2 to the 3rd write pow(2, 3)",
                    ),
                    LiteralNote::StarProduct => self.note_once(
                        "power",
                        "note: `2**3` is 2 × *3 (that is *3 + *3 = 0), not a power; for 2 to \
                         the 3rd write pow(2, 3)",
                    ),
                }
                let x = dyadic(number, e.span)?;
                let ups = ups
                    .to_i64()
                    .ok_or_else(|| EvalError::new("too many ups: at most 2^63 - 1", e.span))?;
                let nim = nim
                    .to_u64()
                    .ok_or_else(|| EvalError::new("nimber too large: *n needs n < 2^64", e.span))?;
                let mut g = self.math.store.nus(x, ups, nim);
                if let Some(p) = power.as_ref().filter(|p| p.on) {
                    return Ok(self.upon_literal(g, p));
                }
                if let Some(p) = power {
                    let up_nth = self.up_power(p, e.span)?;
                    g = self.math.store.add(g, up_nth);
                }
                Ok(Value::short(g))
            }
            ExprKind::StarOf(inner) => {
                let v = self.eval(inner, scope)?;
                if let Value::Game(GameValue::Transfinite(t)) = &v {
                    return self.transfinite_nimber(t, inner.span);
                }
                let n = expect_u64(&v, inner.span, "the size of a nimber")?;
                Ok(Value::short(self.math.store.nimber(n)))
            }
            ExprKind::MisereNotation(body) => self.misere_notation(body, e.span),
            ExprKind::MisereList(inner) => {
                let v = self.eval(inner, scope)?;
                self.misere_literal(&v, inner.span)
            }
            ExprKind::Explicit(inner) => {
                crate::values::explicit::explicit_literal(self, inner, scope)
            }
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Str(s) => Ok(Value::Str(s.clone())),
            ExprKind::Ident(name) => {
                let v = self.lookup(name, scope, e.span)?;
                self.named_value(v, e.span)
            }
            ExprKind::Game { left, right, .. } => {
                if super::loopy::literal_is_loopy(e) {
                    return self.loopy_literal(e, scope);
                }
                let l = self.option_values(left, scope)?;
                let r = self.option_values(right, scope)?;
                if l.iter()
                    .chain(&r)
                    .any(|(v, _)| matches!(v, Value::Game(GameValue::Loopy(_))))
                {
                    let (l, r): (Vec<Value>, Vec<Value>) = (
                        l.into_iter().map(|x| x.0).collect(),
                        r.into_iter().map(|x| x.0).collect(),
                    );
                    return self.literal_with_loopy_options(&l, &r, e.span);
                }
                let l = self.games_of(&l)?;
                let r = self.games_of(&r)?;
                Ok(Value::short(self.math.store.canonical(&l, &r)))
            }
            ExprKind::Pass => Err(EvalError::new(
                "`pass` is an option of a game literal that moves to the literal itself",
                e.span,
            )
            .with_help("use it inside braces: {0 | pass} is over")),
            ExprKind::List(items) => {
                let mut vs = Vec::with_capacity(items.len());
                for x in items {
                    vs.push(self.eval(x, scope)?);
                }
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
                    vars: vec![(Rc::from(name.text.as_str()), v)],
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
                // The common case: a list at a non-negative index in range.
                if let (Value::List(items), Value::Number(Num::Small(i))) = (&t, &k)
                    && let Some(x) = usize::try_from(*i).ok().and_then(|i| items.get(i))
                {
                    return Ok(x.clone());
                }
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
                let recv = self.eval(receiver, scope).map_err(|err| {
                    // `game.heap.Kayles(5)`: CGSuite's path of a built-in.
                    match super::cgsuite_names::path_hint(receiver, name, args.as_deref()) {
                        Some((message, help)) => {
                            EvalError::new(message, receiver.span.to(name.span)).with_help(help)
                        }
                        None => err,
                    }
                })?;
                if let (Value::Object(o), None) = (&recv, args)
                    && let Some(v) = o.field(&name.text)
                {
                    return Ok(v);
                }
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
                        help: super::cgsuite_names::package_hint(receiver, name).or(err.help),
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
                let c = match local_bool(cond, scope, 0) {
                    Some(c) => c,
                    None => expect_bool(&self.eval(cond, scope)?, cond.span)?,
                };
                if c {
                    self.eval(then, scope)
                } else {
                    self.eval(otherwise, scope)
                }
            }
            ExprKind::Lambda { params, body } => Ok(Value::Function(Callable::Closure(Rc::new(
                Closure::new(None, params, body.clone(), scope.clone(), false),
            )))),
        }
    }

    /// A binary operation and the ones down its left operand: `1 + 2 - 3 + …` is a tree as
    /// deep as it is long, so it is evaluated in a loop from the innermost left operand
    /// outwards (left to right, as the recursion would), not by recursion.
    fn eval_chain(&mut self, e: &Expr, scope: &Option<Rc<Scope>>) -> Result<Value, EvalError> {
        // Most chains are short: their spine is kept on the stack, not in a Vec.
        let mut short: [Option<&Expr>; 8] = [None; 8];
        let mut long = Vec::new();
        let mut depth = 0;
        let mut first = e;
        while let ExprKind::Binary { lhs, .. } = &first.kind {
            match short.get_mut(depth) {
                Some(slot) => *slot = Some(first),
                None => long.push(first),
            }
            depth += 1;
            first = lhs;
        }
        let mut acc = self.eval(first, scope)?;
        let nodes = long
            .into_iter()
            .rev()
            .chain(short.into_iter().rev().flatten());
        for node in nodes {
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
                match small_binary(*op, &acc, &b) {
                    Some(v) => v,
                    None => self.binary(*op, acc, b, (lhs.span, rhs.span), node.span)?,
                }
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
        let up = self.math.store.nus(crate::game::Dyadic::zero(), 1, 0);
        let r = if p.to {
            self.math.store.pow_to(up, n)
        } else {
            self.math.store.pow(up, n)
        };
        let g = r.map_err(|err| {
            let msg = err.message(&mut self.math.store, self.notation);
            EvalError::new(msg, span)
        })?;
        Ok(if p.down { self.math.store.neg(g) } else { g })
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
        let name: Rc<str> = Rc::from(clause.var.text.as_str());
        let mut inner: Option<Rc<Scope>> = None;
        // `for a in lo..hi` over small integers runs through them without building the
        // list; any other range (too long, big bounds, not integers) is made by `..` as
        // usual, with its errors.
        let items = match &clause.iter.kind {
            ExprKind::Binary {
                op: BinaryOp::Range,
                lhs,
                rhs,
            } => {
                let lo = self.eval(lhs, scope)?;
                let hi = self.eval(rhs, scope)?;
                if let Some((a, b)) = super::ops::small_range(&lo, &hi) {
                    if clause.cond.is_none() && rest.is_empty() && b >= a {
                        // One element per integer: the list's length is known.
                        super::ops::range_fits((b - a + 1) as usize, span)?;
                        out.reserve((b - a + 1) as usize);
                    }
                    for k in a..=b {
                        let item = Value::Number(Num::Small(k));
                        self.comprehend_item(
                            clause, rest, body, item, &name, &mut inner, scope, span, out,
                        )?;
                    }
                    return Ok(());
                }
                let spans = (lhs.span, rhs.span);
                self.binary(BinaryOp::Range, lo, hi, spans, clause.iter.span)?
            }
            _ => self.eval(&clause.iter, scope)?,
        };
        let items = self.elements_of(&items, clause.iter.span)?;
        for item in items.iter() {
            self.comprehend_item(
                clause,
                rest,
                body,
                item.clone(),
                &name,
                &mut inner,
                scope,
                span,
                out,
            )?;
        }
        Ok(())
    }

    /// One element of a comprehension's clause: binds it in the clause's frame, tests the
    /// clause's condition and runs the remaining clauses.
    #[allow(clippy::too_many_arguments)]
    fn comprehend_item(
        &mut self,
        clause: &crate::syntax::ast::CompClause,
        rest: &[crate::syntax::ast::CompClause],
        body: &Expr,
        item: Value,
        name: &Rc<str>,
        inner: &mut Option<Rc<Scope>>,
        scope: &Option<Rc<Scope>>,
        span: Span,
        out: &mut Vec<Value>,
    ) -> Result<(), EvalError> {
        self.check_interrupt(span)?;
        // The frame of the previous element is reused when nothing kept it (a lambda made
        // in the body keeps it, and then a new frame is made).
        match inner.as_mut().and_then(Rc::get_mut) {
            Some(frame) => frame.vars[0].1 = item,
            None => {
                *inner = Some(Rc::new(Scope {
                    vars: vec![(name.clone(), item)],
                    parent: scope.clone(),
                }))
            }
        }
        if let Some(c) = &clause.cond {
            let keep = match local_bool(c, inner, 0) {
                Some(keep) => keep,
                None => expect_bool(&self.eval(c, inner)?, c.span)?,
            };
            if !keep {
                return Ok(());
            }
        }
        self.comprehend(body, rest, inner, span, out)
    }

    /// Calls a function value with evaluated arguments.
    pub(crate) fn call(&mut self, f: &Value, args: Args) -> Result<Value, EvalError> {
        match f {
            Value::Function(f) => self.call_callable(f, args),
            v if let Some(r) = v.as_ruleset() => r.clone().position(self, &args),
            other => Err(EvalError::new(
                format!("{} is not a function", other.kind()),
                args.callee,
            )
            .with_label(format!("this is {}", other.kind()))),
        }
    }

    /// Calls a function value, a built-in or a user function alike (each checks the
    /// number of arguments by its [`crate::values::callable::Arity`]).
    pub(crate) fn call_callable(&mut self, f: &Callable, args: Args) -> Result<Value, EvalError> {
        match f {
            Callable::Builtin(b) => builtins::call(self, b.get(), args),
            Callable::Closure(c) => {
                let base = self.locals.len();
                self.locals.extend(args.values);
                self.call_frame(c, base, args.call)
            }
        }
    }

    /// Calls a user function on the arguments at the top of the stack of locals, from
    /// `base` on (compiled code puts them there as it computes them); they are gone when
    /// it returns, whatever the outcome.
    pub(crate) fn call_frame(
        &mut self,
        c: &Rc<Closure>,
        base: usize,
        call: Span,
    ) -> Result<Value, EvalError> {
        let result = self.call_frame_inner(c, base, call);
        self.locals.truncate(base);
        result
    }

    fn call_frame_inner(
        &mut self,
        c: &Rc<Closure>,
        base: usize,
        call: Span,
    ) -> Result<Value, EvalError> {
        let given = self.locals.len() - base;
        if given != c.params.len() {
            return Err(Callable::Closure(c.clone()).arity_error(given, call));
        }
        let hash = if c.memoize {
            crate::values::value::Memo::hash_args(&self.locals[base..])
        } else {
            None
        };
        if let Some(h) = hash
            && let Some(v) = c.memo.borrow().get(h, &self.locals[base..])
        {
            return Ok(v.clone());
        }
        self.check_interrupt(call)?;
        if self.depth >= self.max_depth {
            return Err(EvalError::new(
                format!(
                    "recursion too deep (more than {} nested calls)",
                    self.max_depth
                ),
                call,
            )
            .with_help("check the base case of the recursion, or compute bottom-up"));
        }
        // The body runs compiled (see `super::compiled`), in a frame of the stack of
        // locals holding the arguments and then the body's own variables.
        let code = self.compiled(c);
        self.locals.resize(base + code.slots, Value::Unit);
        let start = self.steps.get();
        self.depth += 1;
        let result = self.run_code(&code, base, &c.scope);
        self.depth -= 1;
        let v = result?;
        if let Some(h) = hash {
            let mut memo = c.memo.borrow_mut();
            if memo.worth_keeping(self.steps.get().wrapping_sub(start)) {
                // The parameters' slots still hold the arguments: the body never assigns
                // them.
                let args = &self.locals[base..base + c.params.len()];
                memo.insert(h, args, v.clone());
            }
        }
        Ok(v)
    }
}

/// `xs[i]`: an element of a list or a character of a string; negative indices count from
/// the end. `xs[i..j]` (any list of indices): the list of those elements, or the string of
/// those characters (ranges include both ends: `"abcdef"[1..3]` is `"bcd"`).
pub(super) fn index_value(
    t: &Value,
    k: &Value,
    tspan: Span,
    kspan: Span,
) -> Result<Value, EvalError> {
    let Value::List(indices) = k else {
        return index_one(t, k, tspan, kspan);
    };
    if let Value::Str(_) = t {
        let mut out = String::new();
        for k in indices.iter() {
            if let Value::Str(c) = index_one(t, k, tspan, kspan)? {
                out.push_str(&c);
            }
        }
        return Ok(Value::Str(out.into()));
    }
    let items = indices
        .iter()
        .map(|k| index_one(t, k, tspan, kspan))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Value::list(items))
}

/// `xs[i]` for one integer index.
fn index_one(t: &Value, k: &Value, tspan: Span, kspan: Span) -> Result<Value, EvalError> {
    let i = crate::values::convert::expect_integer(k, kspan)?;
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
    // `at` is in range of the list or string, checked above: `get` and `nth` find it.
    let found = match t {
        Value::List(items) => items.get(at).cloned(),
        Value::Str(s) => s.chars().nth(at).map(|c| Value::Str(c.to_string().into())),
        _ => None,
    };
    found.ok_or_else(|| EvalError::new(format!("index {i} is out of range"), kspan))
}

/// The value of a local variable, or of an element of a list held in one at a small-integer
/// index in range (`s[i + 1]`), by reference; `None` for anything else (the general
/// evaluator then computes it, with the same value or error).
fn local_ref<'a>(e: &'a Expr, scope: &'a Option<Rc<Scope>>) -> Option<&'a Value> {
    match &e.kind {
        ExprKind::Ident(name) => match Scope::get(scope, name)? {
            Value::Function(Callable::Builtin(_)) => None,
            v => Some(v),
        },
        ExprKind::Index { target, index } => {
            let ExprKind::Ident(name) = &target.kind else {
                return None;
            };
            let Value::List(items) = Scope::get(scope, name)? else {
                return None;
            };
            let i = usize::try_from(small_int(index, scope, 0)?).ok()?;
            items.get(i)
        }
        _ => None,
    }
}

/// A string literal, or a string read by [`local_ref`].
fn local_str<'a>(e: &'a Expr, scope: &'a Option<Rc<Scope>>) -> Option<&'a Rc<str>> {
    match &e.kind {
        ExprKind::Str(s) => Some(s),
        _ => match local_ref(e, scope)? {
            Value::Str(s) => Some(s),
            _ => None,
        },
    }
}

/// The value of a condition made of boolean literals and variables, `not`, `and`, `or`,
/// and comparisons of small-integer expressions ([`small_int`]) or of strings
/// ([`local_str`]), short-circuiting as the evaluator does; `None` for anything else (the
/// evaluator then computes it, with the same value or error: nothing here has an effect).
fn local_bool(e: &Expr, scope: &Option<Rc<Scope>>, depth: usize) -> Option<bool> {
    use BinaryOp::*;
    match &e.kind {
        ExprKind::Bool(b) => Some(*b),
        ExprKind::Ident(_) => match local_ref(e, scope)? {
            Value::Bool(b) => Some(*b),
            _ => None,
        },
        ExprKind::Unary {
            op: crate::syntax::UnaryOp::Not,
            operand,
        } if depth < SMALL_INT_DEPTH => Some(!local_bool(operand, scope, depth + 1)?),
        ExprKind::Binary { op, lhs, rhs } if depth < SMALL_INT_DEPTH => match op {
            And => match local_bool(lhs, scope, depth + 1)? {
                true => local_bool(rhs, scope, depth + 1),
                false => Some(false),
            },
            Or => match local_bool(lhs, scope, depth + 1)? {
                true => Some(true),
                false => local_bool(rhs, scope, depth + 1),
            },
            Eq | Ne => {
                let eq = match (local_str(lhs, scope), local_str(rhs, scope)) {
                    (Some(x), Some(y)) => Rc::ptr_eq(x, y) || x == y,
                    _ => small_int(lhs, scope, depth + 1)? == small_int(rhs, scope, depth + 1)?,
                };
                Some(eq == (*op == Eq))
            }
            Lt | Le | Gt | Ge => {
                let x = small_int(lhs, scope, depth + 1)?;
                let y = small_int(rhs, scope, depth + 1)?;
                Some(match op {
                    Lt => x < y,
                    Le => x <= y,
                    Gt => x > y,
                    _ => x >= y,
                })
            }
            _ => None,
        },
        _ => None,
    }
}

/// How deep [`small_int`] follows an expression before leaving it to the evaluator (a
/// chain `1 + 2 + … + n` can be as long as the source).
const SMALL_INT_DEPTH: usize = 16;

/// The value of `lhs op rhs` when both sides are small-integer expressions (see
/// [`small_int`]) and `op` is arithmetic or a comparison: computed on machine integers, with
/// the result the general evaluator would give. `None` leaves the expression to it (other
/// operands, an overflow); nothing has been evaluated that it would not evaluate again,
/// and reading variables and literals has no effect.
fn small_int_binary(
    op: BinaryOp,
    lhs: &Expr,
    rhs: &Expr,
    scope: &Option<Rc<Scope>>,
) -> Option<Value> {
    use BinaryOp::*;
    if !matches!(op, Add | Sub | Mul | Eq | Ne | Lt | Le | Gt | Ge) {
        return None;
    }
    let x = small_int(lhs, scope, 0)?;
    let y = small_int(rhs, scope, 0)?;
    small_int_op(op, x, y)
}

/// `x op y` on machine integers for arithmetic and comparisons; `None` for another
/// operator or an overflow.
pub(super) fn small_int_op(op: BinaryOp, x: i64, y: i64) -> Option<Value> {
    use BinaryOp::*;
    Some(match op {
        Add => Value::Number(Num::Small(x.checked_add(y)?)),
        Sub => Value::Number(Num::Small(x.checked_sub(y)?)),
        Mul => Value::Number(Num::Small(x.checked_mul(y)?)),
        Eq => Value::Bool(x == y),
        Ne => Value::Bool(x != y),
        Lt => Value::Bool(x < y),
        Le => Value::Bool(x <= y),
        Gt => Value::Bool(x > y),
        Ge => Value::Bool(x >= y),
        _ => return None,
    })
}

/// The value of an expression made of integer literals, local variables holding small
/// integers, `+`, `-` and `*`, as a machine integer; `None` for anything else, an overflow,
/// or an expression nested deeper than [`SMALL_INT_DEPTH`].
fn small_int(e: &Expr, scope: &Option<Rc<Scope>>, depth: usize) -> Option<i64> {
    match &e.kind {
        ExprKind::Number(n) if n.is_integer() => n.numer().to_i64(),
        ExprKind::Ident(name) => match Scope::get(scope, name)? {
            Value::Number(Num::Small(k)) => Some(*k),
            _ => None,
        },
        ExprKind::Binary { op, lhs, rhs } if depth < SMALL_INT_DEPTH => {
            let x = small_int(lhs, scope, depth + 1)?;
            let y = small_int(rhs, scope, depth + 1)?;
            match op {
                BinaryOp::Add => x.checked_add(y),
                BinaryOp::Sub => x.checked_sub(y),
                BinaryOp::Mul => x.checked_mul(y),
                _ => None,
            }
        }
        _ => None,
    }
}

/// `a op b` for the commonest operands, small integers and strings, without the general
/// dispatch of [`Interpreter::binary`]: `None` when the general one is needed (other
/// operands, an overflow).
pub(super) fn small_binary(op: BinaryOp, a: &Value, b: &Value) -> Option<Value> {
    use BinaryOp::*;
    match (a, b) {
        (Value::Number(Num::Small(x)), Value::Number(Num::Small(y))) => small_int_op(op, *x, *y),
        (Value::Str(x), Value::Str(y)) => match op {
            Eq => Some(Value::Bool(Rc::ptr_eq(x, y) || x == y)),
            Ne => Some(Value::Bool(!(Rc::ptr_eq(x, y) || x == y))),
            _ => None,
        },
        _ => None,
    }
}

/// A number literal as a value: small integers without an allocation.
pub(super) fn literal_number(n: &num_rational::BigRational) -> crate::values::number::Num {
    if n.is_integer()
        && let Some(k) = n.numer().to_i64()
    {
        return crate::values::number::Num::Small(k);
    }
    crate::values::number::Num::from_rational(n.clone())
}
