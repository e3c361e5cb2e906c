//! The interpreter: a session's store, bindings and settings; running statements.

use crate::builtins;

use super::compiled::Code;
use super::printed::{PrintOut, Streamed};
use crate::builtins::BUILTINS;
use crate::game::{Notation, catch_abort};
use crate::syntax::{Span, Stmt, SyntaxError, parse_program_until};
use crate::values::error::CgtError;
use crate::values::error::EvalError;
use crate::values::error::suggest;
use crate::values::game_value::GameValue;
use crate::values::object::Host;
use crate::values::value::Closure;
use crate::values::value::Scope;
use crate::values::value::Value;
use cgt_core::MathState;
use indexmap::IndexMap;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Where printed values go.
pub type Sink = Box<dyn FnMut(&str)>;

/// What [`Interpreter::run_with`] does with each value and its printed form.
pub type PrintFn<'a> = dyn FnMut(&mut Interpreter, Value, String) + 'a;

/// User functions may nest this deep before "recursion too deep" (the binary runs the
/// interpreter on a thread with a large stack so this is reached long before overflow).
pub const DEFAULT_MAX_DEPTH: usize = 5_000;

/// The span of a whole statement.
fn stmt_span(stmt: &Stmt) -> Span {
    match stmt {
        Stmt::Let { span, .. } | Stmt::Def { span, .. } => *span,
        Stmt::Expr(e) => e.span,
    }
}

/// One cgt session: the game store, the global bindings and the output settings.
pub struct Interpreter {
    /// The mathematical state: the stores of canonical and misère forms, the misère
    /// quotients, the board games' and heap rulesets' tables, the thread count and the
    /// interrupt flag (built-ins reach it through [`crate::values::host::Host`]).
    pub math: MathState,
    /// Whether misère forms print as option lists `{*2,*3}` rather than `*[…]`.
    pub(crate) misere_lists: bool,
    pub(crate) globals: IndexMap<String, Value, rustc_hash::FxBuildHasher>,
    pub notation: Notation,
    pub(crate) depth: usize,
    /// Work done so far, counted in checks for Ctrl-C (one per call, per element of a
    /// comprehension, per step of a built-in's loop): what a memo table weighs a result's
    /// cost by (see [`crate::values::value::Memo::worth_keeping`]).
    pub(crate) steps: std::cell::Cell<u64>,
    /// The frames of the user functions running, one after the other: each holds a
    /// call's arguments and the variables its body binds (see [`super::compiled`]).
    pub(crate) locals: Vec<Value>,
    /// The compiled form of each function body called in the session, by the body (held
    /// here too, so that its address names it for as long as the entry lives).
    compiled:
        rustc_hash::FxHashMap<*const crate::syntax::Expr, (Rc<crate::syntax::Expr>, Rc<Code>)>,
    /// The lowest stack address evaluation may reach (see
    /// [`crate::game::abort::stack_floor`]): 0 until first asked, 1 where unknown.
    stack_floor: std::cell::Cell<usize>,
    pub max_depth: usize,
    /// Set while the rules of a cgt ruleset run: the positions of rulesets they create are
    /// then solved by the running search, not at once (see [`crate::values::games::usergame`]). Shared
    /// with the guard that restores it, which an abort unwinding also drops.
    pub(crate) defer_user_values: Rc<std::cell::Cell<bool>>,
    /// Thermographs print with a text plot below their description (the REPL sets this).
    pub show_plots: bool,
    /// The width of the lines values are printed on, when the front end knows it (a
    /// terminal): a long record is then printed over several aligned lines and a wide
    /// table cut into blocks of columns (see `builtins::tables`). `None`: each
    /// record on one line, each table at its full width.
    pub line_width: Option<usize>,
    out: Sink,
    /// Where printed text goes in pieces (line ends included) when the front end takes it
    /// so: values and `print` lines are then streamed as they are written, not built whole
    /// and sent to `out` (see [`super::printed`]).
    pub(crate) pieces: Option<super::printed::Pieces>,
    /// Where one-time notes go (standard error, or the output lines when collecting).
    notes: Sink,
    /// The notes already given in this session.
    noted: std::collections::HashSet<String>,
    /// Every text run in this session, so that an error inside a function defined by an
    /// earlier one is shown in that text.
    sources: crate::values::error::SourceMap,
}

