//! The embedding API: what a front end (the command line, the Python module, the browser
//! worksheet) or a Rust program uses to run cgt, and nothing else.
//!
//! A [`Session`] keeps bindings and every mathematical cache between calls;
//! [`Session::eval`] runs source text and returns one [`Output`] per value printed (its
//! text in Unicode and ASCII, its kind, and its picture when it is one), or a [`Failure`]:
//! a structured [`Diagnostic`] (message, span, help, the caret report) with the outputs
//! printed before the error.
//!
//! ```
//! let mut session = cgt::Session::new();
//! let outputs = session.eval("let g = {1 | -1}\ng\n^ + *\noutcome(g)").unwrap();
//! assert_eq!(outputs[0].unicode, "±1");
//! assert_eq!(outputs[0].ascii, "+-1");
//! assert_eq!(outputs[0].kind, "game");
//! assert_eq!(outputs[1].unicode, "↑*");
//! assert_eq!(outputs[2].unicode, "N");
//!
//! // Bindings persist; an error says where and why.
//! let failure = session.eval("g + nope").unwrap_err();
//! assert_eq!(failure.diagnostic.message, "unknown name `nope`");
//! assert_eq!(failure.diagnostic.span, 4..8);
//! assert!(failure.diagnostic.report.contains("nope"));
//! ```
//!
//! Tables: a table (`table`, `periodic_table`, `pn_table`) carries its HTML form in
//! [`Output::html`]; its text is aligned.
//!
//! ```
//! let mut session = cgt::Session::new();
//! let out = session.eval("table([[1, ^], [10, *]], [\"n\", \"g\"])").unwrap();
//! assert_eq!(out[0].unicode, " n  g\n--  -\n 1  ↑\n10  *");
//! assert!(out[0].html.as_deref().is_some_and(|h| h.contains("<td>↑</td>")));
//! ```
//!
//! Pictures: a value that is a picture (a position drawn as a board, a sum of them, a
//! thermograph, a loopy game's graph) carries its SVG and TikZ in [`Output::svg`] and
//! [`Output::tikz`]; [`Session::picture`] draws any value, a short game as its game tree.
//!
//! ```
//! let mut session = cgt::Session::new();
//! let out = session.eval("thermograph({3 || 2* | 1*})").unwrap();
//! assert!(out[0].svg.as_deref().is_some_and(|s| s.starts_with("<svg")));
//! assert!(out[0].tikz.as_deref().is_some_and(|t| t.contains("tikzpicture")));
//! let tree = session.eval("{2 | *}").unwrap();
//! let picture = session.picture(&tree[0].value).unwrap().unwrap();
//! assert!(picture.svg.contains("<svg"));
//! ```

use crate::builtins::Declaration;
use crate::evaluator::interp::Interpreter;
use crate::evaluator::interp::Sink;
use crate::evaluator::play::Move;
use crate::game::{Notation, catch_abort};
use crate::syntax::Span;
use crate::values::callable::Callable;
use crate::values::error::CgtError;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::value::{BuiltinId, Value};
use std::cell::RefCell;
use std::ops::Range;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

pub(crate) mod pictures;
mod unprinted;
pub use unprinted::{Plain, Unprinted};

/// One cgt session: bindings, settings and the mathematical caches (game store, tables of
/// board and heap games, misère forms), kept from one [`Session::eval`] to the next.
pub struct Session {
    interp: Interpreter,
    /// The lines the language printed itself (`print`, notes) during the current call.
    printed: Rc<RefCell<Vec<String>>>,
    /// The name errors give their source (`<input>` unless told).
    source_name: String,
    /// How many times the session has been reset ([`Session::generation`]).
    generation: u64,
    /// The built-ins added by [`Session::register`], bound again after a reset.
    registered: Vec<(&'static str, BuiltinId)>,
}

/// A value printed by [`Session::eval`].
#[derive(Clone, Debug)]
pub struct Output {
    /// The value itself, for a Rust caller that computes on with it.
    pub value: Value,
    /// Its printed form with Unicode arrows (`±1↑*`), as the REPL shows it by default.
    pub unicode: String,
    /// Its printed form in CGSuite's ASCII (`+-1^*`).
    pub ascii: String,
    /// What it is, in one word: `game`, `number`, `position`, `list`, `thermograph`…
    /// (see [`kind_of`]).
    pub kind: &'static str,
    /// An SVG picture when the value is one (a position drawn as a board, a sum of them, a
    /// thermograph, a loopy game's graph).
    pub svg: Option<String>,
    /// The same picture in TikZ.
    pub tikz: Option<String>,
    /// An HTML form when the value is a table (`table`, `periodic_table`, `pn_table`): a
    /// `<table>` in Unicode notation, for notebooks and pages.
    pub html: Option<String>,
}

impl Output {
    /// The printed form in `notation`.
    pub fn text(&self, notation: Notation) -> &str {
        match notation {
            Notation::Unicode => &self.unicode,
            Notation::Ascii => &self.ascii,
        }
    }
}

/// Text the program printed itself (`print(…)`, one-time notes), in order among the values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// The index in the outputs of a value printed at this point.
    Value(usize),
    /// A line of text.
    Text(String),
}

