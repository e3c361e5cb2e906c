//! A table of printed cells, laid out as aligned text (cut into blocks of columns when it
//! is wider than the line), Markdown, LaTeX or HTML.
//!
//! The cells are text already printed for the form wanted: [`Table::to_text`],
//! [`Table::to_markdown`] and [`Table::to_html`] take plain text and escape what their
//! format needs; [`Table::to_latex`] takes cells already written in LaTeX (the language
//! writes a game's value in math mode, a string as escaped text).

use super::columns;

/// One cell: its text, and whether it is marked (an exceptional value of a periodic
/// table: `[4]` in text, bold elsewhere).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub text: String,
    pub marked: bool,
}

impl Cell {
    pub fn plain(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            marked: false,
        }
    }
}

/// How a table is drawn as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableStyle {
    /// Spaces between two columns.
    pub gap: usize,
    /// A rule of dashes under the header.
    pub rule: bool,
    /// The first column labels the rows: it is repeated in every block of a table cut
    /// to fit the line.
    pub labels: bool,
    /// A column whose cells are all numbers is aligned to the right (others to the left).
    pub numbers_right: bool,
}

impl TableStyle {
    /// `table(rows, header)`: two spaces between columns, a rule under the header, numbers
    /// to the right.
    pub const RULED: TableStyle = TableStyle {
        gap: 2,
        rule: true,
        labels: false,
        numbers_right: true,
    };
}

/// A table: an optional header and rows of cells (rows may be of different lengths: the
/// missing cells are empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub header: Option<Vec<String>>,
    pub rows: Vec<Vec<Cell>>,
    pub style: TableStyle,
    /// A line printed under the table when some cell is marked, saying what a mark means.
    pub legend: Option<String>,
}

/// Whether `text` is an integer or a fraction as cgt prints numbers (`-3`, `7/8`).
fn is_number(text: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    match unsigned.split_once('/') {
        Some((n, d)) => digits(n) && digits(d),
        None => digits(unsigned),
    }
}

impl Table {
    /// How many columns the table has (its widest row or its header).
    pub fn width(&self) -> usize {
        let body = self.rows.iter().map(Vec::len).max().unwrap_or(0);
        body.max(self.header.as_ref().map_or(0, Vec::len))
    }

    fn any_marked(&self) -> bool {
        self.rows.iter().flatten().any(|c| c.marked)
    }

    /// The text of body cell `c` of `row` as the aligned text shows it: in a column with
    /// a marked cell, `[v]` for a marked one and ` v ` for the others, so that the values
    /// stay aligned.
    fn shown(row: &[Cell], c: usize, column_marked: bool) -> String {
        match row.get(c) {
            Some(cell) if cell.marked => format!("[{}]", cell.text),
            Some(cell) if column_marked && !cell.text.is_empty() => format!(" {} ", cell.text),
            Some(cell) => cell.text.clone(),
            None => String::new(),
        }
    }

