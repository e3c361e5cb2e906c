//! Rulesets written in cgt: a function from a position (an integer, a list, a string…) to
//! its options. `partizan_game(f)` takes `f(p) = [left options, right options]`,
//! `impartial_game(f)` takes `f(p) = options` (the same for both players). Calling the
//! ruleset on a position gives a position value that prints and adds as its canonical form,
//! computed once per position (memoized for the whole session) and answering
//! `left_moves`/`right_moves` in its own terms.
//!
//! An option is a position of the same ruleset, unless it already is a game: a game, a
//! position of another game or a sum such as `C([2, 3]) + C([1, 3])` (how a move that splits
//! a position into independent parts is written).
//!
//! Solving is a depth-first search with its own stack of positions (`WorkStack`), not
//! a recursion: a position whose options nest a million moves deep is solved like a shallow
//! one, with memory as the only limit. The rules are called once per position; positions
//! they create (`C(p)`, `C(a) + C(b)`) are not solved during that call but pushed on the
//! same stack, so the Rust stack does not grow with the depth of the game.

use super::args::Args;
use super::error::EvalError;
use super::object::{Host, PositionObject, RulesetObject};
use super::userpicture::{Drawing, EXPECTED, drawing};
use super::value::{FamilyKey, Key, Sum, Value};
use crate::game::GameId;
use crate::rulesets::picture::Picture;
use crate::syntax::Span;
use rustc_hash::FxHashMap;
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// A ruleset given by a cgt function, with the values of the positions solved so far.
#[derive(Debug)]
pub struct UserRules {
    /// The name positions are written with: the function's name, or the name the ruleset
    /// is first bound to (`let S = impartial_game(n -> …)`), or `game`.
    name: RefCell<String>,
    named: std::cell::Cell<bool>,
    pub moves: Value,
    pub impartial: bool,
    /// The function that draws a position (see [`super::userpicture`]), if one was given.
    pub picture: Option<Value>,
    /// Canonical forms by position; `None` marks a position being solved, that is on the
    /// path of the search from the position asked for (a move back to it means the rules
    /// are loopy, which short games cannot be).
    memo: RefCell<FxHashMap<Key, Option<GameId>>>,
    /// Values of positions that are loopy (see [`super::loopy_rules`]): loopy games, or
    /// generalised Sprague–Grundy values of an impartial ruleset.
    loopy: RefCell<FxHashMap<Key, Value>>,
}

impl UserRules {
    pub fn new(moves: Value, impartial: bool) -> UserRules {
        let name = match &moves {
            Value::Function(c) => c.name.clone(),
            _ => None,
        };
        UserRules {
            named: std::cell::Cell::new(name.is_some()),
            name: RefCell::new(name.unwrap_or_else(|| "game".to_string())),
            moves,
            impartial,
            picture: None,
            memo: RefCell::new(FxHashMap::default()),
            loopy: RefCell::new(FxHashMap::default()),
        }
    }

    /// The ruleset drawing its positions with the function `draw` (see
    /// [`super::userpicture`]).
    pub fn with_picture(mut self, draw: Value) -> UserRules {
        self.picture = Some(draw);
        self
    }

    /// The name its positions are written with.
    pub fn name(&self) -> String {
        self.name.borrow().clone()
    }

    /// How the ruleset prints: `partizan_game(cake)`.
    pub fn describe(&self) -> String {
        let kind = if self.impartial {
            "impartial_game"
        } else {
            "partizan_game"
        };
        format!("{kind}({})", self.name())
    }

    /// The number of positions solved so far.
    pub fn solved(&self) -> usize {
        self.memo.borrow().values().filter(|v| v.is_some()).count()
    }

    /// The number of positions marked as being solved: none between evaluations, whatever
    /// stopped the last one (an error, Ctrl-C).
    pub fn pending(&self) -> usize {
        self.memo.borrow().values().filter(|v| v.is_none()).count()
    }

    /// What the table says of a position.
    fn state(&self, key: &Key) -> State {
        match self.memo.borrow().get(key) {
            Some(Some(g)) => State::Solved(*g),
            Some(None) => State::Pending,
            None => State::Unknown,
        }
    }

    /// Empties the table of solved positions (`:forget`); returns how many it held.
    pub fn forget(&self) -> usize {
        std::mem::take(&mut *self.loopy.borrow_mut()).len()
            + std::mem::take(&mut *self.memo.borrow_mut()).len()
    }

