//! The engine behind the page: a [`cgt::Session`] and the values it has shown, each known
//! to the page by a number (a handle), answering in JSON. Pure Rust, tested natively; the
//! exports in `lib.rs` only move strings in and out of the module's memory.

use crate::json;
use cgt::eval::Value;
use cgt::game::Notation;
use cgt::{Choice, Diagnostic, Exploration, Failure, Line, Output, Session};

/// The most nested calls of cgt functions in the browser. The module's frames run on the
/// browser's own stack (about 1 MB in a Chromium worker, which a page cannot change). Measured
/// on the module web/build.sh makes (LTO): a recursion building a game literal and a list at
/// each level, `{f(n - 1) + 1 | [f(n - 1) for k in 0..1][0] - 1}`, runs 250 deep and fills
/// the stack before 300; a plain `f(n - 1)` goes past 900. Below this cap recursion is the
/// language's "recursion too deep" error; a heavier recursion that fills the browser's stack
/// first traps, and the page starts the engine afresh with the bindings replayed.
pub const MAX_DEPTH: usize = 200;

/// The most memory a WebAssembly module (wasm32) can have: 65,536 pages of 64 KiB, 4 GiB.
pub const WASM_MEMORY_LIMIT: u64 = 1 << 32;

/// The session's memory budget in the browser: half the WebAssembly memory limit, as the
/// command line takes half of the machine's smallest limit (the other half is room for the
/// allocator's slack and a table's old buffer beside its new one while it grows). The
/// module's allocator counts the heap (see `lib.rs`), so the budget bounds the values a
/// program builds too.
pub const WASM_BUDGET: u64 = WASM_MEMORY_LIMIT / 2;

pub struct Engine {
    session: Session,
    /// Every value handed to the page, by handle.
    values: Vec<Value>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// A fresh session: one thread (the browser's module has no threads), the browser's
    /// recursion cap and the WebAssembly memory budget.
    pub fn new() -> Engine {
        let mut session = Session::new();
        session.set_threads(1);
        session.set_max_depth(MAX_DEPTH);
        session.set_memory_budget(WASM_BUDGET);
        Engine {
            session,
            values: Vec::new(),
        }
    }

    fn keep(&mut self, v: Value) -> usize {
        self.values.push(v);
        self.values.len() - 1
    }

    /// Runs a cell: `{"outputs":[{id,unicode,ascii,kind,svg}], "lines":[…], "error":…}`
    /// where a line is `{"value":k}` (the k-th output) or `{"text":"…"}`, and the error is
    /// `null` or `{message, span:[start,end] (bytes), help, report}`.
    pub fn eval(&mut self, source: &str) -> String {
        let (outputs, lines, error) = match self.session.eval_with_lines(source) {
            Ok((outputs, lines)) => (outputs, lines, None),
            Err(failure) => {
                let Failure {
                    diagnostic,
                    outputs,
                    lines,
                } = *failure;
                (outputs, lines, Some(diagnostic))
            }
        };
        let outputs: Vec<String> = outputs.into_iter().map(|o| self.output(o)).collect();
        let lines = lines.into_iter().map(|l| match l {
            Line::Value(k) => json::object(&[("value", k.to_string())]),
            Line::Text(t) => json::object(&[("text", json::string(&t))]),
        });
        json::object(&[
            ("outputs", json::array(outputs)),
            ("lines", json::array(lines)),
            (
                "error",
                error.map_or_else(|| "null".to_string(), |d| diagnostic(&d)),
            ),
        ])
    }

    fn output(&mut self, o: Output) -> String {
        let Output {
            value,
            unicode,
            ascii,
            kind,
            svg,
            ..
        } = o;
        // What stands for a short game opens in the explorer.
        let explorable = matches!(kind, "game" | "number" | "position" | "sum");
        let id = self.keep(value);
        json::object(&[
            ("id", id.to_string()),
            ("unicode", json::string(&unicode)),
            ("ascii", json::string(&ascii)),
            ("kind", json::string(kind)),
            ("svg", json::opt(svg.as_deref())),
            ("explorable", explorable.to_string()),
        ])
    }

    fn value(&self, id: usize) -> Result<Value, String> {
        self.values.get(id).cloned().ok_or_else(|| {
            json::object(&[(
                "error",
                json::object(&[("message", json::string("no such value"))]),
            )])
        })
    }

    /// A value's picture (a board, a thermograph, a game tree): `{"svg": "…" | null}` or
    /// `{"error": …}`.
    pub fn picture(&mut self, id: usize) -> String {
        let value = match self.value(id) {
            Ok(v) => v,
            Err(e) => return e,
        };
        match self.session.picture(&value) {
            Ok(p) => json::object(&[("svg", json::opt(p.as_ref().map(|p| p.svg.as_str())))]),
            Err(d) => json::object(&[("error", diagnostic(&d))]),
        }
    }

