//! Built-ins of the impartial toolkit (issue 4): Grundy values, heap rulesets, sequences,
//! periods, P/N tables, Nim and its relatives, Green Hackenbush, winning moves.

use super::{Args, Builtin, Topic};
use crate::heap_rules::{HEAP_PARAMS, heap_rules_named, named_heap_rules};
use crate::impartial::{
    HeapRuleset, Nim, PeriodSearch, UserHeapRules, nim_product, nim_values_from_file,
    nim_values_to_file,
};
use crate::values::algebra::ValueAlgebra as _;
use crate::values::convert::expect_integer;
use crate::values::convert::expect_list;
use crate::values::convert::expect_u64;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::games::position::Ruleset;
use crate::values::games::position::RulesetKind;
use crate::values::games::position::heap_ruleset;
use crate::values::host::Host;
use crate::values::object::PositionObject;
use crate::values::object::RulesetObject;
use crate::values::value::Record;
use crate::values::value::Sum;
use crate::values::value::Value;
use num_traits::{Signed, ToPrimitive};
use std::cell::RefCell;
use std::rc::Rc;

/// An error unless the list of a period's `len` values fits in the memory budget: a
/// proven period can be long (0.1777's has 160,949,018 + 60,620,715 values, a 5 GB list),
/// and the list is one allocation, which must not abort the process.
fn period_values_fit(len: usize, a: &Args) -> Result<(), EvalError> {
    let bytes = len.saturating_mul(std::mem::size_of::<Value>());
    EvalError::reserve("the period's list of values", len, "values", bytes, a.call)
}

fn int(n: u64) -> Value {
    Value::number(n)
}

fn u64_list(v: &Value, a: &Args, k: usize) -> Result<Vec<u64>, EvalError> {
    expect_list(v, a.span(k))?
        .iter()
        .map(|x| expect_u64(x, a.span(k), "a non-negative integer"))
        .collect()
}

/// The session's built-in heap rulesets, created on first use so that their Grundy tables
/// are kept (a cache of the session's [`cgt_core::MathState`]).
#[derive(Default)]
struct HeapRulesets(std::collections::HashMap<&'static str, Rc<Ruleset>>);

impl dyn Host + '_ {
    /// The session's copy of a named built-in ruleset (created once, so its table persists).
    fn named_ruleset(&mut self, name: &'static str) -> Rc<Ruleset> {
        if let Some(r) = self.cache::<HeapRulesets>().0.get(name) {
            return r.clone();
        }
        let rules = named_rules(name).unwrap_or_else(HeapRuleset::nim);
        let r = Rc::new(Ruleset::builtin(name.to_string(), rules, &*self));
        self.cache::<HeapRulesets>().0.insert(name, r.clone());
        r
    }

    /// The ruleset a value stands for: a ruleset, or a built-in ruleset's name.
    pub(crate) fn ruleset_of(
        &mut self,
        v: &Value,
        span: crate::syntax::Span,
    ) -> Result<Rc<Ruleset>, EvalError> {
        match v {
            v if let Some(r) = v.as_ruleset().and_then(heap_ruleset) => Ok(r),
            v if let Some(b) = v.as_builtin()
                && heap_rules_named(b.name).is_some() =>
            {
                Ok(self.named_ruleset(b.name))
            }
            other => Err(EvalError::new(
                format!("expected a heap ruleset, found {}", other.kind()),
                span,
            )
            .with_help(
                "e.g. kayles, subtraction([1,3,4]), octal(\"0.77\"), heap_game(n -> [n-1, n-2])",
            )),
        }
    }

    fn position_arg(&mut self, a: &Args, k: usize) -> Option<Rc<dyn PositionObject>> {
        match &a.values[k] {
            Value::Game(GameValue::Position(p)) => Some(p.clone()),
            _ => None,
        }
    }

    /// The Grundy value of any impartial value: a position, a nimber, a list of components.
    fn grundy_value(&mut self, v: &Value, span: crate::syntax::Span) -> Result<u64, EvalError> {
        if let Value::Game(GameValue::Position(p)) = v
            && let Some(n) = p.grundy(self, span)?
        {
            return Ok(n);
        }
        match v {
            Value::List(items) => {
                let mut acc = 0;
                for x in items.iter() {
                    acc ^= self.grundy_value(x, span)?;
                }
                Ok(acc)
            }
            other => {
                let g = self.game_of(other, span)?;
                self.store.as_nimber(g).ok_or_else(|| {
                    let shown = self.display(g);
                    EvalError::new(format!("{shown} is partizan: it has no Grundy value"), span)
                        .with_help("only impartial games (whose canonical forms are nimbers) have Grundy values")
                })
            }
        }
    }

    /// Winning moves of a single nimber-valued game: to 0.
    fn nimber_moves(
        &mut self,
        v: &Value,
        span: crate::syntax::Span,
    ) -> Result<Vec<String>, EvalError> {
        let total = self.grundy_value(v, span)?;
        Ok(if total == 0 {
            vec![]
        } else {
            vec![format!("{} → 0", nimber_text(total))]
        })
    }
}

