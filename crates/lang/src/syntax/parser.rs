//! From source text to the AST: the only module that touches pest's `Pair`s.

use super::ast::*;
use super::error::SyntaxError;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use pest::Parser;
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};
use pest_derive::Parser;
use std::cell::Cell;
use std::rc::Rc;
use std::sync::LazyLock;

#[derive(Parser)]
#[grammar = "../grammar/cgt.pest"]
pub struct CgtParser;

type Result<T> = std::result::Result<T, SyntaxError>;

/// Operator precedence, loosest first.
static PRATT: LazyLock<PrattParser<Rule>> = LazyLock::new(|| {
    PrattParser::new()
        .op(Op::infix(Rule::op_or, Assoc::Left))
        .op(Op::infix(Rule::op_and, Assoc::Left))
        .op(Op::prefix(Rule::op_not))
        .op(Op::infix(Rule::op_eq, Assoc::Left)
            | Op::infix(Rule::op_ne, Assoc::Left)
            | Op::infix(Rule::op_le, Assoc::Left)
            | Op::infix(Rule::op_ge, Assoc::Left)
            | Op::infix(Rule::op_lt, Assoc::Left)
            | Op::infix(Rule::op_gt, Assoc::Left)
            | Op::infix(Rule::op_confused, Assoc::Left)
            | Op::infix(Rule::op_lcf, Assoc::Left)
            | Op::infix(Rule::op_gcf, Assoc::Left)
            | Op::infix(Rule::op_in, Assoc::Left)
            | Op::infix(Rule::op_not_in, Assoc::Left))
        .op(Op::infix(Rule::op_sided, Assoc::Left))
        .op(Op::infix(Rule::op_range, Assoc::Left))
        .op(Op::infix(Rule::op_add, Assoc::Left)
            | Op::infix(Rule::op_sub, Assoc::Left)
            | Op::infix(Rule::op_plus_minus_bin, Assoc::Left))
        .op(Op::infix(Rule::op_at, Assoc::Left))
        .op(Op::infix(Rule::op_ordinal, Assoc::Left))
        // Unary minus binds looser than `*` as in mathematics: `-2*k` is `-(2*k)`.
        .op(Op::prefix(Rule::op_neg) | Op::prefix(Rule::op_plus_minus))
        .op(Op::infix(Rule::op_mul, Assoc::Left)
            | Op::infix(Rule::op_div, Assoc::Left)
            | Op::infix(Rule::op_idiv, Assoc::Left)
            | Op::infix(Rule::op_mod, Assoc::Left))
        .op(Op::postfix(Rule::call_args) | Op::postfix(Rule::method) | Op::postfix(Rule::index))
});

/// How deeply constructs may nest in one statement: brackets, game literals, `if`, lambdas,
/// chains of prefix operators (`- - - x`) and of calls or indices (`f(1)(2)`), operators of
/// rising precedence. Parsing and evaluating recurse once per level, so the bound keeps both
/// far from the end of the stack: a statement nested this deep parses and evaluates on a
/// thread with 2 MB of stack (a chain of infix operators `1 + 1 + … + 1` is not nesting: it
/// is evaluated in a loop).
pub const MAX_NESTING: usize = 256;

/// The error for a construct nested more than [`MAX_NESTING`] deep, at `span`.
pub(crate) fn too_deep(span: Span) -> SyntaxError {
    SyntaxError::new(
        format!("nesting too deep (more than {MAX_NESTING} levels)"),
        span,
        Some("split the expression into parts bound with `let`".into()),
    )
}

/// Parses one chunk of source (statements separated by `;`). Spans are offset by `base`,
/// the chunk's position in the whole source.
pub fn parse_chunk(text: &str, base: usize) -> Result<Vec<Stmt>> {
    if let Some(at) = super::chunks::too_deeply_bracketed(text, MAX_NESTING) {
        return Err(too_deep(Span::new(base + at, base + at + 1)));
    }
    // Look-alikes pasted from PDFs (`−`, `∗`) are read as what they stand for; the spans
    // are offsets in the text as written.
    let norm = super::lookalike::normalize(text);
    let text = &*norm.text;
    let mut pairs = CgtParser::parse(Rule::program, text).map_err(|e| {
        let e = SyntaxError::from_pest(e, text, 0);
        let span = Span::new(
            base + norm.original(e.span.start),
            base + norm.original(e.span.end),
        );
        SyntaxError { span, ..e }
    })?;
    let program = pairs.next().ok_or_else(|| {
        SyntaxError::new(
            "internal parser error: no program".into(),
            Span::new(base, base),
            Some("please report this input as a bug".into()),
        )
    })?;
    let b = Builder {
        base,
        norm: &norm,
        depth: Cell::new(0),
    };
    program
        .into_inner()
        .filter(|p| p.as_rule() != Rule::EOI)
        .map(|p| {
            let stmt = b.stmt(p)?;
            match too_deep_node(&stmt) {
                Some(span) => Err(too_deep(span)),
                None => Ok(stmt),
            }
        })
        .collect()
}

