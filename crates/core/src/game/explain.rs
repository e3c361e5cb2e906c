//! Step-by-step derivations of canonical forms, in the words of DeVos–Kent (ch. 4) and
//! Gracia-Saz (§3): dominated options, reversible options, the Simplicity Principle, the MEX
//! rule.

use super::compare::Literal;
use super::display::{Notation, Style};
use super::dyadic::Dyadic;
use super::store::{GameId, GameStore};
use num_bigint::BigInt;

/// Which player's options a step is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Left,
    Right,
}

/// Why the Simplicity Principle picked its number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Simplest {
    /// Neither player has a move: `{ | } = 0`.
    NoOptions,
    /// 0 lies strictly between the bounds.
    Zero,
    /// The integer nearest 0 strictly between the bounds.
    Integer,
    /// No integer fits; `2^k` is the least denominator with a number strictly between.
    Denominator(BigInt),
}

/// One step of a derivation. Games are ids of canonical forms in the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The position as given: `G = {left | right}`.
    Start {
        left: Vec<GameId>,
        right: Vec<GameId>,
    },
    /// The same option listed `times` times (one step per option, however many copies).
    Duplicate {
        player: Player,
        option: GameId,
        times: usize,
    },
    /// `dominated <= by` (for Left; `>=` for Right): the player never prefers it.
    Dominated {
        player: Player,
        dominated: GameId,
        by: GameId,
    },
    /// The option is reversible through the opponent's reply `through` (for a Left option
    /// `A`: a Right option `A^R = through` with `through <= G`); it is replaced by
    /// `replacements`, the player's options from `through`.
    Reversible {
        player: Player,
        option: GameId,
        through: GameId,
        replacements: Vec<GameId>,
    },
    /// All options are numbers, Left's best `lo` below Right's best `hi` (either may be
    /// missing): `G` is the simplest number between them.
    Simplicity {
        lo: Option<Dyadic>,
        hi: Option<Dyadic>,
        value: Dyadic,
        why: Simplest,
    },
    /// All options are numbers and both players' best is `x`: `{x | x} = x + *`.
    NumberStar { x: Dyadic },
    /// All options are numbers with Left's best `lo` at least Right's best `hi`: a hot
    /// switch `{lo | hi}`, already canonical.
    Switch { lo: Dyadic, hi: Dyadic },
    /// Both players have the same nimber options: by the MEX rule `G = *mex`.
    Mex { values: Vec<u64>, mex: u64 },
    /// Nothing is dominated or reversible any more.
    Canonical {
        left: Vec<GameId>,
        right: Vec<GameId>,
    },
    /// The value reached.
    Result { game: GameId },
}

/// A derivation: its steps and the canonical form it ends in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    pub steps: Vec<Step>,
    pub result: GameId,
}

impl GameStore {
    /// The canonical form of `{left | right}` (options already canonical, as the evaluator
    /// has them) together with the steps that lead to it, following the same rules as
    /// [`GameStore::canonical`]: the MEX rule when both players have the same nimbers, the
    /// Simplicity Principle when every option is a number, and otherwise removal of dominated
    /// options and bypassing of reversible ones until neither applies. To explain a nested
    /// literal, explain its inner braces first (their values are the options here).
    ///
    /// ```
    /// use cgt_core::game::{GameStore, Notation, Style};
    /// let mut s = GameStore::new();
    /// let (zero, one, two) = (s.zero(), s.integer(1), s.integer(2));
    /// let e = s.canonical_explained(&[one, zero], &[two]);
    /// assert_eq!(e.result, s.canonical(&[one], &[two]));
    /// let text = s.render_explanation(&e, Style::plain(Notation::Ascii));
    /// assert!(text.ends_with("G = 3/2"));
    /// ```
    pub fn canonical_explained(&mut self, left: &[GameId], right: &[GameId]) -> Explanation {
        let mut steps = vec![Step::Start {
            left: left.to_vec(),
            right: right.to_vec(),
        }];
        let mut l = self.without_duplicates(left, Player::Left, &mut steps);
        let mut r = self.without_duplicates(right, Player::Right, &mut steps);
        if !self.cold_finish(&mut l, &mut r, &mut steps) {
            loop {
                self.drop_dominated(&mut l, Player::Left, &mut steps);
                self.drop_dominated(&mut r, Player::Right, &mut steps);
                if !self.bypass_reversible(&mut l, &mut r, &mut steps) {
                    break;
                }
            }
            if !self.cold_finish(&mut l, &mut r, &mut steps) {
                steps.push(Step::Canonical {
                    left: l.clone(),
                    right: r.clone(),
                });
            }
        }
        let result = self.canonical(left, right);
        debug_assert_eq!(self.canonical(&l, &r), result);
        steps.push(Step::Result { game: result });
        Explanation { steps, result }
    }