/// The rules of a built-in whose name is also a heap ruleset (`kayles`), if it is one.
pub(super) fn named_rules(name: &str) -> Option<HeapRuleset> {
    heap_rules_named(name)
}

/// The built-ins of the named heap rulesets (`kayles(7)`, and bare `kayles` a ruleset),
/// one from each line of the games crate's registry.
fn register_named_rulesets(r: &mut super::Registry) {
    for named in named_heap_rules() {
        let doc = super::Doc {
            name: named.name,
            topic: Topic::Impartial,
            params: HEAP_PARAMS,
            min_args: 1,
            max_args: Some(1),
            summary: named.summary,
            example: named.example,
            run: (),
        };
        let name = named.name;
        r.add(super::Entry::new(
            doc,
            Box::new(move |i, a| {
                let r = i.named_ruleset(name);
                r.position(i, a)
            }),
        ));
    }
}

fn ruleset_value(
    i: &mut dyn Host,
    name: String,
    r: Result<HeapRuleset, crate::impartial::ImpartialError>,
    a: &Args,
) -> Result<Value, EvalError> {
    let rules = r.map_err(|e| i.impartial_error(e, a.call))?;
    Ok(Value::ruleset(Rc::new(Ruleset::builtin(name, rules, &*i))))
}

fn list_text(v: &[u64]) -> String {
    let parts: Vec<String> = v.iter().map(u64::to_string).collect();
    format!("[{}]", parts.join(","))
}

pub const SUBTRACTION: Builtin = Builtin {
    name: "subtraction",
    topic: Topic::Impartial,
    params: "set",
    min_args: 1,
    max_args: Some(1),
    summary: "the subtraction game: remove s tokens from a heap, s in the set",
    example: (
        "nim_values(subtraction([1,3,4]), 0..8)",
        "[0,1,0,1,2,3,2,0,1]",
    ),
    run: |i, a| {
        let set = u64_list(&a.values[0], a, 0)?;
        let name = format!("subtraction({})", list_text(&set));
        ruleset_value(i, name, HeapRuleset::subtraction(&set), a)
    },
};

pub const SUBTRACTION_ALL_BUT: Builtin = Builtin {
    name: "subtraction_all_but",
    topic: Topic::Impartial,
    params: "set",
    min_args: 1,
    max_args: Some(1),
    summary: "remove any positive number of tokens except those in the set",
    example: (
        "nim_values(subtraction_all_but([1]), 0..6)",
        "[0,0,1,1,2,2,3]",
    ),
    run: |i, a| {
        let set = u64_list(&a.values[0], a, 0)?;
        let name = format!("subtraction_all_but({})", list_text(&set));
        ruleset_value(i, name, HeapRuleset::subtraction_all_but(&set), a)
    },
};

pub const OCTAL: Builtin = Builtin {
    name: "octal",
    topic: Topic::Impartial,
    params: "code",
    min_args: 1,
    max_args: Some(1),
    summary: "the take-and-break game with this code: octal, e.g. octal(\"0.77\") (Kayles), hexadecimal, e.g. octal(\"0.3F\") (digits 8-F may split a heap in three), or CGSuite's generalised notation, e.g. octal(\"4!.0\") (Grundy's game), octal(\"4.[3]\") (Lasker's Nim): base-32 digits, &N;, * and {0,2+} for heap counts, ! ? = constraints, [..] repeating",
    example: (
        "nim_values(octal(\"0.77\"), 0..12)",
        "[0,1,2,3,1,4,3,2,1,4,2,6,4]",
    ),
    run: |i, a| {
        let code = match &a.values[0] {
            Value::Str(s) => s.to_string(),
            other => {
                return Err(EvalError::new(
                    format!(
                        "the octal code is a string such as \"0.77\", not {}",
                        other.kind()
                    ),
                    a.span(0),
                ));
            }
        };
        let name = format!("octal({code:?})");
        ruleset_value(i, name, HeapRuleset::octal(&code), a)
    },
};