struct Builder<'a> {
    base: usize,
    /// The chunk's text with its look-alikes replaced, and the way back to the offsets of
    /// the text as written (which the spans are).
    norm: &'a super::lookalike::Normalized<'a>,
    /// How many constructs enclose the one being built (see [`MAX_NESTING`]).
    depth: Cell<usize>,
}

impl Builder<'_> {
    fn span(&self, p: &Pair<Rule>) -> Span {
        let s = p.as_span();
        Span::new(self.at(s.start()), self.at(s.end()))
    }

    /// The offset in the session's texts of byte `pos` of the chunk being parsed.
    fn at(&self, pos: usize) -> usize {
        self.base + self.norm.original(pos)
    }

    fn name(&self, p: Pair<Rule>) -> Name {
        Name {
            text: p.as_str().to_string(),
            span: self.span(&p),
        }
    }

    /// A name where one is bound; `v` (and `vv`, `v3`) are the down games, never names.
    fn binder(&self, p: Pair<Rule>) -> Result<Name> {
        if p.as_rule() == Rule::down_name {
            let text = p.as_str();
            let game = match text {
                "v" => "↓ (down)".to_string(),
                "vv" => "⇓ (double down)".to_string(),
                _ => {
                    let digits = text.trim_start_matches('v');
                    let count = if digits.is_empty() {
                        text.len().to_string()
                    } else {
                        digits.to_string()
                    };
                    format!("the game ↓{count} ({count} downs)")
                }
            };
            return Err(SyntaxError::new(
                format!("`{text}` is {game}, so it cannot be a name"),
                self.span(&p),
                Some(
                    "choose another name, such as `x` or `vert`: `v` followed only by more `v`s \
                     or digits is a literal"
                        .into(),
                ),
            ));
        }
        Ok(self.name(p))
    }

    fn stmt(&self, p: Pair<Rule>) -> Result<Stmt> {
        let span = self.span(&p);
        match p.as_rule() {
            Rule::let_stmt => {
                let mut it = p.into_inner();
                let name = self.binder(next(&mut it)?)?;
                let value = self.expr(next(&mut it)?)?;
                Ok(Stmt::Let { name, value, span })
            }
            Rule::def_stmt => {
                let mut it = p.into_inner();
                let memoize = next(&mut it)?.as_rule() == Rule::kw_def;
                let name = self.binder(next(&mut it)?)?;
                let params = self.params(next(&mut it)?)?;
                let body = Rc::new(self.expr(next(&mut it)?)?);
                Ok(Stmt::Def {
                    name,
                    params,
                    body,
                    memoize,
                    span,
                })
            }
            _ => Ok(Stmt::Expr(self.expr(p)?)),
        }
    }

    fn params(&self, p: Pair<Rule>) -> Result<Vec<Name>> {
        p.into_inner().map(|n| self.binder(n)).collect()
    }

    fn expr(&self, p: Pair<Rule>) -> Result<Expr> {
        debug_assert!(matches!(p.as_rule(), Rule::expr | Rule::expr_no_in));
        // Each enclosing expression is a level, and a run of prefix or postfix operators
        // nests (`- - x`, `f(1)(2)`): a long run is refused before its tree is built (pest's
        // Pratt parser recurses once per prefix operator). The whole tree is measured once
        // built.
        let run = longest_unary_run(p.clone().into_inner()).saturating_sub(1);
        let depth = self.depth.get() + 1;
        if depth + run > MAX_NESTING {
            return Err(too_deep(self.span(&p)));
        }
        self.depth.set(depth + run);
        let e = self.pratt(p.into_inner());
        self.depth.set(depth - 1);
        e
    }

    fn pratt(&self, pairs: Pairs<Rule>) -> Result<Expr> {
        PRATT
            .map_primary(|p| self.primary(p))
            .map_prefix(|op, rhs| {
                let rhs = rhs?;
                let span = self.span(&op).to(rhs.span);
                let op = match op.as_rule() {
                    Rule::op_not => UnaryOp::Not,
                    Rule::op_plus_minus => UnaryOp::PlusMinus,
                    _ => UnaryOp::Neg,
                };
                Ok(Expr {
                    kind: ExprKind::Unary {
                        op,
                        operand: Box::new(rhs),
                    },
                    span,
                })
            })
            .map_postfix(|lhs, op| {
                let lhs = lhs?;
                let span = lhs.span.to(self.span(&op));
                let kind = match op.as_rule() {
                    Rule::call_args => ExprKind::Call {
                        callee: Box::new(lhs),
                        args: self.args(op)?,
                    },
                    Rule::index => ExprKind::Index {
                        target: Box::new(lhs),
                        index: Box::new(self.expr(next(&mut op.into_inner())?)?),
                    },
                    _ => {
                        let mut it = op.into_inner();
                        let name = self.name(next(&mut it)?);
                        let args = it.next().map(|a| self.args(a)).transpose()?;
                        ExprKind::Method {
                            receiver: Box::new(lhs),
                            name,
                            args,
                        }
                    }
                };
                Ok(Expr { kind, span })
            })
            .map_infix(|lhs, op, rhs| {
                let (lhs, mut rhs) = (lhs?, rhs?);
                let span = lhs.span.to(rhs.span);
                if op.as_rule() == Rule::op_mul {
                    let at = self.at(op.as_span().start());
                    note_star_product(&lhs, at, &mut rhs);
                }
                let op = match op.as_rule() {
                    Rule::op_or => BinaryOp::Or,
                    Rule::op_and => BinaryOp::And,
                    Rule::op_eq => BinaryOp::Eq,
                    Rule::op_ne => BinaryOp::Ne,
                    Rule::op_le => BinaryOp::Le,
                    Rule::op_ge => BinaryOp::Ge,
                    Rule::op_lt => BinaryOp::Lt,
                    Rule::op_gt => BinaryOp::Gt,
                    Rule::op_confused => BinaryOp::Confused,
                    Rule::op_lcf => BinaryOp::LessOrConfused,
                    Rule::op_gcf => BinaryOp::GreaterOrConfused,
                    Rule::op_range => BinaryOp::Range,
                    Rule::op_sided => BinaryOp::Sided,
                    Rule::op_at => BinaryOp::At,
                    Rule::op_add => BinaryOp::Add,
                    Rule::op_sub => BinaryOp::Sub,
                    Rule::op_plus_minus_bin => BinaryOp::PlusMinus,
                    Rule::op_mul => BinaryOp::Mul,
                    Rule::op_ordinal => BinaryOp::OrdinalSum,
                    Rule::op_idiv => BinaryOp::FloorDiv,
                    Rule::op_in => BinaryOp::In,
                    Rule::op_not_in => BinaryOp::NotIn,
                    Rule::op_mod => BinaryOp::Mod,
                    _ => BinaryOp::Div,
                };
                Ok(Expr {
                    kind: ExprKind::Binary {
                        op,
                        lhs: Box::new(lhs),
                        rhs: Box::new(rhs),
                    },
                    span,
                })
            })
            .parse(pairs)
    }

    fn args(&self, p: Pair<Rule>) -> Result<Vec<Expr>> {
        p.into_inner().map(|a| self.expr(a)).collect()
    }

    fn primary(&self, p: Pair<Rule>) -> Result<Expr> {
        let span = self.span(&p);
        let kind = match p.as_rule() {
            Rule::lambda | Rule::lambda_no_in => {
                let mut it = p.into_inner();
                let first = next(&mut it)?;
                let params = match first.as_rule() {
                    Rule::params => self.params(first)?,
                    _ => vec![self.binder(first)?],
                };
                let body = Rc::new(self.expr(next(&mut it)?)?);
                ExprKind::Lambda { params, body }
            }
            Rule::let_expr | Rule::let_no_in => {
                let mut it = without_keywords(p);
                let name = self.binder(next(&mut it)?)?;
                let value = Box::new(self.expr(next(&mut it)?)?);
                let body = Box::new(self.expr(next(&mut it)?)?);
                ExprKind::Let { name, value, body }
            }
            Rule::if_expr | Rule::if_no_in => {
                let mut it = without_keywords(p);
                let cond = Box::new(self.expr(next(&mut it)?)?);
                let then = Box::new(self.expr(next(&mut it)?)?);
                let otherwise = Box::new(self.expr(next(&mut it)?)?);
                ExprKind::If {
                    cond,
                    then,
                    otherwise,
                }
            }
            Rule::labelled_game => {
                let mut it = p.into_inner();
                let label = next(&mut it)?;
                let label = Name {
                    text: label.as_str().to_string(),
                    span: self.span(&label),
                };
                let mut game = self.primary(next(&mut it)?)?;
                match &mut game.kind {
                    ExprKind::Game { label: slot, .. } => *slot = Some(label),
                    _ => {
                        return Err(SyntaxError::new(
                            format!(
                                "a label names a game literal: `{}` is followed by a set or a map",
                                label.text
                            ),
                            label.span,
                            Some("write a game with a bar, e.g. a{0 | a}".into()),
                        ));
                    }
                }
                game.span = span;
                return Ok(game);
            }
            Rule::pass_kw => ExprKind::Pass,
            Rule::quoted_game => {
                let game = self.primary(next(&mut p.into_inner())?)?;
                if !matches!(game.kind, ExprKind::Game { .. }) {
                    return Err(SyntaxError::new(
                        "a quoted form is a game literal: this is a set or a map".to_string(),
                        game.span,
                        Some("write a game with a bar, e.g. '{* | *}'".into()),
                    ));
                }
                ExprKind::Explicit(Box::new(game))
            }
            Rule::brace_game | Rule::angle_game => {
                let angle = p.as_rule() == Rule::angle_game;
                let body = next(&mut p.into_inner())?;
                if body.as_rule() == Rule::map_arrow {
                    ExprKind::Map(Vec::new())
                } else {
                    return self.game_body(body, span, angle);
                }
            }
            Rule::list => {
                let mut it = p.into_inner().peekable();
                let Some(first) = it.next() else {
                    return Ok(Expr {
                        kind: ExprKind::List(Vec::new()),
                        span,
                    });
                };
                let first = self.expr(first)?;
                if it.peek().is_some_and(|c| c.as_rule() == Rule::comp_clause) {
                    ExprKind::Comprehension {
                        body: Box::new(first),
                        clauses: it.map(|c| self.clause(c)).collect::<Result<_>>()?,
                    }
                } else {
                    let rest = it.map(|e| self.expr(e));
                    ExprKind::List(
                        std::iter::once(Ok(first))
                            .chain(rest)
                            .collect::<Result<_>>()?,
                    )
                }
            }
            Rule::paren => return self.expr(next(&mut p.into_inner())?),
            Rule::string => ExprKind::Str(unescape(next(&mut p.into_inner())?.as_str()).into()),
            Rule::boolean => ExprKind::Bool(p.as_str() == "true"),
            Rule::star_notation => {
                let body = next(&mut p.into_inner())?;
                ExprKind::MisereNotation(body.as_str().into())
            }
            Rule::star_list => {
                // Two levels, as the evaluator counts them (the star and its list): the
                // bound stops the recursion of this builder before the stack runs out.
                let list = next(&mut p.into_inner())?;
                self.depth.set(self.depth.get() + 1);
                let list = self.primary(list);
                self.depth.set(self.depth.get() - 1);
                ExprKind::MisereList(Box::new(list?))
            }
            Rule::star_of => {
                let inner = next(&mut p.into_inner())?;
                let operand = if inner.as_rule() == Rule::star_name {
                    let name = next(&mut inner.into_inner())?;
                    Expr {
                        span: self.span(&name),
                        kind: ExprKind::Ident(name.as_str().to_string()),
                    }
                } else {
                    self.expr(inner)?
                };
                ExprKind::StarOf(Box::new(operand))
            }
            Rule::plus_minus_nus => {
                // +-x s  =  (+-x) + s, where s is the ups-and-star part of the literal.
                let lit = next(&mut p.into_inner())?;
                let lit_span = self.span(&lit);
                let (number, ups, nim, power) = self.nus_parts(lit.as_str(), lit_span)?;
                let pm = Expr {
                    kind: ExprKind::Unary {
                        op: UnaryOp::PlusMinus,
                        operand: Box::new(Expr {
                            kind: ExprKind::Number(number),
                            span: lit_span,
                        }),
                    },
                    span,
                };
                let rest = Expr {
                    kind: ExprKind::NusLiteral {
                        number: BigRational::zero(),
                        ups,
                        nim,
                        power,
                        note: LiteralNote::None,
                    },
                    span: lit_span,
                };
                ExprKind::Binary {
                    op: BinaryOp::LiteralSum,
                    lhs: Box::new(pm),
                    rhs: Box::new(rest),
                }
            }
            Rule::nus_literal => {
                let (number, ups, nim, power) = self.nus_parts(p.as_str(), span)?;
                ExprKind::NusLiteral {
                    number,
                    ups,
                    nim,
                    power,
                    note: if looks_like_power(p.as_str()) {
                        LiteralNote::Power
                    } else {
                        LiteralNote::None
                    },
                }
            }
            Rule::tiny_sum => {
                // `2Tiny(g)` = 2 + Tiny(g)
                let text = p.as_str();
                let cut = text.find(['T', 'M']).unwrap_or(text.len());
                let number = parse_number(text[..cut].trim_start_matches('-'), span)?;
                let number = if text.starts_with('-') {
                    -number
                } else {
                    number
                };
                let mut it = p.into_inner().filter(|c| c.as_rule() != Rule::number_tok);
                let name = next(&mut it)?;
                let arg = next(&mut it)?;
                let arg_expr = self.expr(next(&mut arg.into_inner())?)?;
                let callee = Expr {
                    kind: ExprKind::Ident(name.as_str().to_string()),
                    span: self.span(&name),
                };
                let call = Expr {
                    kind: ExprKind::Call {
                        callee: Box::new(callee),
                        args: vec![arg_expr],
                    },
                    span,
                };
                ExprKind::Binary {
                    op: BinaryOp::LiteralSum,
                    lhs: Box::new(Expr {
                        kind: ExprKind::Number(number),
                        span,
                    }),
                    rhs: Box::new(call),
                }
            }
            Rule::number_over => {
                // `1over` = 1 + over, `-1/2under` = -1/2 + under
                let text = p.as_str();
                let cut = text.find(['o', 'u']).unwrap_or(text.len());
                let number = parse_number(text[..cut].trim_start_matches('-'), span)?;
                let number = if text.starts_with('-') {
                    -number
                } else {
                    number
                };
                ExprKind::Binary {
                    op: BinaryOp::LiteralSum,
                    lhs: Box::new(Expr {
                        kind: ExprKind::Number(number),
                        span,
                    }),
                    rhs: Box::new(Expr {
                        kind: ExprKind::Ident(text[cut..].to_string()),
                        span,
                    }),
                }
            }
            Rule::number => ExprKind::Number(parse_number(p.as_str(), span)?),
            Rule::ident => ExprKind::Ident(p.as_str().to_string()),
            other => {
                return Err(SyntaxError::new(
                    format!("unexpected {other:?}"),
                    span,
                    None,
                ));
            }
        };
        Ok(Expr { kind, span })
    }

    /// `for var in iter if cond` in a comprehension.
    fn clause(&self, p: Pair<Rule>) -> Result<CompClause> {
        let mut parts = without_keywords(p);
        let var = self.binder(next(&mut parts)?)?;
        let iter = Box::new(self.expr(next(&mut parts)?)?);
        let cond = parts
            .next()
            .map(|c| self.expr(c))
            .transpose()?
            .map(Box::new);
        Ok(CompClause { var, iter, cond })
    }

    /// `x`, `x^n`/`xv n`, `*m` written together; see the `nus_literal` rule.
    /// Splits a number-up-star literal into its number, plain ups, nimber and up-power.
    #[allow(clippy::type_complexity)]
    fn nus_parts(
        &self,
        text: &str,
        span: Span,
    ) -> Result<(BigRational, BigInt, BigInt, Option<UpPower>)> {
        if let Some(positive) = text.strip_prefix('-') {
            // `-1^` is (-1) + ^: the sign belongs to the number only.
            let (number, ups, nim, power) = self.nus_parts(positive, span)?;
            return Ok((-number, ups, nim, power));
        }
        let number_len = text
            .find(|c: char| !(c.is_ascii_digit() || c == '/' || c == '.'))
            .unwrap_or(text.len());
        let number = if number_len == 0 {
            BigRational::zero()
        } else {
            parse_number(&text[..number_len], span)?
        };
        let rest = &text[number_len..];
        if let Some((power, after)) = up_power(rest) {
            let nim = star_count(after);
            return Ok((number, BigInt::zero(), nim, Some(power)));
        }
        let mut arrows = 0u32;
        let mut arrow_bytes = 0;
        for c in rest.chars() {
            let weight = match c {
                '^' | 'v' | '↑' | '↓' => 1,
                '⇑' | '⇓' => 2,
                _ => break,
            };
            arrows += weight;
            arrow_bytes += c.len_utf8();
        }
        let after_arrows = &rest[arrow_bytes..];
        let digits_len = after_arrows
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(after_arrows.len());
        let mut ups = BigInt::from(arrows);
        if digits_len > 0 {
            if arrows != 1 {
                return Err(SyntaxError::new(
                    format!(
                        "`{}` mixes repeated arrows with a count",
                        &rest[..arrow_bytes + digits_len]
                    ),
                    span,
                    Some("write ^3 for three ups, or ^^ for two".into()),
                ));
            }
            ups = after_arrows[..digits_len].parse().unwrap_or_default();
        }
        if rest.starts_with(['v', '↓', '⇓']) {
            ups = -ups;
        }
        let nim = star_count(&after_arrows[digits_len..]);
        Ok((number, ups, nim, None))
    }

    /// Resolves the slots and separators of `{…}` into nested game literals: the longest
    /// run of bars splits Left from Right and must be unique at its level (`{3||2|1}` is
    /// `{3|{2|1}}`, `{3|2|1}` is ambiguous).
    fn game_body(&self, body: Pair<Rule>, span: Span, angle: bool) -> Result<Expr> {
        let mut slots: Vec<(Option<Expr>, Span)> = Vec::new();
        let mut seps: Vec<usize> = Vec::new(); // 0 for a comma, else the number of bars
        let mut sep_spans: Vec<Span> = Vec::new();
        // The values of `key => value` slots, by slot.
        let mut values: Vec<Option<Expr>> = Vec::new();
        for item in body.into_inner() {
            match item.as_rule() {
                Rule::game_slot => {
                    let s = self.span(&item);
                    let mut parts = item.into_inner();
                    let e = parts.next().map(|e| self.expr(e)).transpose()?;
                    let value = match (parts.next(), parts.next()) {
                        (Some(_arrow), Some(v)) => Some(self.expr(v)?),
                        _ => None,
                    };
                    slots.push((e, s));
                    values.push(value);
                }
                Rule::bars => {
                    seps.push(item.as_str().len());
                    sep_spans.push(self.span(&item));
                }
                _ => {
                    seps.push(0);
                    sep_spans.push(self.span(&item));
                }
            }
        }
        if values.iter().any(Option::is_some) {
            return self.map_literal(slots, values, &seps, &sep_spans, span, angle);
        }
        let mut parts = Parts {
            slots,
            seps: &seps,
            sep_spans: &sep_spans,
        };
        if !seps.iter().any(|&k| k > 0) {
            // No bars: a set, `{a, b}` (empty braces are the empty set).
            let items = parts.side(0, seps.len() + 1)?;
            return Ok(Expr {
                kind: ExprKind::Set(items),
                span,
            });
        }
        parts.game(0, seps.len() + 1, span)
    }

    /// `{k1 => v1, k2 => v2}`: every slot must have its `=>` and the separators be commas.
    fn map_literal(
        &self,
        slots: Vec<(Option<Expr>, Span)>,
        values: Vec<Option<Expr>>,
        seps: &[usize],
        sep_spans: &[Span],
        span: Span,
        angle: bool,
    ) -> Result<Expr> {
        if angle {
            return Err(SyntaxError::new(
                "a map is written with braces".into(),
                span,
                Some("write {key => value, …}; <…> is only for games".into()),
            ));
        }
        if let Some(k) = seps.iter().position(|&n| n > 0) {
            return Err(SyntaxError::new(
                "a map cannot have `|`".into(),
                sep_spans[k],
                Some("separate the entries of a map with commas: {k1 => v1, k2 => v2}".into()),
            ));
        }
        let mut entries = Vec::with_capacity(slots.len());
        for ((key, slot_span), value) in slots.into_iter().zip(values) {
            match (key, value) {
                (Some(k), Some(v)) => entries.push((k, v)),
                _ => {
                    return Err(SyntaxError::new(
                        "every entry of a map needs a key and a value".into(),
                        slot_span,
                        Some(
                            "write key => value; {} is the empty set and {=>} the empty map".into(),
                        ),
                    ));
                }
            }
        }
        Ok(Expr {
            kind: ExprKind::Map(entries),
            span,
        })
    }
}

