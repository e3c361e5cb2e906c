//! Results laid out for reading: `table`, `periodic_table` (Winning Ways' layout of a nim
//! sequence in rows of its period), `scatter_plot`, and a table's forms `markdown` and
//! `html` (`latex` asks [`latex_table`]). Each is a record (its fields readable:
//! `t.rows`, `t.exceptional`) that prints laid out: the session's printing asks
//! [`laid_out`], which also prints any long record over several aligned lines when the
//! front end gives a line width. The strings are made by [`crate::layout`].

use super::{Args, Builtin, Topic};
use crate::game::Notation;
use crate::game::latex::latex_of_printed;
use crate::layout::{Cell, Field, ScatterPlot, Table, TableStyle, record_lines};
use crate::values::convert::expect_list;
use crate::values::convert::expect_u64;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::host::Host;
use crate::values::number::Num;
use crate::values::value::Record;
use crate::values::value::Value;
use std::rc::Rc;

/// The records that print as a table.
const TABLE_KINDS: [&str; 3] = ["table", "pn_table", "periodic_table"];

/// What marks mean in a periodic table.
const EXCEPTIONAL: &str =
    "[v]: differs from the value in its column of the last full row (an exceptional value)";

pub const TABLE: Builtin = Builtin {
    name: "table",
    topic: Topic::Language,
    params: "rows, header",
    min_args: 1,
    max_args: Some(2),
    summary: "a table of rows (each a list of values; strings print without quotes) under an optional header, printed aligned (numbers to the right, a wide table cut into blocks of columns at a terminal); markdown(t), latex(t) and html(t) give it in those forms, and a notebook shows it as HTML",
    example: (
        "table([[n, nim_values(kayles, 0..n)[n]] for n in 1..3], [\"n\", \"G(n)\"])",
        "n  G(n)\n-  ----\n1     1\n2     2\n3     3",
    ),
    run: |_, a| {
        let rows = expect_list(&a.values[0], a.span(0))?;
        let rows: Vec<Value> = rows
            .iter()
            .map(|r| {
                Ok(match r {
                    Value::List(_) | Value::Set(_) => {
                        Value::list(expect_list(r, a.span(0))?.to_vec())
                    }
                    one => Value::list(vec![one.clone()]),
                })
            })
            .collect::<Result<_, EvalError>>()?;
        let mut fields = Vec::new();
        if let Some(h) = a.values.get(1) {
            let header = expect_list(h, a.span(1))?;
            fields.push(("header".to_string(), Value::list(header.to_vec())));
        }
        fields.push(("rows".to_string(), Value::list(rows)));
        Ok(record("table", fields))
    },
};

fn record(kind: &'static str, fields: Vec<(String, Value)>) -> Value {
    Value::Record(Rc::new(Record { kind, fields }))
}