/// An error, as structured data a front end renders as it likes.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// What went wrong: `unknown name `nope``.
    pub message: String,
    /// The bytes of the source it points at.
    pub span: Range<usize>,
    /// A hint on how to mend it, if there is one.
    pub help: Option<String>,
    /// The name of the source (`<input>`, a file name).
    pub source_name: String,
    /// The caret report as the REPL draws it, in plain text (no colours).
    pub report: String,
}

/// A call of [`Session::eval`] that stopped at an error: the error and what was printed
/// before it (statements before the error ran, and their bindings are kept).
#[derive(Clone, Debug)]
pub struct Failure {
    pub diagnostic: Diagnostic,
    pub outputs: Vec<Output>,
    pub lines: Vec<Line>,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.diagnostic.report)
    }
}

impl std::error::Error for Failure {}

/// A picture of a value: SVG always, TikZ where cgt draws one (boards, sums of them,
/// thermographs; not yet game trees and loopy game graphs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub svg: String,
    pub tikz: Option<String>,
}

/// A built-in's documentation, for help panels and completion.
#[derive(Clone, Debug)]
pub struct Doc {
    pub name: &'static str,
    /// How it is called: `temperature(g)`.
    pub signature: String,
    pub summary: &'static str,
    /// An example input and what it prints.
    pub example: (&'static str, &'static str),
    /// The topic it is listed under in `:help`.
    pub topic: String,
}

/// A value opened as a game tree by [`Session::explore`]: what it is, who wins it, and the
/// moves of each player with where they lead (for an explorer that expands option by
/// option, and for playing against cgt as `:play` does).
#[derive(Clone, Debug)]
pub struct Exploration {
    /// The position in its own terms (`domineering("..|..")`, a sum `a + b`, a game).
    pub position: String,
    /// Its value (canonical form) in the session's notation.
    pub value: String,
    /// Its outcome class: `L`, `R`, `N` or `P`.
    pub outcome: String,
    /// Its temperature, printed as a number.
    pub temperature: String,
    /// Its own picture (a board, a sum of boards), if it is one.
    pub picture: Option<Picture>,
    /// Left's moves.
    pub left: Vec<Choice>,
    /// Right's moves.
    pub right: Vec<Choice>,
}

/// One move of an [`Exploration`].
#[derive(Clone, Debug)]
pub struct Choice {
    /// The move written for people (`component 2: kayles(3) → kayles(1)`).
    pub text: String,
    /// The whole position after the move, to explore or play on.
    pub result: Value,
    /// The value of the position after the move, in the session's notation.
    pub value: String,
    /// Whether the move wins for the player making it (the result is a second-player win
    /// for them: ≥ 0 after a Left move, ≤ 0 after a Right move).
    pub wins: bool,
    /// The position after the move drawn, when it is a board or a sum of boards (a plain
    /// game has none here: its tree is drawn on request by [`Session::picture`]).
    pub picture: Option<Picture>,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A fresh session, printing in Unicode.
    pub fn new() -> Session {
        let printed = Rc::new(RefCell::new(Vec::new()));
        let out = printed.clone();
        let notes = printed.clone();
        let mut interp =
            Interpreter::with_sink(Box::new(move |l| out.borrow_mut().push(l.to_string())));
        interp.set_notes(Box::new(move |l| notes.borrow_mut().push(l.to_string())));
        Session {
            interp,
            printed,
            source_name: "<input>".into(),
            generation: 0,
            registered: Vec::new(),
        }
    }

    /// Runs `source` (statements, as in a script or a REPL entry) and returns the values of
    /// its expression statements, each printed in both notations. Stops at the first error;
    /// what was bound before it stays bound. (The failure is boxed: it carries the outputs
    /// before the error, and a `Result` stays small.)
    pub fn eval(&mut self, source: &str) -> Result<Vec<Output>, Box<Failure>> {
        self.eval_with_lines(source).map(|(outputs, _)| outputs)
    }

    /// As [`Session::eval`], with the lines the program printed itself (`print`, notes)
    /// placed among the values in order.
    pub fn eval_with_lines(
        &mut self,
        source: &str,
    ) -> Result<(Vec<Output>, Vec<Line>), Box<Failure>> {
        self.printed.borrow_mut().clear();
        let mut outputs = Vec::new();
        let mut lines = Vec::new();
        let printed = self.printed.clone();
        let result = self.interp.run_with(source, &mut |i, value, text| {
            lines.extend(printed.borrow_mut().drain(..).map(Line::Text));
            lines.push(Line::Value(outputs.len()));
            outputs.push(output_of(i, value, Some(text)));
        });
        lines.extend(self.printed.borrow_mut().drain(..).map(Line::Text));
        match result {
            Ok(()) => Ok((outputs, lines)),
            Err(e) => Err(Box::new(Failure {
                diagnostic: self.diagnostic(&e, source),
                outputs,
                lines,
            })),
        }
    }

    /// The error `e` of `source` as a [`Diagnostic`].
    fn diagnostic(&self, e: &CgtError, source: &str) -> Diagnostic {
        diagnostic_of(e, &self.source_name, source)
    }