/// The slots of a game literal and the separators between them, while they are grouped
/// into nested games. Each slot belongs to one side of one game and is moved there.
struct Parts<'a> {
    slots: Vec<(Option<Expr>, Span)>,
    seps: &'a [usize],
    sep_spans: &'a [Span],
}

impl Parts<'_> {
    /// The game made of slots `lo..hi` (and the separators between them).
    fn game(&mut self, lo: usize, hi: usize, span: Span) -> Result<Expr> {
        let inner = &self.seps[lo..hi - 1];
        let max = inner.iter().copied().max().unwrap_or(0);
        let at: Vec<usize> = (lo..hi - 1).filter(|&i| self.seps[i] == max).collect();
        if at.len() > 1 {
            let second = self.sep_spans[at[1]];
            return Err(SyntaxError::new(
                format!(
                    "ambiguous bars: `{}` appears twice at the same level",
                    "|".repeat(max)
                ),
                second,
                Some(
                    "bars nest by count: write {a||b|c} for {a|{b|c}} or {a|b||c} for {{a|b}|c}"
                        .to_string(),
                ),
            ));
        }
        let split = at[0];
        let left = self.side(lo, split + 1)?;
        let right = self.side(split + 1, hi)?;
        Ok(Expr {
            kind: ExprKind::Game {
                left,
                right,
                label: None,
            },
            span,
        })
    }

    /// One side: a nested game if it contains bars, else comma-separated options.
    fn side(&mut self, lo: usize, hi: usize) -> Result<Vec<Expr>> {
        let has_bars = self.seps[lo..hi - 1].iter().any(|&k| k > 0);
        if has_bars {
            let span = self.slots[lo].1.to(self.slots[hi - 1].1);
            return Ok(vec![self.game(lo, hi, span)?]);
        }
        if hi - lo == 1 && self.slots[lo].0.is_none() {
            return Ok(vec![]);
        }
        self.slots[lo..hi]
            .iter_mut()
            .map(|(e, s)| {
                e.take().ok_or_else(|| {
                    SyntaxError::new(
                        "missing option between commas".into(),
                        *s,
                        Some("remove the extra comma".into()),
                    )
                })
            })
            .collect()
    }
}

