//! Misère simplest forms and genera of positions and sums, as the language asks for them:
//! each component is taken apart through its own moves (never through its normal-play
//! value, which forgets what misère play needs), solved into the session's
//! [`MisereStore`](crate::impartial::misere_forms::MisereStore), and the components' forms
//! are added there.

use super::error::EvalError;
use super::interp::Interpreter;
use super::value::Value;
use crate::impartial::misere_forms::MisereId;
use crate::syntax::Span;
use rustc_hash::FxHashMap;

/// Positions whose misère forms one request may compute, at most.
const MAX_MISERE_POSITIONS: usize = 1_000_000;

/// A component being solved: its memo key, the components left by each of its moves, and
/// how many of those moves have been looked at.
struct Frame {
    key: String,
    moves: Vec<Vec<Value>>,
    next: usize,
}

impl Interpreter {
    /// The misère simplest form of an impartial game, position, sum or list of components.
    pub(crate) fn misere_form_of(&mut self, v: &Value, span: Span) -> Result<MisereId, EvalError> {
        let mut parts = Vec::new();
        self.misere_components(v, &mut parts, span)?;
        let mut memo: FxHashMap<String, MisereId> = FxHashMap::default();
        let mut total = self.misere.zero();
        for part in &parts {
            let g = self.misere_component(part, &mut memo, span)?;
            total = self.misere.add(total, g);
        }
        Ok(total)
    }

    /// The form of one component: a nimber directly, a position by a search over its own
    /// positions (with an explicit stack, so deep games do not use the Rust stack).
    fn misere_component(
        &mut self,
        part: &Value,
        memo: &mut FxHashMap<String, MisereId>,
        span: Span,
    ) -> Result<MisereId, EvalError> {
        if let Value::Misere(g) = part {
            return Ok(*g);
        }
        if let Value::Game(g) = part {
            return match self.store.as_nimber(*g) {
                Some(n) => Ok(self.misere.nimber(n)),
                None => Err(self.not_impartial(part, span)),
            };
        }
        if !self.is_impartial_position(part) {
            return Err(self.not_impartial(part, span));
        }
        let root = self.position_text(part);
        if let Some(&g) = memo.get(&root) {
            return Ok(g);
        }
        let mut stack = vec![self.form_frame(part, root.clone(), span)?];
        while let Some(frame) = stack.last_mut() {
            // Push the first unsolved component among the remaining moves, if any.
            let mut pending = None;
            while frame.next < frame.moves.len() {
                let unsolved = frame.moves[frame.next]
                    .iter()
                    .find(|c| {
                        !matches!(c, Value::Game(_) | Value::Misere(_))
                            && !memo.contains_key(&self.position_text(c))
                    })
                    .cloned();
                match unsolved {
                    Some(c) => {
                        pending = Some(c);
                        break;
                    }
                    None => frame.next += 1,
                }
            }
            if let Some(c) = pending {
                self.check_interrupt(span)?;
                if memo.len() + stack.len() > MAX_MISERE_POSITIONS {
                    return Err(EvalError::new(
                        format!("the misère form needs more than {MAX_MISERE_POSITIONS} positions"),
                        span,
                    )
                    .with_help("misère simplest forms grow very fast; try a smaller position"));
                }
                let key = self.position_text(&c);
                if stack.iter().any(|f| f.key == key) {
                    return Err(EvalError::new(
                        format!("the position {key} can be reached from itself"),
                        span,
                    ));
                }
                let child = self.form_frame(&c, key, span)?;
                stack.push(child);
                continue;
            }
            let Some(done) = stack.pop() else { break };
            let mut options = Vec::with_capacity(done.moves.len());
            for comps in &done.moves {
                let mut g = self.misere.zero();
                for c in comps {
                    let h = self.misere_component(c, memo, span)?;
                    g = self.misere.add(g, h);
                }
                options.push(g);
            }
            let g = self.misere.canonical(&options);
            memo.insert(done.key, g);
        }
        memo.get(&root)
            .copied()
            .ok_or_else(|| EvalError::new("internal: the misère search lost its start", span))
    }

    /// The moves of an impartial component, each as the components it leaves.
    fn form_frame(&mut self, part: &Value, key: String, span: Span) -> Result<Frame, EvalError> {
        let mut moves = Vec::new();
        for m in self.moves_in(part, true, span)? {
            let mut comps = Vec::new();
            self.misere_components(&m.to, &mut comps, span)?;
            moves.push(comps);
        }
        Ok(Frame {
            key,
            moves,
            next: 0,
        })
    }

    fn not_impartial(&mut self, part: &Value, span: Span) -> EvalError {
        let shown = self.position_text(part);
        EvalError::new(
            format!("{shown} is not impartial: misère forms and genera are for impartial games"),
            span,
        )
        .with_help("use misere_outcome for the misère outcome of a partizan game")
    }

    /// The printed form of a misère simplest form.
    pub(crate) fn show_misere(&self, g: MisereId) -> String {
        self.misere.display(g)
    }
}
