//! The abstract syntax tree: plain data with byte spans into the source, no pest types.

use num_bigint::BigInt;
use num_rational::BigRational;
use std::rc::Rc;

/// A byte range `start..end` of the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    pub fn len(self) -> usize {
        self.end - self.start
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

/// A name with the place it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `let name = value`
    Let { name: Name, value: Expr, span: Span },
    /// `def name(params) = body` (`memoize`), or `fn name(params) = body`
    Def {
        name: Name,
        params: Vec<Name>,
        body: Rc<Expr>,
        memoize: bool,
        span: Span,
    },
    /// An expression whose value is printed.
    Expr(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// A literal written in a way a newcomer may have meant otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LiteralNote {
    #[default]
    None,
    /// An integer, `^` and a count (`2^3`): CGSuite's 2 + ↑3, not a power.
    Power,
    /// The star of `2**3`: 2 × *3 (which is 0), not a power.
    StarProduct,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    Neg,
    PlusMinus,
    Not,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Or,
    And,
    Eq,
    Ne,
    Le,
    Ge,
    Lt,
    Gt,
    /// `<>`
    Confused,
    /// `<|`
    LessOrConfused,
    /// `|>`
    GreaterOrConfused,
    Range,
    /// `R at heaps`
    At,
    /// `g : h`
    OrdinalSum,
    Add,
    /// The sum inside one printed literal (`2Tiny(2)`, `+-1*`): it stands for a single game,
    /// so it is added at once rather than kept as a sum with components.
    LiteralSum,
    Sub,
    /// `x +- y = {x+y | x-y}`
    PlusMinus,
    Mul,
    Div,
    /// `a // b`, floor division
    FloorDiv,
    /// `a % b`, the remainder of floor division
    Mod,
    /// `s & t`: onside s, offside t (a loopy game)
    Sided,
    /// `x in xs`
    In,
    /// `x not in xs`
    NotIn,
}

impl BinaryOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Or => "or",
            BinaryOp::And => "and",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Le => "<=",
            BinaryOp::Ge => ">=",
            BinaryOp::Lt => "<",
            BinaryOp::Gt => ">",
            BinaryOp::Confused => "<>",
            BinaryOp::LessOrConfused => "<|",
            BinaryOp::GreaterOrConfused => "|>",
            BinaryOp::Range => "..",
            BinaryOp::Sided => "&",
            BinaryOp::At => "at",
            BinaryOp::OrdinalSum => ":",
            BinaryOp::Add | BinaryOp::LiteralSum => "+",
            BinaryOp::Sub => "-",
            BinaryOp::PlusMinus => "+-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::FloorDiv => "//",
            BinaryOp::Mod => "%",
            BinaryOp::In => "in",
            BinaryOp::NotIn => "not in",
        }
    }
}

/// `^<n>` (`to == false`: up-nth) or `^[n]` (`to == true`), negated for `v<n>`, `v[n]`.
#[derive(Clone, Debug, PartialEq)]
pub struct UpPower {
    pub to: bool,
    pub n: BigInt,
    pub down: bool,
    /// `^[on]` (upon) or `^<on>` (uponth): the loopy games CGSuite writes this way; `n`
    /// is then 0.
    pub on: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An exact rational literal: `3`, `25/16`, `0.5`.
    Number(BigRational),
    /// `x + n↑ + *m` written by juxtaposition (`9/8*`, `^^`, `v3*2`); `x` may be non-dyadic
    /// here, which is an error only when the value is built.
    NusLiteral {
        number: BigRational,
        ups: BigInt,
        nim: BigInt,
        power: Option<UpPower>,
        /// Whether the way it was written may have meant something else (the evaluator
        /// says so once).
        note: LiteralNote,
    },
    /// `*(expr)`
    StarOf(Box<Expr>),
    /// `*[…]`: a misère game literal (the list it holds).
    MisereList(Box<Expr>),
    /// `*[4[2#]]`: a misère form in the printed notation (the text inside the brackets).
    MisereNotation(Rc<str>),
    Bool(bool),
    /// A string literal, shared with every value it evaluates to.
    Str(Rc<str>),
    Ident(String),
    /// `{L | R}` or `<L | R>`, with nested bars already resolved into nested literals.
    /// `a{0 | a}` has the label `a`, by which options inside it name this game (a loopy game).
    Game {
        left: Vec<Expr>,
        right: Vec<Expr>,
        label: Option<Name>,
    },
    /// `'{L | R}'`: an explicit game form, whose braces (and those inside it) are kept as
    /// written; the game literal it quotes.
    Explicit(Box<Expr>),
    /// `pass`: an option of a game literal that moves to the literal itself.
    Pass,
    List(Vec<Expr>),
    /// `{a, b, c}`: a set (no bars); `{}` is the empty set.
    Set(Vec<Expr>),
    /// `{k => v, …}`: a map; `{=>}` is the empty map.
    Map(Vec<(Expr, Expr)>),
    /// `let name = value in body`
    Let {
        name: Name,
        value: Box<Expr>,
        body: Box<Expr>,
    },
    /// `[body for var in iter if cond …]`: one or more clauses, the first outermost.
    Comprehension {
        body: Box<Expr>,
        clauses: Vec<CompClause>,
    },
    Unary {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    Binary {
        op: BinaryOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    Call {
        callee: Box<Expr>,
        args: Vec<Expr>,
    },
    /// `xs[i]`
    Index {
        target: Box<Expr>,
        index: Box<Expr>,
    },
    /// `receiver.name(args)`; `args` is `None` for `receiver.name`.
    Method {
        receiver: Box<Expr>,
        name: Name,
        args: Option<Vec<Expr>>,
    },
    If {
        cond: Box<Expr>,
        then: Box<Expr>,
        otherwise: Box<Expr>,
    },
    Lambda {
        params: Vec<Name>,
        body: Rc<Expr>,
    },
}

/// One `for var in iter if cond` clause of a comprehension.
#[derive(Clone, Debug, PartialEq)]
pub struct CompClause {
    pub var: Name,
    pub iter: Box<Expr>,
    pub cond: Option<Box<Expr>>,
}

/// A chain of binary operators `1 + 2 + … + n` is a tree as deep as the chain is long (down
/// its left operands); dropping it by the compiler's recursion could exhaust the stack, so
/// the left operands are unlinked and dropped in a loop. (Every other way down the tree is
/// bounded by the parser's nesting limit.)
impl Drop for Expr {
    fn drop(&mut self) {
        let ExprKind::Binary { lhs, .. } = &mut self.kind else {
            return;
        };
        if !matches!(lhs.kind, ExprKind::Binary { .. }) {
            return;
        }
        let placeholder = || Expr {
            kind: ExprKind::Bool(false),
            span: Span::default(),
        };
        let mut next = std::mem::replace(&mut **lhs, placeholder());
        while let ExprKind::Binary { lhs, .. } = &mut next.kind {
            let deeper = std::mem::replace(&mut **lhs, placeholder());
            // `next` now ends in a placeholder: dropping it does not recurse.
            next = deeper;
        }
    }
}