pub const HEAP_GAME: Builtin = Builtin {
    name: "heap_game",
    topic: Topic::Impartial,
    params: "moves",
    min_args: 1,
    max_args: Some(1),
    summary: "a heap ruleset from a function: moves(n) lists the options of heap n, each a heap size or a list of heap sizes",
    example: (
        "nim_values(heap_game(n -> [x for x in [n-1, n-3, n-4] if x >= 0]), 0..8)",
        "[0,1,0,1,2,3,2,0,1]",
    ),
    run: |_, a| {
        if !matches!(a.values[0], Value::Function(_)) {
            return Err(EvalError::new(
                format!(
                    "heap_game needs a function of the heap size, not {}",
                    a.values[0].kind()
                ),
                a.span(0),
            ));
        }
        Ok(Value::ruleset(Rc::new(Ruleset {
            name: "heap_game(…)".into(),
            kind: RulesetKind::User {
                moves: a.values[0].clone(),
                rules: RefCell::new(UserHeapRules::new()),
            },
        })))
    },
};

pub const GRUNDY: Builtin = Builtin {
    name: "grundy",
    topic: Topic::Impartial,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the Grundy value (nim value) of an impartial game, position or list of components",
    example: ("grundy(kayles(7) + *3)", "1"),
    run: |i, a| {
        let n = i.grundy_value(&a.values[0], a.span(0))?;
        Ok(int(n))
    },
};

pub const NIM_VALUE: Builtin = Builtin {
    name: "nim_value",
    example: ("nim_value(*3 + *5)", "6"),
    ..GRUNDY
};

/// Heap sizes from a list (a range `0..20` or any list `[10, 20, 30]`).
fn heap_list(v: &Value, a: &Args, k: usize) -> Result<Vec<u64>, EvalError> {
    let items = expect_list(v, a.span(k))?;
    if items.is_empty() {
        return Err(EvalError::new(
            "expected heap sizes such as 0..20",
            a.span(k),
        ));
    }
    items
        .iter()
        .map(|x| expect_u64(x, a.span(k), "a heap size"))
        .collect()
}

/// The Grundy values of the listed heaps: a contiguous range is computed as a sequence, other
/// lists heap by heap (using a proven period for huge heaps).
fn values_at(
    i: &mut dyn Host,
    r: &Ruleset,
    heaps: &[u64],
    a: &Args,
) -> Result<Vec<u64>, EvalError> {
    r.values_at(i, heaps, a.call)
}

pub const NIM_VALUES: Builtin = Builtin {
    name: "nim_values",
    topic: Topic::Impartial,
    params: "ruleset, range",
    min_args: 2,
    max_args: Some(2),
    summary: "the Grundy values of the heaps in a range or list, e.g. nim_values(kayles, 0..12)",
    example: ("nim_values(kayles, 0..12)", "[0,1,2,3,1,4,3,2,1,4,2,6,4]"),
    run: |i, a| {
        let r = i.ruleset_of(&a.values[0], a.span(0))?;
        let heaps = heap_list(&a.values[1], a, 1)?;
        let values = values_at(i, &r, &heaps, a)?;
        Ok(Value::list(values.into_iter().map(int).collect()))
    },
};

/// The built-in ruleset of a file built-in's first argument (user rulesets have no file
/// form: their values come from the interpreter, heap by heap).
fn file_ruleset(i: &mut dyn Host, a: &Args) -> Result<HeapRuleset, EvalError> {
    let r = i.ruleset_of(&a.values[0], a.span(0))?;
    r.heap_rules().ok_or_else(|| {
        EvalError::new(
            "files of Grundy values are for built-in take-and-break rulesets (octal games, \
             subtraction games, Grundy's game), not rulesets given by a function",
            a.span(0),
        )
    })
}

fn file_name(a: &Args, k: usize) -> Result<String, EvalError> {
    match &a.values[k] {
        Value::Str(s) => Ok(s.to_string()),
        other => Err(EvalError::new(
            format!("expected a file name string, found {}", other.kind()),
            a.span(k),
        )),
    }
}

