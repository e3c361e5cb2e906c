//! Language errors as miette diagnostics: a message, a span, a label and a help line.

use super::report::{Diag, Snippet};
use crate::game::Abort;
use crate::syntax::{Span, SyntaxError};

/// An error found while evaluating, with the span of the offending text.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalError {
    pub message: String,
    pub span: Span,
    pub label: String,
    pub help: Option<String>,
}

impl EvalError {
    pub fn new(message: impl Into<String>, span: Span) -> EvalError {
        EvalError {
            message: message.into(),
            span,
            label: "here".into(),
            help: None,
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

    /// The diagnostic miette renders, pointing into `source` (named `name`): the lines
    /// around the span, cut to a window if they are long (see [`super::report`]).
    pub fn to_report(&self, name: &str, source: &str) -> miette::Report {
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

    /// The error as the user sees it (miette's drawing, plain text should that fail).
    pub fn render(&self, name: &str, source: &str) -> String {
        super::report::render(self, name, source)
    }
}

/// Edit distance, for "did you mean …" suggestions.
pub fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The closest of `candidates` to `name`, if it is close enough to be a likely typo.
pub fn suggest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (name.chars().count() / 3).max(1) + 1;
    candidates
        .map(|c| (levenshtein(name, c), c))
        // A suggestion must keep part of what was typed: `+` is no typo of `q`.
        .filter(|&(d, _)| d <= limit && d < name.chars().count())
        .min_by_key(|&(d, c)| (d, c.len()))
        .map(|(_, c)| c)
}
