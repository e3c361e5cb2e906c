//! Random cgt programs from the grammar (grammar/cgt.pest), valid and broken: statements,
//! every kind of expression, calls of the built-ins with arguments of any kind and number,
//! strings with tabs, quotes, escapes and multi-byte characters, long lines, deep nesting,
//! big numbers, and random damage to the text. Seeded, so a failure is reproduced from its
//! seed.

use cgt::eval::builtins::BUILTINS;

/// SplitMix64: small, fast and good enough to drive a generator.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Built-ins the generator never calls: `svg` writes files.
const NOT_CALLED: &[&str] = &["svg"];

/// Names a program may bind and use.
const NAMES: &[&str] = &["a", "b", "g", "h", "f", "xs", "n", "k", "p", "r"];

/// Characters that stress the parser and the error printer.
const ODD_CHARS: &[&str] = &[
    "\t", " ", "\"", "\\", "'", "é", "ß", "中", "😀", "∞", "⇑", "↓", "±", "\u{200b}", "\u{feff}",
    "\u{202e}", "\r", "\u{7f}", "\u{1b}", "ǅ", "\u{301}", "|", "{", "}", "[", "]", "(", ")", "<",
    ">", ",", ";", "#", ".", ":", "-", "+", "*", "/", "^", "v", "=", "!", "→",
];

/// Tokens inserted into programs to break them.
const TOKENS: &[&str] = &[
    "let",
    "def",
    "if",
    "then",
    "else",
    "for",
    "in",
    "and",
    "or",
    "not",
    "at",
    "true",
    "false",
    "->",
    "||",
    "|||",
    "..",
    "+-",
    "<>",
    "<|",
    "|>",
    "==",
    "!=",
    "<=",
    ">=",
    "*(",
    "^<3>",
    "v[2]",
    "Tiny(",
    "Miny(",
    "1Tiny(1)",
    "-1Miny(1/2)",
    "x ->",
    "(a, b) ->",
];

pub struct Generator {
    pub rng: Rng,
    depth: usize,
}

impl Generator {
    pub fn new(seed: u64) -> Generator {
        Generator {
            rng: Rng::new(seed),
            depth: 0,
        }
    }

    /// A program: a few statements, maybe damaged, maybe with a very long line or a deeply
    /// nested expression.
    pub fn program(&mut self) -> String {
        let mut out = String::new();
        let statements = 1 + self.rng.below(5);
        for k in 0..statements {
            if k > 0 {
                out.push_str(
                    self.rng
                        .pick(&["\n", "\n", "\n", "; ", "\r\n", "\n\n# note\n"]),
                );
            }
            if self.rng.chance(10) {
                out.push_str(self.rng.pick(&["\t", "  ", " \t "]));
            }
            let stmt = match self.rng.below(200) {
                0..=2 => self.long_line(),
                3..=6 => self.deep(),
                7..=8 => self.recursion(),
                _ => self.statement(),
            };
            out.push_str(&stmt);
            if self.rng.chance(8) {
                out.push_str(&format!(" # {}", self.string_body(20)));
            }
        }
        if self.rng.chance(30) {
            self.damage(&mut out);
        }
        out
    }

    fn statement(&mut self) -> String {
        self.depth = 0;
        match self.rng.below(10) {
            0..=1 => format!("let {} = {}", self.name(), self.expr()),
            2 => {
                let params: Vec<&str> = (0..self.rng.below(3))
                    .map(|_| self.rng.pick(NAMES))
                    .collect();
                format!(
                    "def {}({}) = {}",
                    self.name(),
                    params.join(", "),
                    self.expr()
                )
            }
            _ => self.expr(),
        }
    }

    fn name(&mut self) -> String {
        if self.rng.chance(90) {
            self.rng.pick(NAMES).to_string()
        } else {
            // Keywords, built-in names and oddities where a name is expected.
            self.rng
                .pick(&[
                    "outcome", "let", "then", "v", "vv2", "_x", "x1y", "Tiny", "é",
                ])
                .to_string()
        }
    }