pub const NIM_VALUES_TO_FILE: Builtin = Builtin {
    name: "nim_values_to_file",
    topic: Topic::Impartial,
    params: "ruleset, last, file",
    min_args: 3,
    max_args: Some(3),
    summary: "computes the Grundy values of heaps 0 to last into a file, for runs too long for a list (10^8 heaps and more); a run resumes from a file of the same game and extends it",
    example: (
        "nim_values_to_file(kayles, 1000, \"kayles.bin\").heaps",
        "1001",
    ),
    run: |i, a| {
        let ruleset = file_ruleset(i, a)?;
        let last = expect_u64(&a.values[1], a.span(1), "a heap size")?;
        let path = file_name(a, 2)?;
        let flag = i.interrupt_flag();
        let saved = nim_values_to_file(&ruleset, last, std::path::Path::new(&path), Some(&flag))
            .map_err(|e| i.impartial_error(e, a.call))?;
        Ok(Value::Record(Rc::new(Record {
            kind: "nim_values_file",
            fields: vec![
                ("file".into(), Value::Str(path.into())),
                ("game".into(), Value::Text(saved.game.into())),
                ("heaps".into(), int(saved.heaps)),
                ("resumed_from".into(), int(saved.resumed_from)),
                ("bytes_per_value".into(), int(saved.width as u64)),
                ("max_value".into(), int(saved.max_value)),
            ],
        })))
    },
};

pub const NIM_VALUES_FROM_FILE: Builtin = Builtin {
    name: "nim_values_from_file",
    topic: Topic::Impartial,
    params: "file, range",
    min_args: 2,
    max_args: Some(2),
    summary: "the Grundy values of the heaps in a range, read from a file written by nim_values_to_file",
    example: (
        "nim_values_from_file(nim_values_to_file(kayles, 100, \"kayles.bin\").file, 70..75)",
        "[6,7,4,1,2,8]",
    ),
    run: |i, a| {
        let path = file_name(a, 0)?;
        let heaps = heap_list(&a.values[1], a, 1)?;
        let (first, last) = (heaps[0], heaps[heaps.len() - 1]);
        if !heaps.windows(2).all(|w| w[1] == w[0] + 1) {
            return Err(EvalError::new(
                "expected a range of heap sizes such as 0..20",
                a.span(1),
            ));
        }
        let (_, values) = nim_values_from_file(std::path::Path::new(&path), first..=last)
            .map_err(|e| i.impartial_error(e, a.call))?;
        Ok(Value::list(values.into_iter().map(int).collect()))
    },
};

pub const PN_TABLE: Builtin = Builtin {
    name: "pn_table",
    topic: Topic::Impartial,
    params: "ruleset, range",
    min_args: 2,
    max_args: Some(2),
    summary: "the P/N table of a heap game, as the seeds print it (x 0 1 2 … / P N N …; at a terminal a long one is cut into blocks of columns); .heaps and .outcomes are its two rows",
    example: (
        "pn_table(subtraction([1,2,3]), 0..8)",
        "x 0 1 2 3 4 5 6 7 8\n  P N N N P N N N P",
    ),
    run: |i, a| {
        let r = i.ruleset_of(&a.values[0], a.span(0))?;
        let heaps = heap_list(&a.values[1], a, 1)?;
        let values = values_at(i, &r, &heaps, a)?;
        // A record laid out as a table when printed (see `tables`).
        let outcomes = values
            .iter()
            .map(|&v| {
                Value::Outcome(if v == 0 {
                    crate::game::Outcome::P
                } else {
                    crate::game::Outcome::N
                })
            })
            .collect();
        Ok(Value::Record(Rc::new(Record {
            kind: "pn_table",
            fields: vec![
                (
                    "heaps".into(),
                    Value::list(heaps.iter().map(|&n| int(n)).collect()),
                ),
                ("outcomes".into(), Value::list(outcomes)),
            ],
        })))
    },
};

/// The observed (unproven) period after a fruitless search reads at most this many values.
const OBSERVED_AT_MOST: u64 = 1 << 20;

