//! Function bodies compiled once, run many times.
//!
//! A user function (`def`, `fn` or a lambda) is called once per position by the rules of a
//! game written in cgt, hundreds of thousands of times in a search. Walking its syntax tree
//! on each call looks every variable up by name through a chain of scopes, allocates a
//! scope per parameter list, `let` and comprehension, and converts each number literal
//! again. So the body is compiled on its first call into a tree of [`Node`]s, kept for the
//! session (by the body it came from, which every closure made from the same source
//! shares): the variables it binds itself (parameters, `let`, comprehension variables) are
//! slots of one frame on the interpreter's stack of locals, and literals are values.
//!
//! The compiled form means exactly what the syntax tree means: the same values, the same
//! errors at the same spans, the same checks for Ctrl-C and for a stack about to run out.
//! A name the body does not bind (a global, a built-in, or a variable of the scope a lambda
//! was made in) is looked up when it is read, as before, since what it names can change
//! between calls. Rare expressions (game literals, sets, maps, methods, lambdas) are left
//! to the tree-walking evaluator: their node holds the expression and the names of the
//! slots in scope there, from which the evaluator's scope is rebuilt when it runs.

use super::expr::{index_value, literal_number, small_binary};
use super::interp::Interpreter;
use crate::syntax::ast::CompClause;
use crate::syntax::{BinaryOp, Expr, ExprKind, Name, Span, UnaryOp};
use crate::values::algebra::ValueAlgebra as _;
use crate::values::args::Args;
use crate::values::convert::expect_bool;
use crate::values::error::EvalError;
use crate::values::number::Num;
use crate::values::value::Callable;
use crate::values::value::Scope;
use crate::values::value::Value;
use std::rc::Rc;

#[path = "compiled_loops.rs"]
mod loops;

/// A compiled function body: its tree and how many slots its frame has (the parameters
/// first, in order).
#[derive(Debug)]
pub(crate) struct Code {
    pub slots: usize,
    body: Node,
}

/// The local names in scope at a point of the body, as the evaluator's scopes would hold
/// them: the innermost binding first (a scope is searched from its innermost frame out),
/// each with its slot.
type Visible = Rc<[(Rc<str>, usize)]>;

#[derive(Debug)]
enum Node {
    /// A literal.
    Const(Value),
    /// A variable the body binds.
    Local {
        slot: usize,
        span: Span,
    },
    /// A name the body does not bind, looked up when read.
    Free {
        name: Rc<str>,
        span: Span,
        /// For the suggestions of an error when nothing has the name.
        visible: Visible,
        /// Where the name was found last time, in a function made at top level.
        found: std::cell::Cell<Found>,
    },
    List {
        items: Vec<Node>,
        span: Span,
    },
    Let {
        slot: usize,
        value: Box<Node>,
        body: Box<Node>,
        span: Span,
    },
    Comprehension {
        body: Box<Node>,
        clauses: Vec<Clause>,
        span: Span,
    },
    Unary {
        op: UnaryOp,
        operand: Box<Node>,
        span: Span,
        operand_span: Span,
    },
    /// `first op₁ rhs₁ op₂ rhs₂ …`: a binary operator and those down its left operand,
    /// evaluated left to right in a loop (a chain is as deep as it is long).
    Chain {
        first: Box<Node>,
        links: Vec<Link>,
    },
    Call {
        callee: Box<Node>,
        args: Vec<Node>,
        spans: Vec<Span>,
        call: Span,
        callee_span: Span,
        /// The arguments of the last call of a built-in made here, emptied, for the next
        /// one to fill: `len(s)` in a range, once per position a ruleset visits, then
        /// allocates nothing (a call made while one from here runs makes its own).
        spare: Spare,
    },
    Index {
        target: Box<Node>,
        index: Box<Node>,
        target_span: Span,
        index_span: Span,
        span: Span,
    },
    If {
        cond: Box<Node>,
        cond_span: Span,
        then: Box<Node>,
        otherwise: Box<Node>,
        span: Span,
    },
    /// An expression left to the tree-walking evaluator.
    Other {
        expr: Box<Expr>,
        visible: Visible,
    },
    /// An expression with a [`Program`] that computes it on the fast path when its
    /// operands are small integers, booleans and strings (the node does otherwise).
    Fast {
        program: Program,
        node: Box<Node>,
    },
}

/// Where a [`Node::Free`] name was found when last read, so that reading it again (`len`
/// or the name of a helper, once per position a ruleset visits) skips the hash look-ups. A
/// session's bindings are only ever added or rebound in place, never removed (`:reset`
/// starts a new session, with new compiled code), so the entry at a binding's index stays
/// its own while its name is there, and a name that was no binding stays none while no
/// binding is added.
#[derive(Clone, Copy, Debug, Default)]
enum Found {
    #[default]
    Unknown,
    /// A session binding, at this index.
    Global(usize),
    /// A built-in, while the session has this many bindings.
    Builtin(crate::values::value::BuiltinId, usize),
}

/// The arguments kept by a [`Node::Call`] for its next call of a built-in.
#[derive(Default)]
struct Spare(std::cell::RefCell<Option<Box<Args>>>);

impl std::fmt::Debug for Spare {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Spare")
    }
}

/// One operator of a [`Node::Chain`] with its right operand.
#[derive(Debug)]
struct Link {
    op: BinaryOp,
    rhs: Node,
    /// The spans of the operator's operands and of the whole operation, as written.
    lhs_span: Span,
    rhs_span: Span,
    span: Span,
}

/// `for var in iter if cond`.
#[derive(Debug)]
struct Clause {
    slot: usize,
    iter: Iter,
    iter_span: Span,
    cond: Option<(Node, Span)>,
    /// For the last clause over a range: its loop's kernels (see [`loops`]).
    kernel: loops::Kernel,
}

#[derive(Debug)]
enum Iter {
    /// `lo..hi`: over small integers without building the list.
    Range {
        lo: Node,
        hi: Node,
        lo_span: Span,
        hi_span: Span,
    },
    Value(Node),
}

/// The compiler's view of the scopes: groups of names bound together (the parameters, a
/// `let`, a clause), the innermost last.
struct Compiler {
    groups: Vec<Vec<(Rc<str>, usize)>>,
    slots: usize,
}

impl Compiler {
    fn bind(&mut self, names: &[Name]) -> usize {
        let first = self.slots;
        let group = names
            .iter()
            .map(|n| {
                self.slots += 1;
                (Rc::from(n.text.as_str()), self.slots - 1)
            })
            .collect();
        self.groups.push(group);
        first
    }

    fn resolve(&self, name: &str) -> Option<usize> {
        self.groups
            .iter()
            .rev()
            .find_map(|g| g.iter().find(|(n, _)| &**n == name).map(|(_, s)| *s))
    }

    /// The names in scope, innermost group first, as [`Scope::names`] lists a chain.
    fn visible(&self) -> Visible {
        self.groups.iter().rev().flatten().cloned().collect()
    }

    fn other(&self, e: &Expr) -> Node {
        Node::Other {
            expr: Box::new(e.clone()),
            visible: self.visible(),
        }
    }

    fn compile(&mut self, e: &Expr) -> Node {
        let node = self.compile_node(e);
        match &node {
            Node::Chain { .. } | Node::Index { .. } | Node::Unary { .. } | Node::If { .. } => {
                match Program::of(&node) {
                    Some(program) => Node::Fast {
                        program,
                        node: Box::new(node),
                    },
                    None => node,
                }
            }
            _ => node,
        }
    }