/// The longest run of consecutive prefix operators, or of consecutive postfix operators,
/// among the children of an `expr`.
fn longest_unary_run(pairs: Pairs<Rule>) -> usize {
    let (mut longest, mut prefix, mut postfix) = (0, 0, 0);
    for p in pairs {
        let rule = p.as_rule();
        let is_prefix = matches!(rule, Rule::op_not | Rule::op_neg | Rule::op_plus_minus);
        let is_postfix = matches!(rule, Rule::call_args | Rule::method | Rule::index);
        prefix = if is_prefix { prefix + 1 } else { 0 };
        postfix = if is_postfix { postfix + 1 } else { 0 };
        longest = longest.max(prefix).max(postfix);
    }
    longest
}

/// The span of a node of `stmt` deeper than [`MAX_NESTING`] in the evaluator's recursion,
/// if any: each node is a level below its parent, except the left operand of a binary
/// operator (a chain `a + b + c` is evaluated in a loop) and the clauses of a comprehension
/// (a level each). Measured with a stack of its own, so any tree can be measured.
fn too_deep_node(stmt: &Stmt) -> Option<Span> {
    let mut todo: Vec<(&Expr, usize)> = match stmt {
        Stmt::Let { value, .. } => vec![(value, 1)],
        Stmt::Def { body, .. } => vec![(body, 1)],
        Stmt::Expr(e) => vec![(e, 1)],
    };
    while let Some((e, d)) = todo.pop() {
        if d > MAX_NESTING {
            return Some(e.span);
        }
        let below = d + 1;
        match &e.kind {
            ExprKind::Number(_)
            | ExprKind::NusLiteral { .. }
            | ExprKind::Bool(_)
            | ExprKind::Str(_)
            | ExprKind::Pass
            | ExprKind::MisereNotation(_)
            | ExprKind::Ident(_) => {}
            ExprKind::StarOf(x)
            | ExprKind::MisereList(x)
            | ExprKind::Explicit(x)
            | ExprKind::Unary { operand: x, .. } => todo.push((x, below)),
            ExprKind::Game { left, right, .. } => {
                todo.extend(left.iter().chain(right).map(|x| (x, below)));
            }
            ExprKind::List(items) | ExprKind::Set(items) => {
                todo.extend(items.iter().map(|x| (x, below)))
            }
            ExprKind::Map(entries) => {
                todo.extend(entries.iter().flat_map(|(k, v)| [(k, below), (v, below)]))
            }
            ExprKind::Let { value, body, .. } => {
                todo.push((value, below));
                todo.push((body, below));
            }
            ExprKind::Comprehension { body, clauses } => {
                for (k, c) in clauses.iter().enumerate() {
                    todo.push((&c.iter, below + k));
                    if let Some(cond) = &c.cond {
                        todo.push((cond, below + k));
                    }
                }
                todo.push((body, below + clauses.len()));
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                todo.push((lhs, d));
                todo.push((rhs, below));
            }
            ExprKind::Call { callee, args } => {
                todo.push((callee, below));
                todo.extend(args.iter().map(|x| (x, below)));
            }
            ExprKind::Index { target, index } => {
                todo.push((target, below));
                todo.push((index, below));
            }
            ExprKind::Method { receiver, args, .. } => {
                todo.push((receiver, below));
                todo.extend(args.iter().flatten().map(|x| (x, below)));
            }
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => todo.extend([cond, then, otherwise].map(|x| (&**x, below))),
            ExprKind::Lambda { body, .. } => todo.push((body, below)),
        }
    }
    None
}