    /// Whether some position of the ruleset was found loopy.
    pub(crate) fn has_loopy_values(&self) -> bool {
        !self.loopy.borrow().is_empty()
    }

    /// The values of the loopy positions solved so far.
    pub(crate) fn loopy_memo(&self) -> std::cell::RefMut<'_, FxHashMap<Key, Value>> {
        self.loopy.borrow_mut()
    }
}

/// A ruleset keeps at most this many positions (a search that deep holds a few gigabytes):
/// past it, solving stops with an error instead of exhausting memory.
pub const MAX_USER_POSITIONS: usize = 10_000_000;

/// Bytes counted per position of a cgt ruleset when checking the memory budget: its memo
/// entry (key and value), its frame while open and its options on the work stack.
const BYTES_PER_USER_POSITION: u64 = 320;

/// A position in its ruleset's table.
enum State {
    Solved(GameId),
    /// On the path of the running search.
    Pending,
    Unknown,
}

/// A position of a ruleset written in cgt.
#[derive(Debug)]
pub struct UserPosition {
    pub rules: Rc<UserRules>,
    pub position: Value,
}

impl dyn Host + '_ {
    /// `R(p)`: the position `p` of a cgt ruleset. Its value is computed now, so bad rules are
    /// reported at the call; inside the rules of a ruleset being solved it is left to the
    /// solver (see the module documentation).
    pub(crate) fn user_position(
        &mut self,
        rules: &Rc<UserRules>,
        args: &Args,
    ) -> Result<Value, EvalError> {
        if args.values.len() != 1 {
            return Err(EvalError::new(
                format!(
                    "a ruleset takes one position, but {} arguments were given",
                    args.values.len()
                ),
                args.call,
            )
            .with_help("pass several coordinates as one list: R([2, 3])"));
        }
        let p = UserPosition {
            rules: rules.clone(),
            position: args.values[0].clone(),
        };
        if self.defer_flag().get() {
            position_key(&p.position, args.call)?;
        } else {
            self.user_value_or_loopy(&p, args.call)?;
        }
        Ok(Value::Position(Rc::new(p)))
    }

    /// How a position of a cgt ruleset is written: `cake([2,3])`.
    pub(crate) fn user_position_text(&mut self, p: &UserPosition) -> String {
        format!("{}({})", p.rules.name(), self.show(&p.position))
    }

    /// How a position is drawn, by calling the ruleset's drawing function: `None` for a
    /// ruleset without one. An answer that describes no picture is an error at `span`.
    pub(crate) fn user_drawing(
        &mut self,
        p: &UserPosition,
        span: Span,
    ) -> Result<Option<Drawing>, EvalError> {
        let Some(draw) = &p.rules.picture else {
            return Ok(None);
        };
        let args = Args {
            values: vec![p.position.clone()],
            spans: vec![span],
            call: span,
            callee: span,
        };
        let answer = self.call(draw, args)?;
        drawing(&answer).map(Some).map_err(|found| {
            EvalError::new(
                format!("drawing {} gave {found}", self.user_position_text(p)),
                span,
            )
            .with_help(format!("a drawing function returns {EXPECTED}"))
        })
    }

    /// Left's and Right's options of a position, by calling the ruleset's function.
    pub(crate) fn user_moves(
        &mut self,
        p: &UserPosition,
        span: Span,
    ) -> Result<(Vec<Value>, Vec<Value>), EvalError> {
        let result = self.call_rules(&p.rules, p.position.clone(), span)?;
        let (left, right) = rule_sides(&p.rules, &result, span)?;
        let wrap = |v: &Value| -> Value {
            if is_game_option(v) {
                v.clone()
            } else {
                Value::Position(Rc::new(UserPosition {
                    rules: p.rules.clone(),
                    position: v.clone(),
                }))
            }
        };
        let left: Vec<Value> = left.iter().map(wrap).collect();
        let right = match right {
            Some(r) => r.iter().map(wrap).collect(),
            None => left.clone(),
        };
        Ok((left, right))
    }

    /// The rules' answer for a position, as it is. Positions the rules create are not
    /// solved during the call: the caller solves the options.
    fn call_rules(
        &mut self,
        rules: &UserRules,
        position: Value,
        span: Span,
    ) -> Result<Value, EvalError> {
        let args = Args {
            values: vec![position],
            spans: vec![span],
            call: span,
            callee: span,
        };
        let _deferring = Deferring::start(&self.defer_flag());
        self.call(&rules.moves, args)
    }

    /// The value of a position: its canonical form, or for a position from which play can
    /// return to itself, its loopy value (a loopy game or a generalised Grundy value).
    pub(crate) fn user_value_or_loopy(
        &mut self,
        p: &UserPosition,
        span: Span,
    ) -> Result<Value, EvalError> {
        let key = position_key(&p.position, span)?;
        if let Some(v) = p.rules.loopy.borrow().get(&key) {
            return Ok(v.clone());
        }
        match self.user_value(p, span) {
            Ok(g) => Ok(Value::Game(g)),
            Err(e) if e.label == LOOP_LABEL => self.solve_loopy(&p.rules, &p.position, key, span),
            Err(e) => Err(e),
        }
    }

    /// The canonical form of a position, memoized by position in its ruleset.
    pub(crate) fn user_value(&mut self, p: &UserPosition, span: Span) -> Result<GameId, EvalError> {
        let key = position_key(&p.position, span)?;
        if p.rules.loopy.borrow().contains_key(&key) {
            return Err(EvalError::new(
                format!(
                    "{} is loopy (play can return to it); a short game is needed here",
                    self.user_position_text(p)
                ),
                span,
            ));
        }
        match p.rules.state(&key) {
            State::Solved(g) => Ok(g),
            State::Pending => Err(self.loop_error(&p.position, span)),
            State::Unknown => self.solve(&p.rules, &p.position, key, span),
        }
    }

    /// Solves an unknown position and every unknown position below it, depth first on an
    /// explicit stack: the top frame looks at its options in turn; a solved one gives its
    /// value, an unknown position of a cgt ruleset is opened as a new frame (the frame below
    /// waits for it), a position on the stack is a loop. A frame whose options are all known
    /// is the canonical form of them, recorded in its ruleset's table.
    fn solve(
        &mut self,
        rules: &Rc<UserRules>,
        position: &Value,
        key: Key,
        span: Span,
    ) -> Result<GameId, EvalError> {
        // Dropping the stack, on an error or when an abort unwinds through here, unmarks
        // the positions still on it.
        let mut work = WorkStack::default();
        self.open(&mut work, rules, position.clone(), key, span)?;
        loop {
            let top = work.frames.last_mut().expect("a frame is open");
            if top.next == top.options {
                // Every option is known. The frame stays on the stack while its canonical
                // form is computed, so that an interrupt there unmarks it too.
                let games = &work.games[top.games..];
                let g = if top.impartial {
                    self.store().canonical(games, games)
                } else {
                    let (left, right) = games.split_at(top.left);
                    self.store().canonical(left, right)
                };
                let done = work.frames.pop().expect("the top frame");
                work.games.truncate(done.games);
                work.options.truncate(done.first);
                done.rules.memo.borrow_mut().insert(done.key, Some(g));
                crate::progress::position_solved();
                match work.frames.last_mut() {
                    Some(below) => below.received = Some(g),
                    None => return Ok(g),
                }
                continue;
            }
            let received = top.received.take();
            let step = match &work.options[top.first + top.next] {
                Value::Sum(s) => self.sum_step(s, span)?,
                Value::Position(q) if as_user(q).is_some() => {
                    let p = as_user(q).expect("a position of a cgt ruleset");
                    match received {
                        Some(g) => Step::Known(g),
                        None => self.position_step(&p.rules, &p.position, span)?,
                    }
                }
                v if is_game_option(v) => Step::Known(self.game_of(v, span)?),
                v => match received {
                    Some(g) => Step::Known(g),
                    None => self.position_step(&top.rules, v, span)?,
                },
            };
            match step {
                Step::Known(g) => {
                    work.games.push(g);
                    work.frames.last_mut().expect("a frame is open").next += 1;
                }
                Step::Open(rules, position, key) => {
                    self.open(&mut work, &rules, position, key, span)?
                }
            }
        }
    }

    /// What to do with an option that is a position of a cgt ruleset.
    fn position_step(
        &mut self,
        rules: &Rc<UserRules>,
        position: &Value,
        span: Span,
    ) -> Result<Step, EvalError> {
        let key = position_key(position, span)?;
        match rules.state(&key) {
            State::Solved(g) => Ok(Step::Known(g)),
            State::Pending => Err(self.loop_error(position, span)),
            State::Unknown => Ok(Step::Open(rules.clone(), position.clone(), key)),
        }
    }

    /// What to do with an option that is a sum: its components that are unknown positions
    /// of cgt rulesets are solved first (one at a time: the sum is looked at again after
    /// each), then the sum is added up.
    fn sum_step(&mut self, s: &Rc<Sum>, span: Span) -> Result<Step, EvalError> {
        if let Some(g) = s.value() {
            return Ok(Step::Known(g));
        }
        for c in s.components() {
            if let Value::Position(q) = &c
                && let Some(p) = as_user(q)
                && let step @ Step::Open(..) = self.position_step(&p.rules, &p.position, span)?
            {
                return Ok(step);
            }
        }
        Ok(Step::Known(self.game_of(&Value::Sum(s.clone()), span)?))
    }

    /// Marks a position as being solved, pushes its frame and asks the rules for its
    /// options.
    fn open(
        &mut self,
        work: &mut WorkStack,
        rules: &Rc<UserRules>,
        position: Value,
        key: Key,
        span: Span,
    ) -> Result<(), EvalError> {
        self.check_interrupt(span)?;
        {
            let mut memo = rules.memo.borrow_mut();
            if memo.len() >= MAX_USER_POSITIONS {
                return Err(EvalError::new(
                    format!(
                        "{} has more than {MAX_USER_POSITIONS} positions to solve",
                        rules.name()
                    ),
                    span,
                )
                .with_help(
                    "every position of a ruleset is kept for the session; this many would exhaust memory",
                ));
            }
            // Every position stays in the memo and each open one has a frame: check the
            // budget every 65,536 positions.
            if !memo.is_empty() && memo.len().is_multiple_of(1 << 16) {
                let held = (memo.len() + work.frames.len()) as u64;
                let bytes = held.saturating_mul(BYTES_PER_USER_POSITION);
                if let Some(message) = crate::game::budget::exceeded(
                    &format!("the table of {}", rules.name()),
                    held,
                    "positions",
                    bytes,
                ) {
                    return Err(EvalError::new(message, span).with_help(
                        "every position of a ruleset is kept for the session; a ruleset \
                         whose positions never end grows without bound",
                    ));
                }
            }
            memo.insert(key.clone(), None);
        }
        work.frames.push(Frame {
            rules: rules.clone(),
            key,
            impartial: rules.impartial,
            first: work.options.len(),
            left: 0,
            options: 0,
            next: 0,
            games: work.games.len(),
            received: None,
        });
        let result = self.call_rules(rules, position, span)?;
        let (left, right) = rule_sides(rules, &result, span)?;
        drop(result);
        let left_count = left.len();
        let mut count = 0;
        for side in [Some(left), right].into_iter().flatten() {
            count += side.len();
            // The options move onto the work stack (copied if the rules kept the list).
            match Rc::try_unwrap(side) {
                Ok(items) => work.options.extend(items),
                Err(shared) => work.options.extend(shared.iter().cloned()),
            }
        }
        let top = work.frames.last_mut().expect("the frame just pushed");
        top.left = left_count;
        top.options = count;
        Ok(())
    }

    /// A move from a position back to a position on the search path.
    fn loop_error(&mut self, position: &Value, span: Span) -> EvalError {
        EvalError::new(
            format!(
                "the position {} can be reached from itself: these rules are loopy",
                self.show(position)
            ),
            span,
        )
        .with_label(LOOP_LABEL)
        .with_help(
            "a loopy ruleset is solved on its graph of positions, but a position cannot come \
             back inside a sum of components (C(a) + C(b)): list its options as positions",
        )
    }
}

