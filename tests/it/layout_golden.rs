//! Results laid out for reading (issue 26): tables, periodic tables, P/N tables, long
//! records and scatter plots, each compared with a golden file in `tests/golden/layout/`
//! (regenerate with `UPDATE_GOLDEN=1 cargo test --release --test it layout_golden::`), and
//! checked for what the file shows: SVG and HTML are parsed as XML and their elements
//! counted, tables' rows and columns counted, lines measured against the width.

use cgt::Session;
use std::path::PathBuf;

/// The text of `source`'s last value in the session's notation.
fn last(session: &mut Session, source: &str) -> cgt::Output {
    let mut outputs = session
        .eval(source)
        .unwrap_or_else(|f| panic!("{source}: {}", f.diagnostic.report));
    outputs
        .pop()
        .unwrap_or_else(|| panic!("{source} printed nothing"))
}

/// Compares `text` with the golden file `name` (or writes it, with `UPDATE_GOLDEN=1`).
fn golden(name: &str, text: &str) {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "tests",
        "golden",
        "layout",
        name,
    ]
    .iter()
    .collect();
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{e}"));
        }
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", path.display()));
    assert_eq!(text, want, "{name} differs from its golden file");
}

/// An element of parsed XML: its name and attributes.
#[derive(Debug)]
struct Element {
    name: String,
    attributes: Vec<(String, String)>,
}

impl Element {
    fn number(&self, name: &str) -> f64 {
        self.attributes
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.parse().ok())
            .unwrap_or_else(|| panic!("<{}> has no number {name}", self.name))
    }
}