impl Default for Interpreter {
    fn default() -> Self {
        Interpreter::new()
    }
}

impl Interpreter {
    /// A session printing to standard output and giving its notes on standard error (a
    /// front end that owns a terminal gives its own sinks: [`Self::with_sink`],
    /// [`Self::set_notes`]).
    pub fn new() -> Interpreter {
        Interpreter::with_sink(Box::new(|line| println!("{line}")))
    }

    /// A session sending each printed line to `out`.
    pub fn with_sink(out: Sink) -> Interpreter {
        let mut math = MathState::new();
        // Board solvers use every core unless `--threads` or `:threads` says otherwise.
        math.set_threads(crate::rulesets::parallel::available_threads());
        Interpreter {
            math,
            misere_lists: false,
            globals: IndexMap::default(),
            notation: Notation::Unicode,
            depth: 0,
            steps: Default::default(),
            locals: Vec::new(),
            compiled: Default::default(),
            stack_floor: std::cell::Cell::new(0),
            max_depth: DEFAULT_MAX_DEPTH,
            defer_user_values: Default::default(),
            show_plots: false,
            line_width: None,
            out,
            pieces: None,
            notes: Box::new(|line| eprintln!("{line}")),
            noted: Default::default(),
            sources: Default::default(),
        }
    }

    /// A session whose output is collected into a shared vector of lines (for tests).
    pub fn collecting() -> (Interpreter, Rc<RefCell<Vec<String>>>) {
        let lines = Rc::new(RefCell::new(Vec::new()));
        let sink = lines.clone();
        let notes = lines.clone();
        let mut interp =
            Interpreter::with_sink(Box::new(move |l| sink.borrow_mut().push(l.to_string())));
        interp.notes = Box::new(move |l| notes.borrow_mut().push(l.to_string()));
        (interp, lines)
    }

    /// Sends the session's one-time notes to `notes` (standard error by default).
    pub fn set_notes(&mut self, notes: Sink) {
        self.notes = notes;
    }