/// The position of a cgt ruleset a position value is, if it is one.
pub(crate) fn as_user(p: &Rc<dyn PositionObject>) -> Option<&UserPosition> {
    p.as_any().downcast_ref::<UserPosition>()
}

impl RulesetObject for UserRules {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_rc(self: Rc<Self>) -> Rc<dyn Any> {
        self
    }

    /// `partizan_game(cake)`.
    fn printed(&self) -> String {
        self.describe()
    }

    fn describe(&self) -> String {
        format!(
            "{} ruleset written in cgt ({}), {} solved",
            if self.impartial {
                "an impartial"
            } else {
                "a partizan"
            },
            self.name(),
            match self.solved() {
                1 => "1 position".to_string(),
                n => format!("{n} positions"),
            }
        )
    }

    fn is_impartial(&self) -> bool {
        self.impartial
    }

    fn position(self: Rc<Self>, host: &mut dyn Host, args: &Args) -> Result<Value, EvalError> {
        host.user_position(&self, args)
    }

    fn forget_tables(&self) -> Option<usize> {
        Some(self.forget() + self.moves.forget_memo().unwrap_or(0))
    }

    fn adopt_name(&self, name: &str) {
        if !self.named.replace(true) {
            *self.name.borrow_mut() = name.to_string();
        }
    }
}

