//! What built-ins, positions and rulesets see of the session that runs them: the [`Host`]
//! trait, which the interpreter implements. Nothing that takes a `&mut dyn Host` names the
//! interpreter, so the built-ins and the game families sit below it (the interpreter calls
//! them, never the other way round).
//!
//! A host gives:
//! - the mathematical state, [`MathState`] (stores, caches, thread count, interrupt flag),
//!   to which `dyn Host` dereferences: `host.store`, `host.misere`, `host.quotients` and
//!   `host.cache::<T>()` read as on the state itself;
//! - the language's services a built-in needs: calling a function value, the canonical
//!   form of a game-like value, printing, Ctrl-C, the output and the session's settings;
//! - the value-level operations of the evaluator the built-ins share with it (comparison,
//!   collections, loopy and misère forms, moves and sums), so that they are written once.
//!
//! It does not give the session's bindings, the frames of running functions, the compiled
//! code, the source texts or the sinks themselves.

use super::args::Args;
use super::error::EvalError;
use super::object::Move;
use super::value::{Scope, Value};
use crate::game::loopy::LoopyGame;
use crate::game::{GameId, GameStore, Notation, Outcome};
use crate::impartial::misere_forms::MisereId;
use crate::syntax::BinaryOp;
use crate::syntax::Expr;
use crate::syntax::Span;
use cgt_core::MathState;
use std::cell::Cell;
use std::cmp::Ordering;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// What built-ins, positions and rulesets may ask of the session that runs them (see the
/// module documentation).
pub trait Host {
    /// The session's mathematical state.
    fn math(&self) -> &MathState;
    /// The session's mathematical state, to compute in.
    fn math_mut(&mut self) -> &mut MathState;
    /// The session's store of canonical forms.
    fn store(&mut self) -> &mut GameStore {
        &mut self.math_mut().store
    }
    /// How values print (`→` or `->`).
    fn notation(&self) -> Notation;
    /// `f(args)` for a function value (a cgt function, a built-in, a ruleset's rules).
    fn call(&mut self, f: &Value, args: Args) -> Result<Value, EvalError>;
    /// The canonical form of any game-like value (a game, a number, a position, a sum).
    fn game_of(&mut self, v: &Value, span: Span) -> Result<GameId, EvalError>;
    /// How a value prints.
    fn show(&mut self, v: &Value) -> String;
    /// An error if Ctrl-C was pressed since the last look.
    fn check_interrupt(&self, span: Span) -> Result<(), EvalError>;
    /// The flag Ctrl-C sets, for long computations outside the interpreter.
    fn interrupt_flag(&self) -> Arc<AtomicBool>;
    /// Set while the rules of a ruleset written in cgt run: positions they create are then
    /// left to the running search (see [`crate::values::games::usergame`]).
    fn defer_flag(&self) -> Rc<Cell<bool>>;

    /// Whether misère forms print as option lists `{*2,*3}` rather than `*[…]`.
    fn misere_lists(&self) -> bool;
    /// Sets [`Host::misere_lists`].
    fn set_misere_lists(&mut self, lists: bool);
    /// Sets how values print (a table's LaTeX cells are printed in Unicode).
    fn set_notation(&mut self, notation: Notation);
    /// The width of the lines values are printed on, when the front end knows it.
    fn line_width(&self) -> Option<usize>;
    /// The value of an expression in the session's scope (`scope` for the local names).
    fn eval(&mut self, e: &Expr, scope: &Option<Rc<Scope>>) -> Result<Value, EvalError>;

    // The value-level operations the evaluator shares with the built-ins.
    fn binary(
        &mut self,
        op: BinaryOp,
        a: Value,
        b: Value,
        spans: (Span, Span),
        span: Span,
    ) -> Result<Value, EvalError>;
    /// Sends printed text to the sink one line at a time.
    fn emit(&mut self, text: &str);
    /// `print(…)`: the values on one line separated by spaces, strings without quotes
    /// (streamed to a front end that takes its output in pieces).
    fn print_line(&mut self, values: &[Value]);
    /// A game literal whose options include loopy games (but no labels or `pass`).
    fn literal_with_loopy_options(
        &mut self,
        left: &[Value],
        right: &[Value],
        span: Span,
    ) -> Result<Value, EvalError>;
    /// The game graph of a value: a loopy game, or any short game (as a graph).
    fn loopy_of(&mut self, v: &Value, span: Span) -> Result<LoopyGame, EvalError>;
    /// A position of a loopy ruleset stands for its loopy value in arithmetic; any other
    /// value is kept as it is (a sum keeps its components).
    fn loopy_operand(&mut self, v: Value, span: Span) -> Result<Value, EvalError>;
    fn misere_form_of(&mut self, v: &Value, span: Span) -> Result<MisereId, EvalError>;