    /// The flag that cancels the running computation when set (Ctrl-C).
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.math.interrupt_flag()
    }

    /// Whether evaluation is about to exhaust the stack: as
    /// [`crate::game::abort::stack_exhausted`], by one comparison (an interpreter stays on
    /// the thread that made it, so the floor of its stack is asked for once).
    pub(crate) fn stack_exhausted(&self) -> bool {
        let floor = match self.stack_floor.get() {
            0 => {
                let f = crate::game::abort::stack_floor().unwrap_or(1);
                self.stack_floor.set(f);
                f
            }
            f => f,
        };
        crate::game::abort::stack_address() < floor
    }

    pub(crate) fn check_interrupt(&self, span: Span) -> Result<(), EvalError> {
        self.steps.set(self.steps.get().wrapping_add(1));
        // A plain read first: the flag is almost never set, and clearing it is an atomic
        // write that costs more than the read.
        if self.math.take_interrupt() {
            return Err(EvalError::new("interrupted", span)
                .with_help("the session and its bindings are kept"));
        }
        // The values a program builds count against the budget with everything else.
        if let Some(message) = crate::game::budget::poll_exceeded() {
            return Err(EvalError::from_abort(
                crate::game::Abort::TooLarge(message),
                span,
            ));
        }
        Ok(())
    }

    /// Sends printed text to the sink one line at a time (or, to a front end that takes
    /// pieces, as one piece and a line's end).
    pub fn emit(&mut self, text: &str) {
        if let Some(pieces) = &self.pieces {
            pieces.write(text);
            pieces.write("\n");
            return;
        }
        for line in text.split('\n') {
            (self.out)(line);
        }
    }

    /// Gives a note (on standard error) the first time `key` comes up in the session.
    pub(crate) fn note_once(&mut self, key: &str, text: &str) {
        if !self.noted.contains(key) {
            self.noted.insert(key.to_string());
            (self.notes)(text);
        }
    }

    /// Names bound in the session (for completion).
    pub fn global_names(&self) -> impl Iterator<Item = &str> {
        self.globals.keys().map(String::as_str)
    }

    /// The value bound to `name` in the session (by `let`, `def` or [`Self::set_global`]).
    pub fn global(&self, name: &str) -> Option<&Value> {
        self.globals.get(name)
    }

    /// Binds `name` to `v` in the session, without what `let` adds (a ruleset without a
    /// name does not take this one): the REPL binds `_` to the last value this way.
    /// `name` must not be a built-in's, which it would hide.
    pub fn set_global(&mut self, name: &str, v: Value) {
        debug_assert!(builtins::lookup(name).is_none(), "{name} is a built-in");
        self.globals.insert(name.to_string(), v);
    }

    /// Starts the session afresh: no bindings, and the memo tables of functions, rulesets
    /// and board games and the game store emptied. The settings (notation, plots, depth
    /// limit, threads), the output and the interrupt flag are kept.
    pub fn reset(&mut self) {
        let out = std::mem::replace(&mut self.out, Box::new(|_| {}));
        let notes = std::mem::replace(&mut self.notes, Box::new(|_| {}));
        let mut math = std::mem::take(&mut self.math);
        math.clear();
        let mut fresh = Interpreter::with_sink(out);
        fresh.pieces = self.pieces.take();
        fresh.notes = notes;
        fresh.math = math;
        fresh.notation = self.notation;
        fresh.show_plots = self.show_plots;
        fresh.max_depth = self.max_depth;
        *self = fresh;
    }

    /// Parses a text that starts at `base` among the session's texts. A new question
    /// starts: an earlier Ctrl-C is forgotten, and one pressed while a long text is parsed
    /// stops the parse.
    fn parse(&self, source: &str, base: usize) -> Result<Vec<Stmt>, SyntaxError> {
        self.math.clear_interrupt();
        let flag = self.math.interrupt_flag();
        parse_program_until(source, base, &mut || {
            flag.load(std::sync::atomic::Ordering::Relaxed)
                && flag.swap(false, std::sync::atomic::Ordering::Relaxed)
        })
    }

    /// Runs a script or REPL entry: each statement in turn, printing the value of each
    /// expression statement. Stops at the first error, keeping everything bound before it.
    pub fn run(&mut self, source: &str) -> Result<(), CgtError> {
        self.run_with(source, &mut |i, _, text| i.emit(&text))
    }

    /// Runs a script or REPL entry as [`Interpreter::run`] does, but hands the value of each
    /// expression statement and its printed form to `print` instead of printing it (the
    /// REPL remembers the value and may shorten the text).
    pub fn run_with(&mut self, source: &str, print: &mut PrintFn<'_>) -> Result<(), CgtError> {
        self.run_named("<input>", source, print)
    }

    /// Runs a text as [`Interpreter::run_with`] does, naming it `name`: an error met later
    /// inside a function it defines is shown in this text, under this name. The error
    /// returned points into `source` (to be rendered with it) unless it carries its own
    /// [`crate::values::error::Origin`].
    pub fn run_named(
        &mut self,
        name: &str,
        source: &str,
        print: &mut PrintFn<'_>,
    ) -> Result<(), CgtError> {
        self.math.enter_budget();
        let base = self.sources.add(name, source);
        let result = (|| {
            let stmts = self.parse(source, base)?;
            for stmt in &stmts {
                self.run_stmt(stmt, print)?;
            }
            Ok(())
        })();
        result.map_err(|e| self.sources.localize(e, base))
    }

    /// Runs a script as [`Interpreter::run_named`] does, writing each value printed to
    /// `write` as it is printed, in pieces (each line's end included): a value whose text is
    /// larger than memory still prints, in memory bounded by the piece (`print` lines go to
    /// the session's sink as before).
    pub fn run_streaming(
        &mut self,
        name: &str,
        source: &str,
        write: &mut dyn FnMut(&str),
    ) -> Result<(), CgtError> {
        self.run_values(name, source, &mut |i, v| i.write_value(&v, write))
    }

    /// Runs a text as [`Interpreter::run_named`] does, handing the value of each expression
    /// statement to `each` unprinted, to print as it likes ([`Interpreter::print_value`]:
    /// the REPL). `each` runs guarded as the statement did: Ctrl-C or an abort while it
    /// prints ends the run with an error at the statement.
    pub fn run_values(
        &mut self,
        name: &str,
        source: &str,
        each: &mut dyn FnMut(&mut Interpreter, Value),
    ) -> Result<(), CgtError> {
        self.math.enter_budget();
        let base = self.sources.add(name, source);
        let result = (|| {
            let stmts = self.parse(source, base)?;
            for stmt in &stmts {
                if let Some(v) = self.exec(stmt)?
                    && !matches!(v, Value::Unit)
                {
                    self.guard(stmt_span(stmt), |i| {
                        each(i, v);
                        Ok(())
                    })?;
                }
            }
            Ok(())
        })();
        result.map_err(|e| self.sources.localize(e, base))
    }

    /// Writes the printed form of `v` ([`Interpreter::show`]) and a line's end to `write`
    /// in pieces.
    pub fn write_value(&mut self, v: &Value, write: &mut dyn FnMut(&str)) {
        if let Some(text) = builtins::tables::laid_out(self, v) {
            write(&text);
            write("\n");
            return;
        }
        let mut out = Streamed::new(write).stopped_by(self.interrupt_flag());
        self.show_into(v, &mut out);
        out.put_char('\n');
        out.flush();
    }

    /// Evaluates a source text and returns the value of its last statement (`Unit` if it
    /// has none), printing nothing itself.
    pub fn eval_value(&mut self, source: &str) -> Result<Value, CgtError> {
        self.math.enter_budget();
        let base = self.sources.add("<input>", source);
        let result = (|| {
            let stmts = self.parse(source, base)?;
            let mut last = Value::Unit;
            for stmt in &stmts {
                if let Some(v) = self.exec(stmt)? {
                    last = v;
                }
            }
            Ok(last)
        })();
        result.map_err(|e| self.sources.localize(e, base))
    }

    /// Evaluates a source text and returns the printed form of its last value.
    pub fn eval_to_string(&mut self, source: &str) -> Result<String, CgtError> {
        let v = self.eval_value(source)?;
        Ok(self.guard(Span::default(), |i| Ok(i.show(&v)))?)
    }

    fn run_stmt(&mut self, stmt: &Stmt, print: &mut PrintFn<'_>) -> Result<(), CgtError> {
        if let Some(v) = self.exec(stmt)?
            && !matches!(v, Value::Unit)
        {
            // Showing a value may compute (a position's value, a thermograph's plot), and
            // so be interrupted like the evaluation.
            let text = self.guard(stmt_span(stmt), |i| Ok(i.show(&v)))?;
            print(self, v, text);
        }
        Ok(())
    }

    /// Executes one statement, containing any engine abort or panic in an error so the
    /// session survives it.
    fn exec(&mut self, stmt: &Stmt) -> Result<Option<Value>, CgtError> {
        self.depth = 0;
        // Frames an abort left behind (it unwinds past the calls that would pop them).
        self.locals.clear();
        Ok(self.guard(stmt_span(stmt), |i| i.exec_inner(stmt))?)
    }

    /// Runs `f` on the session, turning an engine abort (Ctrl-C, a quantity out of range) or
    /// a panic into an error at `span`: whatever happens inside, the session survives with
    /// its bindings. Statements and the showing of their values go through here (the REPL
    /// guards its commands the same way, with [`crate::game::catch_abort`]).
    pub(crate) fn guard<T>(
        &mut self,
        span: Span,
        f: impl FnOnce(&mut Interpreter) -> Result<T, EvalError>,
    ) -> Result<T, EvalError> {
        self.math.enter_budget();
        match catch_abort(|| f(self)) {
            Ok(r) => r,
            Err(abort) => Err(EvalError::from_abort(abort, span)),
        }
    }

    fn exec_inner(&mut self, stmt: &Stmt) -> Result<Option<Value>, EvalError> {
        match stmt {
            Stmt::Let { name, value, .. } => {
                let v = self.eval(value, &None)?;
                self.bind_global(name.text.clone(), v);
                Ok(None)
            }
            Stmt::Def {
                name,
                params,
                body,
                memoize,
                ..
            } => {
                let f = Closure::new(
                    Some(name.text.clone()),
                    params,
                    body.clone(),
                    None,
                    *memoize,
                );
                let f = Value::Function(crate::values::value::Callable::Closure(Rc::new(f)));
                self.bind_global(name.text.clone(), f);
                Ok(None)
            }
            Stmt::Expr(e) => Ok(Some(self.eval(e, &None)?)),
        }
    }

    /// Binds a session name; it may shadow a built-in (with a note, once per name).
    fn bind_global(&mut self, name: String, v: Value) {
        if builtins::lookup(&name).is_some() {
            // A script written before a built-in of the same name existed keeps working.
            self.note_once(
                &format!("shadow {name}"),
                &format!("note: `{name}` now names your definition; the built-in `{name}` is hidden in this session"),
            );
        }
        if let Value::Object(o) = &v {
            o.adopt_name(&name);
        }
        self.globals.insert(name, v);
    }

    /// The compiled body of a function, compiled on its first call.
    pub(crate) fn compiled(&mut self, c: &Closure) -> Rc<Code> {
        let entry = self.compiled.entry(Rc::as_ptr(&c.body)).or_insert_with(|| {
            let code = Rc::new(super::compiled::compile(&c.params, &c.body));
            (c.body.clone(), code)
        });
        entry.1.clone()
    }

    /// Resolves a name: local scopes, then session bindings, then built-ins.
    pub(crate) fn lookup(
        &self,
        name: &str,
        scope: &Option<Rc<Scope>>,
        span: Span,
    ) -> Result<Value, EvalError> {
        if let Some(v) = Scope::lookup(scope, name) {
            return Ok(v);
        }
        if let Some(v) = self.globals.get(name) {
            return Ok(v.clone());
        }
        if let Some(b) = builtins::lookup_id(name) {
            return Ok(Value::builtin(b));
        }
        let unicode = self.notation == crate::game::Notation::Unicode;
        if let Some(v) = builtins::outcome_named(name, unicode) {
            return Ok(v);
        }
        let locals = Scope::names(scope);
        let candidates = locals
            .iter()
            .map(String::as_str)
            .chain(self.globals.keys().map(String::as_str))
            .chain(BUILTINS.iter().map(|b| b.name));
        let mut err =
            EvalError::new(format!("unknown name `{name}`"), span).with_label("not defined");
        err = match crate::values::error::known_as(name)
            .or_else(|| super::cgsuite_names::builtin_for(name))
            .or_else(|| suggest(name, candidates))
        {
            Some(s) => err.with_help(format!("did you mean `{s}`?")),
            None => err.with_help("define it with `let` or `def`; `:help` lists the built-ins"),
        };
        Err(err)
    }

    /// The printed form of a value in the session's notation. Showing may compute (a
    /// position's value) and so be abandoned by an engine abort, as an evaluation may: call
    /// it inside [`crate::game::catch_abort`] when not in a statement.
    pub fn show(&mut self, v: &Value) -> String {
        if let Some(text) = builtins::tables::laid_out(self, v) {
            return text;
        }
        self.show_line(v)
    }

    /// The printed form of a value on one line, as it prints inside a list or a record
    /// (tables and long records are laid out only where [`Interpreter::show`] prints them
    /// whole).
    pub fn show_line(&mut self, v: &Value) -> String {
        let mut out = String::new();
        self.show_into(v, &mut out);
        out
    }

    /// Appends the printed form of `v` to `out`: lists and records are written element by
    /// element into the one string (a list nested n deep is printed in time linear in n,
    /// and Ctrl-C is answered meanwhile); other values by [`Interpreter::show_atom`].
    pub(super) fn show_into<O: PrintOut>(&mut self, v: &Value, out: &mut O) {
        match v {
            Value::List(items) => {
                self.math.store.check_interrupt();
                out.checkpoint();
                out.put_char('[');
                for (k, x) in items.iter().enumerate() {
                    if k > 0 {
                        out.put_char(',');
                    }
                    self.show_into(x, out);
                }
                out.put_char(']');
            }
            Value::Set(s) => {
                self.math.store.check_interrupt();
                out.checkpoint();
                out.put_char('{');
                for (k, x) in s.values().enumerate() {
                    if k > 0 {
                        out.put(", ");
                    }
                    self.show_into(x, out);
                }
                out.put_char('}');
            }
            Value::Map(m) if m.is_empty() => out.put("{=>}"),
            Value::Map(m) => {
                self.math.store.check_interrupt();
                out.checkpoint();
                out.put_char('{');
                for (k, (key, x)) in m.entries().enumerate() {
                    if k > 0 {
                        out.put(", ");
                    }
                    self.show_into(key, out);
                    out.put(" => ");
                    self.show_into(x, out);
                }
                out.put_char('}');
            }
            Value::Record(r) if r.kind == "grid" => {
                out.put(&crate::values::games::grid::record_text(r))
            }
            Value::Record(r) => {
                self.math.store.check_interrupt();
                out.checkpoint();
                out.put(r.kind);
                out.put_char('(');
                for (k, (n, x)) in r.fields.iter().enumerate() {
                    if k > 0 {
                        out.put(", ");
                    }
                    out.put(n);
                    out.put(": ");
                    self.show_into(x, out);
                }
                out.put_char(')');
            }
            // A game is written straight into the text (its printed form can be far
            // larger than the store that holds it), checked against the budget as it grows.
            Value::Game(GameValue::Short(g)) => {
                let style = crate::game::Style::cgsuite(self.notation);
                let _ = self.math.store.write_styled(*g, style, &mut out.games());
            }
            // A sum of positions prints as its value, written the same way.
            Value::Game(GameValue::Sum(_)) => match self.game_of(v, Span::default()) {
                Ok(g) => {
                    let style = crate::game::Style::cgsuite(self.notation);
                    let _ = self.math.store.write_styled(g, style, &mut out.games());
                }
                Err(e) => {
                    let text = format!("{}: {}", self.position_text(v), e.message);
                    out.put(&text);
                }
            },
            other => {
                let text = self.show_atom(other);
                out.put(&text);
            }
        }
    }

    /// The printed form of a value that is not a list or a record.
    fn show_atom(&mut self, v: &Value) -> String {
        match v {
            Value::Number(n) => n.to_string(),
            Value::Game(GameValue::Short(g)) => self
                .math
                .store
                .display_styled(*g, crate::game::Style::cgsuite(self.notation)),
            Value::Object(o) => {
                let text = o.text(self.notation);
                match o.plot(self.notation) {
                    Some(plot) if self.show_plots => format!("{text}\n{plot}"),
                    _ => text,
                }
            }
            Value::Text(t) => t.to_string(),
            Value::Game(GameValue::Position(p)) => p.clone().show(self),
            Value::Bool(b) => b.to_string(),
            Value::Outcome(o) => o.to_string(),
            Value::Str(s) => format!("{s:?}"),
            Value::List(_)
            | Value::Record(_)
            | Value::Set(_)
            | Value::Map(_)
            | Value::Game(GameValue::Sum(_)) => self.show_line(v),
            Value::Function(f) => f.text(),
            Value::Game(GameValue::Misere(g)) => self.show_misere_form(*g),
            Value::Game(GameValue::Loopy(g)) => {
                let g = g.clone();
                self.show_loopy(&g)
            }
            Value::Game(GameValue::LoopyNim(g)) => g.text(self.notation == Notation::Unicode),
            Value::Game(GameValue::Transfinite(t)) => t.text(self.notation == Notation::Unicode),
            Value::Unit => String::new(),
        }
    }
}