    fn without_duplicates(
        &mut self,
        opts: &[GameId],
        player: Player,
        steps: &mut Vec<Step>,
    ) -> Vec<GameId> {
        let mut out: Vec<GameId> = Vec::new();
        let mut times: Vec<usize> = Vec::new();
        for &o in opts {
            // Quadratic in the options (a large nimber has tens of thousands): poll Ctrl-C.
            self.check_interrupt();
            match out.iter().position(|&x| x == o) {
                Some(k) => times[k] += 1,
                None => {
                    out.push(o);
                    times.push(1);
                }
            }
        }
        for (&option, &times) in out.iter().zip(&times) {
            if times > 1 {
                steps.push(Step::Duplicate {
                    player,
                    option,
                    times,
                });
            }
        }
        out
    }

    /// The MEX rule or the Simplicity Principle when they apply (returns whether they did).
    fn cold_finish(
        &mut self,
        l: &mut Vec<GameId>,
        r: &mut Vec<GameId>,
        steps: &mut Vec<Step>,
    ) -> bool {
        if l.is_empty() && r.is_empty() {
            steps.push(Step::Simplicity {
                lo: None,
                hi: None,
                value: Dyadic::zero(),
                why: Simplest::NoOptions,
            });
            return true;
        }
        let nimbers = |s: &GameStore, v: &[GameId]| -> Option<Vec<u64>> {
            let mut n: Vec<u64> = v.iter().map(|&g| s.as_nimber(g)).collect::<Option<_>>()?;
            n.sort_unstable();
            Some(n)
        };
        if let (Some(a), Some(b)) = (nimbers(self, l), nimbers(self, r))
            && a == b
        {
            let mex = (0u64..).find(|m| !a.contains(m)).unwrap_or(0);
            steps.push(Step::Mex { values: a, mex });
            return true;
        }
        let numbers = |s: &GameStore, v: &[GameId]| v.iter().all(|&g| s.is_number(g));
        if !(numbers(self, l) && numbers(self, r)) {
            return false;
        }
        self.keep_best_number(l, Player::Left, steps);
        self.keep_best_number(r, Player::Right, steps);
        let lo = l.first().and_then(|&g| self.as_number(g).cloned());
        let hi = r.first().and_then(|&g| self.as_number(g).cloned());
        match (lo, hi) {
            (Some(a), Some(b)) if a == b => steps.push(Step::NumberStar { x: a }),
            (Some(a), Some(b)) if a > b => steps.push(Step::Switch { lo: a, hi: b }),
            (lo, hi) => {
                let value = Dyadic::simplest_between(lo.as_ref(), hi.as_ref());
                let why = simplest_reason(lo.as_ref(), hi.as_ref(), &value);
                steps.push(Step::Simplicity { lo, hi, value, why });
            }
        }
        true
    }

    fn keep_best_number(&mut self, opts: &mut Vec<GameId>, player: Player, steps: &mut Vec<Step>) {
        let Some(&best) = opts.iter().max_by(|&&a, &&b| {
            let (x, y) = (self.as_number(a), self.as_number(b));
            if player == Player::Left {
                x.cmp(&y)
            } else {
                y.cmp(&x)
            }
        }) else {
            return;
        };
        for &o in opts.iter().filter(|&&o| o != best) {
            steps.push(Step::Dominated {
                player,
                dominated: o,
                by: best,
            });
        }
        *opts = vec![best];
    }

    fn drop_dominated(&mut self, opts: &mut Vec<GameId>, player: Player, steps: &mut Vec<Step>) {
        let mut i = 0;
        while i < opts.len() {
            self.check_interrupt();
            let a = opts[i];
            let by = opts.iter().copied().find(|&b| {
                b != a
                    && match player {
                        Player::Left => self.leq(a, b),
                        Player::Right => self.leq(b, a),
                    }
            });
            match by {
                Some(b) => {
                    steps.push(Step::Dominated {
                        player,
                        dominated: a,
                        by: b,
                    });
                    opts.remove(i);
                }
                None => i += 1,
            }
        }
    }