/// The table a record is (a table, a P/N table or a periodic table), its cells written by
/// `cell` (and the header's by `head`); `None` for any other value.
fn table_of(
    i: &mut dyn Host,
    v: &Value,
    cell: &mut dyn FnMut(&mut dyn Host, &Value) -> String,
) -> Option<Table> {
    let Value::Record(r) = v else { return None };
    if !TABLE_KINDS.contains(&r.kind) {
        return None;
    }
    // A table of millions of cells: its text counts against the budget as it is written.
    let cell = &mut |i: &mut dyn Host, v: &Value| {
        crate::game::budget::poll();
        cell(i, v)
    };
    let list = |name: &str| match r.get(name) {
        Some(Value::List(items)) => items.as_ref().clone(),
        _ => Vec::new(),
    };
    let table = match r.kind {
        "pn_table" => {
            let mut top = vec![Cell::plain("x")];
            let mut bottom = vec![Cell::plain("")];
            for (n, o) in list("heaps").iter().zip(list("outcomes").iter()) {
                top.push(Cell::plain(cell(i, n)));
                bottom.push(Cell::plain(cell(i, o)));
            }
            Table {
                header: None,
                rows: vec![top, bottom],
                style: TableStyle {
                    gap: 1,
                    rule: false,
                    labels: true,
                    numbers_right: false,
                },
                legend: None,
            }
        }
        "periodic_table" => {
            let period = int_field(r, "period").unwrap_or(1).max(1) as usize;
            let first = int_field(r, "first").unwrap_or(0);
            let values = list("values");
            let exceptional: Vec<i64> = list("exceptional")
                .iter()
                .filter_map(|v| match v {
                    Value::Number(Num::Small(k)) => Some(*k),
                    _ => None,
                })
                .collect();
            let mut header = vec![String::new()];
            header.extend((0..period).map(|c| c.to_string()));
            let rows = values
                .chunks(period)
                .enumerate()
                .map(|(k, chunk)| {
                    let start = first + (k * period) as i64;
                    let mut row = vec![Cell::plain(start.to_string())];
                    row.extend(chunk.iter().enumerate().map(|(c, v)| Cell {
                        text: cell(i, v),
                        marked: exceptional.contains(&(start + c as i64)),
                    }));
                    row
                })
                .collect();
            Table {
                header: Some(header),
                rows,
                style: TableStyle {
                    labels: true,
                    ..TableStyle::RULED
                },
                legend: Some(EXCEPTIONAL.to_string()),
            }
        }
        _ => {
            let header = r.get("header").map(|_| {
                list("header")
                    .iter()
                    .map(|h| cell(i, h))
                    .collect::<Vec<String>>()
            });
            let rows = list("rows")
                .iter()
                .map(|row| match row {
                    Value::List(cells) => cells.iter().map(|c| Cell::plain(cell(i, c))).collect(),
                    one => vec![Cell::plain(cell(i, one))],
                })
                .collect();
            Table {
                header,
                rows,
                style: TableStyle::RULED,
                legend: None,
            }
        }
    };
    reserve_rendering(&table);
    Some(table)
}

/// Stops (with [`crate::game::Abort::TooLarge`]) before a table is rendered whose text
/// would not fit in the memory budget: its cells' text and the markup around each cell
/// (HTML's is the longest), twice over as the text grows by doubling.
fn reserve_rendering(t: &Table) {
    const MARKUP: u64 = 48;
    let (cells, text) = t.rows.iter().flatten().fold((0u64, 0u64), |(n, len), c| {
        (n + 1, len + c.text.len() as u64)
    });
    let bytes = text.saturating_add(cells * MARKUP).saturating_mul(2);
    crate::game::budget::reserve("the table's text", cells, "cells", bytes);
}

fn int_field(r: &Record, name: &str) -> Option<i64> {
    match r.get(name) {
        Some(Value::Number(Num::Small(k))) => Some(*k),
        _ => None,
    }
}

/// A cell as text: a string without its quotes, any other value as it prints on one line.
fn text_cell(i: &mut dyn Host, v: &Value) -> String {
    match v {
        Value::Str(s) => s.to_string(),
        other => i.show_line(other),
    }
}

/// A cell in LaTeX: a string as text (its special characters escaped), any other value in
/// math mode as `latex` writes a value.
fn latex_cell(i: &mut dyn Host, v: &Value) -> String {
    match v {
        Value::Str(s) | Value::Text(s) => escape_latex(s),
        other => {
            let kept = i.notation();
            i.set_notation(Notation::Unicode);
            let printed = i.show_line(other);
            i.set_notation(kept);
            format!("${}$", latex_of_printed(&printed))
        }
    }
}

fn escape_latex(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '\\' => out.push_str("\\textbackslash{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(ch);
            }
            c => out.push(c),
        }
    }
    out
}

/// The printed form of a value laid out for reading, when it is one: a table (aligned,
/// cut to the session's line width if it has one), a scatter plot (drawn as text), or a
/// record too long for the line width (over several aligned lines). `None`: the value
/// prints on one line as usual.
pub(crate) fn laid_out(i: &mut dyn Host, v: &Value) -> Option<String> {
    let Value::Record(r) = v else { return None };
    if r.kind == "grid" {
        return Some(crate::values::games::grid::record_text(r));
    }
    let width = i.line_width();
    if let Some(t) = table_of(i, v, &mut text_cell) {
        return Some(t.to_text(width));
    }
    if let Some(plot) = scatter_of(r) {
        let unicode = i.notation() == Notation::Unicode;
        let margin = plot
            .values
            .iter()
            .map(|v| v.to_string().len())
            .max()
            .unwrap_or(1)
            + 2;
        let columns = width.map_or(64, |w| w.saturating_sub(margin).clamp(16, 160));
        return Some(plot.to_text(columns, 16, unicode));
    }
    let width = width?;
    let fields: Vec<Field> = r
        .fields
        .iter()
        .map(|(name, value)| field(i, name, value))
        .collect();
    Some(record_lines(r.kind, &fields, width))
}