/// The elements of an XML document in order, or why it is not well-formed: one root,
/// every element closed in order, attributes quoted and unique, `&` only in the five
/// predefined entities, no `<` in text or attribute values.
fn parse_xml(text: &str) -> Result<Vec<Element>, String> {
    let mut elements = Vec::new();
    let mut open: Vec<String> = Vec::new();
    let mut roots = 0;
    let mut rest = text.trim();
    let check_text = |t: &str| -> Result<(), String> {
        let mut parts = t.split('&');
        parts.next();
        for p in parts {
            if !["amp;", "lt;", "gt;", "quot;", "apos;"]
                .iter()
                .any(|e| p.starts_with(e))
            {
                return Err(format!("a bare & before {:?}", &p[..p.len().min(10)]));
            }
        }
        Ok(())
    };
    while !rest.is_empty() {
        let Some(at) = rest.find('<') else {
            check_text(rest)?;
            if !open.is_empty() {
                return Err("text after the last tag with elements open".into());
            }
            break;
        };
        let (before, tag) = rest.split_at(at);
        check_text(before)?;
        if open.is_empty() && !before.trim().is_empty() {
            return Err("text outside the root".into());
        }
        let end = tag.find('>').ok_or("a tag is not closed")?;
        let inside = &tag[1..end];
        rest = &tag[end + 1..];
        if inside.contains('<') {
            return Err(format!("< inside the tag {inside:?}"));
        }
        if let Some(name) = inside.strip_prefix('/') {
            if open.pop().as_deref() != Some(name.trim()) {
                return Err(format!("</{name}> closes no open element"));
            }
            continue;
        }
        let empty = inside.ends_with('/');
        let inside = inside.trim_end_matches('/');
        let name_end = inside.find(char::is_whitespace).unwrap_or(inside.len());
        let name = &inside[..name_end];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(format!("a bad element name {name:?}"));
        }
        let mut attributes: Vec<(String, String)> = Vec::new();
        let mut attrs = inside[name_end..].trim();
        while !attrs.is_empty() {
            let eq = attrs.find('=').ok_or("an attribute without a value")?;
            let key = attrs[..eq].trim().to_string();
            let after = attrs[eq + 1..].trim_start();
            let value_end = after
                .strip_prefix('"')
                .and_then(|v| v.find('"'))
                .ok_or("an attribute value not quoted")?;
            let value = &after[1..value_end + 1];
            check_text(value)?;
            if attributes.iter().any(|(k, _)| *k == key) {
                return Err(format!("the attribute {key} twice"));
            }
            attributes.push((key, value.to_string()));
            attrs = after[value_end + 2..].trim_start();
        }
        if open.is_empty() {
            roots += 1;
        }
        if !empty {
            open.push(name.to_string());
        }
        elements.push(Element {
            name: name.to_string(),
            attributes,
        });
    }
    if !open.is_empty() {
        return Err(format!("{open:?} never closed"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(elements)
}

/// The lines a program printed itself, joined.
fn printed_text(lines: &[cgt::Line]) -> String {
    let texts: Vec<&str> = lines
        .iter()
        .map(|l| match l {
            cgt::Line::Text(t) => t.as_str(),
            cgt::Line::Value(k) => panic!("value {k} printed"),
        })
        .collect();
    texts.join("\n")
}

fn count(elements: &[Element], name: &str) -> usize {
    elements.iter().filter(|e| e.name == name).count()
}

#[test]
fn the_xml_checker_rejects_what_is_not_well_formed() {
    assert!(parse_xml("<a><b x=\"1\"/></a>").is_ok());
    for bad in [
        "<a><b></a></b>",
        "<a>",
        "<a x=1/>",
        "<a/><b/>",
        "<a>&nope;</a>",
        "<a x=\"1\" x=\"2\"/>",
    ] {
        assert!(parse_xml(bad).is_err(), "{bad} accepted");
    }
}

const KAYLES: &str = "periodic_table(nim_values(kayles, 0..95), 12)";

/// Winning Ways (ch. 4, "Kayles") and Guy–Smith: Kayles' nim sequence has period 12 from
/// heap 71 on, with exceptional values at exactly these 14 heaps.
const KAYLES_EXCEPTIONS: [i64; 14] = [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70];

#[test]
fn kayles_prints_in_eight_rows_of_twelve_with_its_exceptional_values_marked() {
    let mut s = Session::new();
    let out = last(&mut s, KAYLES);
    golden("kayles-periodic.txt", &out.unicode);
    let lines: Vec<&str> = out.unicode.lines().collect();
    // Header, rule, eight rows, the legend.
    assert_eq!(lines.len(), 11, "{}", out.unicode);
    for (k, row) in lines[2..10].iter().enumerate() {
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells.len(), 13, "row {k}: {row}");
        assert_eq!(cells[0], (12 * k).to_string());
    }
    assert_eq!(
        out.unicode.matches('[').count() - 1,
        KAYLES_EXCEPTIONS.len()
    );
    let listed = last(&mut s, &format!("{KAYLES}.exceptional"));
    let want: Vec<String> = KAYLES_EXCEPTIONS.iter().map(i64::to_string).collect();
    assert_eq!(listed.ascii, format!("[{}]", want.join(",")));
}

#[test]
fn a_periodic_table_in_markdown_latex_and_html() {
    let mut s = Session::new();
    let (_, lines) = s
        .eval_with_lines(&format!("print(markdown({KAYLES}))"))
        .unwrap_or_else(|f| panic!("{}", f.diagnostic.report));
    let printed = printed_text(&lines);
    golden("kayles-periodic.md", &printed);
    // Header, alignment row and eight rows; 14 values in bold.
    assert_eq!(printed.lines().count(), 10);
    assert_eq!(printed.matches("**").count(), 2 * KAYLES_EXCEPTIONS.len());

    let (_, lines) = s
        .eval_with_lines(&format!("print(latex({KAYLES}))"))
        .unwrap_or_else(|f| panic!("{}", f.diagnostic.report));
    let latex = printed_text(&lines);
    golden("kayles-periodic.tex", &latex);
    assert_eq!(latex.matches("\\mathbf").count(), KAYLES_EXCEPTIONS.len());
    assert_eq!(latex.matches("\\\\\n").count(), 9);

    let out = last(&mut s, KAYLES);
    let html = out
        .html
        .unwrap_or_else(|| panic!("a table has an HTML form"));
    golden("kayles-periodic.html", &html);
    let elements = parse_xml(&html).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(count(&elements, "tr"), 9);
    assert_eq!(count(&elements, "th"), 13);
    assert_eq!(count(&elements, "td"), 8 * 13);
    assert_eq!(count(&elements, "b"), KAYLES_EXCEPTIONS.len());
}

#[test]
fn a_table_aligns_its_columns_in_both_notations() {
    let mut s = Session::new();
    let out = last(
        &mut s,
        "table([[n, {n | -n}, outcome({n | -n})] for n in [1, 10, 100]], [\"n\", \"switch\", \"outcome\"])",
    );
    golden("switches.txt", &out.unicode);
    golden("switches-ascii.txt", &out.ascii);
    let widths: Vec<usize> = out.ascii.lines().map(|l| l.chars().count()).collect();
    // The header is padded to the widest value; every row of a left-aligned last column
    // ends where its text ends.
    assert_eq!(out.ascii.lines().count(), 5);
    assert!(widths.iter().all(|&w| w <= widths[1]), "{widths:?}");
}

#[test]
fn a_long_pn_table_is_cut_into_blocks_at_the_line_width_and_whole_without_one() {
    let mut s = Session::new();
    let source = "pn_table(subtraction([1,2,3]), 0..40)";
    let whole = last(&mut s, source);
    assert_eq!(whole.unicode.lines().count(), 2);
    s.set_line_width(Some(40));
    let cut = last(&mut s, source);
    golden("pn-table-40.txt", &cut.unicode);
    for line in cut.unicode.lines() {
        assert!(line.chars().count() <= 40, "{line}");
    }
    // Every block starts with the row labels and the blocks hold every heap once.
    let heaps: Vec<&str> = cut
        .unicode
        .lines()
        .filter(|l| l.starts_with('x'))
        .flat_map(|l| l.split_whitespace().skip(1))
        .collect();
    let want: Vec<String> = (0..=40).map(|n| n.to_string()).collect();
    assert_eq!(heaps, want);
}

#[test]
fn a_long_record_prints_over_aligned_lines_at_a_width() {
    let mut s = Session::new();
    let source = "misere_quotient(kayles, 0..12)";
    let one = last(&mut s, source);
    assert_eq!(one.unicode.lines().count(), 1);
    assert!(one.unicode.chars().count() > 300);
    s.set_line_width(Some(80));
    let laid = last(&mut s, source);
    golden("misere-quotient-80.txt", &laid.ascii);
    let lines: Vec<&str> = laid.ascii.lines().collect();
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{lines:?}");
    assert_eq!(lines[0], "misere_quotient(");
    assert_eq!(lines.last(), Some(&")"));
    // The values start in one column: after the longest name, `generator_heaps:`.
    let column = "  generator_heaps: ".len();
    let fields: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .collect();
    assert_eq!(fields.len(), 8, "{lines:?}");
    for l in fields {
        let chars: Vec<char> = l.chars().collect();
        assert!(chars[column - 1] == ' ' && chars[column] != ' ', "{l}");
    }
    // A record that fits the line stays on one line.
    s.set_line_width(Some(300));
    let short = last(&mut s, "period(subtraction([1,2,3]))");
    assert_eq!(short.ascii.lines().count(), 1);
}

#[test]
fn a_scatter_plot_draws_a_point_a_term_as_svg_and_as_text() {
    let mut s = Session::new();
    let out = last(&mut s, "scatter_plot(nim_values(kayles, 0..60))");
    golden("kayles-scatter.txt", &out.unicode);
    golden("kayles-scatter-ascii.txt", &out.ascii);
    let svg = out
        .svg
        .unwrap_or_else(|| panic!("a scatter plot is a picture"));
    golden("kayles-scatter.svg", &svg);
    let elements = parse_xml(&svg).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(elements[0].name, "svg");
    let points: Vec<&Element> = elements.iter().filter(|e| e.name == "circle").collect();
    // 61 terms, ten half-pixels apart: none falls on another.
    assert_eq!(points.len(), 61);
    // The points go left to right, and their heights are the nim values: a value twice
    // another is twice as high above the axis.
    let values = last(&mut s, "nim_values(kayles, 0..60)").ascii;
    let values: Vec<f64> = values
        .trim_matches(|c| c == '[' || c == ']')
        .split(',')
        .filter_map(|v| v.parse().ok())
        .collect();
    let axis = points[0].number("cy");
    let unit = points
        .iter()
        .zip(&values)
        .find(|(_, v)| **v > 0.0)
        .map(|(p, v)| (axis - p.number("cy")) / v)
        .unwrap_or_else(|| panic!("a nonzero value"));
    for (k, (p, v)) in points.iter().zip(&values).enumerate() {
        assert!(k == 0 || p.number("cx") > points[k - 1].number("cx"));
        assert!(
            ((axis - p.number("cy")) - v * unit).abs() < 0.5,
            "point {k}"
        );
    }
}

#[test]
fn the_scatter_plot_of_0_007_to_20000_draws() {
    let mut s = Session::new();
    let out = last(
        &mut s,
        "scatter_plot(nim_values(octal(\"0.007\"), 0..20000))",
    );
    let svg = out
        .svg
        .unwrap_or_else(|| panic!("a scatter plot is a picture"));
    let elements = parse_xml(&svg).unwrap_or_else(|e| panic!("{e}"));
    let width = elements[0].number("width");
    let height = elements[0].number("height");
    let points: Vec<&Element> = elements.iter().filter(|e| e.name == "circle").collect();
    // Terms on the same half-pixel are drawn once: fewer points than terms, but many.
    assert!(
        points.len() > 5000 && points.len() <= 20001,
        "{}",
        points.len()
    );
    for p in points {
        assert!((0.0..=width).contains(&p.number("cx")));
        assert!((0.0..=height).contains(&p.number("cy")));
    }
    // The text plot: 16 rows of dots between the axis labels, under the title.
    let lines: Vec<&str> = out.unicode.lines().collect();
    assert_eq!(lines.len(), 1 + 16 + 2);
    assert!(
        lines[1]
            .trim_start()
            .starts_with(|c: char| c.is_ascii_digit())
    );
}