    /// The table as aligned text. With `width`, a table wider than that is cut into
    /// blocks of whole columns, one under the other with an empty line between them (the
    /// header repeated, and the label column when the style has one); a single column
    /// wider than the line is never cut. Lines carry no trailing spaces.
    pub fn to_text(&self, width: Option<usize>) -> String {
        let n = self.width();
        let header: Vec<String> = (0..n)
            .map(|c| {
                self.header
                    .as_ref()
                    .and_then(|h| h.get(c))
                    .cloned()
                    .unwrap_or_default()
            })
            .collect();
        let marked: Vec<bool> = (0..n)
            .map(|c| self.rows.iter().any(|r| r.get(c).is_some_and(|x| x.marked)))
            .collect();
        let body: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|row| (0..n).map(|c| Table::shown(row, c, marked[c])).collect())
            .collect();
        let widths: Vec<usize> = (0..n)
            .map(|c| {
                let head = if self.header.is_some() {
                    columns(&header[c])
                } else {
                    0
                };
                body.iter().map(|r| columns(&r[c])).fold(head, usize::max)
            })
            .collect();
        let right: Vec<bool> = (0..n)
            .map(|c| {
                let mut cells = self.rows.iter().filter_map(|r| r.get(c));
                self.style.numbers_right
                    && cells.clone().any(|cell| !cell.text.is_empty())
                    && cells.all(|cell| cell.text.is_empty() || is_number(&cell.text))
            })
            .collect();
        let mut lines: Vec<String> = Vec::new();
        for (k, block) in self.blocks(&widths, width).iter().enumerate() {
            if k > 0 {
                lines.push(String::new());
            }
            let line = |cells: &[String]| -> String {
                let parts: Vec<String> = block
                    .iter()
                    .map(|&c| pad(&cells[c], widths[c], right[c]))
                    .collect();
                parts
                    .join(&" ".repeat(self.style.gap))
                    .trim_end()
                    .to_string()
            };
            if self.header.is_some() {
                lines.push(line(&header));
                if self.style.rule {
                    let dashes: Vec<String> =
                        block.iter().map(|&c| "-".repeat(widths[c])).collect();
                    lines.push(dashes.join(&" ".repeat(self.style.gap)));
                }
            }
            for row in &body {
                lines.push(line(row));
            }
        }
        if self.any_marked()
            && let Some(legend) = &self.legend
        {
            lines.push(legend.clone());
        }
        lines.join("\n")
    }

    /// The columns of each block of text: all of them when the table fits `width` (or
    /// there is no width), else runs of whole columns that fit, each led by the label
    /// column when the style has one.
    fn blocks(&self, widths: &[usize], width: Option<usize>) -> Vec<Vec<usize>> {
        let all: Vec<usize> = (0..widths.len()).collect();
        let gap = self.style.gap;
        let total = widths.iter().sum::<usize>() + gap * widths.len().saturating_sub(1);
        let Some(limit) = width else {
            return vec![all];
        };
        if total <= limit || widths.len() < 2 {
            return vec![all];
        }
        let lead: Vec<usize> = if self.style.labels {
            vec![0]
        } else {
            Vec::new()
        };
        let first = lead.len();
        let mut blocks = Vec::new();
        let mut block = lead.clone();
        let mut used: usize = lead.iter().map(|&c| widths[c] + gap).sum();
        for c in first..widths.len() {
            let has_own = block.len() > lead.len();
            if has_own && used + widths[c] > limit {
                blocks.push(std::mem::replace(&mut block, lead.clone()));
                used = lead.iter().map(|&c| widths[c] + gap).sum();
            }
            block.push(c);
            used += widths[c] + gap;
        }
        if block.len() > lead.len() || blocks.is_empty() {
            blocks.push(block);
        }
        blocks
    }

    /// The table in Markdown (GitHub's tables): a header row (empty cells when the table
    /// has none), numbers aligned right, marked cells in bold, `|` escaped.
    pub fn to_markdown(&self) -> String {
        let n = self.width().max(1);
        let escape = |s: &str| {
            let mut out = String::with_capacity(s.len());
            for ch in s.chars() {
                if matches!(ch, '\\' | '|' | '*' | '_' | '`') {
                    out.push('\\');
                }
                out.push(ch);
            }
            out
        };
        let head: Vec<String> = (0..n)
            .map(|c| {
                let text = self.header.as_ref().and_then(|h| h.get(c));
                text.map_or(String::new(), |t| escape(t))
            })
            .collect();
        let align: Vec<&str> = (0..n)
            .map(|c| {
                let numeric = self
                    .rows
                    .iter()
                    .filter_map(|r| r.get(c))
                    .all(|cell| cell.text.is_empty() || is_number(&cell.text))
                    && self
                        .rows
                        .iter()
                        .any(|r| r.get(c).is_some_and(|x| !x.text.is_empty()));
                if numeric { "---:" } else { "---" }
            })
            .collect();
        let mut out = format!("| {} |\n|{}|\n", head.join(" | "), align.join("|"));
        for row in &self.rows {
            let cells: Vec<String> = (0..n)
                .map(|c| match row.get(c) {
                    Some(cell) if cell.marked => format!("**{}**", escape(&cell.text)),
                    Some(cell) => escape(&cell.text),
                    None => String::new(),
                })
                .collect();
            out += &format!("| {} |\n", cells.join(" | "));
        }
        out.trim_end().to_string()
    }

    /// The table as a LaTeX `tabular` (cells already LaTeX): a `\hline` under the header,
    /// marked cells in bold (`\mathbf` inside math, `\textbf` outside).
    pub fn to_latex(&self) -> String {
        let n = self.width().max(1);
        let spec: String = (0..n)
            .map(|c| {
                let numeric = self
                    .rows
                    .iter()
                    .filter_map(|r| r.get(c))
                    .all(|cell| cell.text.is_empty() || is_latex_number(&cell.text));
                if numeric { 'r' } else { 'l' }
            })
            .collect();
        let mut out = format!("\\begin{{tabular}}{{{spec}}}\n");
        if let Some(h) = &self.header {
            out += &format!("{} \\\\\n\\hline\n", h.join(" & "));
        }
        for row in &self.rows {
            let cells: Vec<String> = row
                .iter()
                .map(|cell| {
                    match cell
                        .text
                        .strip_prefix('$')
                        .and_then(|t| t.strip_suffix('$'))
                    {
                        Some(math) if cell.marked => format!("$\\mathbf{{{math}}}$"),
                        _ if cell.marked => format!("\\textbf{{{}}}", cell.text),
                        _ => cell.text.clone(),
                    }
                })
                .collect();
            out += &format!("{} \\\\\n", cells.join(" & "));
        }
        out + "\\end{tabular}"
    }

    /// The table as an HTML `<table>` (cells plain text, escaped): the header in
    /// `<thead>`, marked cells in `<b>`, numbers aligned right, and the legend in a
    /// caption when a cell is marked.
    pub fn to_html(&self) -> String {
        let n = self.width();
        let mut out = String::from("<table class=\"cgt-table\">");
        if self.any_marked()
            && let Some(legend) = &self.legend
        {
            out += &format!("<caption>{}</caption>", escape_html(legend));
        }
        if let Some(h) = &self.header {
            out += "<thead><tr>";
            for c in 0..n {
                let text = h.get(c).map_or("", String::as_str);
                out += &format!("<th>{}</th>", escape_html(text));
            }
            out += "</tr></thead>";
        }
        out += "<tbody>";
        for row in &self.rows {
            out += "<tr>";
            for c in 0..n {
                let Some(cell) = row.get(c) else {
                    out += "<td></td>";
                    continue;
                };
                let text = escape_html(&cell.text);
                let text = if cell.marked {
                    format!("<b>{text}</b>")
                } else {
                    text
                };
                if is_number(&cell.text) {
                    out += &format!("<td style=\"text-align:right\">{text}</td>");
                } else {
                    out += &format!("<td>{text}</td>");
                }
            }
            out += "</tr>";
        }
        out + "</tbody></table>"
    }
}