    /// A picture of `value`: its own (a board, a thermograph, a loopy game's graph), else a
    /// short game's canonical game tree; `None` for a value with no picture (a list, a
    /// string). Drawing may compute (a position's value), and so may fail or be interrupted.
    pub fn picture(&mut self, value: &Value) -> Result<Option<Picture>, Diagnostic> {
        let interp = &mut self.interp;
        let drawn = catch_abort(|| crate::session::pictures::any_picture(interp, value))
            .unwrap_or_else(|abort| Err(EvalError::from_abort(abort, Span::default())));
        drawn.map_err(|e| self.diagnostic(&CgtError::Eval(e), ""))
    }

    /// How `value` is written back as cgt source: a position as its game's call
    /// (`domineering("..|..")`, `kayles(7)`), a sum of positions as its terms joined by
    /// ` + `, any other value as it prints in the session's notation. A front end uses it
    /// to name a position (a Python `repr`) where the printed form is only its value.
    pub fn written(&mut self, value: &Value) -> String {
        let interp = &mut self.interp;
        catch_abort(|| interp.position_text(value)).unwrap_or_else(|abort| abort.to_string())
    }

    /// The elements of a list or a set, each as an [`Output`] (printed forms, kind, own
    /// picture), so that a front end can turn them into its own collections; `None` for
    /// any other value.
    pub fn elements(&mut self, value: &Value) -> Option<Vec<Output>> {
        let items: Vec<Value> = match value {
            Value::List(items) => items.as_ref().clone(),
            Value::Set(set) => set.values().cloned().collect(),
            _ => return None,
        };
        Some(items.into_iter().map(|v| self.output(v)).collect())
    }

    /// `value` as an [`Output`], printed in both notations.
    fn output(&mut self, value: Value) -> Output {
        output_of(&mut self.interp, value, None)
    }

    /// Opens a value that stands for a short game (a game, a number, a position, a sum of
    /// them) one level deep: its value, outcome, temperature and picture, and each player's
    /// moves with the value they lead to and whether they win. A value that is no short
    /// game (a list, a loopy game) is an error.
    pub fn explore(&mut self, value: &Value) -> Result<Exploration, Diagnostic> {
        let interp = &mut self.interp;
        let explored = catch_abort(|| explore_in(interp, value))
            .unwrap_or_else(|abort| Err(EvalError::from_abort(abort, Span::default())));
        explored.map_err(|e| self.diagnostic(&CgtError::Eval(e), ""))
    }

    /// The value bound to `name`, if any.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.interp.global(name)
    }

    /// Binds `name` to `value` (as `let` would).
    pub fn set(&mut self, name: &str, value: Value) {
        self.interp.set_global(name, value);
    }

    /// The printed form of `value` in `notation`.
    pub fn show(&mut self, value: &Value, notation: Notation) -> String {
        shown_in(&mut self.interp, value, notation)
    }

    /// The most nested calls of functions written in cgt before "recursion too deep" (5,000
    /// unless told). A front end whose stack is small (the browser) lowers it.
    pub fn set_max_depth(&mut self, depth: usize) {
        self.interp.max_depth = depth;
    }

    /// The notation values are printed in first (the REPL's `:ascii`, `:unicode`).
    pub fn notation(&self) -> Notation {
        self.interp.notation
    }

    pub fn set_notation(&mut self, notation: Notation) {
        self.interp.notation = notation;
    }

    /// The width of the lines values are printed on (`None`, the default: each record on
    /// one line, each table at full width). Given one, a record wider than the line is
    /// printed over several aligned lines and a wider table in blocks of columns.
    pub fn set_line_width(&mut self, width: Option<usize>) {
        self.interp.line_width = width;
    }

    /// The name errors give their source: `<input>` unless told (a file's name).
    pub fn set_source_name(&mut self, name: &str) {
        self.source_name = name.to_string();
    }

    /// How many threads the board solvers use (1: the sequential solver).
    pub fn set_threads(&mut self, threads: usize) {
        self.interp.math.store.set_threads(threads.max(1));
    }

    /// The flag that stops the running computation when set from another thread: the
    /// call returns a [`Failure`] saying "interrupted", and the session goes on.
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.interp.interrupt_flag()
    }

    /// How many bytes this session's computations may hold (its own budget once set,
    /// else the process's default, see [`crate::game::budget`]).
    pub fn memory_budget(&self) -> u64 {
        self.interp.math.memory_budget()
    }

    /// Sets [`Session::memory_budget`] for this session alone (at least 1 MB; 0: the
    /// process's default again): another session in the same process keeps its own.
    pub fn set_memory_budget(&mut self, bytes: u64) {
        self.interp.math.set_memory_budget(bytes);
    }

    /// The default budget of the machine and where it came from (the smallest of the
    /// physical memory, the address-space limit and the cgroup's limit, halved).
    pub fn default_memory_budget() -> crate::game::budget::DefaultBudget {
        crate::game::budget::machine_default().clone()
    }

    /// Forgets every binding and empties every cache; the settings and the built-ins added
    /// by [`Session::register`] are kept.
    pub fn reset(&mut self) {
        self.interp.reset();
        for (name, id) in &self.registered {
            self.interp
                .set_global(name, Value::Function(Callable::Builtin(*id)));
        }
        self.generation += 1;
    }

    /// Adds a built-in to this session: a [`crate::builtins::Typed`] declaration (its arity,
    /// argument conversions and their errors come from its argument types) or any other
    /// [`Declaration`]. cgt source calls it by its name like any built-in, in this session
    /// only. An error when the name is already a built-in's, or when there are too many.
    pub fn register(&mut self, builtin: impl Declaration) -> Result<(), String> {
        let entry = builtin.into_entry();
        let name = entry.name;
        if crate::builtins::lookup(name).is_some() {
            return Err(format!("{name} is already a built-in"));
        }
        let id = crate::builtins::add_entry(entry)
            .ok_or_else(|| format!("{name}: too many built-ins in this process"))?;
        self.interp
            .set_global(name, Value::Function(Callable::Builtin(id)));
        self.registered.retain(|(n, _)| *n != name);
        self.registered.push((name, id));
        Ok(())
    }

    /// The names that complete `prefix`: the session's bindings, then the built-ins, sorted.
    pub fn completions(&self, prefix: &str) -> Vec<String> {
        let mut names: Vec<String> = self
            .interp
            .global_names()
            .chain(crate::builtins::BUILTINS.iter().map(|b| b.name))
            .filter(|n| n.starts_with(prefix))
            .map(str::to_string)
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// The documentation of every built-in, in the order of the reference.
    pub fn docs() -> Vec<Doc> {
        crate::builtins::BUILTINS
            .iter()
            .map(|b| Doc {
                name: b.name,
                signature: b.signature(),
                summary: b.summary,
                example: b.example,
                topic: format!("{:?}", b.topic),
            })
            .collect()
    }
}