mod host_impl {
    use super::super::play::Move;
    use super::*;
    use crate::game::Outcome;
    use crate::game::loopy::LoopyGame;
    use crate::impartial::misere_forms::MisereId;
    use crate::syntax::BinaryOp;
    use std::cmp::Ordering;

    /// What built-ins, positions and rulesets may ask of the session (see `host`).
    impl Host for Interpreter {
        fn math(&self) -> &MathState {
            &self.math
        }

        fn math_mut(&mut self) -> &mut MathState {
            &mut self.math
        }

        fn notation(&self) -> Notation {
            self.notation
        }

        fn call(&mut self, f: &Value, args: crate::values::args::Args) -> Result<Value, EvalError> {
            Interpreter::call(self, f, args)
        }

        fn game_of(&mut self, v: &Value, span: Span) -> Result<crate::game::GameId, EvalError> {
            Interpreter::game_of(self, v, span)
        }

        fn show(&mut self, v: &Value) -> String {
            Interpreter::show(self, v)
        }

        fn check_interrupt(&self, span: Span) -> Result<(), EvalError> {
            Interpreter::check_interrupt(self, span)
        }

        fn interrupt_flag(&self) -> Arc<AtomicBool> {
            Interpreter::interrupt_flag(self)
        }

        fn defer_flag(&self) -> Rc<std::cell::Cell<bool>> {
            self.defer_user_values.clone()
        }