pub const PERIOD: Builtin = Builtin {
    name: "period",
    topic: Topic::Impartial,
    params: "ruleset, heaps?",
    min_args: 1,
    max_args: Some(2),
    summary: "the preperiod and period of a heap game's Grundy sequence, with the proof used, searching the values of heaps below 131072 or below `heaps` (for octal games as far as the memory budget allows; the search doubles its window and shows its progress); when none is proven, the (arithmetic) period the values up to 1023 or more appear to have, G(n+period) = G(n) + saltus, marked not proven; when the search finds none, a record with found: false and searched_to (the last heap searched), and limit when the budget stopped it short of `heaps`",
    example: ("period(subtraction([1,3,4])).period", "7"),
    run: |i, a| {
        let r = i.ruleset_of(&a.values[0], a.span(0))?;
        let heaps = match a.values.get(1) {
            Some(v) => Some(expect_u64(v, a.span(1), "a number of heaps")?),
            None => None,
        };
        let found = match r.period(heaps, a.call) {
            Ok(Some(PeriodSearch::Proven(p))) => Ok(Some(PeriodSearch::Proven(p))),
            // No period proven: what the values computed appear to show, said to be unproven.
            other => {
                let searched = match &other {
                    Ok(Some(PeriodSearch::NotFound { searched_up_to })) => *searched_up_to,
                    _ => 0,
                };
                // The observation copies the values it reads: at most 2^20 of them, however
                // far the proof was searched for.
                if let Ok(Some(p)) = r.observed_period(searched.min(OBSERVED_AT_MOST), a.call) {
                    period_values_fit(p.values.len(), a)?;
                    let values = p.values.iter().map(|&v| int(v)).collect();
                    return Ok(Value::Record(Rc::new(Record {
                        kind: "period",
                        fields: vec![
                            ("preperiod".into(), int(p.preperiod)),
                            ("period".into(), int(p.period)),
                            ("saltus".into(), int(p.saltus)),
                            ("values".into(), Value::list(values)),
                            ("proof".into(), Value::Text(p.evidence().into())),
                        ],
                    })));
                }
                other
            }
        };
        let Some(found) = found? else {
            return Err(EvalError::new(
                "no period can be proven for a ruleset given by a function",
                a.span(0),
            )
            .with_help("look at nim_values(R, 0..n) for an observed period"));
        };
        match found {
            PeriodSearch::Proven(p) => {
                period_values_fit(p.values.len(), a)?;
                let values = p.values.iter().map(|&v| int(v)).collect();
                Ok(Value::Record(Rc::new(Record {
                    kind: "period",
                    fields: vec![
                        ("preperiod".into(), int(p.preperiod)),
                        ("period".into(), int(p.period)),
                        ("values".into(), Value::list(values)),
                        ("proof".into(), Value::Text(p.proof.to_string().into())),
                    ],
                })))
            }
            // A search that finds nothing is an answer: a script goes on, reading `found`.
            PeriodSearch::NotFound { searched_up_to } => {
                let mut fields = vec![
                    ("found".into(), Value::Bool(false)),
                    ("searched_to".into(), int(searched_up_to)),
                ];
                if let (Some(asked), Some(limit)) = (heaps, r.period_search_limit())
                    && asked > searched_up_to
                    && searched_up_to >= limit
                {
                    let why = if limit > crate::impartial::sequence::MAX_TABLE_HEAP {
                        format!(
                            "heaps up to {limit}, as far as the memory budget allows ({}; set \
                             it with --memory or :memory)",
                            crate::game::budget::human(crate::game::budget::budget())
                        )
                    } else {
                        format!("heaps up to {limit}, the largest table of this game")
                    };
                    fields.push(("limit".into(), Value::Text(why.into())));
                }
                Ok(Value::Record(Rc::new(Record {
                    kind: "period",
                    fields,
                })))
            }
        }
    },
};