    fn compile_node(&mut self, e: &Expr) -> Node {
        match &e.kind {
            ExprKind::Number(n) => Node::Const(Value::Number(literal_number(n))),
            ExprKind::Str(s) => Node::Const(Value::Str(s.clone())),
            ExprKind::Bool(b) => Node::Const(Value::Bool(*b)),
            ExprKind::Ident(name) => match self.resolve(name) {
                Some(slot) => Node::Local { slot, span: e.span },
                None => Node::Free {
                    name: Rc::from(name.as_str()),
                    span: e.span,
                    visible: self.visible(),
                    found: Default::default(),
                },
            },
            ExprKind::List(items) => Node::List {
                items: items.iter().map(|x| self.compile(x)).collect(),
                span: e.span,
            },
            ExprKind::Let { name, value, body } => {
                let value = Box::new(self.compile(value));
                let slot = self.bind(std::slice::from_ref(name));
                let body = Box::new(self.compile(body));
                self.groups.pop();
                Node::Let {
                    slot,
                    value,
                    body,
                    span: e.span,
                }
            }
            ExprKind::Comprehension { body, clauses } => {
                let depth = self.groups.len();
                let mut clauses: Vec<Clause> = clauses.iter().map(|c| self.clause(c)).collect();
                let body = Box::new(self.compile(body));
                self.groups.truncate(depth);
                if let Some(last) = clauses.last_mut()
                    && let Iter::Range { .. } = last.iter
                {
                    let program = |n: &Node| match n {
                        Node::Fast { program, .. } => Some(program.clone()),
                        _ => None,
                    };
                    let cond = last.cond.as_ref().and_then(|(c, _)| program(c));
                    last.kernel =
                        loops::Kernel::of(last.slot, cond.as_ref(), program(&body).as_ref());
                }
                Node::Comprehension {
                    body,
                    clauses,
                    span: e.span,
                }
            }
            ExprKind::Unary { op, operand } => Node::Unary {
                op: *op,
                operand: Box::new(self.compile(operand)),
                span: e.span,
                operand_span: operand.span,
            },
            ExprKind::Binary { .. } => {
                // The spine down the left operands, without recursion (see `Node::Chain`).
                // Each binary node with its operator and operands.
                let mut spine = Vec::new();
                let mut first = e;
                while let ExprKind::Binary { op, lhs, rhs } = &first.kind {
                    spine.push((first, op, lhs, rhs));
                    first = lhs;
                }
                let first = Box::new(self.compile(first));
                let links = spine
                    .into_iter()
                    .rev()
                    .map(|(node, op, lhs, rhs)| Link {
                        op: *op,
                        rhs: self.compile(rhs),
                        lhs_span: lhs.span,
                        rhs_span: rhs.span,
                        span: node.span,
                    })
                    .collect();
                Node::Chain { first, links }
            }
            ExprKind::Call { callee, args } => {
                // `explain({…})` explains the literal as written: the evaluator knows how.
                if let (ExprKind::Ident(name), [arg]) = (&callee.kind, &args[..])
                    && name == "explain"
                    && matches!(arg.kind, ExprKind::Game { .. })
                {
                    return self.other(e);
                }
                Node::Call {
                    callee: Box::new(self.compile(callee)),
                    args: args.iter().map(|a| self.compile(a)).collect(),
                    spans: args.iter().map(|a| a.span).collect(),
                    call: e.span,
                    callee_span: callee.span,
                    spare: Default::default(),
                }
            }
            ExprKind::Index { target, index } => Node::Index {
                target: Box::new(self.compile(target)),
                index: Box::new(self.compile(index)),
                target_span: target.span,
                index_span: index.span,
                span: e.span,
            },
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => Node::If {
                cond: Box::new(self.compile(cond)),
                cond_span: cond.span,
                then: Box::new(self.compile(then)),
                otherwise: Box::new(self.compile(otherwise)),
                span: e.span,
            },
            ExprKind::NusLiteral { .. }
            | ExprKind::StarOf(_)
            | ExprKind::MisereList(_)
            | ExprKind::MisereNotation(_)
            | ExprKind::Explicit(_)
            | ExprKind::Game { .. }
            | ExprKind::Pass
            | ExprKind::Set(_)
            | ExprKind::Map(_)
            | ExprKind::Method { .. }
            | ExprKind::Lambda { .. } => self.other(e),
        }
    }

    /// A clause; its variable stays bound for the clauses and the body after it.
    fn clause(&mut self, c: &CompClause) -> Clause {
        let iter = match &c.iter.kind {
            ExprKind::Binary {
                op: BinaryOp::Range,
                lhs,
                rhs,
            } => Iter::Range {
                lo: self.compile(lhs),
                hi: self.compile(rhs),
                lo_span: lhs.span,
                hi_span: rhs.span,
            },
            _ => Iter::Value(self.compile(&c.iter)),
        };
        let slot = self.bind(std::slice::from_ref(&c.var));
        let cond = c.cond.as_ref().map(|x| (self.compile(x), x.span));
        Clause {
            slot,
            iter,
            iter_span: c.iter.span,
            cond,
            kernel: Default::default(),
        }
    }
}

/// Compiles the body of a function of `params`.
pub(crate) fn compile(params: &[Name], body: &Expr) -> Code {
    let mut c = Compiler {
        groups: Vec::new(),
        slots: 0,
    };
    c.bind(params);
    let body = c.compile(body);
    Code {
        slots: c.slots,
        body,
    }
}

impl Interpreter {
    /// Runs compiled code in the frame of locals starting at `base`; `env` is the scope the
    /// function was made in.
    pub(crate) fn run_code(
        &mut self,
        code: &Code,
        base: usize,
        env: &Option<Rc<Scope>>,
    ) -> Result<Value, EvalError> {
        self.run_node(&code.body, base, env)
    }

    /// The scope the tree-walking evaluator would have at a point of the body.
    fn scope_at(
        &self,
        visible: &Visible,
        base: usize,
        env: &Option<Rc<Scope>>,
    ) -> Option<Rc<Scope>> {
        if visible.is_empty() {
            return env.clone();
        }
        Some(Rc::new(Scope {
            vars: visible
                .iter()
                .map(|(n, s)| (n.clone(), self.locals[base + s].clone()))
                .collect(),
            parent: env.clone(),
        }))
    }

    fn run_node(
        &mut self,
        node: &Node,
        base: usize,
        env: &Option<Rc<Scope>>,
    ) -> Result<Value, EvalError> {
        // Leaves first: they do not recurse, so they skip the check of the stack below.
        match node {
            Node::Const(v) => return Ok(v.clone()),
            Node::Local { slot, .. } => match &self.locals[base + slot] {
                // A built-in value held in a variable: one without arguments runs when
                // named, as the evaluator does.
                Value::Function(Callable::Builtin(b)) if b.is_constant() => {}
                v => return Ok(v.clone()),
            },
            Node::Fast { program, node } => {
                return match self.run_program(program, base) {
                    Some(v) => Ok(v.value()),
                    None => self.run_node(node, base, env),
                };
            }
            _ => {}
        }
        if self.stack_exhausted() {
            return Err(self.stack_error(node_span(node)));
        }
        match node {
            Node::Const(v) => Ok(v.clone()),
            Node::Local { slot, span } => {
                let v = self.locals[base + slot].clone();
                self.named_value(v, *span)
            }
            Node::Free {
                name,
                span,
                visible,
                found,
            } => self.run_free(name, *span, visible, found, base, env),
            Node::List { items, .. } => {
                let mut vs = Vec::with_capacity(items.len());
                for x in items {
                    vs.push(self.run_node(x, base, env)?);
                }
                Ok(Value::list(vs))
            }
            Node::Let {
                slot, value, body, ..
            } => {
                let v = self.run_node(value, base, env)?;
                self.locals[base + slot] = v;
                self.run_node(body, base, env)
            }
            Node::Comprehension {
                body,
                clauses,
                span,
            } => {
                let mut out = Vec::new();
                self.run_clauses(body, clauses, base, env, *span, &mut out)?;
                Ok(Value::list(out))
            }
            Node::Unary {
                op,
                operand,
                span,
                operand_span,
            } => {
                let v = self.run_node(operand, base, env)?;
                self.unary(*op, v, *span, *operand_span)
            }
            Node::Chain { first, links } => self.run_chain(first, links, base, env),
            Node::Call {
                callee,
                args,
                spans,
                call,
                callee_span,
                spare,
            } => self.run_call(callee, args, spans, *call, *callee_span, spare, base, env),
            Node::Index {
                target,
                index,
                target_span,
                index_span,
                ..
            } => {
                let t = self.run_node(target, base, env)?;
                let k = self.run_node(index, base, env)?;
                if let (Value::List(items), Value::Number(Num::Small(i))) = (&t, &k)
                    && let Some(x) = usize::try_from(*i).ok().and_then(|i| items.get(i))
                {
                    return Ok(x.clone());
                }
                if let Value::Map(m) = &t {
                    return self.map_lookup(m, &k, *index_span);
                }
                index_value(&t, &k, *target_span, *index_span)
            }
            Node::If {
                cond,
                cond_span,
                then,
                otherwise,
                ..
            } => {
                let c = match self.bool_of(cond, base) {
                    Some(c) => c,
                    None => expect_bool(&self.run_node(cond, base, env)?, *cond_span)?,
                };
                if c {
                    self.run_node(then, base, env)
                } else {
                    self.run_node(otherwise, base, env)
                }
            }
            Node::Other { expr, visible } => {
                let scope = self.scope_at(visible, base, env);
                self.eval(expr, &scope)
            }
            Node::Fast { node, .. } => self.run_node(node, base, env),
        }
    }

    // The larger kinds of node run in functions of their own: `run_node`, entered for
    // every node, then saves and restores fewer registers.