        fn misere_lists(&self) -> bool {
            self.misere_lists
        }

        fn set_misere_lists(&mut self, lists: bool) {
            self.misere_lists = lists;
        }

        fn set_notation(&mut self, notation: Notation) {
            self.notation = notation;
        }

        fn line_width(&self) -> Option<usize> {
            self.line_width
        }

        fn eval(
            &mut self,
            e: &crate::syntax::Expr,
            scope: &Option<Rc<crate::values::value::Scope>>,
        ) -> Result<Value, EvalError> {
            Interpreter::eval(self, e, scope)
        }

        fn binary(
            &mut self,
            op: BinaryOp,
            a: Value,
            b: Value,
            spans: (Span, Span),
            span: Span,
        ) -> Result<Value, EvalError> {
            Interpreter::binary(self, op, a, b, spans, span)
        }

        fn emit(&mut self, text: &str) {
            Interpreter::emit(self, text)
        }

        fn print_line(&mut self, values: &[Value]) {
            Interpreter::print_values(self, values)
        }

        fn literal_with_loopy_options(
            &mut self,
            left: &[Value],
            right: &[Value],
            span: Span,
        ) -> Result<Value, EvalError> {
            Interpreter::literal_with_loopy_options(self, left, right, span)
        }

        fn loopy_of(&mut self, v: &Value, span: Span) -> Result<LoopyGame, EvalError> {
            Interpreter::loopy_of(self, v, span)
        }