    /// The partizan form of a game, position or sum, as its moves give it (misère play of
    /// partizan games).
    fn partizan_form_of(
        &mut self,
        v: &Value,
        span: Span,
    ) -> Result<crate::misere_partizan::FormId, EvalError>;
    /// The misère outcome of a value: of a single game, the outcome of its canonical form;
    /// of a position, a sum (`a + b`) or a list of components, the outcome of the sum of the
    /// components as written.
    fn misere_outcome_of(&mut self, v: &Value, span: Span) -> Result<Outcome, EvalError>;
    /// Every misère winning move of a sum of impartial components, as `component k: from →
    /// to` texts: by Conway's genus rule when every component is tame (tame games add like
    /// misère Nim heaps, `tame_sum_is_p`), else by the misère outcome of each move's sum
    /// of simplest forms (a search).
    fn misere_sum_winning_moves(&mut self, v: &Value, span: Span)
    -> Result<Vec<String>, EvalError>;
    /// A move written for people: `component 2: domineering("..|..") → domineering("#.|#.")`.
    fn move_text(&mut self, m: &Move) -> String;
    /// Every move of one player (`left`) in the position's own terms.
    fn moves_in(&mut self, v: &Value, left: bool, span: Span) -> Result<Vec<Move>, EvalError>;
    /// The partial order of games (numbers by value; a number and a game as games).
    fn partial_order(
        &mut self,
        a: &Value,
        b: &Value,
        spans: (Span, Span),
        span: Span,
    ) -> Result<Option<Ordering>, EvalError>;
    /// How a position is written in its own terms: `domineering("..|..")`, `kayles(7)`,
    /// `cake([2,3])`, a sum `a + b`, or a game's canonical form.
    fn position_text(&mut self, v: &Value) -> String;
    /// The printed form of a value on one line, as it prints inside a list or a record
    /// (tables and long records are laid out only where `Interpreter::show` prints them
    /// whole).
    fn show_line(&mut self, v: &Value) -> String;
    /// Equality of values: numbers exactly, games by canonical form (a number equals the
    /// number game), lists elementwise, and the rest structurally.
    fn values_equal(
        &mut self,
        a: &Value,
        b: &Value,
        spans: (Span, Span),
    ) -> Result<bool, EvalError>;
    /// The winning moves of one player: moves to a position that player wins moving
    /// second (Left: value ≥ 0, Right: value ≤ 0).
    fn winning_moves_for(
        &mut self,
        v: &Value,
        left: bool,
        span: Span,
    ) -> Result<Vec<Move>, EvalError>;
}

impl dyn Host + '_ {
    /// `→` in Unicode, `->` in ASCII.
    pub fn arrows(&self, text: String) -> String {
        match self.notation() {
            Notation::Unicode => text,
            Notation::Ascii => text.replace('→', "->").replace('–', "-"),
        }
    }

    /// A game as it prints (CGSuite's notation in the session's alphabet).
    pub fn display(&mut self, g: GameId) -> String {
        let style = crate::game::Style::cgsuite(self.notation());
        self.store().display_styled(g, style)
    }
}

/// `host.store`, `host.misere`: a host reads as its mathematical state.
impl std::ops::Deref for dyn Host + '_ {
    type Target = MathState;

    fn deref(&self) -> &MathState {
        self.math()
    }
}

impl std::ops::DerefMut for dyn Host + '_ {
    fn deref_mut(&mut self) -> &mut MathState {
        self.math_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluator::interp::Interpreter;

    #[derive(Default)]
    struct Seen(u32);

    /// A host is the interpreter's own mathematical state: what a built-in computes through
    /// `dyn Host` (a form in the store, an entry in a cache) the session then sees, and the
    /// reverse.
    #[test]
    fn a_host_reads_as_the_sessions_state() {
        let (mut interp, _) = Interpreter::collecting();
        let g = interp.eval_value("{2 | 1/2}").unwrap();
        let host: &mut dyn Host = &mut interp;
        let Some(g) = g.as_short() else {
            panic!("a game literal is a game")
        };
        let one = host.store.integer(1);
        let sum = host.store.add(g, one);
        assert_eq!(host.display(sum), "{3|3/2}");
        host.cache::<Seen>().0 += 1;
        host.set_notation(Notation::Ascii);
        assert_eq!(host.arrows("a → b".into()), "a -> b");
        assert_eq!(interp.math.cache::<Seen>().0, 1);
        interp.set_global("s", Value::short(sum));
        assert_eq!(interp.eval_to_string("s - 1").unwrap(), "{2|1/2}");
        // `reset` empties the state's stores and caches and keeps its settings.
        interp.math.set_threads(3);
        interp.reset();
        assert_eq!(interp.math.cache::<Seen>().0, 0);
        assert_eq!(interp.math.threads(), 3);
    }
}