impl PositionObject for UserPosition {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn game_name(&self) -> String {
        self.rules.name()
    }

    fn is_impartial(&self) -> bool {
        self.rules.impartial
    }

    /// `cake([2,3])`.
    fn text(&self, host: &mut dyn Host) -> String {
        host.user_position_text(self)
    }

    fn written(&self, _host: &mut dyn Host) -> Value {
        self.position.clone()
    }

    fn describe(&self) -> String {
        format!(
            "a position of {} ({} ruleset written in cgt)",
            self.rules.name(),
            if self.rules.impartial {
                "an impartial"
            } else {
                "a partizan"
            }
        )
    }

    fn value(&self, host: &mut dyn Host, span: Span) -> Result<GameId, EvalError> {
        host.user_value(self, span)
    }

    fn value_or_loopy(&self, host: &mut dyn Host, span: Span) -> Result<Value, EvalError> {
        host.user_value_or_loopy(self, span)
    }

    fn may_be_loopy(&self) -> bool {
        self.rules.has_loopy_values()
    }

    fn moves(
        &self,
        host: &mut dyn Host,
        span: Span,
    ) -> Result<(Vec<Value>, Vec<Value>), EvalError> {
        host.user_moves(self, span)
    }

    fn solved_by_search(&self) -> bool {
        true
    }

