//! A game family plugged in from outside the interpreter, through the `PositionObject` trait
//! alone: the built-ins (value, outcome, moves, winning moves, sums, `position`) ask the
//! trait, so a new family needs no change to them.

use cgt::eval::GameValue;
use cgt::eval::object::{Host, PositionObject};
use cgt::eval::{EvalError, Interpreter, Value};
use cgt::game::GameId;
use cgt::syntax::Span;
use std::any::Any;
use std::rc::Rc;

/// A strip of n squares: Left removes one square, Right two.
#[derive(Debug)]
struct Strip(u64);

fn strip(n: u64) -> Value {
    Value::Game(GameValue::Position(Rc::new(Strip(n))))
}

impl PositionObject for Strip {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn game_name(&self) -> String {
        "strip".into()
    }

    fn is_impartial(&self) -> bool {
        false
    }

    fn text(&self, _host: &mut dyn Host) -> String {
        format!("strip({})", self.0)
    }

    /// `{strip(n-1) | strip(n-2)}`, from the bottom up.
    fn value(&self, host: &mut dyn Host, _span: Span) -> Result<GameId, EvalError> {
        let mut values: Vec<GameId> = Vec::new();
        for n in 0..=self.0 as usize {
            let left: Vec<GameId> = n.checked_sub(1).map(|k| values[k]).into_iter().collect();
            let right: Vec<GameId> = n.checked_sub(2).map(|k| values[k]).into_iter().collect();
            let g = host.store().canonical(&left, &right);
            values.push(g);
        }
        Ok(values[self.0 as usize])
    }

    fn moves(
        &self,
        _host: &mut dyn Host,
        _span: Span,
    ) -> Result<(Vec<Value>, Vec<Value>), EvalError> {
        let left = self.0.checked_sub(1).map(strip).into_iter().collect();
        let right = self.0.checked_sub(2).map(strip).into_iter().collect();
        Ok((left, right))
    }
}

#[test]
fn the_builtins_answer_through_the_trait() {
    let (mut i, _) = Interpreter::collecting();
    i.set_global("s", strip(2));
    i.set_global("t", strip(3));
    i.set_global("one", strip(1));
    let mut ask = |source: &str| i.eval_to_string(source).unwrap();
    // strip(0) = {|} = 0, strip(1) = {0|} = 1, strip(2) = {1|0}, and strip(3) =
    // {{1|0} | 1} = 0: Left's only option {1|0} is not ≥ 0 and Right's 1 is not ≤ 0.
    assert_eq!(ask("s"), "{1|0}");
    assert_eq!(ask("outcome(s)"), "N");
    assert_eq!(ask("t"), "0");
    assert_eq!(ask("outcome(t)"), "P");
    assert_eq!(ask("position(t)"), "\"strip(3)\"");
    assert_eq!(ask("map(position, left_moves(t))"), "[\"strip(2)\"]");
    assert_eq!(ask("map(position, right_moves(t))"), "[\"strip(1)\"]");
    assert_eq!(ask("left_moves(t)"), "[{1|0}]");
    // In strip(2) each player wins moving first: Left to strip(1) = 1, Right to 0.
    assert_eq!(
        ask("winning_moves(s)"),
        "winning_moves(left: [\"strip(2) → strip(1)\"], right: [\"strip(2) → strip(0)\"])"
    );
    // A sum keeps its components: {1|0} + 1 = {2|1}.
    assert_eq!(ask("s + one"), "{2|1}");
    // strip(3) + strip(2) = {1|0}. Left wins by either move: {1|0} + {1|0} = 1 and
    // 0 + 1 = 1; Right only by strip(2) → strip(0) (0 + 0 = 0), not by strip(3) → strip(1)
    // (1 + {1|0} = {2|1} > 0).
    assert_eq!(
        ask("winning_moves(t + s)"),
        "winning_moves(left: [\"component 1: strip(3) → strip(2)\",\"component 2: strip(2) → strip(1)\"], \
         right: [\"component 2: strip(2) → strip(0)\"])"
    );
}