    /// An expression of the grammar; nesting ends after a few levels.
    pub fn expr(&mut self) -> String {
        if self.depth > 4 || self.rng.chance(25) {
            return self.atom();
        }
        self.depth += 1;
        let e = match self.rng.below(20) {
            0..=3 => self.call(),
            4..=5 => {
                let op = self.rng.pick(&[
                    "+", "-", "*", "/", "==", "!=", "<=", ">=", "<", ">", "<>", "<|", "|>", "..",
                    "+-", ":", "at", "and", "or",
                ]);
                format!("{} {op} {}", self.expr(), self.expr())
            }
            6 => format!(
                "{}{}",
                self.rng.pick(&["-", "+-", "not ", "- -", "±"]),
                self.expr()
            ),
            7..=9 => self.game(),
            10 => format!("[{}]", self.list_items()),
            11 => format!(
                "[{} for {} in {}{}]",
                self.expr(),
                self.rng.pick(NAMES),
                self.expr(),
                if self.rng.chance(30) {
                    format!(" if {}", self.expr())
                } else {
                    String::new()
                }
            ),
            12 => format!(
                "if {} then {} else {}",
                self.expr(),
                self.expr(),
                self.expr()
            ),
            13 => match self.rng.below(3) {
                0 => format!("{} -> {}", self.rng.pick(NAMES), self.expr()),
                1 => format!("(a, b) -> {}", self.expr()),
                _ => format!("(() -> {})()", self.expr()),
            },
            14 => format!("({})", self.expr()),
            15 => format!("*({})", self.expr()),
            16 => format!("{}[{}]", self.expr(), self.expr()),
            17 => {
                let b = self.builtin_name();
                if self.rng.chance(50) {
                    format!("{}.{b}", self.expr())
                } else {
                    format!("{}.{b}({})", self.expr(), self.args())
                }
            }
            18 => format!(
                "{}{}({})",
                self.rng.pick(&["", "-", "2", "-1", "1/2"]),
                self.rng.pick(&["Tiny", "Miny"]),
                self.expr()
            ),
            _ => format!("{}({})", self.rng.pick(NAMES), self.args()),
        };
        self.depth -= 1;
        e
    }

