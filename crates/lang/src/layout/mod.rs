//! Results laid out for reading: tables (aligned text, Markdown, LaTeX, HTML), records
//! over several aligned lines, and scatter plots of sequences (SVG and text). Everything
//! here takes text already printed and returns strings: nothing reads a terminal, and
//! the width to fit, when there is one, is given by the front end.

pub mod record;
pub mod scatter;
pub mod table;

pub use record::{Field, record_lines};
pub use scatter::ScatterPlot;
pub use table::{Cell, Table, TableStyle};

/// The number of characters of `text` as a terminal shows them (one column each: the
/// values cgt prints use no wide characters).
pub(crate) fn columns(text: &str) -> usize {
    text.chars().count()
}
