//! What lives on an engine's thread: the session and the values Python holds, and the
//! data that crosses back to Python (values described, not printed; errors).

use cgt::eval::Value;
use cgt::session::{Line, Plain, Unprinted};
use cgt::{Diagnostic, Session};
use std::collections::HashMap;

/// The session and the values Python holds, by number.
pub struct State {
    pub session: Session,
    pub values: HashMap<u64, Value>,
    pub next: u64,
}

/// A value handed to Python, described without its text (printed on request): its number,
/// the session's generation, its kind, and its plain data or short text where it has one.
pub struct Shown {
    pub id: u64,
    pub generation: u64,
    pub kind: &'static str,
    pub plain: Option<Plain>,
    /// The text of an outcome class or a text value (short, and all they are).
    pub text: Option<String>,
}

/// A printed line: a value's index among the outputs, or text the program printed.
pub enum ShownLine {
    Value(usize),
    Text(String),
}

/// Why a call failed, as data that may cross threads.
pub enum Problem {
    /// An error in the cgt source (boxed: it is large and the happy path is not).
    Cgt(Box<Failed>),
    /// A value made before its session was reset.
    Stale,
    Internal(String),
}

/// A cgt error with what was printed before it.
pub struct Failed {
    pub diagnostic: Diagnostic,
    pub outputs: Vec<Shown>,
    pub lines: Vec<ShownLine>,
}

impl Problem {
    pub fn cgt(diagnostic: Diagnostic) -> Problem {
        Problem::Cgt(Box::new(Failed {
            diagnostic,
            outputs: Vec::new(),
            lines: Vec::new(),
        }))
    }
}

impl State {
    pub fn new(session: Session) -> State {
        State {
            session,
            values: HashMap::new(),
            next: 0,
        }
    }

    /// Keeps `value` for Python and returns its number.
    pub fn keep(&mut self, value: Value) -> u64 {
        self.next += 1;
        self.values.insert(self.next, value);
        self.next
    }

    /// Keeps `value` and describes it for Python.
    pub fn shown(&mut self, value: Value) -> Shown {
        let kind = cgt::session::kind_of(&value);
        let plain = self.session.plain(&value);
        let text = match kind {
            "outcome" | "text" => self
                .session
                .text(&value, cgt::game::Notation::Unicode, None)
                .ok()
                .map(|(t, _)| t),
            _ => None,
        };
        Shown {
            id: self.keep(value),
            generation: self.session.generation(),
            kind,
            plain,
            text,
        }
    }

    /// The value numbered `id`, made in `generation` of the session.
    pub fn value(&self, id: u64, generation: u64) -> Result<Value, Problem> {
        if generation != self.session.generation() {
            return Err(Problem::Stale);
        }
        self.values
            .get(&id)
            .cloned()
            .ok_or_else(|| Problem::Internal(format!("no value #{id} in this session")))
    }

    /// Starts the session afresh; the values Python holds become stale.
    pub fn reset(&mut self) {
        self.session.reset();
        self.values.clear();
    }

    /// What an unprinted run gives Python: the values described, the lines, the error.
    pub fn unprinted(&mut self, run: Unprinted) -> Result<(Vec<Shown>, Vec<ShownLine>), Problem> {
        let shown = run.values.into_iter().map(|v| self.shown(v)).collect();
        let lines = lines_of(run.lines);
        match run.error {
            None => Ok((shown, lines)),
            Some(diagnostic) => Err(Problem::Cgt(Box::new(Failed {
                diagnostic,
                outputs: shown,
                lines,
            }))),
        }
    }
}

fn lines_of(lines: Vec<Line>) -> Vec<ShownLine> {
    lines
        .into_iter()
        .map(|l| match l {
            Line::Value(i) => ShownLine::Value(i),
            Line::Text(t) => ShownLine::Text(t),
        })
        .collect()
}