pub const WINNING_MOVES: Builtin = Builtin {
    name: "winning_moves",
    topic: Topic::Impartial,
    params: "p",
    min_args: 1,
    max_args: Some(1),
    summary: "every winning move of a position in its own terms: a list for impartial games, Left's and Right's for partizan positions and sums (a heap of a generalised take-and-break code with more than 1000 winning splits: one move of each kind)",
    example: (
        "winning_moves(nim([13, 12, 8]))",
        "[\"heap 1: 13 -> 4\",\"heap 2: 12 -> 5\",\"heap 3: 8 -> 1\"]",
    ),
    run: |i, a| {
        let moves = match &a.values[0] {
            Value::Game(GameValue::Position(p)) if p.names_its_moves() => {
                p.clone().winning_moves(i, a.span(0))?.unwrap_or_default()
            }
            Value::List(items)
                if items
                    .iter()
                    .all(|x| !crate::values::object::is_position(x) || names_its_moves(x)) =>
            {
                let items = items.clone();
                components_winning_moves(i, &items, a)?
            }
            Value::List(items) => {
                // Components with moves of their own (boards, positions of rulesets written
                // in cgt): the list is their sum, answered in their own terms.
                let sum = Value::sum(Rc::new(Sum::new(items.to_vec())));
                if !i.is_impartial_position(&sum) {
                    let args = Args {
                        values: vec![sum],
                        spans: a.spans.clone(),
                        call: a.call,
                        callee: a.callee,
                    };
                    return super::play::partizan_winning_moves(i, &args);
                }
                let moves = i.winning_moves_for(&sum, true, a.span(0))?;
                moves.iter().map(|m| i.move_text(m)).collect()
            }
            Value::Game(GameValue::Sum(s))
                if s.components().iter().all(|x| {
                    names_its_moves(x)
                        || matches!(x, Value::Game(GameValue::Short(g)) if i.store.is_nimber(*g))
                }) =>
            {
                let items = s.components();
                components_winning_moves(i, &items, a)?
            }
            v @ (Value::Game(GameValue::Position(_)) | Value::Game(GameValue::Sum(_)))
                if i.is_impartial_position(v) =>
            {
                let v = v.clone();
                let moves = i.winning_moves_for(&v, true, a.span(0))?;
                moves.iter().map(|m| i.move_text(m)).collect()
            }
            Value::Game(GameValue::Position(_)) | Value::Game(GameValue::Sum(_)) => {
                return super::play::partizan_winning_moves(i, a);
            }
            Value::Game(GameValue::Short(g)) if !i.store.is_nimber(*g) => {
                return super::play::partizan_winning_moves(i, a);
            }
            other => i.nimber_moves(other, a.span(0))?,
        };
        Ok(Value::list(
            moves
                .into_iter()
                .map(|m| Value::Str(i.arrows(m).into()))
                .collect(),
        ))
    },
};

/// Winning moves in a sum given as a list of components: a move in component k to a
/// position of Grundy value `g_k ⊕ total`.
fn components_winning_moves(
    i: &mut dyn Host,
    items: &[Value],
    a: &Args,
) -> Result<Vec<String>, EvalError> {
    let mut values = Vec::with_capacity(items.len());
    for x in items {
        values.push(i.grundy_value(x, a.span(0))?);
    }
    let total = values.iter().fold(0, |acc, v| acc ^ v);
    let mut moves = Vec::new();
    if total == 0 {
        return Ok(moves);
    }
    for (k, (x, &g)) in items.iter().zip(&values).enumerate() {
        let target = g ^ total;
        match x {
            // A position of several heaps may win by a move that raises its value: a move in
            // one heap changes the value by that heap's change, whatever the sum of the others.
            Value::Game(GameValue::Position(p)) if p.names_its_moves() => {
                let own = p.clone().moves_to_grundy(i, target, a.span(0))?;
                for m in own.unwrap_or_default() {
                    moves.push(format!("component {}: {m}", k + 1));
                }
            }
            // A nimber's options are the smaller nimbers.
            _ if target >= g => {}
            _ => moves.push(format!(
                "component {}: {} → {}",
                k + 1,
                nimber_text(g),
                nimber_text(target)
            )),
        }
    }
    Ok(moves)
}

/// Whether a value is a position whose moves its game names in words of its own.
fn names_its_moves(v: &Value) -> bool {
    matches!(v, Value::Game(GameValue::Position(p)) if p.names_its_moves())
}