        fn loopy_operand(&mut self, v: Value, span: Span) -> Result<Value, EvalError> {
            Interpreter::loopy_operand(self, v, span)
        }

        fn misere_form_of(&mut self, v: &Value, span: Span) -> Result<MisereId, EvalError> {
            Interpreter::misere_form_of(self, v, span)
        }

        fn misere_outcome_of(&mut self, v: &Value, span: Span) -> Result<Outcome, EvalError> {
            Interpreter::misere_outcome_of(self, v, span)
        }

        fn partizan_form_of(
            &mut self,
            v: &Value,
            span: Span,
        ) -> Result<crate::misere_partizan::FormId, EvalError> {
            Interpreter::partizan_form_of(self, v, span)
        }

        fn misere_sum_winning_moves(
            &mut self,
            v: &Value,
            span: Span,
        ) -> Result<Vec<String>, EvalError> {
            Interpreter::misere_sum_winning_moves(self, v, span)
        }

        fn move_text(&mut self, m: &Move) -> String {
            Interpreter::move_text(self, m)
        }

        fn moves_in(&mut self, v: &Value, left: bool, span: Span) -> Result<Vec<Move>, EvalError> {
            Interpreter::moves_in(self, v, left, span)
        }

        fn partial_order(
            &mut self,
            a: &Value,
            b: &Value,
            spans: (Span, Span),
            span: Span,
        ) -> Result<Option<Ordering>, EvalError> {
            Interpreter::partial_order(self, a, b, spans, span)
        }

        fn position_text(&mut self, v: &Value) -> String {
            Interpreter::position_text(self, v)
        }

        fn show_line(&mut self, v: &Value) -> String {
            Interpreter::show_line(self, v)
        }

        fn values_equal(
            &mut self,
            a: &Value,
            b: &Value,
            spans: (Span, Span),
        ) -> Result<bool, EvalError> {
            Interpreter::values_equal(self, a, b, spans)
        }

        fn winning_moves_for(
            &mut self,
            v: &Value,
            left: bool,
            span: Span,
        ) -> Result<Vec<Move>, EvalError> {
            Interpreter::winning_moves_for(self, v, left, span)
        }
    }
}

impl Interpreter {
    /// `→` in Unicode, `->` in ASCII.
    pub(crate) fn arrows(&self, text: String) -> String {
        (self as &dyn Host).arrows(text)
    }
}