/// What a front end that prints as it goes (the command line) uses beyond [`Session::eval`]:
/// a session with its own printers, runs that print each value when it is computed, and the
/// settings and questions of the REPL's commands (`:type`, `:threads`, `:time`, `:play`).
///
/// ```
/// use std::{cell::RefCell, rc::Rc};
/// let lines = Rc::new(RefCell::new(Vec::new()));
/// let (out, notes) = (lines.clone(), lines.clone());
/// let mut session = cgt::Session::printing(
///     Box::new(move |l| out.borrow_mut().push(l.to_string())),
///     Box::new(move |l| notes.borrow_mut().push(l.to_string())),
/// );
/// // Each value is handed over with its text, which the front end may change (shorten),
/// // and printed through the session's printer; `bind` names it as the REPL's `_`.
/// session
///     .run_printing("<input 1>", "^ + *\nprint(\"done\")", &mut |p, v, text| {
///         p.print(&format!("{text}!"));
///         p.bind("_", v);
///     })
///     .unwrap();
/// assert_eq!(*lines.borrow(), ["↑*!", "done"]);
/// assert_eq!(session.global_names().collect::<Vec<_>>(), ["_"]);
/// let failure = session.run_printing("<input 2>", "1 +", &mut |_, _, _| {}).unwrap_err();
/// assert!(failure.report.contains("<input 2>"));
/// // The questions of `:type` and `:play`.
/// let g = session.eval_value("{1 | -1}").unwrap();
/// assert!(!session.describe(&g).is_empty());
/// assert_eq!(session.moves(&g, true).unwrap().len(), 1);
/// assert_eq!(session.winning_moves(&g, false).unwrap().len(), 1);
/// ```
impl Session {
    /// A session printing the values and `print` lines of [`Session::run_printing`] through
    /// `out` and its one-time notes through `notes` as they come (the command line's
    /// standard output and error). [`Session::eval`] on it collects nothing: it prints.
    pub fn printing(out: Sink, notes: Sink) -> Session {
        let mut interp = Interpreter::with_sink(out);
        interp.set_notes(notes);
        Session {
            interp,
            printed: Rc::new(RefCell::new(Vec::new())),
            source_name: "<input>".into(),
            generation: 0,
            registered: Vec::new(),
        }
    }

    /// A session writing everything it prints (values, `print` lines) to `write` as pieces
    /// of text (line ends included) as it is written, and its one-time notes to `notes` a
    /// line at a time: a value's text, however long, is never held whole (the command
    /// line's standard output). [`Session::run_each`] and [`Session::print_value`] stream
    /// through it; [`Session::eval`] on it collects nothing: it prints.
    ///
    /// ```
    /// use std::{cell::RefCell, rc::Rc};
    /// let text = Rc::new(RefCell::new(String::new()));
    /// let out = text.clone();
    /// let mut session = cgt::Session::streaming(
    ///     Box::new(move |piece| out.borrow_mut().push_str(piece)),
    ///     Box::new(|_| {}),
    /// );
    /// // The REPL's way: each value is handed over unprinted and printed through the
    /// // session, here cut after 4 characters (the count of the others is returned).
    /// let mut left_out = Vec::new();
    /// session
    ///     .run_each("<input 1>", "[1, 2, 3]\nprint(\"done\", ^)", &mut |p, v| {
    ///         left_out.push(p.print_value(&v, Some(4)));
    ///     })
    ///     .unwrap();
    /// assert_eq!(*text.borrow(), "[1,2\ndone ↑\n");
    /// assert_eq!(left_out, [3]);
    /// ```
    pub fn streaming(write: Sink, notes: Sink) -> Session {
        let mut session = Session::printing(Box::new(|_| {}), notes);
        session.interp.pieces = Some(crate::evaluator::printed::Pieces::new(write));
        session
    }