pub const MISERE_WINNING_MOVES: Builtin = Builtin {
    name: "misere_winning_moves",
    topic: Topic::Misere,
    params: "p",
    min_args: 1,
    max_args: Some(1),
    summary: "the winning moves in misère play: Bouton's rule for Nim, the misère quotient of the heaps up to the largest for other heap games (or one of this session's quotients covering them, not computed again), Conway's genus rule for any sum of tame impartial components, and a search on misère simplest forms otherwise",
    example: (
        "misere_winning_moves(nim([1, 1, 2]))",
        "[\"heap 3: 2 -> 1\"]",
    ),
    run: |i, a| {
        let heaps = i.position_arg(a, 0).and_then(|p| p.heaps());
        let is_nim = |r: &Rc<dyn RulesetObject>| r.printed() == "nim";
        if let Some((ruleset, heaps)) = &heaps
            && !is_nim(ruleset)
            && let Some(ruleset) = heap_ruleset(ruleset)
        {
            // Any other heap game: through its misère quotient up to the largest heap.
            let n = heaps.iter().copied().max().unwrap_or(0);
            let q = i.misere_quotient(&ruleset, n, true, a.call)?;
            let moves = q
                .winning_moves(heaps)
                .map_err(|e| i.impartial_error(e, a.call))?;
            return Ok(Value::list(
                moves
                    .iter()
                    .map(|m| Value::Str(i.arrows(m.to_string()).into()))
                    .collect(),
            ));
        }
        let Some(nim) = heaps
            .filter(|(r, _)| is_nim(r))
            .map(|(_, heaps)| Nim::new(heaps))
        else {
            // Any other impartial sum: the genus rule for tame components, else search.
            let moves = i.misere_sum_winning_moves(&a.values[0], a.span(0))?;
            return Ok(Value::list(
                moves.into_iter().map(|m| Value::Str(m.into())).collect(),
            ));
        };
        let moves = nim.misere_winning_moves();
        Ok(Value::list(
            moves
                .iter()
                .map(|m| Value::Str(i.arrows(m.to_string()).into()))
                .collect(),
        ))
    },
};

pub const NIM_PRODUCT: Builtin = Builtin {
    name: "nim_product",
    topic: Topic::Impartial,
    params: "a, b",
    min_args: 2,
    max_args: Some(2),
    summary: "Conway's nim multiplication of two integers or nimbers; of ordinals and transfinite nimbers below ω^(ω^54) by Lenstra's algorithm (ONAG ch. 6; Lenstra 1977): nim_product(*omega, *omega) = *(omega^2), and *omega cubed is *2",
    example: ("nim_product(8, 8)", "13"),
    run: |i, a| {
        if a.values
            .iter()
            .any(|v| matches!(v, Value::Game(GameValue::Transfinite(_))))
        {
            return super::transfinite::nim_product(i, a);
        }
        let x = nim_operand(i, a, 0)?;
        let y = nim_operand(i, a, 1)?;
        let both_nimbers = matches!(a.values[0], Value::Game(GameValue::Short(_)))
            && matches!(a.values[1], Value::Game(GameValue::Short(_)));
        let n = nim_product(x, y);
        Ok(if both_nimbers {
            Value::Game(GameValue::Short(i.store.nimber(n)))
        } else {
            int(n)
        })
    },
};

fn nim_operand(i: &mut dyn Host, a: &Args, k: usize) -> Result<u64, EvalError> {
    super::nim::heap(i, &a.values[k], a.span(k)).map(|(n, _)| n)
}

/// `pow(a, n)` on integers (`pow(10, 18)`): exact powers.
pub(crate) fn integer_power(a: &Args) -> Result<Value, EvalError> {
    let base = expect_integer(&a.values[0], a.span(0))?;
    let e = expect_integer(&a.values[1], a.span(1))?;
    if e.is_negative() {
        return Err(EvalError::new(
            "the exponent must not be negative",
            a.span(1),
        ));
    }
    let e = e
        .to_u32()
        .filter(|&e| e <= 100_000)
        .ok_or_else(|| EvalError::new("the exponent is too large (at most 100000)", a.span(1)))?;
    Ok(Value::number(num_traits::pow(base, e as usize)))
}

/// A nimber as cgt prints it: `0`, `*`, `*2`.
fn nimber_text(n: u64) -> String {
    match n {
        0 => "0".to_string(),
        1 => "*".to_string(),
        n => format!("*{n}"),
    }
}

/// Adds the built-ins of this file to the table, in the order `:help` lists them.
pub(super) fn register(r: &mut super::Registry) {
    r.add(GRUNDY);
    r.add(NIM_VALUE);
    r.add(NIM_PRODUCT);
    register_named_rulesets(r);
    r.add(SUBTRACTION);
    r.add(SUBTRACTION_ALL_BUT);
    r.add(OCTAL);
    r.add(HEAP_GAME);
    r.add(super::heap_codes::SPAWNING);
    r.add(super::heap_codes::CODE);
    r.add(NIM_VALUES);
    r.add(NIM_VALUES_TO_FILE);
    r.add(NIM_VALUES_FROM_FILE);
    r.add(PN_TABLE);
    r.add(super::tables::PERIODIC_TABLE);
    r.add(super::tables::SCATTER_PLOT);
    r.add(PERIOD);
    r.add(WINNING_MOVES);
    r.add(MISERE_WINNING_MOVES);
    super::families::register(r);
}