    /// Runs a [`Node::Free`].
    #[inline(never)]
    fn run_free(
        &mut self,
        name: &Rc<str>,
        span: Span,
        visible: &Visible,
        found: &std::cell::Cell<Found>,
        base: usize,
        env: &Option<Rc<Scope>>,
    ) -> Result<Value, EvalError> {
        // A function made at top level has no scope of its own to look in first.
        let known = match (env, found.get()) {
            (None, Found::Global(i)) => match self.globals.get_index(i) {
                Some((k, v)) if **k == **name => Some(v.clone()),
                _ => None,
            },
            (None, Found::Builtin(b, n)) if self.globals.len() == n => Some(Value::builtin(b)),
            _ => None,
        };
        let v = match known {
            Some(v) => v,
            None => match self.lookup(name, env, span) {
                Ok(v) => {
                    if env.is_none() {
                        found.set(match self.globals.get_index_of(&**name) {
                            Some(i) => Found::Global(i),
                            None => match crate::builtins::lookup_id(name) {
                                Some(b) => Found::Builtin(b, self.globals.len()),
                                None => Found::Unknown,
                            },
                        });
                    }
                    v
                }
                // The error names the body's own variables among its suggestions.
                Err(_) => {
                    let scope = self.scope_at(visible, base, env);
                    self.lookup(name, &scope, span)?
                }
            },
        };
        self.named_value(v, span)
    }

    /// Runs a [`Node::Chain`].
    #[inline(never)]
    fn run_chain(
        &mut self,
        first: &Node,
        links: &[Link],
        base: usize,
        env: &Option<Rc<Scope>>,
    ) -> Result<Value, EvalError> {
        let mut acc = self.run_node(first, base, env)?;
        for link in links {
            acc = if matches!(link.op, BinaryOp::And | BinaryOp::Or) {
                let a = expect_bool(&acc, link.lhs_span)?;
                if a == (link.op == BinaryOp::Or) {
                    Value::Bool(a)
                } else {
                    let b = self.run_node(&link.rhs, base, env)?;
                    Value::Bool(expect_bool(&b, link.rhs_span)?)
                }
            } else {
                let b = self.run_node(&link.rhs, base, env)?;
                match small_binary(link.op, &acc, &b) {
                    Some(v) => v,
                    None => match (link.op, acc, b) {
                        // Two lists joined (the moves of each kind, `[…] + […]`),
                        // as `binary` joins them: the left one extended in place
                        // when nothing else holds it.
                        // An empty list on the left joins to the right one, shared
                        // (a list is never changed once shared).
                        (BinaryOp::Add, Value::List(x), Value::List(y)) if x.is_empty() => {
                            Value::List(y)
                        }
                        (BinaryOp::Add, Value::List(x), Value::List(y)) => {
                            let len = x.len() + y.len();
                            let bytes = len.saturating_mul(std::mem::size_of::<Value>());
                            EvalError::reserve("the list", len, "elements", bytes, link.span)?;
                            let mut v =
                                Rc::try_unwrap(x).unwrap_or_else(|shared| (*shared).clone());
                            v.extend(y.iter().cloned());
                            Value::list(v)
                        }
                        (op, acc, b) => {
                            self.binary(op, acc, b, (link.lhs_span, link.rhs_span), link.span)?
                        }
                    },
                }
            };
        }
        Ok(acc)
    }