    /// Runs `source` as [`Session::run_printing`] does, but hands `each` each value alone,
    /// unprinted, to print through its [`Printer`] ([`Printer::print_value`] streams it to
    /// a [`Session::streaming`] session's writer, cut if asked). Ctrl-C or an abort while
    /// `each` prints ends the run with an error at the statement.
    pub fn run_each(
        &mut self,
        name: &str,
        source: &str,
        each: &mut dyn FnMut(&mut Printer<'_>, Value),
    ) -> Result<(), Diagnostic> {
        let result = self.interp.run_values(name, source, &mut |i, v| {
            each(&mut Printer { interp: i }, v);
        });
        result.map_err(|e| diagnostic_of(&e, name, source))
    }

    /// Prints `value` through the session's output as a statement's value prints (see
    /// [`Printer::print_value`]); an abort while printing (Ctrl-C) is the error returned.
    pub fn print_value(&mut self, value: &Value, limit: Option<usize>) -> Result<u64, Diagnostic> {
        let interp = &mut self.interp;
        catch_abort(|| interp.print_value(value, limit)).map_err(|abort| {
            let e = EvalError::from_abort(abort, Span::default());
            self.diagnostic(&CgtError::Eval(e), "")
        })
    }

    /// Runs `source`, named `name` in its errors (an error met later inside a function it
    /// defines is shown in this text, under this name), handing each value printed with
    /// its text in the session's notation to `each`, which prints through its [`Printer`].
    /// Stops at the first error, keeping what was bound before it.
    pub fn run_printing(
        &mut self,
        name: &str,
        source: &str,
        each: &mut dyn FnMut(&mut Printer<'_>, Value, String),
    ) -> Result<(), Diagnostic> {
        let result = self.interp.run_named(name, source, &mut |i, v, text| {
            each(&mut Printer { interp: i }, v, text);
        });
        result.map_err(|e| diagnostic_of(&e, name, source))
    }

    /// Runs a script (`cgt FILE`, `cgt -e TEXT`) named `name` in errors, printing each
    /// value through the session's printer.
    pub fn run_script(&mut self, name: &str, source: &str) -> Result<(), Diagnostic> {
        let result = self.interp.run(source);
        result.map_err(|e| diagnostic_of(&e, name, source))
    }

    /// Runs a script as [`Session::run_script`] does, but writes each value's printed text
    /// to `write` as it is printed, in pieces of at most 64 KiB (line ends included), instead
    /// of building it whole and handing it to the session's printer a line at a time: the
    /// memory printing takes is bounded by a piece however long the text (`print` lines
    /// still go through the session's printer).
    pub fn run_script_streaming(
        &mut self,
        name: &str,
        source: &str,
        write: &mut dyn FnMut(&str),
    ) -> Result<(), Diagnostic> {
        // Registered as `<input>`, as `run_script` registers it (errors met later inside
        // its functions name it so).
        let result = self.interp.run_streaming("<input>", source, write);
        result.map_err(|e| diagnostic_of(&e, name, source))
    }

    /// The value of the last statement of `source` (unit if none), printing nothing; errors
    /// name the source `<input>`.
    pub fn eval_value(&mut self, source: &str) -> Result<Value, Diagnostic> {
        let result = self.interp.eval_value(source);
        result.map_err(|e| diagnostic_of(&e, "<input>", source))
    }

    /// What a value is, in a sentence or a few lines (the REPL's `:type`).
    pub fn describe(&mut self, value: &Value) -> String {
        self.interp.describe(value)
    }

    /// The names bound in the session, for completion and `:forget`.
    pub fn global_names(&self) -> impl Iterator<Item = &str> {
        self.interp.global_names()
    }

    /// How many threads the board solvers use.
    pub fn threads(&self) -> usize {
        self.interp.math.store.threads()
    }

    /// How many games the game store holds (`:time` reports it).
    pub fn store_size(&self) -> usize {
        self.interp.math.store.len()
    }

    /// Whether a thermograph is drawn as well as described when printed (at a terminal).
    pub fn set_show_plots(&mut self, show: bool) {
        self.interp.show_plots = show;
    }

    /// The moves of Left (`left`) or Right in a game, a position or a sum (`:play`).
    pub fn moves(&mut self, value: &Value, left: bool) -> Result<Vec<Move>, Diagnostic> {
        let moves = self.interp.moves_in(value, left, Span::default());
        moves.map_err(|e| self.diagnostic(&CgtError::Eval(e), ""))
    }

    /// The moves of Left (`left`) or Right that win (`:play`).
    pub fn winning_moves(&mut self, value: &Value, left: bool) -> Result<Vec<Move>, Diagnostic> {
        let moves = self.interp.winning_moves_for(value, left, Span::default());
        moves.map_err(|e| self.diagnostic(&CgtError::Eval(e), ""))
    }

    /// A move as the REPL lists it: the component moved in (of a sum) and where it leads.
    pub fn move_text(&mut self, m: &Move) -> String {
        self.interp.move_text(m)
    }

    /// The rows of a position's board as text, one string per row, if it is drawn as a
    /// grid; the error of its drawing function (a ruleset written in cgt) if that fails.
    pub fn board_rows(&mut self, value: &Value) -> Result<Option<Vec<String>>, Diagnostic> {
        let Value::Game(GameValue::Position(p)) = value else {
            return Ok(None);
        };
        let rows = p.board_rows_in(&mut self.interp);
        rows.map_err(|e| self.diagnostic(&CgtError::Eval(e), ""))
    }
}

/// How [`Session::run_printing`]'s callback prints a value and binds it.
pub struct Printer<'a> {
    interp: &'a mut Interpreter,
}

impl Printer<'_> {
    /// Prints `text` through the session's printer, a line at a time.
    pub fn print(&mut self, text: &str) {
        self.interp.emit(text);
    }