    /// The picture its ruleset's drawing function describes.
    fn picture(&self, host: &mut dyn Host, span: Span) -> Result<Option<Picture>, EvalError> {
        Ok(host.user_drawing(self, span)?.map(|d| d.picture))
    }

    /// The rows of the board its ruleset's drawing function describes; nothing for a
    /// position drawn otherwise; the error of a drawing that fails (`:play` says it and
    /// goes on).
    fn board_rows_in(&self, host: &mut dyn Host) -> Result<Option<Vec<String>>, EvalError> {
        Ok(host
            .user_drawing(self, Span::default())?
            .and_then(|d| d.rows))
    }

    /// The ruleset and the key of the value it was called on.
    fn key(&self) -> Option<Key> {
        let family = FamilyKey::Shared(self.rules.clone());
        Some(Key::Position(family, Box::new(self.position.key()?)))
    }
}

/// The label of the error of a search that met a loop: [`Interpreter::user_value_or_loopy`]
/// then solves the position as a loopy game.
const LOOP_LABEL: &str = "reached again from here";

/// The key of a position in its ruleset's table.
fn position_key(position: &Value, span: Span) -> Result<Key, EvalError> {
    position.key().ok_or_else(|| {
        EvalError::new(
            format!(
                "{} cannot be a position: positions are numbers, strings, lists and games",
                position.kind()
            ),
            span,
        )
    })
}

/// A list of options as the rules gave it.
type Options = Rc<Vec<Value>>;

/// The option lists of the rules' answer: Left's and Right's (`None` for an impartial
/// ruleset, whose one list is both), or the error for an answer of the wrong shape.
fn rule_sides(
    rules: &UserRules,
    result: &Value,
    span: Span,
) -> Result<(Options, Option<Options>), EvalError> {
    let shape_error = |found: &Value| {
        let expected = if rules.impartial {
            "a list of options"
        } else {
            "[left options, right options]"
        };
        EvalError::new(
            format!(
                "the rules of {} gave {} for a position; expected {expected}",
                rules.name(),
                found.kind()
            ),
            span,
        )
    };
    let list = |v: &Value| match v {
        Value::List(items) => Ok(items.clone()),
        other => Err(shape_error(other)),
    };
    if rules.impartial {
        return Ok((list(result)?, None));
    }
    match result {
        Value::List(sides) if sides.len() == 2 => Ok((list(&sides[0])?, Some(list(&sides[1])?))),
        other => Err(shape_error(other)
            .with_help("a partizan rule returns two lists, e.g. p -> [[p - 1], [p - 2]]")),
    }
}

