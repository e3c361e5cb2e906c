//! Syntax errors: a message, the span it points at, and a hint.

use super::ast::Span;
use super::parser::Rule;

#[derive(Clone, Debug, PartialEq)]
pub struct SyntaxError {
    pub message: String,
    pub span: Span,
    pub help: Option<String>,
}

impl SyntaxError {
    pub fn new(message: String, span: Span, help: Option<String>) -> SyntaxError {
        SyntaxError {
            message,
            span,
            help,
        }
    }

    /// Turns pest's error into one that says what was expected in words.
    pub(crate) fn from_pest(e: pest::error::Error<Rule>, text: &str, base: usize) -> SyntaxError {
        let (start, end) = match e.location {
            pest::error::InputLocation::Pos(p) => (p, p),
            pest::error::InputLocation::Span((s, t)) => (s, t),
        };
        let found = text[start..].chars().next();
        let mut span = Span::new(
            base + start,
            base + end.max(start + found.map_or(0, char::len_utf8)),
        );
        if let pest::error::ErrorVariant::CustomError { message } = &e.variant
            && message.contains("limit reached")
        {
            // pest stops before its recursion exhausts the stack.
            return super::parser::too_deep(span);
        }
        let expected: Vec<&str> = match &e.variant {
            pest::error::ErrorVariant::ParsingError { positives, .. } => {
                let mut v: Vec<&str> = positives.iter().filter_map(|r| describe(*r)).collect();
                v.sort_unstable();
                v.dedup();
                v
            }
            pest::error::ErrorVariant::CustomError { .. } => vec![],
        };
        if expected.contains(&"`else`") && !expected.contains(&"`then`") {
            return SyntaxError::new(
                "this `if … then …` has no `else`".into(),
                span,
                Some("an `if` needs both branches: `if c then a else b`".into()),
            );
        }
        if let Some(h) = super::hints::hint(text, start) {
            return SyntaxError::new(
                h.message,
                Span::new(base + h.at.0, base + h.at.1),
                Some(h.help),
            );
        }
        let word: String = text[start..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if expected.contains(&"a name") && KEYWORDS.contains(&word.as_str()) {
            return SyntaxError::new(
                format!("`{word}` is a keyword, so it cannot be a name"),
                Span::new(base + start, base + start + word.len()),
                Some("choose another name".into()),
            );
        }
        if let Some(c) = found
            && let Some(look) = super::lookalike::refused(c)
        {
            return SyntaxError::new(
                format!(
                    "`{c}` (U+{:04X}, {}) is not an operator",
                    u32::from(c),
                    look.name
                ),
                span,
                Some(look.instead.into()),
            );
        }
        // A word is named whole (`for`, not `f`), and pointed at whole.
        let what = match found {
            None => "end of input".to_string(),
            Some(_) if !word.is_empty() => {
                span = Span::new(base + start, base + start + word.len());
                format!("`{word}`")
            }
            Some(c) => shown(c),
        };
        let mut help = if expected.is_empty() {
            None
        } else {
            Some(format!("expected {}", expected.join(", ")))
        };
        let open = unclosed(&text[..start.min(text.len())]);
        if found.is_none()
            && let Some((pos, c)) = open
        {
            span = Span::new(base + pos, base + pos + 1);
            return SyntaxError::new(
                format!("unclosed `{c}`"),
                span,
                Some(format!("add the matching `{}`", closing(c))),
            );
        }
        if let Some(c) = found
            && matches!(c, '}' | ']' | ')')
            && open.is_none()
        {
            help = Some("there is no matching opening bracket".into());
            return SyntaxError::new(format!("unbalanced `{c}`"), span, help);
        }
        SyntaxError::new(format!("unexpected {what}"), span, help)
    }
}

/// A character as an error message names it: in backquotes if it can be seen, else by its
/// code (a NUL byte printed as itself looks like a space, or like nothing).
fn shown(c: char) -> String {
    match c {
        '\0' => "NUL (U+0000)".to_string(),
        '\u{feff}' => "a byte-order mark (U+FEFF)".to_string(),
        c if c.is_control() || c.is_whitespace() || matches!(c, '\u{200b}'..='\u{200f}') => {
            format!("U+{:04X}", u32::from(c))
        }
        c if c.is_ascii() => format!("`{c}`"),
        c => format!("`{c}` (U+{:04X})", u32::from(c)),
    }
}

fn closing(c: char) -> char {
    match c {
        '{' => '}',
        '[' => ']',
        _ => ')',
    }
}

/// The innermost bracket still open at the end of `text`, ignoring strings and comments.
fn unclosed(text: &str) -> Option<(usize, char)> {
    let mut stack = Vec::new();
    let mut in_string = false;
    let mut in_comment = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if in_comment {
            in_comment = c != '\n';
            continue;
        }
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '#' => in_comment = true,
            '{' | '[' | '(' => stack.push((i, c)),
            '}' | ']' | ')' => {
                stack.pop();
            }
            _ => {}
        }
    }
    stack.pop()
}

/// The words the grammar reserves (its `keyword` rule).
const KEYWORDS: [&str; 15] = [
    "let", "def", "fn", "if", "then", "else", "and", "or", "not", "true", "false", "for", "in",
    "at", "pass",
];

/// Words for the grammar rules a user might have been expected to write.
fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::expr | Rule::primary | Rule::game_slot => "an expression",
        Rule::ident => "a name",
        Rule::number | Rule::nus_literal => "a number or game",
        Rule::bars => "`|`",
        Rule::comma => "`,`",
        Rule::call_args => "`(`",
        Rule::method => "`.`",
        Rule::index => "`[`",
        Rule::params => "parameter names",
        Rule::kw_then => "`then`",
        Rule::kw_else => "`else`",
        Rule::EOI => "end of input",
        Rule::op_or
        | Rule::op_and
        | Rule::op_eq
        | Rule::op_ne
        | Rule::op_le
        | Rule::op_ge
        | Rule::op_lt
        | Rule::op_gt
        | Rule::op_confused
        | Rule::op_lcf
        | Rule::op_gcf
        | Rule::op_range
        | Rule::op_add
        | Rule::op_sub
        | Rule::op_plus_minus_bin
        | Rule::op_mul
        | Rule::op_div
        | Rule::op_idiv
        | Rule::op_mod => "an operator",
        _ => return None,
    })
}