    /// Prints `value` as a statement's value prints (its text and a line's end): streamed
    /// in pieces by a [`Session::streaming`] session, however long the text; built whole
    /// (under the memory budget) otherwise. With `limit`, only the first `limit`
    /// characters of the text are printed, and the number of the others is returned
    /// (counted as they are printed, not held; 0 when none was left out).
    pub fn print_value(&mut self, value: &Value, limit: Option<usize>) -> u64 {
        self.interp.print_value(value, limit)
    }

    /// Binds `name` to `value`, as the REPL binds `_` to the last value printed.
    pub fn bind(&mut self, name: &str, value: Value) {
        self.interp.set_global(name, value);
    }
}

/// The error `e` of the text `source`, named `name`, as a [`Diagnostic`].
fn diagnostic_of(e: &CgtError, name: &str, source: &str) -> Diagnostic {
    let span = e.span();
    Diagnostic {
        message: e.message().to_string(),
        span: span.start..span.end,
        help: e.help().map(str::to_string),
        source_name: name.to_string(),
        report: e.render(name, source),
    }
}

/// [`Session::explore`] on the interpreter.
fn explore_in(interp: &mut Interpreter, value: &Value) -> Result<Exploration, EvalError> {
    let span = Span::default();
    if !crate::evaluator::play::is_gamelike(value) {
        return Err(EvalError::new(
            format!("expected a game or a position, found {}", value.kind()),
            span,
        ));
    }
    let g = interp.game_of(value, span)?;
    let shown = Value::short(g);
    let outcome = Value::Outcome(interp.math.store.outcome(g));
    let temperature = Value::number(interp.math.store.temperature(g).to_rational());
    let mut sides = Vec::with_capacity(2);
    for left in [true, false] {
        let mut choices = Vec::new();
        for m in interp.moves_in(value, left, span)? {
            let after = interp.game_of(&m.result, span)?;
            let zero = interp.math.store.zero();
            let wins = if left {
                interp.math.store.leq(zero, after)
            } else {
                interp.math.store.leq(after, zero)
            };
            let picture = crate::session::pictures::own_picture(interp, &m.result)
                .ok()
                .flatten();
            choices.push(Choice {
                picture,
                text: interp.move_text(&m),
                value: interp.show(&Value::Game(GameValue::Short(after))),
                result: m.result,
                wins,
            });
        }
        sides.push(choices);
    }
    let right = sides.pop().unwrap_or_default();
    let left = sides.pop().unwrap_or_default();
    Ok(Exploration {
        position: interp.position_text(value),
        value: interp.show(&shown),
        outcome: interp.show(&outcome),
        temperature: interp.show(&temperature),
        picture: crate::session::pictures::own_picture(interp, value)?,
        left,
        right,
    })
}

/// `value` as an [`Output`]: printed in both notations (`shown`, when the caller has it, is
/// its printed form in the session's notation, not printed again) with its own picture.
fn output_of(interp: &mut Interpreter, value: Value, shown: Option<String>) -> Output {
    let first = interp.notation;
    let shown = shown.unwrap_or_else(|| shown_in(interp, &value, first));
    let other = match first {
        Notation::Unicode => Notation::Ascii,
        Notation::Ascii => Notation::Unicode,
    };
    let other_text = shown_in(interp, &value, other);
    let (unicode, ascii) = match first {
        Notation::Unicode => (shown, other_text),
        Notation::Ascii => (other_text, shown),
    };
    let picture = own_picture(interp, &value);
    let html = catch_abort(|| crate::builtins::tables::html_table(interp, &value))
        .ok()
        .flatten();
    Output {
        html,
        kind: kind_of(&value),
        svg: picture.as_ref().map(|p| p.svg.clone()),
        tikz: picture.and_then(|p| p.tikz),
        value,
        unicode,
        ascii,
    }
}

/// The printed form of `value` in `notation` (the session's notation is restored).
fn shown_in(interp: &mut Interpreter, value: &Value, notation: Notation) -> String {
    let kept = std::mem::replace(&mut interp.notation, notation);
    let text = catch_abort(|| interp.show(value)).unwrap_or_else(|abort| abort.to_string());
    interp.notation = kept;
    text
}

