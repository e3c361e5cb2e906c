//! Misère simplest forms and genera of positions and sums, as the language asks for them:
//! each component is taken apart through its own moves (never through its normal-play
//! value, which forgets what misère play needs), solved into the session's
//! [`MisereStore`](crate::impartial::misere_forms::MisereStore), and the components' forms
//! are added there.

use super::error::EvalError;
use super::interp::Interpreter;
use super::misere::ComponentIds;
use super::play::Move;
use super::value::Value;
use crate::impartial::genus::{Genus, genus, is_tame, tame_sum_is_p};
use crate::impartial::misere_forms::MisereId;
use crate::syntax::Span;
use rustc_hash::FxHashMap;

/// The largest nim heap given a misère simplest form.
const MAX_MISERE_HEAP: u64 = 4096;

/// Positions whose misère forms one request may compute, at most.
const MAX_MISERE_POSITIONS: usize = 1_000_000;

/// A component left by a move: its form when known at once (a nimber, a misère game),
/// else the position with its number in the search (see [`ComponentIds`]: positions are
/// told apart by structure, never by how they print).
enum Part {
    Known(MisereId),
    Position(Value, usize),
}

/// A component being solved: its memo key, the components left by each of its moves, and
/// how many of those moves have been looked at.
struct Frame {
    key: usize,
    moves: Vec<Vec<Part>>,
    next: usize,
}

impl Interpreter {
    /// The misère simplest form of an impartial game, position, sum or list of components.
    pub(crate) fn misere_form_of(&mut self, v: &Value, span: Span) -> Result<MisereId, EvalError> {
        let mut parts = Vec::new();
        self.misere_components(v, &mut parts, span)?;
        let mut memo: FxHashMap<usize, MisereId> = FxHashMap::default();
        let mut ids = ComponentIds::default();
        let mut total = self.misere.zero();
        for part in &parts {
            let g = match self.misere_part(&mut ids, part, span)? {
                Part::Known(g) => g,
                Part::Position(p, key) => {
                    if !self.is_impartial_position(&p) {
                        return Err(self.not_impartial(&p, span));
                    }
                    self.misere_search(&mut ids, p, key, &mut memo, span)?
                }
            };
            total = self.misere.add(total, g);
        }
        Ok(total)
    }

    /// A component as a [`Part`]: nimbers and misère games directly, positions by key.
    fn misere_part(
        &mut self,
        ids: &mut ComponentIds,
        part: &Value,
        span: Span,
    ) -> Result<Part, EvalError> {
        match part {
            Value::Misere(g) => Ok(Part::Known(*g)),
            Value::Game(g) => match self.store.as_nimber(*g) {
                // A heap's simplest form lists every smaller heap: the work grows as the
                // square of its size, so huge heaps are refused rather than left to hang.
                Some(n) if n > MAX_MISERE_HEAP => Err(EvalError::new(
                    format!(
                        "*{n} is too big for misère simplest forms (heaps up to {MAX_MISERE_HEAP})"
                    ),
                    span,
                )
                .with_help("misere_outcome and misere_winning_moves of nim positions use Bouton's rule at any size")),
                Some(n) => Ok(Part::Known(self.misere.nimber(n))),
                None => Err(self.not_impartial(part, span)),
            },
            _ => Ok(Part::Position(part.clone(), ids.id(part))),
        }
    }

