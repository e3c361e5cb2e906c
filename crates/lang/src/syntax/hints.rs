//! What a syntax error says when the statement is written as in CGSuite, Python or the
//! books (`x := 3`, `for n in 1..3: print(n)`, `while …`): cgt's way of writing it.

/// A syntax error's message and help, and the byte range (in the chunk) it points at.
pub(crate) struct Hint {
    pub message: String,
    pub help: String,
    pub at: (usize, usize),
}

/// The hint for a syntax error at byte `at` of `text` (one chunk of source), if the
/// statement it is in reads as another language's.
pub(crate) fn hint(text: &str, at: usize) -> Option<Hint> {
    let begin = statement_start(text, at);
    let end = text[at..].find(';').map_or(text.len(), |k| at + k);
    let stmt = &text[begin..end];
    let lead = stmt.len() - stmt.trim_start().len();
    let stmt = stmt.trim();
    let first = leading_word(stmt);
    let first_at = (begin + lead, begin + lead + first.len());
    let rel = at.saturating_sub(begin + lead);
    if let Some(h) = assignment(stmt, rel) {
        return Some(Hint {
            at: (at, at + text[at..].chars().next().map_or(0, char::len_utf8)),
            ..h
        });
    }
    let (message, help) = match first {
        "for" => (
            "cgt has no `for` statement".to_string(),
            format!(
                "a comprehension computes an expression for each element: {}",
                for_loop(stmt).unwrap_or_else(|| "`[print(n) for n in 1..3]`".into())
            ),
        ),
        "while" => (
            format!("cgt has no `{first}` loop"),
            "repeat with a comprehension (`[f(n) for n in 1..10]`) or a recursive function \
             (`def f(n) = if n == 0 then 1 else n * f(n - 1)`)"
                .to_string(),
        ),
        "then" | "else" if rel == 0 => (
            format!("unexpected `{first}`"),
            "`then` and `else` belong to an `if`: `if c then a else b`, on one statement"
                .to_string(),
        ),
        "return" if rel > 0 => (
            "cgt has no `return`".to_string(),
            "a function's value is its body's: `def f(n) = n + 1`".to_string(),
        ),
        _ => return after_if(stmt, rel, begin + lead),
    };
    Some(Hint {
        message,
        help,
        at: first_at,
    })
}

/// CGSuite's `if … then … end` and `elseif`: cgt's `if` is an expression without `end`.
fn after_if(stmt: &str, rel: usize, offset: usize) -> Option<Hint> {
    let word = leading_word(stmt.get(rel..)?);
    let help = match word {
        "end" if has_word(stmt, "if") || has_word(stmt, "do") => {
            "cgt's `if c then a else b` is an expression: it has no `end`"
        }
        "elseif" | "elif" => "write `else if`",
        "do" => {
            "cgt has no loops: a comprehension computes an expression for each element, \
                 `[print(n) for n in 1..3]`"
        }
        _ => return None,
    };
    Some(Hint {
        message: format!("unexpected `{word}`"),
        help: help.to_string(),
        at: (offset + rel, offset + rel + word.len()),
    })
}

/// Where the statement holding byte `at` begins: after the last `;` before it.
fn statement_start(text: &str, at: usize) -> usize {
    text[..at].rfind(';').map_or(0, |k| k + 1)
}

/// The name, letters, digits and `_`, at the start of `text`.
fn leading_word(text: &str) -> &str {
    let n = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..n]
}

fn has_word(text: &str, word: &str) -> bool {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|w| w == word)
}

/// `x = 3`, `G := {1|-1}`, `var x := 3` and `f(n) := n + 1` (an error at or before the
/// `=`): the `let` or `def` that binds it.
fn assignment(stmt: &str, rel: usize) -> Option<Hint> {
    let body = stmt.strip_prefix("var ").map_or(stmt, str::trim_start);
    let name = leading_word(body);
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let mut rest = body[name.len()..].trim_start();
    let mut params = None;
    if rest.starts_with('(') {
        let close = rest.find(')')?;
        params = Some(&rest[..=close]);
        rest = rest[close + 1..].trim_start();
    }
    let (op, value) = if let Some(v) = rest.strip_prefix(":=") {
        (":=", v)
    } else if let Some(v) = rest.strip_prefix('=').filter(|v| !v.starts_with('=')) {
        ("=", v)
    } else {
        return None;
    };
    let op_at = stmt.len() - rest.len();
    if rel > op_at + op.len() {
        return None;
    }
    let value = shortened(value.trim());
    let binding = match params {
        Some(p) => format!("`def {name}{p} = {value}`"),
        None => format!("`let {name} = {value}`"),
    };
    let message = if op == ":=" {
        "`:=` is CGSuite's assignment, not cgt's".to_string()
    } else {
        format!("unexpected `{op}`")
    };
    Some(Hint {
        message,
        help: format!("a name is bound with `let` (a function with `def`): {binding}"),
        at: (0, 0),
    })
}

/// `text` cut to about forty characters.
fn shortened(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((k, _)) => format!("{}…", &text[..k]),
        None => text.to_string(),
    }
}

/// `for n in 1..3: print(n)`, `for n in xs do f(n) end` or CGSuite's
/// `for n from 1 to 3 do print(n) end` as a comprehension: `[print(n) for n in 1..3]`.
fn for_loop(stmt: &str) -> Option<String> {
    let rest = stmt.strip_prefix("for")?.trim_start();
    let var = leading_word(rest);
    if var.is_empty() {
        return None;
    }
    let rest = rest[var.len()..].trim_start();
    let (head, body) = split_body(rest)?;
    let iter = if let Some(list) = head.strip_prefix("in ") {
        list.trim().to_string()
    } else {
        let range = head.strip_prefix("from ")?;
        let (from, to) = range.split_once(" to ")?;
        format!("{}..{}", from.trim(), to.trim())
    };
    let body = body.trim();
    let body = body.strip_suffix("end").unwrap_or(body).trim();
    if iter.is_empty() || body.is_empty() {
        return None;
    }
    Some(format!("`[{} for {var} in {iter}]`", shortened(body)))
}

/// A loop's head and body, split at its `:` or `do`.
fn split_body(rest: &str) -> Option<(&str, &str)> {
    let colon = rest.find(':');
    let word = rest.find(" do ").or_else(|| rest.find(" do\n"));
    match (colon, word) {
        (Some(c), Some(d)) if d < c => Some((&rest[..d], &rest[d + 4..])),
        (Some(c), _) => Some((&rest[..c], &rest[c + 1..])),
        (None, Some(d)) => Some((&rest[..d], &rest[d + 4..])),
        (None, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loops_become_comprehensions() {
        assert_eq!(
            for_loop("for n in 1..3: print(n)").as_deref(),
            Some("`[print(n) for n in 1..3]`")
        );
        assert_eq!(
            for_loop("for n from 1 to 10 do print(n * n) end").as_deref(),
            Some("`[print(n * n) for n in 1..10]`")
        );
        assert_eq!(for_loop("for"), None);
    }

    #[test]
    fn assignments_become_bindings() {
        let h = assignment("G := {1|-1}", 2).unwrap();
        assert!(h.help.contains("`let G = {1|-1}`"), "{}", h.help);
        let h = assignment("f(n) = n + 1", 5).unwrap();
        assert!(h.help.contains("`def f(n) = n + 1`"), "{}", h.help);
        assert!(assignment("x == 3", 2).is_none());
        // An error after the `=` is in the value: no hint.
        assert!(assignment("x = 3 +", 7).is_none());
    }
}
