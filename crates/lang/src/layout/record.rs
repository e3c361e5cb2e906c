//! A record (`period(…)`, `misere_quotient(…)`) printed over several aligned lines when its
//! one-line form is wider than the line: one field a line, the values in one column, and a
//! long list wrapped between its elements under its first element.
//!
//! ```text
//! misere_quotient(
//!   heaps:           12
//!   generators:      ["a","b","c","d","e"]
//!   relations:       ["a^2 = 1","bd = bc","be = bc","cd = b^2","ce = b^2",
//!                     "e^2 = de","b^3 = b","bc^2 = b","c^3 = c","d^3 = d"]
//! )
//! ```

use super::columns;

/// A field of a record as printed: its name and its value's text, either whole or as the
/// elements of a list (so that it can be wrapped between them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// A value printed whole (it may have lines of its own: a thermograph).
    Whole { name: String, text: String },
    /// A list, set or map: `open`, the elements joined by `separator`, `close`.
    Items {
        name: String,
        open: &'static str,
        separator: &'static str,
        close: &'static str,
        items: Vec<String>,
    },
}

impl Field {
    fn name(&self) -> &str {
        match self {
            Field::Whole { name, .. } | Field::Items { name, .. } => name,
        }
    }

    /// The value on one line.
    fn one_line(&self) -> String {
        match self {
            Field::Whole { text, .. } => text.clone(),
            Field::Items {
                open,
                separator,
                close,
                items,
                ..
            } => format!("{open}{}{close}", items.join(separator)),
        }
    }
}

/// The record `kind(name: value, …)` on one line.
pub fn record_line(kind: &str, fields: &[Field]) -> String {
    let parts: Vec<String> = fields
        .iter()
        .map(|f| format!("{}: {}", f.name(), f.one_line()))
        .collect();
    format!("{kind}({})", parts.join(", "))
}

/// The record on one line when that fits `width` columns (and has no line break), else
/// over several lines as the module shows: `kind(`, one field a line indented by two
/// spaces with the values aligned, a list too long for its line wrapped between its
/// elements, and `)`.
pub fn record_lines(kind: &str, fields: &[Field], width: usize) -> String {
    let line = record_line(kind, fields);
    if columns(&line) <= width && !line.contains('\n') {
        return line;
    }
    let name_width = fields.iter().map(|f| columns(f.name())).max().unwrap_or(0);
    // "  name: " padded: the column where every value starts.
    let at = 2 + name_width + 2;
    let mut out = format!("{kind}(\n");
    for f in fields {
        let head = format!("  {}:", f.name());
        out += &format!("{head}{}", " ".repeat(at - columns(&head)));
        let text = f.one_line();
        match f {
            Field::Items {
                open,
                separator,
                close,
                items,
                ..
            } if at + columns(&text) > width || text.contains('\n') => {
                out += &wrapped(open, separator, close, items, at, width);
            }
            _ => out += &text.replace('\n', &format!("\n{}", " ".repeat(at))),
        }
        out.push('\n');
    }
    out + ")"
}

/// A list's elements from column `at` to at most `width` (an element longer than the line
/// has a line of its own), continuation lines starting under the first element.
fn wrapped(
    open: &str,
    separator: &str,
    close: &str,
    items: &[String],
    at: usize,
    width: usize,
) -> String {
    let indent = at + columns(open);
    let mut out = String::from(open);
    let mut used = indent;
    let sep = separator.trim_end();
    for (k, item) in items.iter().enumerate() {
        let last = k + 1 == items.len();
        let tail = if last { close } else { sep };
        let need = columns(item) + columns(tail);
        if k > 0 {
            if used + columns(separator) - columns(sep) + need > width {
                out += &format!("\n{}", " ".repeat(indent));
                used = indent;
            } else {
                let space = &separator[sep.len()..];
                out += space;
                used += columns(space);
            }
        }
        out += item;
        out += tail;
        used += need;
    }
    if items.is_empty() {
        out += close;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn whole(name: &str, text: &str) -> Field {
        Field::Whole {
            name: name.into(),
            text: text.into(),
        }
    }

    fn strings(name: &str, items: &[&str]) -> Field {
        Field::Items {
            name: name.into(),
            open: "[",
            separator: ",",
            close: "]",
            items: items.iter().map(|s| format!("{s:?}")).collect(),
        }
    }

    #[test]
    fn a_short_record_stays_on_one_line() {
        let fields = [whole("period", "12"), whole("saltus", "0")];
        assert_eq!(
            record_lines("period", &fields, 80),
            "period(period: 12, saltus: 0)"
        );
    }

    #[test]
    fn a_long_record_has_a_line_a_field_and_long_lists_wrapped() {
        let relations = [
            "a^2 = 1", "bd = bc", "be = bc", "cd = b^2", "ce = b^2", "e^2 = de", "b^3 = b",
        ];
        let fields = [whole("heaps", "12"), strings("relations", &relations)];
        let text = record_lines("misere_quotient", &fields, 50);
        assert_eq!(
            text,
            "misere_quotient(\n  heaps:     12\n  relations: [\"a^2 = 1\",\"bd = bc\",\"be = bc\",\n              \"cd = b^2\",\"ce = b^2\",\"e^2 = de\",\n              \"b^3 = b\"]\n)"
        );
        for line in text.lines() {
            assert!(line.chars().count() <= 50, "{line}");
        }
    }

    #[test]
    fn lines_of_a_value_keep_its_column() {
        let fields = [whole("t", "a\nb"), whole("long_name", "1")];
        assert_eq!(
            record_lines("r", &fields, 80),
            "r(\n  t:         a\n             b\n  long_name: 1\n)"
        );
    }
}