    /// One pass of bypassing, against the position as it stands; whether anything changed.
    fn bypass_reversible(
        &mut self,
        l: &mut Vec<GameId>,
        r: &mut Vec<GameId>,
        steps: &mut Vec<Step>,
    ) -> bool {
        let (old_l, old_r) = (l.clone(), r.clone());
        let mut lit = Literal::new(&old_l, &old_r);
        let (new_l, changed_l) = self.bypass_side(&old_l, Player::Left, &mut lit, steps);
        let (new_r, changed_r) = self.bypass_side(&old_r, Player::Right, &mut lit, steps);
        *l = self.without_duplicates(&new_l, Player::Left, steps);
        *r = self.without_duplicates(&new_r, Player::Right, steps);
        changed_l || changed_r
    }

    /// A Left option `A` with a reply `A^R <= G` is replaced by the Left options of `A^R`;
    /// dually for Right.
    fn bypass_side(
        &mut self,
        opts: &[GameId],
        player: Player,
        lit: &mut Literal<'_>,
        steps: &mut Vec<Step>,
    ) -> (Vec<GameId>, bool) {
        let mut out = Vec::new();
        let mut changed = false;
        for &a in opts {
            let left = player == Player::Left;
            let replies = if left {
                self.right_options(a)
            } else {
                self.left_options(a)
            };
            let through = replies.iter().copied().find(|&x| {
                if left {
                    self.leq_literal(x, lit)
                } else {
                    self.geq_literal(x, lit)
                }
            });
            match through {
                Some(through) => {
                    let replacements = if left {
                        self.left_options(through).to_vec()
                    } else {
                        self.right_options(through).to_vec()
                    };
                    out.extend(replacements.iter().copied());
                    steps.push(Step::Reversible {
                        player,
                        option: a,
                        through,
                        replacements,
                    });
                    changed = true;
                }
                None => out.push(a),
            }
        }
        (out, changed)
    }

    /// The derivation as numbered sentences, ending with `G = value`.
    pub fn render_explanation(&mut self, e: &Explanation, style: Style) -> String {
        let (le, ge) = match style.notation {
            Notation::Ascii => ("<=", ">="),
            Notation::Unicode => ("≤", "≥"),
        };
        let mut out = Vec::new();
        let mut n = 0;
        for step in &e.steps {
            let show = |s: &mut GameStore, g: GameId| s.display_styled(g, style);
            let text = match step {
                Step::Start { left, right } => {
                    let l = self.list(left, style);
                    let r = self.list(right, style);
                    out.push(format!("G = {{{l} | {r}}}"));
                    continue;
                }
                Step::Result { game } => {
                    let g = show(self, *game);
                    out.push(format!("G = {g}"));
                    continue;
                }
                Step::Duplicate {
                    player,
                    option,
                    times,
                } => {
                    let o = show(self, *option);
                    let listed = match times {
                        2 => "twice".to_string(),
                        n => format!("{n} times"),
                    };
                    format!(
                        "{} option {o} is listed {listed}; one copy is enough.",
                        whose(*player)
                    )
                }
                Step::Dominated {
                    player,
                    dominated,
                    by,
                } => {
                    let (a, b) = (show(self, *dominated), show(self, *by));
                    let (rel, who) = match player {
                        Player::Left => (le, "Left"),
                        Player::Right => (ge, "Right"),
                    };
                    format!(
                        "{} option {a} is dominated by {b} ({a} {rel} {b}): {who} never prefers it, so remove it.",
                        whose(*player)
                    )
                }
                Step::Reversible {
                    player,
                    option,
                    through,
                    replacements,
                } => {
                    let (a, x) = (show(self, *option), show(self, *through));
                    let (other, rel) = match player {
                        Player::Left => ("Right", le),
                        Player::Right => ("Left", ge),
                    };
                    let me = if *player == Player::Left {
                        "Left"
                    } else {
                        "Right"
                    };
                    let then = if replacements.is_empty() {
                        format!("{x} has no {me} options, so {a} is removed.")
                    } else {
                        let list = self.list(replacements, style);
                        format!(
                            "So a move to {a} is as good as a move to one of {me}'s options from {x}: replace {a} by {list}."
                        )
                    };
                    format!(
                        "{} option {a} is reversible through {x}: {other} answers {a} by moving to {x}, and {x} {rel} G. {then}",
                        whose(*player)
                    )
                }
                Step::Simplicity { lo, hi, value, why } => simplicity_sentence(lo, hi, value, why),
                Step::NumberStar { x } => format!(
                    "Both players' best option is the number {x}, so G = {{{x} | {x}}} = {x} + * (whoever moves first moves to {x} and wins the star)."
                ),
                Step::Switch { lo, hi } => format!(
                    "Left's best option {lo} is at least Right's best {hi}: the Simplicity Principle does not apply; G = {{{lo} | {hi}}} is a hot game (each player wants to move first)."
                ),
                Step::Mex { values, mex } => {
                    let vals: Vec<String> = values.iter().map(u64::to_string).collect();
                    let stars: Vec<String> = values.iter().map(|&m| nim_text(m)).collect();
                    format!(
                        "Both players have the same options, all nimbers ({}): the position is impartial, and by the MEX rule G = *mex{{{}}} = {}.",
                        stars.join(", "),
                        vals.join(", "),
                        nim_text(*mex)
                    )
                }
                Step::Canonical { left, right } => {
                    let (l, r) = (self.list(left, style), self.list(right, style));
                    format!(
                        "No option is dominated or reversible any more: {{{l} | {r}}} is the canonical form."
                    )
                }
            };
            n += 1;
            out.push(format!("{n}. {text}"));
        }
        out.join("\n")
    }