/// A record's field as [`record_lines`] takes it: a list, set or map by its elements.
fn field(i: &mut dyn Host, name: &str, value: &Value) -> Field {
    let items = |i: &mut dyn Host, xs: &mut dyn Iterator<Item = &Value>| -> Vec<String> {
        xs.map(|x| i.show_line(x)).collect()
    };
    match value {
        Value::List(xs) => Field::Items {
            name: name.to_string(),
            open: "[",
            separator: ",",
            close: "]",
            items: items(i, &mut xs.iter()),
        },
        Value::Set(s) if !s.is_empty() => Field::Items {
            name: name.to_string(),
            open: "{",
            separator: ", ",
            close: "}",
            items: items(i, &mut s.values()),
        },
        other => Field::Whole {
            name: name.to_string(),
            text: i.show_line(other),
        },
    }
}

/// The table `v` is in LaTeX (a `tabular`), if it is one (for `latex`).
pub(crate) fn latex_table(i: &mut dyn Host, v: &Value) -> Option<String> {
    table_of(i, v, &mut latex_cell).map(|t| t.to_latex())
}

/// The table `v` is in HTML, if it is one (for `html` and a notebook's display).
pub(crate) fn html_table(i: &mut dyn Host, v: &Value) -> Option<String> {
    let kept = i.notation();
    i.set_notation(Notation::Unicode);
    let html = table_of(i, v, &mut text_cell).map(|t| t.to_html());
    i.set_notation(kept);
    html
}

/// The error for a value that is no table.
fn not_a_table(v: &Value, a: &Args) -> EvalError {
    EvalError::new(
        format!("expected a table, found {}", v.kind()),
        a.span(0),
    )
    .with_help("table(rows, header), periodic_table(sequence, period) and pn_table(ruleset, range) make tables")
}

pub const MARKDOWN: Builtin = Builtin {
    name: "markdown",
    topic: Topic::Language,
    params: "t",
    min_args: 1,
    max_args: Some(1),
    summary: "a table (table, periodic_table, pn_table) in Markdown: a header row, numbers aligned right, exceptional values in bold",
    example: (
        "print(markdown(table([[1, ^]], [\"n\", \"g\"])))",
        "| n | g |\n|---:|---|\n| 1 | ^ |",
    ),
    run: |i, a| match table_of(i, &a.values[0], &mut text_cell) {
        Some(t) => Ok(Value::Str(t.to_markdown().into())),
        None => Err(not_a_table(&a.values[0], a)),
    },
};

pub const HTML: Builtin = Builtin {
    name: "html",
    topic: Topic::Language,
    params: "t",
    min_args: 1,
    max_args: Some(1),
    summary: "a table (table, periodic_table, pn_table) as an HTML <table> in Unicode notation (a notebook shows tables so), exceptional values in <b>",
    example: (
        "print(html(table([[1, 2]])))",
        "<table class=\"cgt-table\"><tbody><tr><td style=\"text-align:right\">1</td><td style=\"text-align:right\">2</td></tr></tbody></table>",
    ),
    run: |i, a| match html_table(i, &a.values[0]) {
        Some(t) => Ok(Value::Str(t.into())),
        None => Err(not_a_table(&a.values[0], a)),
    },
};

/// The optional index of the first term (argument `k`), 0 unless given.
fn first_index(a: &Args, k: usize) -> Result<i64, EvalError> {
    match a.values.get(k) {
        None => Ok(0),
        Some(v) => {
            let n = expect_u64(v, a.span(k), "the first index")?;
            i64::try_from(n).map_err(|_| EvalError::new("the first index is too large", a.span(k)))
        }
    }
}