/// Options that are games already (rather than positions of the ruleset): games, positions
/// of any game and sums.
fn is_game_option(v: &Value) -> bool {
    matches!(v, Value::Game(_) | Value::Position(_) | Value::Sum(_))
}

/// Positions created while it lives are left to the search; dropping it (also when an
/// abort unwinds) restores the setting it found.
struct Deferring {
    flag: Rc<Cell<bool>>,
    was: bool,
}

impl Deferring {
    fn start(flag: &Rc<Cell<bool>>) -> Deferring {
        Deferring {
            flag: flag.clone(),
            was: flag.replace(true),
        }
    }
}

impl Drop for Deferring {
    fn drop(&mut self) {
        self.flag.set(self.was);
    }
}

/// What the search does with an option: take its value, or open its position first.
enum Step {
    Known(GameId),
    Open(Rc<UserRules>, Value, Key),
}

/// A position being solved. Its options, as the rules gave them, are on the work stack's
/// `options` from `first` on (Left's, then Right's), and the values of those looked at so
/// far on its `games` from `games` on: the frames above it hold theirs above those.
struct Frame {
    rules: Rc<UserRules>,
    key: Key,
    /// Right's options are Left's (only Left's are listed).
    impartial: bool,
    first: usize,
    /// How many of the options are Left's.
    left: usize,
    options: usize,
    /// The option to look at next.
    next: usize,
    games: usize,
    /// The value of the option `next`, solved in the frame above that has just finished.
    received: Option<GameId>,
}

/// The stack of the search, with the options and the values of options of all its frames
/// in two shared stacks (one allocation for all, rather than some per position).
/// Whatever ends the search, the positions still on it are no longer being solved:
/// dropping it takes their marks out of the tables, so that a later attempt is not
/// mistaken for a loop.
#[derive(Default)]
struct WorkStack {
    frames: Vec<Frame>,
    options: Vec<Value>,
    games: Vec<GameId>,
}

impl Drop for WorkStack {
    fn drop(&mut self) {
        for frame in self.frames.drain(..).rev() {
            if let Ok(mut memo) = frame.rules.memo.try_borrow_mut()
                && matches!(memo.get(&frame.key), Some(None))
            {
                memo.remove(&frame.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> Rc<UserRules> {
        Rc::new(UserRules::new(Value::Unit, true))
    }

    fn pending_frame(rules: &Rc<UserRules>, key: &Key) -> Frame {
        rules.memo.borrow_mut().insert(key.clone(), None);
        Frame {
            rules: rules.clone(),
            key: key.clone(),
            impartial: true,
            first: 0,
            left: 0,
            options: 0,
            next: 0,
            games: 0,
            received: None,
        }
    }

    #[test]
    fn an_interrupted_search_unmarks_its_positions() {
        // An abort unwinds through the solver: the marks of every position on its stack
        // must go, or the next attempt would be reported as a loop.
        let r = rules();
        let keys: Vec<Key> = (0..1000).map(Key::Int).collect();
        let unwound = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut work = WorkStack::default();
            for k in &keys {
                work.frames.push(pending_frame(&r, k));
            }
            assert_eq!(r.pending(), 1000);
            panic!("interrupted");
        }));
        assert!(unwound.is_err());
        assert_eq!(r.pending(), 0);
        assert!(r.memo.borrow().is_empty());
    }

    #[test]
    fn the_rules_defer_positions_only_while_they_run() {
        let flag = Rc::new(Cell::new(false));
        {
            let _outer = Deferring::start(&flag);
            {
                let _inner = Deferring::start(&flag);
            }
            // Rules called from within rules: the outer call still defers.
            assert!(flag.get());
        }
        assert!(!flag.get());
        // An abort unwinding out of the rules restores the setting too.
        let unwound = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _deferring = Deferring::start(&flag);
            panic!("interrupted");
        }));
        assert!(unwound.is_err());
        assert!(!flag.get());
    }

    #[test]
    fn solved_positions_keep_their_values_when_a_search_stops() {
        let r = rules();
        let g = crate::game::GameStore::new().zero();
        r.memo.borrow_mut().insert(Key::Int(7), Some(g));
        let mut work = WorkStack::default();
        work.frames.push(pending_frame(&r, &Key::Int(8)));
        drop(work);
        assert_eq!(r.pending(), 0);
        assert!(matches!(r.state(&Key::Int(7)), State::Solved(h) if h == g));
    }
}