/// The children of `p` without its keyword tokens (`if`, `then`, `for`, …).
fn without_keywords(p: Pair<'_, Rule>) -> impl Iterator<Item = Pair<'_, Rule>> {
    p.into_inner().filter(|c| {
        !matches!(
            c.as_rule(),
            Rule::kw_if | Rule::kw_then | Rule::kw_else | Rule::kw_for | Rule::kw_in | Rule::kw_let
        )
    })
}

/// The next child of a rule. The grammar guarantees it; should the grammar and this
/// builder ever disagree, the user gets an error rather than a crash.
fn next<'a>(it: &mut impl Iterator<Item = Pair<'a, Rule>>) -> Result<Pair<'a, Rule>> {
    it.next().ok_or_else(|| {
        SyntaxError::new(
            "internal parser error: a rule lacks an expected part".into(),
            Span::default(),
            Some("please report this input as a bug".into()),
        )
    })
}

/// `2**3`: a number times a star written right after the `*` at `at`, which reads like a
/// power (it is 2 × *3, that is 0): the star is marked so that the evaluator says so once.
fn note_star_product(lhs: &Expr, at: usize, rhs: &mut Expr) {
    let ExprKind::NusLiteral {
        number,
        ups,
        nim,
        power: None,
        note,
    } = &mut rhs.kind
    else {
        return;
    };
    let number_before = matches!(lhs.kind, ExprKind::Number(_));
    if number_before
        && lhs.span.end == at
        && rhs.span.start == at + 1
        && number.is_zero()
        && ups.is_zero()
        && !nim.is_zero()
    {
        *note = LiteralNote::StarProduct;
    }
}