pub const PERIODIC_TABLE: Builtin = Builtin {
    name: "periodic_table",
    topic: Topic::Impartial,
    params: "sequence, period, first",
    min_args: 2,
    max_args: Some(3),
    summary: "a sequence (nim values from heap first, default 0) in rows of its period, as Winning Ways prints octal games: row n + column = heap; the values that differ from the value in their column of the last full row (the exceptional values, when the last row is periodic) are marked [v], and listed in .exceptional",
    example: (
        "periodic_table(nim_values(subtraction([1,3,4]), 0..13), 7).exceptional",
        "[]",
    ),
    run: |_, a| {
        let values = expect_list(&a.values[0], a.span(0))?;
        let period = expect_u64(&a.values[1], a.span(1), "the period")?;
        if period == 0 {
            return Err(EvalError::new("the period must be at least 1", a.span(1)));
        }
        let first = first_index(a, 2)?;
        let p = usize::try_from(period).unwrap_or(usize::MAX);
        let full = values.len() / p.max(1);
        let mut exceptional = Vec::new();
        if full >= 2 {
            let last = (full - 1) * p;
            for (n, v) in values.iter().enumerate() {
                let reference = &values[last + n % p];
                if v.key().is_none() || v.key() != reference.key() {
                    exceptional.push(Value::number(first + n as i64));
                }
            }
        }
        Ok(record(
            "periodic_table",
            vec![
                ("period".into(), Value::number(period as i64)),
                ("first".into(), Value::number(first)),
                ("values".into(), Value::list(values.to_vec())),
                ("exceptional".into(), Value::list(exceptional)),
            ],
        ))
    },
};

/// The scatter plot a record is, if it is one.
pub(crate) fn scatter_of(r: &Record) -> Option<ScatterPlot> {
    if r.kind != "scatter_plot" {
        return None;
    }
    let first = int_field(r, "first").unwrap_or(0);
    let Some(Value::List(items)) = r.get("values") else {
        return None;
    };
    let values: Vec<i64> = items
        .iter()
        .filter_map(|v| match v {
            Value::Number(Num::Small(k)) => Some(*k),
            _ => None,
        })
        .collect();
    let last = first + values.len().saturating_sub(1) as i64;
    Some(ScatterPlot {
        first,
        values,
        title: format!("a(n) for n = {first}..{last}"),
    })
}

/// The SVG of a scatter plot (for `svg` and the embedding API's pictures).
pub(crate) fn scatter_svg(v: &Value) -> Option<String> {
    match v {
        Value::Record(r) => scatter_of(r).map(|p| p.to_svg()),
        _ => None,
    }
}

pub const SCATTER_PLOT: Builtin = Builtin {
    name: "scatter_plot",
    topic: Topic::Impartial,
    params: "sequence, first",
    min_args: 1,
    max_args: Some(2),
    summary: "the scatter plot of a sequence of integers (CGSuite's ScatterPlot; nim values from heap first, default 0): a point (n, a(n)) per term, to see the large-scale structure of an octal game; printed as a text plot (Braille dots in Unicode), drawn as SVG by svg(p, file) and in notebooks",
    example: (
        "len(scatter_plot(nim_values(kayles, 0..100)).values)",
        "101",
    ),
    run: |i, a| {
        let items = expect_list(&a.values[0], a.span(0))?;
        let mut values = Vec::with_capacity(items.len());
        for v in items.iter() {
            i.check_interrupt(a.call)?;
            values.push(match v {
                Value::Number(Num::Small(k)) => Value::number(*k),
                Value::Game(GameValue::Short(g)) => match i.store.as_nus(*g) {
                    Some(nus) if nus.number.is_zero() && nus.ups == 0 => {
                        match i64::try_from(nus.nim) {
                            Ok(k) => Value::number(k),
                            Err(_) => return Err(not_an_integer(v, a)),
                        }
                    }
                    _ => return Err(not_an_integer(v, a)),
                },
                other => return Err(not_an_integer(other, a)),
            });
        }
        let first = first_index(a, 1)?;
        Ok(record(
            "scatter_plot",
            vec![
                ("first".into(), Value::number(first)),
                ("values".into(), Value::list(values)),
            ],
        ))
    },
};

fn not_an_integer(v: &Value, a: &Args) -> EvalError {
    EvalError::new(
        format!(
            "a scatter plot is of integers (or nimbers), found {}",
            v.kind()
        ),
        a.span(0),
    )
}