/// Whether a LaTeX cell is a number (`3`, `$-2$`, `$\frac{1}{2}$` is not counted).
fn is_latex_number(text: &str) -> bool {
    let inner = text
        .strip_prefix('$')
        .and_then(|t| t.strip_suffix('$'))
        .unwrap_or(text);
    is_number(inner)
}

/// `text` padded with spaces to `width` columns, on the left when `right`.
fn pad(text: &str, width: usize, right: bool) -> String {
    let fill = " ".repeat(width.saturating_sub(columns(text)));
    if right {
        format!("{fill}{text}")
    } else {
        format!("{text}{fill}")
    }
}

/// Text with `&`, `<`, `>` and `"` written as entities.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(texts: &[&str]) -> Vec<Cell> {
        texts.iter().map(|t| Cell::plain(*t)).collect()
    }

    fn sample() -> Table {
        Table {
            header: Some(vec!["n".into(), "value".into()]),
            rows: vec![cells(&["1", "*"]), cells(&["10", "{1|-1}"])],
            style: TableStyle::RULED,
            legend: None,
        }
    }

    #[test]
    fn text_aligns_numbers_right_and_others_left() {
        assert_eq!(
            sample().to_text(None),
            " n  value\n--  ------\n 1  *\n10  {1|-1}"
        );
    }

    #[test]
    fn a_wide_table_is_cut_into_blocks_of_whole_columns_with_its_labels() {
        let t = Table {
            header: None,
            rows: vec![
                cells(&["x", "0", "1", "2", "3", "4", "5"]),
                cells(&["", "P", "N", "N", "P", "N", "N"]),
            ],
            style: TableStyle {
                gap: 1,
                rule: false,
                labels: true,
                numbers_right: false,
            },
            legend: None,
        };
        assert_eq!(t.to_text(None), "x 0 1 2 3 4 5\n  P N N P N N");
        // 9 columns: the label, a space and three more cells.
        assert_eq!(t.to_text(Some(9)), "x 0 1 2 3\n  P N N P\n\nx 4 5\n  N N");
        // No line is wider than asked unless one column is.
        for line in t.to_text(Some(9)).lines() {
            assert!(line.chars().count() <= 9, "{line}");
        }
    }

    #[test]
    fn marks_show_in_every_form() {
        let mut t = sample();
        t.rows[0][1].marked = true;
        t.legend = Some("[v]: exceptional".into());
        assert!(t.to_text(None).contains("[*]"));
        assert!(t.to_text(None).ends_with("[v]: exceptional"));
        assert!(t.to_markdown().contains("| **\\*** |"));
        assert!(t.to_html().contains("<b>*</b>"));
        assert!(t.to_latex().contains("\\textbf{*}"));
    }

    #[test]
    fn markdown_escapes_bars_and_aligns_numbers() {
        assert_eq!(
            sample().to_markdown(),
            "| n | value |\n|---:|---|\n| 1 | \\* |\n| 10 | {1\\|-1} |"
        );
    }

    #[test]
    fn html_escapes_and_latex_has_one_line_per_row() {
        let mut t = sample();
        t.rows[1][1] = Cell::plain("a<b & \"c\"");
        assert!(t.to_html().contains("<td>a&lt;b &amp; &quot;c&quot;</td>"));
        assert!(
            t.to_html()
                .contains("<td style=\"text-align:right\">10</td>")
        );
        let latex = sample().to_latex();
        assert!(latex.starts_with("\\begin{tabular}{rl}\nn & value \\\\\n\\hline\n"));
        assert_eq!(latex.matches("\\\\\n").count(), 3);
    }
}