    fn list(&mut self, games: &[GameId], style: Style) -> String {
        let parts: Vec<String> = games
            .iter()
            .map(|&g| self.display_styled(g, style))
            .collect();
        parts.join(", ")
    }
}

fn nim_text(m: u64) -> String {
    match m {
        0 => "0".to_string(),
        1 => "*".to_string(),
        m => format!("*{m}"),
    }
}

fn whose(p: Player) -> &'static str {
    match p {
        Player::Left => "Left's",
        Player::Right => "Right's",
    }
}

fn simplest_reason(lo: Option<&Dyadic>, hi: Option<&Dyadic>, value: &Dyadic) -> Simplest {
    let zero = Dyadic::zero();
    if lo.is_none_or(|l| *l < zero) && hi.is_none_or(|h| *h > zero) {
        Simplest::Zero
    } else if value.is_integer() {
        Simplest::Integer
    } else {
        Simplest::Denominator(BigInt::from(1) << value.exponent())
    }
}

fn simplicity_sentence(
    lo: &Option<Dyadic>,
    hi: &Option<Dyadic>,
    value: &Dyadic,
    why: &Simplest,
) -> String {
    let between = match (lo, hi) {
        (None, None) => return "Neither player has a move, so G = { | } = 0.".to_string(),
        (Some(l), Some(h)) => format!(
            "every option is a number and {l} < {h}, so by the Simplicity Principle G is the simplest number strictly between {l} and {h}"
        ),
        (Some(l), None) => format!(
            "every option is a number and only Left can move, so by the Simplicity Principle G is the simplest number greater than {l}"
        ),
        (None, Some(h)) => format!(
            "every option is a number and only Right can move, so by the Simplicity Principle G is the simplest number less than {h}"
        ),
    };
    let reason = match why {
        Simplest::NoOptions | Simplest::Zero => {
            "0 fits, and 0 is the simplest number of all".to_string()
        }
        Simplest::Integer => {
            format!("0 does not fit, and {value} is the integer nearest 0 that does")
        }
        Simplest::Denominator(d) => {
            if *d == BigInt::from(2) {
                format!("no integer fits, and {value} is the only half that does")
            } else {
                format!(
                    "no integer fits, no number with a denominator below {d} fits either, and {value} is the one with denominator {d} that does"
                )
            }
        }
    };
    let mut s = between;
    if let Some(c) = s.get_mut(0..1) {
        c.make_ascii_uppercase();
    }
    format!("{s}: {reason}.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::theory::testkit::{Lit, arb_lit, game};
    use proptest::prelude::*;

    fn explain(s: &mut GameStore, left: &[&str], right: &[&str]) -> String {
        let l: Vec<GameId> = left.iter().map(|t| game(s, t)).collect();
        let r: Vec<GameId> = right.iter().map(|t| game(s, t)).collect();
        let e = s.canonical_explained(&l, &r);
        s.render_explanation(&e, Style::plain(Notation::Ascii))
    }

    #[test]
    fn numbers_by_the_simplicity_principle() {
        let mut s = GameStore::new();
        assert_eq!(
            explain(&mut s, &["1", "0"], &["2", "3/2"]),
            "G = {1, 0 | 2, 3/2}\n\
             1. Left's option 0 is dominated by 1 (0 <= 1): Left never prefers it, so remove it.\n\
             2. Right's option 2 is dominated by 3/2 (2 >= 3/2): Right never prefers it, so remove it.\n\
             3. Every option is a number and 1 < 3/2, so by the Simplicity Principle G is the simplest number strictly between 1 and 3/2: no integer fits, no number with a denominator below 4 fits either, and 5/4 is the one with denominator 4 that does.\n\
             G = 5/4"
        );
        let t = explain(&mut s, &["0"], &["1"]);
        assert!(
            t.ends_with("no integer fits, and 1/2 is the only half that does.\nG = 1/2"),
            "{t}"
        );
        let t = explain(&mut s, &["2"], &[]);
        assert!(t.contains("simplest number greater than 2: 0 does not fit, and 3 is the integer nearest 0 that does"), "{t}");
        let t = explain(&mut s, &["-1"], &["1"]);
        assert!(t.contains("0 fits") && t.ends_with("G = 0"), "{t}");
        let t = explain(&mut s, &[], &[]);
        assert!(
            t.ends_with("1. Neither player has a move, so G = { | } = 0.\nG = 0"),
            "{t}"
        );
        let t = explain(&mut s, &["1"], &["1"]);
        assert!(t.ends_with("G = 1*"), "{t}");
        let t = explain(&mut s, &["3", "1"], &["-1"]);
        assert!(t.contains("hot game") && t.ends_with("G = {3|-1}"), "{t}");
    }

    #[test]
    fn nimbers_by_the_mex_rule() {
        let mut s = GameStore::new();
        let t = explain(&mut s, &["0", "*", "*3"], &["*3", "*", "0"]);
        assert!(
            t.contains("G = *mex{0, 1, 3} = *2.") && t.ends_with("G = *2"),
            "{t}"
        );
        let t = explain(&mut s, &["0", "*2"], &["0", "*2"]);
        assert!(t.ends_with("G = *"), "{t}");
    }

    #[test]
    fn reversible_options_are_explained() {
        let mut s = GameStore::new();
        // {↑ | ↑}: Left's ↑ reverses through * (* <= G), replaced by *'s Left option 0.
        let t = explain(&mut s, &["^"], &["^"]);
        assert!(
            t.contains("Left's option ^ is reversible through *: Right answers ^ by moving to *, and * <= G."),
            "{t}"
        );
        assert!(
            t.contains("one of Left's options from *: replace ^ by 0."),
            "{t}"
        );
        assert!(t.ends_with("G = ^^*"), "{t}");
        // {0, * | 1}: * reverses through 0 and disappears; then {0 | 1} = 1/2.
        let t = explain(&mut s, &["0", "*"], &["1"]);
        assert!(t.contains("0 has no Left options, so * is removed."), "{t}");
        assert!(t.ends_with("G = 1/2"), "{t}");
        // Nothing to simplify: 1 and {2|1} are incomparable, and no option reverses.
        let t = explain(&mut s, &["{2|1}", "1"], &["-1"]);
        assert!(
            t.contains("1. No option is dominated or reversible any more"),
            "{t}"
        );
        assert!(
            t.ends_with("is the canonical form.\nG = {1,{2|1}|-1}"),
            "{t}"
        );
    }

    fn lits(s: &mut GameStore, v: &[Lit]) -> Vec<GameId> {
        v.iter().map(|x| x.value(s)).collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// Every step is true of the games involved, and the options left at the end have the
        /// same canonical form as the engine finds.
        #[test]
        fn steps_are_sound(a in arb_lit(3, 3)) {
            let mut s = GameStore::new();
            let (l, r) = (lits(&mut s, &a.left), lits(&mut s, &a.right));
            let e = s.canonical_explained(&l, &r);
            prop_assert_eq!(e.result, s.canonical(&l, &r));
            for step in &e.steps {
                match step {
                    Step::Dominated { player: Player::Left, dominated, by } => {
                        prop_assert!(s.leq(*dominated, *by));
                    }
                    Step::Dominated { player: Player::Right, dominated, by } => {
                        prop_assert!(s.leq(*by, *dominated));
                    }
                    Step::Reversible { player: Player::Left, option, through, .. } => {
                        prop_assert!(s.right_options(*option).contains(through));
                        prop_assert!(s.leq(*through, e.result));
                    }
                    Step::Reversible { player: Player::Right, option, through, .. } => {
                        prop_assert!(s.left_options(*option).contains(through));
                        prop_assert!(s.leq(e.result, *through));
                    }
                    Step::Canonical { left, right } => {
                        prop_assert_eq!(s.canonical(left, right), e.result);
                        prop_assert_eq!(s.options(e.result).0.len(), left.len());
                    }
                    Step::Simplicity { value, .. } => {
                        prop_assert_eq!(s.as_number(e.result), Some(value));
                    }
                    Step::Mex { mex, .. } => prop_assert_eq!(s.as_nimber(e.result), Some(*mex)),
                    _ => {}
                }
            }
        }
    }
}