    /// Runs a [`Node::Call`].
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn run_call(
        &mut self,
        callee: &Node,
        args: &[Node],
        spans: &[Span],
        call: Span,
        callee_span: Span,
        spare: &Spare,
        base: usize,
        env: &Option<Rc<Scope>>,
    ) -> Result<Value, EvalError> {
        if let Some(n) = self.len_of_local(callee, args, base, env) {
            return Ok(Value::Number(Num::Small(n)));
        }
        let f = self.run_node(callee, base, env)?;
        if let Value::Function(Callable::Closure(c)) = &f {
            // A user function: its arguments go straight into its frame.
            let start = self.locals.len();
            for a in args {
                match self.run_node(a, base, env) {
                    Ok(v) => self.locals.push(v),
                    Err(e) => {
                        self.locals.truncate(start);
                        return Err(e);
                    }
                }
            }
            return self.call_frame(c, start, call);
        }
        if let Value::Function(Callable::Builtin(id)) = &f {
            let b = id.get();
            let mut given = spare.0.borrow_mut().take().unwrap_or_else(|| {
                Box::new(Args {
                    values: Vec::with_capacity(args.len()),
                    spans: spans.to_vec(),
                    call,
                    callee: callee_span,
                })
            });
            let mut result = Ok(Value::Unit);
            for a in args {
                match self.run_node(a, base, env) {
                    Ok(v) => given.values.push(v),
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
            if result.is_ok() {
                result = crate::builtins::call_with(self, b, &given);
            }
            given.values.clear();
            *spare.0.borrow_mut() = Some(given);
            return result;
        }
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(self.run_node(a, base, env)?);
        }
        self.call(
            &f,
            Args {
                values,
                spans: spans.to_vec(),
                call,
                callee: callee_span,
            },
        )
    }

    /// The elements of a comprehension from `clauses` on, appended to `out`.
    fn run_clauses(
        &mut self,
        body: &Node,
        clauses: &[Clause],
        base: usize,
        env: &Option<Rc<Scope>>,
        span: Span,
        out: &mut Vec<Value>,
    ) -> Result<(), EvalError> {
        let Some((clause, rest)) = clauses.split_first() else {
            out.push(self.run_node(body, base, env)?);
            return Ok(());
        };
        let items = match &clause.iter {
            Iter::Range {
                lo,
                hi,
                lo_span,
                hi_span,
            } => {
                let lo = match self.quick_int(lo, base, env) {
                    Some(k) => Value::Number(Num::Small(k)),
                    None => self.run_node(lo, base, env)?,
                };
                let hi = match self.quick_int(hi, base, env) {
                    Some(k) => Value::Number(Num::Small(k)),
                    None => self.run_node(hi, base, env)?,
                };
                // Over small integers without building the list; any other range (too
                // long, big bounds, not integers) is made by `..` as usual, with its errors.
                if let Some((a, b)) = super::ops::small_range(&lo, &hi) {
                    if rest.is_empty() {
                        return self.run_last_range(clause, body, (a, b), base, env, span, out);
                    }
                    for k in a..=b {
                        let item = Value::Number(Num::Small(k));
                        self.run_item(clause, rest, body, item, base, env, span, out)?;
                    }
                    return Ok(());
                }
                self.binary(
                    BinaryOp::Range,
                    lo,
                    hi,
                    (*lo_span, *hi_span),
                    clause.iter_span,
                )?
            }
            Iter::Value(node) => self.run_node(node, base, env)?,
        };
        let items = self.elements_of(&items, clause.iter_span)?;
        for item in items.iter() {
            self.run_item(clause, rest, body, item.clone(), base, env, span, out)?;
        }
        Ok(())
    }

    /// The last clause of a comprehension, over the small integers `a..=b`: the loop of
    /// [`Self::run_item`] and [`Self::run_clauses`] for it, in one frame, the variable
    /// set in place, the condition and the body on the fast path when they have one (the
    /// comprehensions of a ruleset's rules: the moves of each cell, the cells of a new
    /// board).
    #[allow(clippy::too_many_arguments)]
    fn run_last_range(
        &mut self,
        clause: &Clause,
        body: &Node,
        (a, b): (i64, i64),
        base: usize,
        env: &Option<Rc<Scope>>,
        span: Span,
        out: &mut Vec<Value>,
    ) -> Result<(), EvalError> {
        if clause.cond.is_none() && b >= a {
            super::ops::range_fits((b - a + 1) as usize, span)?;
            out.reserve((b - a + 1) as usize);
        }
        let slot = base + clause.slot;
        if clause.cond.is_none()
            && let Some(gather) = &clause.kernel.body
            && let Some(keys) = gather.keys(&self.locals, base)
            && gather.fill(&self.locals, base, clause.slot, &keys, (a, b), out)
        {
            // The elements are cells of a list already held: once for the loop.
            return self.check_interrupt(span);
        }
        // What the kernels read once for the loop (see `loops`).
        let cells =
            (clause.kernel.cond.as_ref()).and_then(|t| Some((t, t.cells(&self.locals, base)?)));
        let keys =
            (clause.kernel.body.as_ref()).and_then(|g| Some((g, g.keys(&self.locals, base)?)));
        for k in a..=b {
            // An element the cells rule out is skipped without setting the variable (and,
            // being a few comparisons, checks for Ctrl-C once every 256 elements).
            let quick = match &cells {
                Some((test, items)) => test.test(items, k),
                None => None,
            };
            if quick == Some(false) {
                if k & 0xff == 0 {
                    self.check_interrupt(span)?;
                }
                continue;
            }
            self.check_interrupt(span)?;
            match &mut self.locals[slot] {
                Value::Number(Num::Small(x)) => *x = k,
                other => *other = Value::Number(Num::Small(k)),
            }
            if quick.is_none()
                && let Some((c, c_span)) = &clause.cond
            {
                let keep = match self.bool_of(c, base) {
                    Some(keep) => keep,
                    None => expect_bool(&self.run_node(c, base, env)?, *c_span)?,
                };
                if !keep {
                    continue;
                }
            }
            let fast = match (&keys, body) {
                (Some((gather, keys)), _) => self.arg(gather.pick(keys, k), base).map(Fast::value),
                (None, Node::Fast { program, .. }) => {
                    self.run_program(program, base).map(Fast::value)
                }
                _ => None,
            };
            let v = match fast {
                Some(v) => v,
                None => self.run_node(body, base, env)?,
            };
            out.push(v);
        }
        Ok(())
    }

    /// One element of a clause: binds it, tests the condition, runs the rest.
    #[allow(clippy::too_many_arguments)]
    fn run_item(
        &mut self,
        clause: &Clause,
        rest: &[Clause],
        body: &Node,
        item: Value,
        base: usize,
        env: &Option<Rc<Scope>>,
        span: Span,
        out: &mut Vec<Value>,
    ) -> Result<(), EvalError> {
        self.check_interrupt(span)?;
        self.locals[base + clause.slot] = item;
        if let Some((c, c_span)) = &clause.cond {
            let keep = match self.bool_of(c, base) {
                Some(keep) => keep,
                None => expect_bool(&self.run_node(c, base, env)?, *c_span)?,
            };
            if !keep {
                return Ok(());
            }
        }
        self.run_clauses(body, rest, base, env, span, out)
    }

    /// Runs a [`Program`]: `None` when an operand is not what it takes (the node then
    /// computes the value, or the error, in the general way).
    ///
    /// Inlined where it runs: the one-operand and one-operator programs, the commonest,
    /// then cost no call; the others are calls of their own (a call of one large function
    /// for every program cost more in saving and restoring registers than most programs
    /// take to run).
    #[inline(always)]
    fn run_program<'a>(&'a self, program: &'a Program, base: usize) -> Option<Fast<'a>> {
        match program {
            Program::Arg(a) => self.arg(a, base),
            Program::Binary(op, a, b) => apply(*op, self.arg(a, base)?, self.arg(b, base)?),
            Program::Junction { or, terms } => self.run_junction(*or, terms, base),
            Program::Fold(a, steps) => self.run_fold(a, steps, base),
            Program::Pair(op, sides) => self.run_pair(*op, sides, base),
            Program::Ops(ops) => self.run_ops(ops, base),
            Program::Select { arms, otherwise } => self.run_select(arms, otherwise, base),
        }
    }

    /// Runs a [`Program::Junction`].
    #[inline(never)]
    fn run_junction<'a>(
        &'a self,
        or: bool,
        terms: &'a [(BinaryOp, Arg, Arg)],
        base: usize,
    ) -> Option<Fast<'a>> {
        for (op, a, b) in terms {
            let x = match (op, a, b) {
                // A cell compared with a string (`s[i] == "T"`): read in place.
                (
                    BinaryOp::Eq | BinaryOp::Ne,
                    Arg::Element {
                        list,
                        index,
                        offset,
                    },
                    Arg::Const(Value::Str(text)),
                ) => {
                    let Value::Number(Num::Small(i)) = self.locals.get(base + index)? else {
                        return None;
                    };
                    let Value::List(items) = self.locals.get(base + list)? else {
                        return None;
                    };
                    let at = usize::try_from(i.checked_add(*offset)?).ok()?;
                    let Value::Str(cell) = items.get(at)? else {
                        return None;
                    };
                    same_str(cell, text) == (*op == BinaryOp::Eq)
                }
                _ => match apply(*op, self.arg(a, base)?, self.arg(b, base)?)? {
                    Fast::Bool(x) => x,
                    _ => return None,
                },
            };
            if x == or {
                return Some(Fast::Bool(x));
            }
        }
        Some(Fast::Bool(!or))
    }

    /// Runs a [`Program::Fold`].
    #[inline(never)]
    fn run_fold<'a>(
        &'a self,
        a: &'a Arg,
        steps: &'a [(BinaryOp, Arg)],
        base: usize,
    ) -> Option<Fast<'a>> {
        let mut acc = self.arg(a, base)?;
        for (op, b) in steps {
            acc = apply(*op, acc, self.arg(b, base)?)?;
        }
        Some(acc)
    }

    /// Runs a [`Program::Pair`].
    #[inline(never)]
    fn run_pair<'a>(
        &'a self,
        op: BinaryOp,
        sides: &'a [Program; 2],
        base: usize,
    ) -> Option<Fast<'a>> {
        let [x, y] = sides;
        apply(op, self.run_program(x, base)?, self.run_program(y, base)?)
    }

    /// Runs a [`Program::Select`].
    #[inline(never)]
    fn run_select<'a>(
        &'a self,
        arms: &'a [(Program, Program)],
        otherwise: &'a Program,
        base: usize,
    ) -> Option<Fast<'a>> {
        for (cond, then) in arms {
            if self.condition(cond, base)? {
                return self.run_program(then, base);
            }
        }
        self.run_program(otherwise, base)
    }

    /// A program's boolean value (`None` for anything else), a comparison of two integer
    /// variables (`k == i`) read in place.
    #[inline(always)]
    fn condition(&self, program: &Program, base: usize) -> Option<bool> {
        use BinaryOp::*;
        if let Program::Binary(op, Arg::Local(x), Arg::Local(y)) = program
            && let (Value::Number(Num::Small(x)), Value::Number(Num::Small(y))) =
                (self.locals.get(base + x)?, self.locals.get(base + y)?)
        {
            match op {
                Eq => return Some(x == y),
                Ne => return Some(x != y),
                Lt => return Some(x < y),
                Le => return Some(x <= y),
                Gt => return Some(x > y),
                Ge => return Some(x >= y),
                _ => {}
            }
        }
        match self.run_program(program, base)? {
            Fast::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// Runs the operations of a [`Program::Ops`] on a stack.
    #[inline(never)]
    fn run_ops<'a>(&'a self, ops: &'a [Op], base: usize) -> Option<Fast<'a>> {
        let mut stack = [Fast::Int(0); PROGRAM_STACK];
        let mut sp = 0;
        let mut pc = 0;
        while let Some(op) = ops.get(pc) {
            pc += 1;
            match op {
                Op::Load(a) => {
                    *stack.get_mut(sp)? = self.arg(a, base)?;
                    sp += 1;
                }
                Op::Apply(op, a) => {
                    let top = stack.get_mut(sp.wrapping_sub(1))?;
                    *top = apply(*op, *top, self.arg(a, base)?)?;
                }
                Op::ApplyTop(op) => {
                    sp = sp.checked_sub(1)?;
                    let y = *stack.get(sp)?;
                    let top = stack.get_mut(sp.wrapping_sub(1))?;
                    *top = apply(*op, *top, y)?;
                }
                Op::Index(slot) => {
                    let top = stack.get_mut(sp.wrapping_sub(1))?;
                    let Fast::Int(i) = *top else {
                        return None;
                    };
                    *top = element(self.locals.get(base + slot)?, i)?;
                }
                Op::Not => match stack.get_mut(sp.wrapping_sub(1))? {
                    Fast::Bool(b) => *b = !*b,
                    _ => return None,
                },
                Op::Skip { or, to } => match *stack.get(sp.wrapping_sub(1))? {
                    // `a and b` is false when a is, `a or b` true when a is, without b.
                    Fast::Bool(a) if a == *or => pc = *to,
                    Fast::Bool(_) => sp -= 1,
                    _ => return None,
                },
                Op::Bool => {
                    if !matches!(stack.get(sp.wrapping_sub(1))?, Fast::Bool(_)) {
                        return None;
                    }
                }
            }
        }
        Some(stack[0])
    }

    /// The value of an operand of a [`Program`].
    #[inline(always)]
    fn arg<'a>(&'a self, a: &'a Arg, base: usize) -> Option<Fast<'a>> {
        Some(match a {
            Arg::Local(slot) => match self.locals.get(base + slot)? {
                Value::Function(Callable::Builtin(_)) => return None,
                v => Fast::of(v),
            },
            Arg::Const(v) => Fast::of(v),
            Arg::Element {
                list,
                index,
                offset,
            } => {
                let Value::Number(Num::Small(i)) = self.locals.get(base + index)? else {
                    return None;
                };
                element(self.locals.get(base + list)?, i.checked_add(*offset)?)?
            }
        })
    }

    /// A bound of a range when it is a small integer computed without building values:
    /// a literal, a variable, a program, or `len(s)` plus or minus literals (`len(s) - 1`).
    /// `None` for anything else, which the node computes.
    fn quick_int(&self, node: &Node, base: usize, env: &Option<Rc<Scope>>) -> Option<i64> {
        let (first, links) = match node {
            Node::Const(Value::Number(Num::Small(k))) => return Some(*k),
            Node::Local { slot, .. } => match self.locals.get(base + slot)? {
                Value::Number(Num::Small(k)) => return Some(*k),
                _ => return None,
            },
            Node::Fast { program, .. } => match self.run_program(program, base)? {
                Fast::Int(k) => return Some(k),
                _ => return None,
            },
            Node::Chain { first, links } => (first, links),
            _ => return None,
        };
        let Node::Call { callee, args, .. } = &**first else {
            return None;
        };
        let mut acc = self.len_of_local(callee, args, base, env)?;
        for link in links {
            let Node::Const(Value::Number(Num::Small(k))) = link.rhs else {
                return None;
            };
            acc = match link.op {
                BinaryOp::Add => acc.checked_add(k)?,
                BinaryOp::Sub => acc.checked_sub(k)?,
                _ => return None,
            };
        }
        Some(acc)
    }

    /// `len(s)` of a list held in a variable, when `len` is the built-in (found so when
    /// last looked up, the session's bindings unchanged since): the list's length without
    /// the call. `None` for anything else, which the call computes.
    #[inline(always)]
    fn len_of_local(
        &self,
        callee: &Node,
        args: &[Node],
        base: usize,
        env: &Option<Rc<Scope>>,
    ) -> Option<i64> {
        let (Node::Free { found, .. }, [Node::Local { slot, .. }]) = (callee, args) else {
            return None;
        };
        let Found::Builtin(b, n) = found.get() else {
            return None;
        };
        if env.is_some() || n != self.globals.len() || Some(b) != len_id() {
            return None;
        }
        match self.locals.get(base + slot)? {
            Value::List(items) => i64::try_from(items.len()).ok(),
            _ => None,
        }
    }

    /// The value of a condition on the fast path, if it has one.
    fn bool_of(&self, node: &Node, base: usize) -> Option<bool> {
        let v = match node {
            Node::Fast { program, .. } => self.run_program(program, base)?,
            Node::Local { slot, .. } => Fast::of(self.locals.get(base + slot)?),
            Node::Const(v) => Fast::of(v),
            _ => return None,
        };
        match v {
            Fast::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// The error of an evaluation whose stack is about to run out.
    pub(crate) fn stack_error(&self, span: Span) -> EvalError {
        EvalError::new(
            format!(
                "recursion too deep (the stack is exhausted after {} nested calls)",
                self.depth
            ),
            span,
        )
        .with_help("check the base case of the recursion, or compute bottom-up")
    }
}

/// The built-in `len`, for [`Interpreter::len_of_local`].
fn len_id() -> Option<crate::values::value::BuiltinId> {
    static LEN: std::sync::OnceLock<Option<crate::values::value::BuiltinId>> =
        std::sync::OnceLock::new();
    *LEN.get_or_init(|| crate::builtins::lookup_id("len"))
}

/// The most values a [`Program`] holds at once.
const PROGRAM_STACK: usize = 8;

/// An expression of literals, variables, list elements at small-integer indices,
/// arithmetic (`+`, `-`, `*`) and comparisons of small integers, `==` and `!=` of strings,
/// `not`, `and` and `or`, as operations on a stack of unboxed values: it runs in a loop
/// without allocating, recursing or cloning. It has no effect and raises no error: an
/// operand of another kind, or an overflow, stops it, and the general path computes the
/// expression instead (with the same value or error; nothing is done twice that has an
/// effect).
#[derive(Clone, Debug)]
enum Program {
    /// One operand (`s[k]`), read without the loop.
    Arg(Arg),
    /// An operator on two operands (`k == i`, `s[i] == "T"`, `n - 1`), without the loop.
    Binary(BinaryOp, Arg, Arg),
    /// `x₁ op₁ y₁ and x₂ op₂ y₂ and …` (`or` false), or the same with `or` (`or` true), the
    /// commonest condition of a ruleset's rules: comparisons of two operands each, in turn,
    /// until one decides, without a stack.
    Junction {
        or: bool,
        terms: Box<[(BinaryOp, Arg, Arg)]>,
    },
    /// An operand and operators of `+ - *` with operands, applied left to right
    /// (`n - 1 - a`), without a stack.
    Fold(Arg, Box<[(BinaryOp, Arg)]>),
    /// An operator on the values of two programs without a stack (`a <= n - 1 - a`).
    Pair(BinaryOp, Box<[Program; 2]>),
    /// Anything longer, run on the stack.
    Ops(Box<[Op]>),
    /// `if c₁ then x₁ else if c₂ then x₂ … else y`: the conditions in turn, then the
    /// branch of the first true one (the body of a comprehension building a new board,
    /// `if k == i then s[j] else if k == j then s[i] else s[k]`). A condition that is not a
    /// boolean stops the program, for the general path's error.
    Select {
        arms: Box<[(Program, Program)]>,
        otherwise: Box<Program>,
    },
}

impl Program {
    /// How deep its [`Program::Select`]s nest, and how many arms they have.
    fn selects(&self) -> usize {
        match self {
            Program::Select { arms, otherwise } => arms
                .iter()
                .map(|(c, x)| 1 + c.selects().max(x.selects()))
                .sum::<usize>()
                .max(otherwise.selects()),
            _ => 0,
        }
    }
}

#[derive(Clone, Debug)]
enum Op {
    /// Pushes an operand.
    Load(Arg),
    /// Replaces the value on top by the result of the operator with the operand on its
    /// right.
    Apply(BinaryOp, Arg),
    /// Replaces the two values on top by the result of the operator.
    ApplyTop(BinaryOp),
    /// Replaces the index on top by the element of the list in the slot.
    Index(usize),
    Not,
    /// `and` (`or: false`) or `or` after its left operand, on top: a boolean equal to `or`
    /// is the result (jump to `to`); another boolean is dropped for the right operand.
    Skip {
        or: bool,
        to: usize,
    },
    /// The right operand of `and`/`or` must be a boolean.
    Bool,
}

/// An operand read without a stack: a literal, a variable, or the element of a list held
/// in a variable at an index held in a variable plus a constant (`s[i]`, `s[i + 1]`).
#[derive(Clone, Debug)]
enum Arg {
    Local(usize),
    Const(Value),
    Element {
        list: usize,
        index: usize,
        offset: i64,
    },
}

/// `node` as a comparison of two operands (`s[i] == "T"`, `k < n`), if it is one.
fn comparison(node: &Node) -> Option<(BinaryOp, Arg, Arg)> {
    use BinaryOp::*;
    match node {
        Node::Fast { node, .. } => comparison(node),
        Node::Chain { first, links } => match &links[..] {
            [link] if matches!(link.op, Eq | Ne | Lt | Le | Gt | Ge) => {
                Some((link.op, arg_of(first)?, arg_of(&link.rhs)?))
            }
            _ => None,
        },
        _ => None,
    }
}

/// `node` as a [`Program::Junction`] of two comparisons or more, if it is one. A chain runs
/// left to right down the left operands, so `a == b and c == d` is the chain `a`, `== b`,
/// `and (c == d)`.
fn junction(node: &Node) -> Option<Program> {
    use BinaryOp::*;
    let Node::Chain { first, links } = node else {
        return None;
    };
    let (head, rest) = links.split_first()?;
    let connective = rest.first()?.op;
    if !matches!(head.op, Eq | Ne | Lt | Le | Gt | Ge)
        || !matches!(connective, And | Or)
        || rest.iter().any(|l| l.op != connective)
    {
        return None;
    }
    let mut terms = vec![(head.op, arg_of(first)?, arg_of(&head.rhs)?)];
    for link in rest {
        terms.push(comparison(&link.rhs)?);
    }
    Some(Program::Junction {
        or: connective == Or,
        terms: terms.into_boxed_slice(),
    })
}

impl Program {
    fn of(node: &Node) -> Option<Program> {
        if let Some(j) = junction(node) {
            return Some(j);
        }
        if let Node::If { .. } = node {
            return select(node);
        }
        if let Some(p) = fold(node).or_else(|| pair(node)) {
            return Some(p);
        }
        let mut ops = Vec::new();
        emit(node, &mut ops, 0)?;
        let mut short = ops.iter_mut();
        Some(match (short.next(), short.next(), short.next()) {
            (Some(Op::Load(a)), None, None) => Program::Arg(std::mem::replace(a, Arg::Local(0))),
            (Some(Op::Load(a)), Some(Op::Apply(op, b)), None) => Program::Binary(
                *op,
                std::mem::replace(a, Arg::Local(0)),
                std::mem::replace(b, Arg::Local(0)),
            ),
            _ => Program::Ops(ops.into_boxed_slice()),
        })
    }
}

/// `x op₁ y₁ op₂ y₂ …` of operands and two operators or more of `+ - *` (`n - 1 - a`) as a
/// [`Program::Fold`].
fn fold(node: &Node) -> Option<Program> {
    use BinaryOp::*;
    let Node::Chain { first, links } = node else {
        return None;
    };
    if links.len() < 2 {
        return None;
    }
    let steps = links
        .iter()
        .map(|l| match l.op {
            Add | Sub | Mul => Some((l.op, arg_of(&l.rhs)?)),
            _ => None,
        })
        .collect::<Option<Box<[_]>>>()?;
    Some(Program::Fold(arg_of(first)?, steps))
}

/// `x op y` of one operator of `+ - *` or a comparison, whose operands are programs without
/// a stack and not both operands (`a <= n - 1 - a`), as a [`Program::Pair`].
fn pair(node: &Node) -> Option<Program> {
    use BinaryOp::*;
    let Node::Chain { first, links } = node else {
        return None;
    };
    let [link] = &links[..] else {
        return None;
    };
    if !matches!(link.op, Add | Sub | Mul | Eq | Ne | Lt | Le | Gt | Ge) {
        return None;
    }
    let side = |n: &Node| match program_of(n)? {
        p @ (Program::Arg(_) | Program::Binary(..) | Program::Fold(..)) => Some(p),
        _ => None,
    };
    let (x, y) = (side(first)?, side(&link.rhs)?);
    if matches!((&x, &y), (Program::Arg(_), Program::Arg(_))) {
        return None;
    }
    Some(Program::Pair(link.op, Box::new([x, y])))
}

/// The most arms of [`Program::Select`]s in one program, nested ones counted (the fast
/// path recurses through nested selects; a longer `else if` chain runs in the general way,
/// which checks the stack).
const SELECT_DEPTH: usize = 8;

/// A compiled node as a program, if it has one: its own, or an operand's.
fn program_of(node: &Node) -> Option<Program> {
    match node {
        Node::Fast { program, .. } => Some(program.clone()),
        _ => arg_of(node).map(Program::Arg),
    }
}

/// `if c then x else y` as a [`Program::Select`], when its condition and both branches are
/// programs (an `else if` chain is one select, of at most [`SELECT_DEPTH`] arms).
fn select(node: &Node) -> Option<Program> {
    let Node::If {
        cond,
        then,
        otherwise,
        ..
    } = node
    else {
        return None;
    };
    let arm = (program_of(cond)?, program_of(then)?);
    // An `else if` chain is one select, its arms tried in turn.
    let program = match program_of(otherwise)? {
        Program::Select { arms, otherwise } => Program::Select {
            arms: std::iter::once(arm).chain(arms).collect(),
            otherwise,
        },
        otherwise => Program::Select {
            arms: Box::new([arm]),
            otherwise: Box::new(otherwise),
        },
    };
    (program.selects() <= SELECT_DEPTH).then_some(program)
}

/// `node` as an [`Arg`], if it is one.
fn arg_of(node: &Node) -> Option<Arg> {
    use BinaryOp::*;
    Some(match node {
        Node::Const(v @ (Value::Number(Num::Small(_)) | Value::Bool(_) | Value::Str(_))) => {
            Arg::Const(v.clone())
        }
        Node::Local { slot, .. } => Arg::Local(*slot),
        Node::Index { target, index, .. } => {
            let Node::Local { slot: list, .. } = &**target else {
                return None;
            };
            let index = match &**index {
                Node::Fast { node, .. } => node,
                other => other,
            };
            match index {
                Node::Local { slot, .. } => Arg::Element {
                    list: *list,
                    index: *slot,
                    offset: 0,
                },
                Node::Chain { first, links } => {
                    let (Node::Local { slot, .. }, [link]) = (&**first, &links[..]) else {
                        return None;
                    };
                    let Node::Const(Value::Number(Num::Small(c))) = link.rhs else {
                        return None;
                    };
                    let offset = match link.op {
                        Add => c,
                        Sub => c.checked_neg()?,
                        _ => return None,
                    };
                    Arg::Element {
                        list: *list,
                        index: *slot,
                        offset,
                    }
                }
                _ => return None,
            }
        }
        Node::Fast { node, .. } => arg_of(node)?,
        _ => return None,
    })
}

/// Appends the operations computing `node` onto a stack holding `sp` values; `None` if it
/// has something a program does not do.
fn emit(node: &Node, ops: &mut Vec<Op>, sp: usize) -> Option<()> {
    use BinaryOp::*;
    if sp >= PROGRAM_STACK {
        return None;
    }
    if let Some(a) = arg_of(node) {
        ops.push(Op::Load(a));
        return Some(());
    }
    match node {
        Node::Index { target, index, .. } => {
            let Node::Local { slot, .. } = &**target else {
                return None;
            };
            emit(index, ops, sp)?;
            ops.push(Op::Index(*slot));
        }
        Node::Unary {
            op: UnaryOp::Not,
            operand,
            ..
        } => {
            emit(operand, ops, sp)?;
            ops.push(Op::Not);
        }
        Node::Chain { first, links } => {
            emit(first, ops, sp)?;
            for link in links {
                match link.op {
                    And | Or => {
                        let skip = ops.len();
                        ops.push(Op::Bool);
                        emit(&link.rhs, ops, sp)?;
                        // A comparison or `not` gives a boolean or stops the program.
                        let boolean = matches!(
                            ops.last(),
                            Some(
                                Op::Not
                                    | Op::Apply(Eq | Ne | Lt | Le | Gt | Ge, _)
                                    | Op::ApplyTop(Eq | Ne | Lt | Le | Gt | Ge)
                            )
                        );
                        if !boolean {
                            ops.push(Op::Bool);
                        }
                        ops[skip] = Op::Skip {
                            or: link.op == Or,
                            to: ops.len(),
                        };
                    }
                    Add | Sub | Mul | Eq | Ne | Lt | Le | Gt | Ge => match arg_of(&link.rhs) {
                        Some(a) => ops.push(Op::Apply(link.op, a)),
                        None => {
                            emit(&link.rhs, ops, sp + 1)?;
                            ops.push(Op::ApplyTop(link.op));
                        }
                    },
                    _ => return None,
                }
            }
        }
        Node::Fast { node, .. } => emit(node, ops, sp)?,
        _ => return None,
    }
    Some(())
}

/// `x op y` on the fast path: arithmetic and comparisons of small integers (`None` on an
/// overflow), `==` and `!=` of strings; `None` for anything else.
#[inline(always)]
fn apply<'a>(op: BinaryOp, x: Fast<'a>, y: Fast<'a>) -> Option<Fast<'a>> {
    use BinaryOp::*;
    Some(match (x, y) {
        (Fast::Int(x), Fast::Int(y)) => match op {
            Add => Fast::Int(x.checked_add(y)?),
            Sub => Fast::Int(x.checked_sub(y)?),
            Mul => Fast::Int(x.checked_mul(y)?),
            Eq => Fast::Bool(x == y),
            Ne => Fast::Bool(x != y),
            Lt => Fast::Bool(x < y),
            Le => Fast::Bool(x <= y),
            Gt => Fast::Bool(x > y),
            Ge => Fast::Bool(x >= y),
            _ => return None,
        },
        (Fast::Ref(Value::Str(x)), Fast::Ref(Value::Str(y))) => match op {
            Eq => Fast::Bool(same_str(x, y)),
            Ne => Fast::Bool(!same_str(x, y)),
            _ => return None,
        },
        _ => return None,
    })
}

/// The element of a list at a non-negative index in range.
#[inline(always)]
fn element(list: &Value, i: i64) -> Option<Fast<'_>> {
    let Value::List(items) = list else {
        return None;
    };
    Some(Fast::of(items.get(usize::try_from(i).ok()?)?))
}

/// A value met on the fast path: integers and booleans unboxed, anything else by reference.
#[derive(Clone, Copy)]
enum Fast<'a> {
    Int(i64),
    Bool(bool),
    Ref(&'a Value),
}

impl<'a> Fast<'a> {
    #[inline(always)]
    fn of(v: &'a Value) -> Fast<'a> {
        match v {
            Value::Number(Num::Small(k)) => Fast::Int(*k),
            Value::Bool(b) => Fast::Bool(*b),
            other => Fast::Ref(other),
        }
    }

    fn value(self) -> Value {
        match self {
            Fast::Int(k) => Value::Number(Num::Small(k)),
            Fast::Bool(b) => Value::Bool(b),
            Fast::Ref(v) => v.clone(),
        }
    }
}

/// The span the tree-walking evaluator would report a stack overflow at: the whole
/// expression.
fn node_span(node: &Node) -> Span {
    match node {
        Node::Local { span, .. }
        | Node::Free { span, .. }
        | Node::List { span, .. }
        | Node::Let { span, .. }
        | Node::Comprehension { span, .. }
        | Node::Unary { span, .. }
        | Node::Index { span, .. }
        | Node::If { span, .. } => *span,
        Node::Chain { links, .. } => links.last().map(|l| l.span).unwrap_or_default(),
        Node::Call { call, .. } => *call,
        Node::Other { expr, .. } => expr.span,
        Node::Fast { node, .. } => node_span(node),
        Node::Const(_) => Span::default(),
    }
}

/// `x == y` for strings, the short ones (cells of a board: `"T"`, `"."`) compared inline
/// rather than by a call to `memcmp`.
fn same_str(x: &Rc<str>, y: &Rc<str>) -> bool {
    if Rc::ptr_eq(x, y) {
        return true;
    }
    let (a, b) = (x.as_bytes(), y.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    if a.len() <= 8 {
        a.iter().zip(b).all(|(p, q)| p == q)
    } else {
        a == b
    }
}

#[cfg(test)]
mod tests {
    use crate::evaluator::interp::Interpreter;
    use proptest::prelude::*;

    /// Integer expressions over the variables `x`, `y` and the list of cells `s`.
    fn ints() -> impl Strategy<Value = String> {
        // Mostly what the fast path computes (variables, literals, `+ - *`), and now and
        // then what it leaves to the general one.
        let leaf = prop_oneof![
            4 => (-3i64..8).prop_map(|k| k.to_string()),
            4 => Just("x".to_string()),
            4 => Just("y".to_string()),
            1 => Just("len(s)".to_string()),
            1 => Just("9223372036854775807".to_string()),
        ];
        leaf.prop_recursive(3, 12, 2, |inner| {
            prop_oneof![
                8 => (
                    inner.clone(),
                    inner.clone(),
                    prop::sample::select(vec!["+", "-", "*"])
                )
                    .prop_map(|(a, b, op)| format!("({a} {op} {b})")),
                1 => (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a} // {b})")),
                1 => inner.clone().prop_map(|a| format!("(-{a})")),
                1 => (bools_leaf(), inner.clone(), inner.clone())
                    .prop_map(|(c, a, b)| format!("(if {c} then {a} else {b})")),
                1 => (inner.clone(), inner.clone())
                    .prop_map(|(a, b)| format!("(let x = {a} in {b})")),
                1 => (inner.clone(), bools_leaf())
                    .prop_map(|(a, c)| format!("len([{a} for x in 0..y if {c}])")),
            ]
        })
    }

    fn bools_leaf() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("true".to_string()),
            Just("(x < y)".to_string()),
            Just("(s[x % len(s)] == \"T\")".to_string()),
            Just("(y >= 2 and s[y - 2] != \".\")".to_string()),
        ]
    }

    /// Conditions: comparisons of integer expressions and of cells, `and`, `or`, `not`.
    /// (Errors come up too: an index out of range, an overflow into a big integer.)
    fn bools() -> impl Strategy<Value = String> {
        let cmp = (
            ints(),
            ints(),
            prop::sample::select(vec!["==", "!=", "<", "<=", ">", ">="]),
        )
            .prop_map(|(a, b, op)| format!("({a} {op} {b})"));
        let cell = (ints(), prop::sample::select(vec!["T", ".", "F"]))
            .prop_map(|(i, c)| format!("(s[{i}] == \"{c}\")"));
        let leaf = prop_oneof![cmp, cell, bools_leaf()];
        leaf.prop_recursive(2, 8, 2, |inner| {
            prop_oneof![
                (
                    inner.clone(),
                    inner.clone(),
                    prop::sample::select(vec!["and", "or", "==", "!="])
                )
                    .prop_map(|(a, b, op)| format!("({a} {op} {b})")),
                inner.prop_map(|a| format!("(not {a})")),
            ]
        })
    }

    /// The printed value, or the error's message.
    fn outcome(i: &mut Interpreter, source: &str) -> String {
        match i.eval_to_string(source) {
            Ok(text) => text,
            Err(e) => format!("error: {}", e.message()),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// A function's body, compiled, means what the same expression means to the
        /// tree-walking evaluator (here at top level, its variables bound by `let`): the
        /// same value or the same error.
        #[test]
        fn compiled_bodies_mean_what_the_tree_means(
            e in prop_oneof![
                (ints(), bools()).prop_map(|(a, b)| format!("[{a}, {b}]")),
                (ints(), bools()).prop_map(|(a, b)| format!("[{a} for x in 0..y if {b}]")),
                (ints(), bools()).prop_map(|(a, b)| format!("[[{a}, y] for y in s if {b}]")),
            ],
            x in -2i64..6,
            y in -1i64..5,
            cells in prop::collection::vec(prop::sample::select(vec!["T", ".", "F"]), 1..6),
        ) {
            let s = format!(
                "[{}]",
                cells.iter().map(|c| format!("{c:?}")).collect::<Vec<_>>().join(", ")
            );
            let (mut walked, _) = Interpreter::collecting();
            walked.run(&format!("let x = {x}\nlet y = {y}\nlet s = {s}")).unwrap();
            let tree = outcome(&mut walked, &e);
            let (mut compiled, _) = Interpreter::collecting();
            compiled.run(&format!("fn f(x, y, s) = {e}")).unwrap();
            let code = outcome(&mut compiled, &format!("f({x}, {y}, {s})"));
            prop_assert_eq!(tree, code, "{}", e);
        }
    }

    /// Small integer expressions that never fail, so that the two sides of a comparison
    /// are often equal (the random expressions above are mostly unequal or errors, and
    /// missed `<=` computed as `<`).
    fn small_ints() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            (-2i64..3).prop_map(|k| k.to_string()),
            Just("x".to_string()),
            Just("y".to_string()),
        ];
        leaf.prop_recursive(2, 4, 2, |inner| {
            (
                inner.clone(),
                inner,
                prop::sample::select(vec!["+", "-", "*"]),
            )
                .prop_map(|(a, b, op)| format!("({a} {op} {b})"))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Every comparison operator, compiled, agrees with the tree on operands that are
        /// equal about a third of the time.
        #[test]
        fn compiled_comparisons_mean_what_the_tree_means(
            a in small_ints(),
            b in small_ints(),
            x in -1i64..2,
            y in -1i64..2,
        ) {
            let e = ["==", "!=", "<", "<=", ">", ">="]
                .map(|op| format!("({a}) {op} ({b})"))
                .join(", ");
            let e = format!("[{e}, if ({a}) <= ({b}) then 1 else 0, not (({a}) >= ({b}))]");
            let (mut walked, _) = Interpreter::collecting();
            walked.run(&format!("let x = {x}\nlet y = {y}")).unwrap();
            let tree = outcome(&mut walked, &e);
            let (mut compiled, _) = Interpreter::collecting();
            compiled.run(&format!("fn f(x, y) = {e}")).unwrap();
            let code = outcome(&mut compiled, &format!("f({x}, {y})"));
            prop_assert!(!tree.starts_with("error"), "{}", tree);
            prop_assert_eq!(tree, code, "{}", e);
        }
    }

    /// Operands of the branches of an `if` chain: cells, integers, and now and then what
    /// the fast path leaves to the general one (a constant built-in, a big integer, a list).
    fn branch() -> impl Strategy<Value = String> {
        prop_oneof![
            4 => Just("s[k]".to_string()),
            3 => Just("s[i]".to_string()),
            2 => Just("k".to_string()),
            2 => (-3i64..4).prop_map(|c| format!("(k + {c})")),
            2 => Just("\"T\"".to_string()),
            1 => Just("s[k + 1]".to_string()),
            1 => Just("on".to_string()),
            1 => Just("[k]".to_string()),
            1 => Just("9223372036854775807 + k".to_string()),
        ]
    }

    /// Conditions of an `if` chain or a clause: comparisons the fast path computes, and
    /// now and then a non-boolean (an error) or one it leaves to the general path.
    fn condition() -> impl Strategy<Value = String> {
        prop_oneof![
            4 => Just("k == i".to_string()),
            2 => Just("k != i + 1".to_string()),
            3 => prop::sample::select(vec!["T", ".", "F"]).prop_map(|c| format!("s[k] == \"{c}\"")),
            2 => Just("s[k] == \"T\" and s[k + 1] == \".\"".to_string()),
            1 => Just("k".to_string()),
            1 => Just("len(s) > k".to_string()),
            1 => Just("true".to_string()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// A comprehension over a range whose body is an `if` chain (the cells of a new
        /// board), compiled into one loop with the chain as a program, means what the tree
        /// means: the same list or the same error.
        #[test]
        fn compiled_if_chains_in_ranges_mean_what_the_tree_means(
            arms in prop::collection::vec((condition(), branch()), 0..4),
            otherwise in branch(),
            clause in prop::option::of(condition()),
            lo in -2i64..3,
            hi in -1i64..7,
            i in -1i64..6,
            cells in prop::collection::vec(prop::sample::select(vec!["T", ".", "F"]), 1..7),
        ) {
            let mut body = otherwise;
            for (c, x) in arms.iter().rev() {
                body = format!("if {c} then {x} else {body}");
            }
            let cond = clause.map(|c| format!(" if {c}")).unwrap_or_default();
            let e = format!("[{body} for k in {lo}..{hi}{cond}]");
            let s = format!(
                "[{}]",
                cells.iter().map(|c| format!("{c:?}")).collect::<Vec<_>>().join(", ")
            );
            let (mut walked, _) = Interpreter::collecting();
            walked.run(&format!("let i = {i}\nlet s = {s}")).unwrap();
            let tree = outcome(&mut walked, &e);
            let (mut compiled, _) = Interpreter::collecting();
            compiled.run(&format!("fn f(i, s) = {e}")).unwrap();
            let code = outcome(&mut compiled, &format!("f({i}, {s})"));
            prop_assert_eq!(tree, code, "{}", e);
        }
    }

    /// A cell of a row near `k`, or now and then something a loop's kernel leaves to the
    /// general path (a cell out of range, a cell of another list).
    fn cell_test() -> impl Strategy<Value = String> {
        (
            -3i64..4,
            prop::sample::select(vec!["T", ".", "F", "TT"]),
            prop::sample::select(vec!["==", "!="]),
            prop::sample::select(vec!["s", "s", "s", "t"]),
        )
            .prop_map(|(o, c, op, list)| {
                let at = match o {
                    0 => "k".to_string(),
                    o if o > 0 => format!("k + {o}"),
                    o => format!("k - {}", -o),
                };
                format!("{list}[{at}] {op} \"{c}\"")
            })
    }

    /// Cells of a row: mostly strings, now and then a number or a list (which a loop's
    /// kernel leaves to the general path).
    fn row() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop_oneof![
                6 => prop::sample::select(vec!["\"T\"", "\".\"", "\"F\"", "\"TT\""]),
                1 => Just("1"),
                1 => Just("[\"T\"]"),
            ],
            0..7,
        )
        .prop_map(|cells| format!("[{}]", cells.join(", ")))
    }

    /// The integers an `if` chain compares the variable with: mostly small integers, now
    /// and then a string, a big integer or a list (the general path then decides).
    fn key() -> impl Strategy<Value = String> {
        prop_oneof![
            6 => (-2i64..8).prop_map(|k| k.to_string()),
            1 => Just("\"T\"".to_string()),
            1 => Just("9223372036854775808".to_string()),
            1 => Just("[1]".to_string()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// The loops of `compiled_loops.rs` (cells compared with strings near the
        /// variable, `if` chains picking cells by comparing the variable with integers)
        /// mean what the tree means on rows with cells of every kind, indices out of
        /// range and keys that are no small integers: the same list or the same error.
        #[test]
        fn loop_kernels_mean_what_the_tree_means(
            terms in prop::collection::vec(cell_test(), 1..4),
            or in any::<bool>(),
            picks in prop::collection::vec(
                (prop::sample::select(vec!["i", "j"]), any::<bool>(), branch()),
                0..4,
            ),
            otherwise in branch(),
            lo in -2i64..3,
            hi in -1i64..8,
            i in key(),
            j in key(),
            s in row(),
            t in row(),
        ) {
            let cond = terms.join(if or { " or " } else { " and " });
            let mut body = otherwise;
            for (var, flip, x) in picks.iter().rev() {
                let c = if *flip { format!("{var} == k") } else { format!("k == {var}") };
                body = format!("if {c} then {x} else {body}");
            }
            for e in [
                format!("[{body} for k in {lo}..{hi} if {cond}]"),
                format!("[{body} for k in {lo}..len(s)]"),
                format!("[{body} for k in {lo}..len(s) - 1]"),
                format!("[{body} for k in {lo}..{hi}]"),
                format!("[k for k in {lo}..len(s) - 1 if {cond}]"),
            ] {
                let (mut walked, _) = Interpreter::collecting();
                walked.run(&format!("let i = {i}\nlet j = {j}\nlet s = {s}\nlet t = {t}")).unwrap();
                let tree = outcome(&mut walked, &e);
                let (mut compiled, _) = Interpreter::collecting();
                compiled.run(&format!("fn f(i, j, s, t) = {e}")).unwrap();
                let code = outcome(&mut compiled, &format!("f({i}, {j}, {s}, {t})"));
                prop_assert_eq!(&tree, &code, "{}", e);
                // Twice: the second call reads `len` where the first found it.
                let again = outcome(&mut compiled, &format!("f({i}, {j}, {s}, {t})"));
                prop_assert_eq!(tree, again, "{}", e);
            }
        }
    }

    /// A new board copied and patched (`compiled_loops::Gather::fill`): the first arm of
    /// a key wins, as in the tree, arms whose keys fall outside the range write nothing,
    /// and a range reaching past the row is left to the general path and its error.
    #[test]
    fn a_board_copied_and_patched_means_what_the_tree_means() {
        let e = "[if k == i then \"A\" else if k == j then \"B\" else if k == j then s[i] else s[k] for k in lo..hi]";
        let (mut compiled, _) = Interpreter::collecting();
        compiled
            .run(&format!("fn f(i, j, s, lo, hi) = {e}"))
            .unwrap();
        for (i, j, lo, hi) in [
            (1, 1, 0, 3),
            (1, 2, 0, 3),
            (2, 1, 1, 3),
            (5, -1, 0, 3),
            (0, 3, 0, 4),
            (1, 1, 2, 1),
        ] {
            let s = "[\"T\", \".\", \"F\", \"T\"]";
            let (mut walked, _) = Interpreter::collecting();
            walked
                .run(&format!(
                    "let i = {i}\nlet j = {j}\nlet s = {s}\nlet lo = {lo}\nlet hi = {hi}"
                ))
                .unwrap();
            let tree = outcome(&mut walked, e);
            let code = outcome(&mut compiled, &format!("f({i}, {j}, {s}, {lo}, {hi})"));
            assert_eq!(code, tree, "i = {i}, j = {j}, {lo}..{hi}");
        }
        assert_eq!(
            outcome(&mut compiled, "f(1, 1, [\"T\", \".\", \"F\"], 0, 2)"),
            "[\"T\",\"A\",\"F\"]"
        );
    }

    /// `len(s)` read in place stops as soon as `len` names something else.
    #[test]
    fn len_read_in_place_follows_a_new_binding() {
        let (mut i, _) = Interpreter::collecting();
        i.run("fn f(s) = [len(s), [k for k in 0..len(s) - 1]]")
            .unwrap();
        assert_eq!(i.eval_to_string("f([1, 2])").unwrap(), "[2,[0,1]]");
        assert_eq!(i.eval_to_string("f([1, 2])").unwrap(), "[2,[0,1]]");
        i.run("def len(x) = 1").unwrap();
        assert_eq!(i.eval_to_string("f([1, 2])").unwrap(), "[1,[0]]");
        let (mut j, _) = Interpreter::collecting();
        j.run("fn f(s) = len(s)").unwrap();
        assert_eq!(j.eval_to_string("f(\"abc\")").unwrap(), "3");
        assert_eq!(j.eval_to_string("f([1])").unwrap(), "1");
        j.run("let len = 5").unwrap();
        assert!(j.eval_to_string("f([1])").is_err());
    }

    /// An `else if` chain longer than a program nests is computed in the general way, with
    /// the same values.
    #[test]
    fn a_long_if_chain_in_a_range() {
        let chain = (0..20).fold("k".to_string(), |rest, c| {
            format!("if k == {c} then {} else {rest}", 100 + c)
        });
        let e = format!("[{chain} for k in 0..25]");
        let (mut i, _) = Interpreter::collecting();
        let tree = i.eval_to_string(&e).unwrap();
        i.run(&format!("fn f() = {e}")).unwrap();
        assert_eq!(i.eval_to_string("f()").unwrap(), tree);
        assert!(tree.starts_with("[100,101,"), "{tree}");
    }

    /// Arithmetic chains and a comparison of two of them (Kayles' `a <= n - 1 - a`), run
    /// as folds and pairs, agree with the tree, overflows into big integers included.
    #[test]
    fn compiled_folds_and_pairs_mean_what_the_tree_means() {
        let e =
            "[[a, n - 1 - a, a * 2 <= n - 1 - a, n * 2 - a * 3] for a in 0..3 if a <= n - 1 - a]";
        let (mut i, _) = Interpreter::collecting();
        i.run(&format!("fn f(n) = {e}")).unwrap();
        for n in [
            -2i64,
            0,
            1,
            2,
            3,
            4,
            5,
            6,
            7,
            i64::MAX,
            i64::MIN + 1,
            i64::MAX / 2 + 1,
        ] {
            let (mut walked, _) = Interpreter::collecting();
            walked.run(&format!("let n = {n}")).unwrap();
            let tree = outcome(&mut walked, e);
            assert_eq!(outcome(&mut i, &format!("f({n})")), tree, "n = {n}");
        }
    }

    #[test]
    fn a_compiled_comparison_of_equal_integers() {
        let (mut i, _) = Interpreter::collecting();
        i.run("fn f(x, y) = [x <= y, x + 1 <= y + 1 and not (x < y)]")
            .unwrap();
        assert_eq!(i.eval_to_string("f(2, 2)").unwrap(), "[true,true]");
        assert_eq!(i.eval_to_string("f(3, 2)").unwrap(), "[false,false]");
    }
}