    /// The form of a position, by a search over its own positions (with an explicit
    /// stack, so deep games do not use the Rust stack).
    fn misere_search(
        &mut self,
        ids: &mut ComponentIds,
        root: Value,
        root_key: usize,
        memo: &mut FxHashMap<usize, MisereId>,
        span: Span,
    ) -> Result<MisereId, EvalError> {
        if let Some(&g) = memo.get(&root_key) {
            return Ok(g);
        }
        let mut stack = vec![self.form_frame(ids, &root, root_key, span)?];
        while let Some(frame) = stack.last_mut() {
            // The first component among the remaining moves that is not solved yet, if any.
            let mut pending = None;
            while frame.next < frame.moves.len() {
                pending = frame.moves[frame.next].iter().find_map(|c| match c {
                    Part::Position(p, key) if !memo.contains_key(key) => Some((p.clone(), *key)),
                    _ => None,
                });
                if pending.is_some() {
                    break;
                }
                frame.next += 1;
            }
            if let Some((c, key)) = pending {
                self.check_interrupt(span)?;
                if memo.len() + stack.len() > MAX_MISERE_POSITIONS {
                    return Err(EvalError::new(
                        format!("the misère form needs more than {MAX_MISERE_POSITIONS} positions"),
                        span,
                    )
                    .with_help("misère simplest forms grow very fast; try a smaller position"));
                }
                if stack.iter().any(|f| f.key == key) {
                    let shown = self.position_text(&c);
                    return Err(EvalError::new(
                        format!("the position {shown} can be reached from itself"),
                        span,
                    ));
                }
                let child = self.form_frame(ids, &c, key, span)?;
                stack.push(child);
                continue;
            }
            let Some(done) = stack.pop() else { break };
            let mut options = Vec::with_capacity(done.moves.len());
            for comps in &done.moves {
                let mut g = self.misere.zero();
                for c in comps {
                    let h = match c {
                        Part::Known(h) => *h,
                        Part::Position(_, key) => memo.get(key).copied().ok_or_else(|| {
                            EvalError::new("internal: a component was left unsolved", span)
                        })?,
                    };
                    g = self.misere.add(g, h);
                }
                options.push(g);
            }
            let g = self.misere.canonical(&options);
            memo.insert(done.key, g);
        }
        memo.get(&root_key)
            .copied()
            .ok_or_else(|| EvalError::new("internal: the misère search lost its start", span))
    }

    /// The moves of an impartial component, each as the components it leaves.
    fn form_frame(
        &mut self,
        ids: &mut ComponentIds,
        part: &Value,
        key: usize,
        span: Span,
    ) -> Result<Frame, EvalError> {
        let mut moves = Vec::new();
        for m in self.moves_in(part, true, span)? {
            let mut comps = Vec::new();
            self.misere_components(&m.to, &mut comps, span)?;
            let parts = comps
                .iter()
                .map(|c| self.misere_part(ids, c, span))
                .collect::<Result<Vec<_>, _>>()?;
            moves.push(parts);
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

impl Interpreter {
    /// Every misère winning move of a sum of impartial components, as `component k: from →
    /// to` texts: by Conway's genus rule when every component is tame (tame games add like
    /// misère Nim heaps, [`tame_sum_is_p`]), else by the misère outcome of each move's sum
    /// of simplest forms (a search).
    pub(crate) fn misere_sum_winning_moves(
        &mut self,
        v: &Value,
        span: Span,
    ) -> Result<Vec<String>, EvalError> {
        let mut parts = Vec::new();
        self.misere_components(v, &mut parts, span)?;
        let mut forms = Vec::with_capacity(parts.len());
        for p in &parts {
            forms.push(self.misere_form_of(p, span)?);
        }
        let tame = forms.iter().all(|&g| is_tame(&self.misere, g));
        let genera: Vec<Genus> = if tame {
            forms.iter().map(|&g| genus(&self.misere, g)).collect()
        } else {
            Vec::new()
        };
        let mut out = Vec::new();
        for (k, part) in parts.iter().enumerate() {
            let moves = self.moves_in(part, true, span)?;
            for m in moves {
                let after = self.misere_form_of(&m.to, span)?;
                let wins = if tame {
                    // Options of tame games are tame: the genus rule answers at once.
                    let mut g = genera.clone();
                    g[k] = genus(&self.misere, after);
                    tame_sum_is_p(&g)
                } else {
                    let mut sum = after;
                    for (j, &f) in forms.iter().enumerate() {
                        if j != k {
                            sum = self.misere.add(sum, f);
                        }
                    }
                    self.misere.is_p_position(sum)
                };
                if wins {
                    let m = Move {
                        component: Some(k),
                        ..m
                    };
                    out.push(self.move_text(&m));
                }
            }
        }
        Ok(out)
    }
}
