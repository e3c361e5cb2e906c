//! Language errors as miette diagnostics: a message, a span, a label and a help line.

use super::report::{Diag, Snippet};
use crate::game::Abort;
use crate::syntax::{Span, SyntaxError};
use std::sync::Arc;

/// The text an error points into when it is not the text being run: a function defined
/// in an earlier REPL entry or in a `:load`ed file reports its error in its own source.
#[derive(Clone, Debug, PartialEq)]
pub struct Origin {
    /// The source's name (`<input 3>` for the REPL's third entry, a file's path).
    pub name: Arc<str>,
    pub text: Arc<str>,
}

/// Every text a session has run, each parsed at its own range of span offsets, so that a
/// span says by itself which text it points into. Offsets start at 1 and a gap separates
/// two texts: the default span (0..0, "no place at hand") is in none of them.
#[derive(Debug)]
pub(crate) struct SourceMap {
    /// The sources by their first offset, in increasing order.
    sources: Vec<(usize, Origin)>,
    next: usize,
}

impl Default for SourceMap {
    fn default() -> Self {
        SourceMap {
            sources: Vec::new(),
            next: 1,
        }
    }
}

impl SourceMap {
    /// Records a text under `name`; returns the offset its spans start at.
    pub(crate) fn add(&mut self, name: &str, text: &str) -> usize {
        let base = self.next;
        self.next = base + text.len() + 1;
        self.sources.push((
            base,
            Origin {
                name: name.into(),
                text: text.into(),
            },
        ));
        base
    }

    /// The source holding `span`, with its first offset.
    fn find(&self, span: Span) -> Option<&(usize, Origin)> {
        let k = self
            .sources
            .partition_point(|(base, _)| *base <= span.start)
            .checked_sub(1)?;
        let found = &self.sources[k];
        (span.end <= found.0 + found.1.text.len()).then_some(found)
    }

    /// The error with its span made relative to the text it points into: the text run
    /// from `base` (its caller renders it with that text), or an earlier one (then named
    /// in the error, see [`Origin`]). A span in no text becomes the default span.
    pub(crate) fn localize(&self, error: CgtError, base: usize) -> CgtError {
        let span = error.span();
        let (shift, origin) = match self.find(span) {
            Some((b, _)) if *b == base => (base, None),
            Some((b, o)) => (*b, Some(o.clone())),
            None => return error.with_span(Span::default(), None),
        };
        let local = Span::new(span.start - shift, span.end - shift);
        error.with_span(local, origin)
    }
}

/// An error found while evaluating, with the span of the offending text.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalError {
    pub message: String,
    pub span: Span,
    pub label: String,
    pub help: Option<String>,
    /// The text `span` points into, when it is not the text that was run (see [`Origin`]).
    pub origin: Option<Origin>,
}

impl EvalError {
    pub fn new(message: impl Into<String>, span: Span) -> EvalError {
        EvalError {
            message: message.into(),
            span,
            label: "here".into(),
            help: None,
            origin: None,
        }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> EvalError {
        self.help = Some(help.into());
        self
    }

    pub fn with_label(mut self, label: impl Into<String>) -> EvalError {
        self.label = label.into();
        self
    }

    /// An engine abort (Ctrl-C, overflow, …) reported at the statement that was running.
    pub fn from_abort(abort: Abort, span: Span) -> EvalError {
        let help = match &abort {
            Abort::Interrupted => "the session and its bindings are kept",
            Abort::Overflow(_) => "the computation left the range cgt can represent exactly",
            Abort::TooLarge(_) => "try a smaller game",
            Abort::Internal(_) => "this is a bug in cgt; please report it with the input",
        };
        EvalError::new(abort.to_string(), span).with_help(help)
    }

    /// An error unless a value of `count` `items` taking `bytes` fits in the memory budget
    /// beside what the process holds ([`crate::game::budget::reserve`]): asked before a
    /// large value (a list, a string) is built.
    pub fn reserve(
        what: &str,
        count: usize,
        items: &str,
        bytes: usize,
        span: Span,
    ) -> Result<(), EvalError> {
        match crate::game::budget::reserve_exceeded(what, count as u64, items, bytes as u64) {
            Some(message) => Err(EvalError::from_abort(Abort::TooLarge(message), span)),
            None => Ok(()),
        }
    }
}

impl From<crate::impartial::ImpartialError> for EvalError {
    /// For errors raised inside a callback, where no span is at hand.
    fn from(e: crate::impartial::ImpartialError) -> Self {
        EvalError::new(e.to_string(), Span::default())
    }
}

/// Any error of the language: syntax or evaluation.
#[derive(Clone, Debug, PartialEq)]
pub enum CgtError {
    Syntax(SyntaxError),
    Eval(EvalError),
}

impl From<SyntaxError> for CgtError {
    fn from(e: SyntaxError) -> Self {
        CgtError::Syntax(e)
    }
}

impl From<EvalError> for CgtError {
    fn from(e: EvalError) -> Self {
        CgtError::Eval(e)
    }
}

impl CgtError {
    pub fn message(&self) -> &str {
        match self {
            CgtError::Syntax(e) => &e.message,
            CgtError::Eval(e) => &e.message,
        }
    }