    /// A value opened one level deep (see [`Session::explore`]): `{id, position, value,
    /// outcome, temperature, svg, left:[{id,text,value,wins,svg}], right:[…]}` or
    /// `{"error": …}`; each option has a handle to explore or play on.
    pub fn explore(&mut self, id: usize) -> String {
        let value = match self.value(id) {
            Ok(v) => v,
            Err(e) => return e,
        };
        let e = match self.session.explore(&value) {
            Ok(e) => e,
            Err(d) => return json::object(&[("error", diagnostic(&d))]),
        };
        let Exploration {
            position,
            value: shown,
            outcome,
            temperature,
            picture,
            left,
            right,
        } = e;
        let left = self.choices(left);
        let right = self.choices(right);
        json::object(&[
            ("id", id.to_string()),
            ("position", json::string(&position)),
            ("value", json::string(&shown)),
            ("outcome", json::string(&outcome)),
            ("temperature", json::string(&temperature)),
            ("svg", json::opt(picture.as_ref().map(|p| p.svg.as_str()))),
            ("left", left),
            ("right", right),
        ])
    }

    fn choices(&mut self, choices: Vec<Choice>) -> String {
        let items: Vec<String> = choices
            .into_iter()
            .map(|c| {
                let id = self.keep(c.result);
                json::object(&[
                    ("id", id.to_string()),
                    ("text", json::string(&c.text)),
                    ("value", json::string(&c.value)),
                    ("wins", c.wins.to_string()),
                    ("svg", json::opt(c.picture.as_ref().map(|p| p.svg.as_str()))),
                ])
            })
            .collect();
        json::array(items)
    }

    /// The names completing `prefix`, as a JSON array of strings.
    pub fn completions(&self, prefix: &str) -> String {
        json::array(
            self.session
                .completions(prefix)
                .iter()
                .map(|n| json::string(n)),
        )
    }

    /// Every built-in's documentation: `[{name, signature, summary, example:[in,out],
    /// topic}]`.
    pub fn docs() -> String {
        json::array(Session::docs().into_iter().map(|d| {
            json::object(&[
                ("name", json::string(d.name)),
                ("signature", json::string(&d.signature)),
                ("summary", json::string(d.summary)),
                (
                    "example",
                    json::array([json::string(d.example.0), json::string(d.example.1)]),
                ),
                ("topic", json::string(&d.topic)),
            ])
        }))
    }

    /// `ascii` or `unicode` (anything else: unicode) for what explore and errors print.
    pub fn set_notation(&mut self, name: &str) {
        self.session.set_notation(if name == "ascii" {
            Notation::Ascii
        } else {
            Notation::Unicode
        });
    }
}

fn diagnostic(d: &Diagnostic) -> String {
    json::object(&[
        ("message", json::string(&d.message)),
        (
            "span",
            json::array([d.span.start.to_string(), d.span.end.to_string()]),
        ),
        ("help", json::opt(d.help.as_deref())),
        ("report", json::string(&d.report)),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_answers_with_outputs_lines_and_no_error() {
        let mut e = Engine::new();
        let out = e.eval("let g = {1|-1}\ng\nprint(\"hi\")\ndomineering(\"..\")");
        assert!(out.starts_with("{\"outputs\":[{\"id\":0,\"unicode\":\"±1\",\"ascii\":\"+-1\",\"kind\":\"game\",\"svg\":null,\"explorable\":true}"), "{out}");
        assert!(out.contains("\"svg\":\"<svg"), "{out}");
        assert!(
            out.ends_with(
                "\"lines\":[{\"value\":0},{\"text\":\"hi\"},{\"value\":1}],\"error\":null}"
            ),
            "{out}"
        );
    }

    #[test]
    fn an_error_carries_its_report_and_the_bindings_stay() {
        let mut e = Engine::new();
        e.eval("let a = 1");
        let out = e.eval("a + nope");
        assert!(
            out.contains("\"message\":\"unknown name `nope`\",\"span\":[4,8]"),
            "{out}"
        );
        assert!(out.contains("\"report\":\""), "{out}");
        assert!(e.eval("a").contains("\"unicode\":\"1\""));
    }

    #[test]
    fn recursion_deeper_than_the_cap_is_an_error_and_the_engine_goes_on() {
        let mut e = Engine::new();
        e.eval("def f(n) = if n == 0 then 0 else f(n - 1)");
        let out = e.eval("f(10000)");
        assert!(out.contains("recursion too deep"), "{out}");
        assert!(e.eval("f(100)").contains("\"unicode\":\"0\""));
    }

    #[test]
    fn values_are_explored_by_handle_option_by_option() {
        let mut e = Engine::new();
        e.eval("{2 | -1}");
        let top = e.explore(0);
        assert!(
            top.contains("\"value\":\"{2|-1}\",\"outcome\":\"N\",\"temperature\":\"3/2\""),
            "{top}"
        );
        assert!(
            top.contains(
                "\"left\":[{\"id\":1,\"text\":\"{2|-1} → 2\",\"value\":\"2\",\"wins\":true,\"svg\":null}]"
            ),
            "{top}"
        );
        assert!(e.explore(1).contains("\"value\":\"2\""));
        assert!(e.explore(99).contains("no such value"));
        assert!(e.picture(0).starts_with("{\"svg\":\"<svg"));
    }

    #[test]
    fn the_budget_is_half_the_webassembly_memory_limit() {
        let e = Engine::new();
        assert_eq!(e.session.memory_budget(), 2 << 30);
    }

    #[test]
    fn completions_and_docs_are_json_lists() {
        let e = Engine::new();
        assert!(e.completions("tempe").contains("\"temperature\""));
        assert!(Engine::docs().contains("\"name\":\"temperature\""));
    }
}