/// `2^3`, `-10^2*`: an integer, `^` (or `↑`) and a count, which reads like a power.
fn looks_like_power(text: &str) -> bool {
    let text = text.trim_start_matches('-');
    let base = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &text[base..];
    let count = rest
        .strip_prefix('^')
        .or_else(|| rest.strip_prefix('↑'))
        .is_some_and(|after| after.starts_with(|c: char| c.is_ascii_digit()));
    base > 0 && count
}

/// The nimber of a star suffix: `""` is 0, `*` is 1, `*5` is 5.
fn star_count(star: &str) -> BigInt {
    match star.strip_prefix('*') {
        None => BigInt::zero(),
        Some("") => BigInt::one(),
        Some(d) => d.parse().unwrap_or_default(),
    }
}

/// `^<3>…` or `v[2]…`: the up-power and the text after it.
fn up_power(rest: &str) -> Option<(UpPower, &str)> {
    let mut chars = rest.char_indices();
    let (_, arrow) = chars.next()?;
    let (open_at, open) = chars.next()?;
    let close = match open {
        '<' => '>',
        '[' => ']',
        _ => return None,
    };
    if !matches!(arrow, '^' | 'v' | '↑' | '↓') {
        return None;
    }
    let body = &rest[open_at + 1..];
    let end = body.find(close)?;
    let on = &body[..end] == "on";
    let n: BigInt = if on {
        BigInt::zero()
    } else {
        body[..end].parse().ok()?
    };
    let power = UpPower {
        to: open == '[',
        n,
        down: matches!(arrow, 'v' | '↓'),
        on,
    };
    Some((power, &body[end + 1..]))
}

/// `12`, `25/16`, `0.5` as an exact rational.
fn parse_number(text: &str, span: Span) -> Result<BigRational> {
    if let Some((n, d)) = text.split_once('/') {
        let n: BigInt = n.parse().unwrap_or_default();
        let d: BigInt = d.parse().unwrap_or_default();
        if d.is_zero() {
            return Err(SyntaxError::new(
                "division by zero in a number".into(),
                span,
                None,
            ));
        }
        return Ok(BigRational::new(n, d));
    }
    if let Some((i, f)) = text.split_once('.') {
        let n: BigInt = format!("{i}{f}").parse().unwrap_or_default();
        let d = num_traits::pow(BigInt::from(10), f.len());
        return Ok(BigRational::new(n, d));
    }
    Ok(BigRational::from_integer(text.parse().unwrap_or_default()))
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}