    fn builtin_name(&mut self) -> &'static str {
        loop {
            let b = BUILTINS[self.rng.below(BUILTINS.len())].name;
            if !NOT_CALLED.contains(&b) {
                return b;
            }
        }
    }

    /// A call of a built-in: usually with as many arguments as it takes, sometimes not.
    fn call(&mut self) -> String {
        let b = loop {
            let b = &BUILTINS[self.rng.below(BUILTINS.len())];
            if !NOT_CALLED.contains(&b.name) {
                break b;
            }
        };
        let count = if self.rng.chance(80) {
            b.min_args
                + self
                    .rng
                    .below(b.max_args.unwrap_or(b.min_args + 2) - b.min_args + 1)
        } else {
            self.rng.below(4)
        };
        let args: Vec<String> = (0..count).map(|_| self.argument()).collect();
        format!("{}({})", b.name, args.join(", "))
    }

    fn args(&mut self) -> String {
        let args: Vec<String> = (0..self.rng.below(4)).map(|_| self.argument()).collect();
        args.join(", ")
    }

    /// An argument of a built-in: small numbers and games mostly (so that most calls
    /// finish quickly), also lists, strings, boards, big and negative numbers, functions.
    fn argument(&mut self) -> String {
        match self.rng.below(12) {
            0..=3 => self.rng.below(7).to_string(),
            4 => self.number(),
            5 => format!("[{}]", self.small_list()),
            6 => self.board(),
            7 => self.string(),
            8 => format!("{} -> {}", self.rng.pick(NAMES), self.expr()),
            _ => self.expr(),
        }
    }

    fn small_list(&mut self) -> String {
        let items: Vec<String> = (0..self.rng.below(5))
            .map(|_| self.rng.below(6).to_string())
            .collect();
        items.join(", ")
    }

    fn list_items(&mut self) -> String {
        let items: Vec<String> = (0..self.rng.below(4)).map(|_| self.expr()).collect();
        items.join(self.rng.pick(&[", ", ",", " , ", ",,"]))
    }

    /// A game literal `{…|…}` or `<…|…>` with options, commas and runs of bars.
    fn game(&mut self) -> String {
        let (open, close) = if self.rng.chance(85) {
            ("{", "}")
        } else {
            ("<", ">")
        };
        let mut body = String::new();
        for k in 0..1 + self.rng.below(4) {
            if k > 0 {
                body.push_str(self.rng.pick(&[" | ", "|", " || ", "|||", ", ", ","]));
            }
            if !self.rng.chance(15) {
                body.push_str(&self.expr());
            }
        }
        format!("{open}{body}{close}")
    }

    /// A position text for the board built-ins.
    fn board(&mut self) -> String {
        let cells = self
            .rng
            .pick(&[".#", "xo.", "LR.", "lrg", "TF.", "lr", "x.o|"]);
        let cells: Vec<char> = cells.chars().collect();
        let len = self.rng.below(9);
        let s: String = (0..len).map(|_| self.rng.pick(&cells)).collect();
        format!("\"{s}\"")
    }

    fn atom(&mut self) -> String {
        match self.rng.below(14) {
            0..=3 => self.rng.below(5).to_string(),
            4 => self.number(),
            5..=6 => self
                .rng
                .pick(&[
                    "*",
                    "*2",
                    "*7",
                    "^",
                    "v",
                    "^^",
                    "vv*",
                    "^3",
                    "v2*3",
                    "1/2*",
                    "3/4^*",
                    "-1^",
                    "+-1",
                    "+-1*",
                    "±2",
                    "↑",
                    "⇓",
                    "↓*",
                    "^<2>",
                    "v[3]",
                    "73/16v9*8",
                    "0.5",
                    "{|}",
                    "{0|}",
                    "{|0}",
                    "{0|0}",
                    "{1|-1}",
                    "{3||2|1}",
                    "<0|1>",
                    "2Tiny(1)",
                ])
                .to_string(),
            7 => self.string(),
            8 => self.rng.pick(&["true", "false", "[]", "{}"]).to_string(),
            9 => self.board(),
            _ => self.rng.pick(NAMES).to_string(),
        }
    }

    /// Numbers, from small to enormous, fractions (dyadic or not), decimals, negatives.
    fn number(&mut self) -> String {
        match self.rng.below(9) {
            0 => format!("{}", self.rng.next() % 1000),
            1 => format!("-{}", self.rng.below(50)),
            2 => format!("{}/{}", self.rng.below(20), 1 << self.rng.below(6)),
            3 => format!("{}/{}", self.rng.below(20), self.rng.below(12)),
            4 => format!("{}.{}", self.rng.below(10), self.rng.below(1000)),
            5 => self
                .rng
                .pick(&[
                    "18446744073709551615",
                    "18446744073709551616",
                    "9223372036854775807",
                    "9223372036854775808",
                    "4294967296",
                    "1000000",
                ])
                .to_string(),
            6 => "9".repeat(1 + self.rng.below(60)),
            7 => format!("2^{}", self.rng.below(200)),
            _ => format!("*{}", self.rng.next() % 100_000),
        }
    }

    /// A string literal: letters with tabs, escapes, quotes and multi-byte characters.
    fn string(&mut self) -> String {
        let n = self.rng.below(30);
        format!("\"{}\"", self.string_body(n))
    }

    fn string_body(&mut self, n: usize) -> String {
        let mut s = String::new();
        for _ in 0..n {
            match self.rng.below(10) {
                0 => s.push_str(
                    self.rng
                        .pick(&["\\\"", "\\\\", "\\n", "\\t", "\\x", "\\u{41}"]),
                ),
                1 => s.push_str(self.rng.pick(ODD_CHARS)),
                _ => s.push(self.rng.pick(&['l', 'r', 'a', 'b', 'c', 'x', 'o', '.'])),
            }
        }
        s
    }

    /// A line of thousands of characters, with something (often an error) at its end.
    fn long_line(&mut self) -> String {
        let n = [200, 2_000, 5_000, 70_000][self.rng.below(4)];
        let filler = match self.rng.below(4) {
            0 => format!("\"{}\"", self.string_body(n)),
            1 => format!("[{}]", vec!["1"; n / 2].join(",")),
            2 => vec!["1"; n / 4].join(" + "),
            _ => format!("{}1", "\t".repeat(n)),
        };
        let tail = self.rng.pick(&[
            " x", " + nope", "", " +", ")", " | 1", " \"", "[0]", ".outcome",
        ]);
        format!(
            "{}{filler}{tail}",
            self.rng.pick(&["", "let s = ", "len(", "outcome("])
        )
    }

    /// An expression nested tens to thousands deep in one construct.
    fn deep(&mut self) -> String {
        let (open, close) = self.rng.pick(&[
            ("(", ")"),
            ("[", "]"),
            ("{", "}"),
            ("{0|", "}"),
            ("<0|", ">"),
            ("*(", ")"),
            ("-", ""),
            ("not ", ""),
            ("if true then ", " else 0"),
            ("x -> ", ""),
            ("[x for x in [", "]]"),
            ("outcome(", ")"),
            ("1 + 1 * -(", ")"),
            ("f(", ")"),
        ]);
        let depth = [10, 100, 250, 300, 2_000, 20_000][self.rng.below(6)];
        let closed = if self.rng.chance(80) {
            depth
        } else {
            depth / 2
        };
        format!(
            "{}{}{}",
            open.repeat(depth),
            self.atom(),
            close.repeat(closed)
        )
    }

    /// A recursive function nesting its recursive call in a construct, and a call of it:
    /// recursion and nesting together go as deep as the stack allows (or further).
    fn recursion(&mut self) -> String {
        let (open, close) = self.rng.pick(&[
            ("-(", ")"),
            ("{n|", "}"),
            ("{", "|0}"),
            ("[", "]"),
            ("1 + ", ""),
            ("*(", ")"),
        ]);
        let depth = self.rng.pick(&[1, 10, 100, 250]);
        let calls = self.rng.pick(&[10, 100, 1_000, 4_900, 100_000]);
        let base = self.atom();
        let then = self
            .rng
            .pick(&["", "birthday(", "outcome(", "len(", "left_options("]);
        format!(
            "def f(n) = if n <= 0 then {base} else {}f(n - 1){}\n{then}f({calls}){}",
            open.repeat(depth),
            close.repeat(depth),
            if then.is_empty() { "" } else { ")" }
        )
    }

    /// Breaks the text: cuts, duplicates, inserts odd characters and tokens.
    fn damage(&mut self, text: &mut String) {
        for _ in 0..1 + self.rng.below(3) {
            let boundaries: Vec<usize> = text
                .char_indices()
                .map(|(i, _)| i)
                .chain([text.len()])
                .collect();
            let at = self.rng.pick(&boundaries);
            match self.rng.below(5) {
                0 => {
                    let end = self.rng.pick(&boundaries);
                    let (lo, hi) = (at.min(end), at.max(end));
                    if hi - lo < 200 {
                        text.replace_range(lo..hi, "");
                    }
                }
                1 => text.truncate(at),
                2 => text.insert_str(at, self.rng.pick(ODD_CHARS)),
                3 => text.insert_str(at, &format!(" {} ", self.rng.pick(TOKENS))),
                _ => {
                    let end = self.rng.pick(&boundaries);
                    let (lo, hi) = (at.min(end), at.max(end));
                    if hi - lo < 200 {
                        let copy = text[lo..hi].to_string();
                        text.insert_str(hi, &copy);
                    }
                }
            }
        }
    }
}