    pub fn span(&self) -> Span {
        match self {
            CgtError::Syntax(e) => e.span,
            CgtError::Eval(e) => e.span,
        }
    }

    pub fn help(&self) -> Option<&str> {
        match self {
            CgtError::Syntax(e) => e.help.as_deref(),
            CgtError::Eval(e) => e.help.as_deref(),
        }
    }

    /// The text the error points into, when it is not the text that was run.
    pub fn origin(&self) -> Option<&Origin> {
        match self {
            CgtError::Syntax(_) => None,
            CgtError::Eval(e) => e.origin.as_ref(),
        }
    }

    /// The error pointing at `span` of `origin` (`None`: of the text that was run).
    fn with_span(self, span: Span, origin: Option<Origin>) -> CgtError {
        match self {
            CgtError::Syntax(e) => CgtError::Syntax(SyntaxError { span, ..e }),
            CgtError::Eval(e) => CgtError::Eval(EvalError { span, origin, ..e }),
        }
    }

    /// The diagnostic miette renders, pointing into `source` (named `name`), or into the
    /// error's own [`Origin`] if it has one: the lines around the span, cut to a window if
    /// they are long (see [`super::report`]).
    pub fn to_report(&self, name: &str, source: &str) -> miette::Report {
        let (name, source) = match self.origin() {
            Some(o) => (&*o.name, &*o.text),
            None => (name, source),
        };
        let span = self.span();
        let label = match self {
            CgtError::Syntax(_) => "here".to_string(),
            CgtError::Eval(e) => e.label.clone(),
        };
        miette::Report::new(Diag {
            message: self.message().to_string(),
            src: Snippet::new(name, source, span.start..span.end),
            label,
            help: self.help().map(str::to_string),
        })
    }

    /// The error as the user sees it (miette's drawing, plain text should that fail), in
    /// `source` (named `name`) or in the error's own [`Origin`] if it has one.
    pub fn render(&self, name: &str, source: &str) -> String {
        match self.origin() {
            Some(o) => super::report::render(self, &o.name, &o.text),
            None => super::report::render(self, name, source),
        }
    }
}

/// Edit distance, for "did you mean …" suggestions: insertions, deletions, substitutions
/// and swaps of two neighbouring letters (`:hepl` is one edit from `:help`) each count one.
pub fn levenshtein(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Rows i - 2, i - 1 and i of the table of distances between prefixes.
    let mut before: Vec<usize> = Vec::new();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
            if i > 0 && j > 0 && ca == b[j - 1] && a[i - 1] == cb {
                cur[j + 1] = cur[j + 1].min(before[j - 1] + 1);
            }
        }
        before = std::mem::replace(&mut prev, cur);
    }
    prev[b.len()]
}

/// The most edits a typo of a name `len` characters long is allowed: one up to 4
/// characters, two up to 8, three beyond. Short names are close to many others (`foo` is
/// two edits from `on`), so a looser bound would suggest names that share nothing.
fn typo_limit(len: usize) -> usize {
    match len {
        0..=4 => 1,
        5..=8 => 2,
        _ => 3,
    }
}

/// The built-in that does what `name` is called elsewhere (CGSuite, the books), for names
/// that are no typo of it: `value(g)` is `canonical_form(g)`.
pub fn known_as(name: &str) -> Option<&'static str> {
    match name {
        "value" | "cf" | "canonical" | "canonicalform" | "CanonicalForm" => Some("canonical_form"),
        _ => None,
    }
}

/// The closest of `candidates` to `name`, if it is close enough to be a likely typo.
pub fn suggest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let limit = typo_limit(name.chars().count());
    candidates
        .map(|c| (levenshtein(name, c), c))
        // A suggestion must keep part of what was typed: `+` is no typo of `q`.
        .filter(|&(d, _)| d <= limit && d < name.chars().count())
        // On a tie the first candidate wins: callers list the user's own names first.
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// The language's error for a loopy operation that the theory does not answer.
pub(crate) fn loopy_error(e: crate::game::loopy::LoopyError, span: Span) -> EvalError {
    EvalError::new(e.to_string(), span)
}