/// The picture a value is (not a game tree, which is drawn on request only): pictures are
/// best effort here, and a value that cannot be drawn simply has none.
fn own_picture(interp: &mut Interpreter, value: &Value) -> Option<Picture> {
    catch_abort(|| crate::session::pictures::own_picture(interp, value))
        .ok()
        .and_then(Result::ok)
        .flatten()
}

/// A value's kind in one word, for a front end choosing how to show it: `game`, `number`,
/// `boolean`, `outcome`, `string`, `list`, `set`, `map`, `function`, `record`,
/// `thermograph`, `ruleset`, `position`, `sum`, `text`, `misere`, `loopy`, `loopy_nim`,
/// `unit`.
pub fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Number(_) => "number",
        Value::Game(GameValue::Short(_)) => "game",
        Value::Bool(_) => "boolean",
        Value::Outcome(_) => "outcome",
        Value::Str(_) => "string",
        Value::List(_) => "list",
        Value::Set(_) => "set",
        Value::Map(_) => "map",
        Value::Function(_) => "function",
        Value::Record(_) => "record",
        Value::Object(o) => o.kind_name(),
        Value::Game(GameValue::Position(_)) => "position",
        Value::Game(GameValue::Sum(_)) => "sum",
        Value::Text(_) => "text",
        Value::Game(GameValue::Misere(_)) => "misere",
        Value::Game(GameValue::Loopy(_)) => "loopy",
        Value::Game(GameValue::LoopyNim(_)) => "loopy_nim",
        Value::Game(GameValue::Transfinite(_)) => "transfinite",
        Value::Unit => "unit",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_print_in_both_notations_with_their_kind() {
        let mut s = Session::new();
        let out = s.eval("{1|-1} + ^ + *\n3/4\n[*, ^]").unwrap();
        // `+` keeps its parts: the value is a sum, printed as its canonical form.
        let texts: Vec<_> = out
            .iter()
            .map(|o| (o.unicode.as_str(), o.ascii.as_str(), o.kind))
            .collect();
        assert_eq!(
            texts,
            [
                ("{1↑*|-1↑*}", "{1^*|-1^*}", "sum"),
                ("3/4", "3/4", "number"),
                ("[*,↑]", "[*,^]", "list")
            ]
        );
        s.set_notation(Notation::Ascii);
        let out = s.eval("^").unwrap();
        assert_eq!((out[0].unicode.as_str(), out[0].ascii.as_str()), ("↑", "^"));
    }

    #[test]
    fn printed_lines_keep_their_place_among_the_values() {
        let mut s = Session::new();
        let (out, lines) = s.eval_with_lines("1\nprint(\"two\")\n3").unwrap();
        assert_eq!(out.len(), 2);
        assert_eq!(
            lines,
            [Line::Value(0), Line::Text("two".into()), Line::Value(1)]
        );
    }

    #[test]
    fn an_error_keeps_what_came_before_and_the_bindings() {
        let mut s = Session::new();
        let f = s.eval("let a = 2\na + 1\n{1 | nope}").unwrap_err();
        assert_eq!(f.outputs.len(), 1);
        assert_eq!(f.outputs[0].unicode, "3");
        assert_eq!(f.diagnostic.message, "unknown name `nope`");
        assert_eq!(
            &"let a = 2\na + 1\n{1 | nope}"[f.diagnostic.span.clone()],
            "nope"
        );
        assert!(
            f.diagnostic.report.contains("<input>"),
            "{}",
            f.diagnostic.report
        );
        assert_eq!(s.eval("a").unwrap()[0].unicode, "2");
        let syntax = s.eval("{1 |").unwrap_err();
        assert!(!syntax.diagnostic.message.is_empty());
    }

    #[test]
    fn pictures_come_with_the_values_that_are_pictures() {
        let mut s = Session::new();
        let out = s.eval("domineering(\"..|..\")\n{1|-1}").unwrap();
        let board = out[0].svg.as_deref().expect("a board is a picture");
        assert!(
            board.starts_with("<svg") && board.contains("<rect"),
            "{board}"
        );
        assert!(
            out[0]
                .tikz
                .as_deref()
                .is_some_and(|t| t.contains("tikzpicture"))
        );
        assert_eq!(out[1].svg, None, "a game tree is drawn on request only");
        let tree = s.picture(&out[1].value).unwrap().expect("a game tree");
        assert!(tree.svg.starts_with("<svg"));
        let none = s.eval("[1, 2]").unwrap();
        assert_eq!(s.picture(&none[0].value).unwrap(), None);
    }

    #[test]
    fn interrupting_ends_the_call_and_keeps_the_session() {
        let mut s = Session::new();
        s.eval("let keep = 5").unwrap();
        s.interrupt_flag()
            .store(true, std::sync::atomic::Ordering::SeqCst);
        // The flag is cleared when a call starts: a stale Ctrl-C does not stop the next one.
        assert_eq!(s.eval("keep").unwrap()[0].unicode, "5");
    }

    #[test]
    fn positions_are_written_back_and_collections_split_into_elements() {
        let mut s = Session::new();
        let out = s
            .eval("domineering(\"..|..\") + kayles(3)\n{1|-1}\n[0, ^, kayles(2)]")
            .unwrap();
        assert_eq!(
            s.written(&out[0].value),
            "domineering(\"..|..\") + kayles(3)"
        );
        assert_eq!(s.written(&out[1].value), "±1");
        let items = s.elements(&out[2].value).expect("a list has elements");
        let texts: Vec<_> = items
            .iter()
            .map(|o| (o.unicode.as_str(), o.ascii.as_str(), o.kind))
            .collect();
        assert_eq!(
            texts,
            [
                ("0", "0", "number"),
                ("↑", "^", "game"),
                ("*2", "*2", "position")
            ]
        );
        assert!(items[2].svg.is_some(), "a position keeps its picture");
        let set = s.eval("{1, 2, 1}").unwrap();
        assert_eq!(s.elements(&set[0].value).map(|e| e.len()), Some(2));
        assert!(s.elements(&out[1].value).is_none());
    }

    #[test]
    fn exploring_lists_each_players_moves_with_values_and_winners() {
        let mut s = Session::new();
        let g = s.eval("{1 | -1}").unwrap().remove(0).value;
        let e = s.explore(&g).unwrap();
        assert_eq!(
            (e.value.as_str(), e.outcome.as_str(), e.temperature.as_str()),
            ("±1", "N", "1")
        );
        let left: Vec<_> = e.left.iter().map(|c| (c.value.as_str(), c.wins)).collect();
        let right: Vec<_> = e.right.iter().map(|c| (c.value.as_str(), c.wins)).collect();
        assert_eq!((left, right), (vec![("1", true)], vec![("-1", true)]));
        // The options can be explored in turn: 1 = {0 | }.
        let one = s.explore(&e.left[0].result).unwrap();
        assert_eq!((one.left.len(), one.right.len()), (1, 0));
        assert_eq!(one.left[0].value, "0");
        // A position keeps its own terms and its board; a losing move is marked so.
        let board = s.eval("domineering(\"...\")").unwrap().remove(0).value;
        let e = s.explore(&board).unwrap();
        assert_eq!(e.position, "domineering(\"...\")");
        assert!(e.picture.is_some_and(|p| p.svg.starts_with("<svg")));
        assert_eq!(
            e.left.len(),
            0,
            "Left places vertical dominoes: none fit one row"
        );
        assert!(e.right.iter().all(|c| c.wins) && e.right.len() == 2);
        assert!(
            e.right.iter().all(|c| c.picture.is_some()),
            "each board is drawn"
        );
        assert!(s.explore(&g).unwrap().left[0].picture.is_none());
        let p = s.eval("{0, * | 0}").unwrap().remove(0).value;
        let wins: Vec<_> = s.explore(&p).unwrap().left.iter().map(|c| c.wins).collect();
        assert!(wins.contains(&true) && wins.contains(&false), "{wins:?}");
        // Not a game: an error, and the session goes on.
        let list = s.eval("[1]").unwrap().remove(0).value;
        assert!(s.explore(&list).unwrap_err().message.contains("list"));
    }

    #[test]
    fn the_depth_of_recursion_can_be_lowered() {
        let mut s = Session::new();
        s.set_max_depth(50);
        s.eval("def f(n) = if n == 0 then 0 else f(n - 1)").unwrap();
        assert_eq!(s.eval("f(40)").unwrap()[0].unicode, "0");
        let deep = s.eval("f(100)").unwrap_err();
        assert!(deep.diagnostic.message.contains("recursion too deep"));
        assert_eq!(s.eval("f(3)").unwrap()[0].unicode, "0");
    }

    #[test]
    fn completions_list_bindings_and_built_ins() {
        let mut s = Session::new();
        s.eval("let temp_x = 1").unwrap();
        let c = s.completions("temp");
        assert!(c.contains(&"temp_x".to_string()) && c.contains(&"temperature".to_string()));
        assert!(Session::docs().iter().any(|d| d.name == "temperature"));
    }

    /// Two sessions in one process keep their own budgets: a list of a million elements
    /// (24 MB) is refused under one session's 16 MB and built under the other's 1 GB, in
    /// either order.
    #[test]
    fn each_session_keeps_its_own_memory_budget() {
        let mut small = Session::new();
        let mut large = Session::new();
        small.set_memory_budget(16 << 20);
        large.set_memory_budget(1 << 30);
        assert_eq!(small.memory_budget(), 16 << 20);
        assert_eq!(large.memory_budget(), 1 << 30);
        let program = "def h(n) = if n == 0 then [0] else h(n-1) + h(n-1); len(h(20))";
        for _ in 0..2 {
            let failure = small.eval(program).unwrap_err();
            let message = &failure.diagnostic.message;
            assert!(message.contains("memory budget of 16.8 MB"), "{message}");
            assert_eq!(large.eval(program).unwrap()[0].unicode, "1048576");
        }
        assert_eq!(small.eval("len(h(3))").unwrap()[0].unicode, "8");
    }
}
