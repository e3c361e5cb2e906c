//! Coordinate games (CGSuite's `CoordinateRuleset` and `PartizanCoordinateRuleset`): a
//! position is a pair of whole numbers `(a, b)`, a piece on a quarter-infinite board, and
//! a move takes it by one of a set of vectors toward the corner `(0, 0)`. The vector
//! `dx,dy` moves the piece from `(a, b)` to `(a - dx, b - dy)`; written `dx,dy+` it may be
//! taken any positive number of times in one move (a slide, as a queen moves). A move must
//! stay on the board (both numbers at least 0), and every vector must bring the piece
//! nearer the corner (`dx + dy ≥ 1`; one number may grow, as a knight's move `2,-1`), so
//! every game is short.
//!
//! - `coordinate_game(moves, a, b)`: both players move by the same vectors (impartial).
//!   Wythoff's game is `"1,0+ 0,1+ 1,1+"` (the queen), Nim on two heaps `"1,0+ 0,1+"`
//!   (the rook); `"queen"`, `"rook"` and `"king"` (`"1,0 0,1 1,1"`) name these sets.
//! - `partizan_coordinate_game(left, right, a, b)`: Left moves by one set, Right by another.
//!
//! The vectors are separated by spaces or `;`. A position is written with its sets and
//! numbers, `"1,0+ 0,1+ 1,1+", 3, 5`, and shown as the call. When each player's vectors are
//! the same with `dx` and `dy` exchanged, so is the value of `(a, b)` and `(b, a)`, and the
//! normal form puts the smaller number first. The picture is the board from the corner to
//! the piece (up to 30 squares a side; a larger position is drawn as its two numbers).

use std::sync::Arc;

use super::RulesetError;
use super::picture::{BoardPicture, Picture, Square};
use super::registry::{Arg, MAX_SIZE, parameter};
use super::ruleset::Ruleset;

/// The longest side of the board drawn square by square.
const MAX_DRAWN_SIDE: u32 = 30;

/// One vector of a move set: the piece goes from `(a, b)` to `(a - dx, b - dy)`, once or
/// (`slide`) any positive number of times.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    pub dx: i32,
    pub dy: i32,
    pub slide: bool,
}

/// A player's vectors, as written and as read.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveSet {
    written: String,
    steps: Vec<Step>,
}

impl MoveSet {
    /// Reads `"1,0+ 0,1+ 1,1+"` or one of the names `queen`, `rook`, `king`.
    pub fn read(text: &str) -> Result<MoveSet, RulesetError> {
        let trimmed = text.trim();
        let (spelled, named) = match trimmed {
            "queen" => ("1,0+ 0,1+ 1,1+", true),
            "rook" => ("1,0+ 0,1+", true),
            "king" => ("1,0 0,1 1,1", true),
            other => (other, false),
        };
        // "1, 0" is one vector: spaces next to a comma are dropped first.
        let mut compact = String::with_capacity(spelled.len());
        for c in spelled.chars() {
            if c.is_whitespace() && (compact.ends_with(',') || compact.ends_with('-')) {
                continue;
            }
            if c == ',' {
                while compact.ends_with(char::is_whitespace) {
                    compact.pop();
                }
            }
            compact.push(c);
        }
        let mut steps = Vec::new();
        for token in compact
            .split(|c: char| c.is_whitespace() || c == ';')
            .filter(|t| !t.is_empty())
        {
            steps.push(read_step(token)?);
        }
        if steps.is_empty() {
            return Err(RulesetError::BadShape(format!(
                "expected vectors such as \"1,0+ 0,1+ 1,1+\", found {text:?}"
            )));
        }
        steps.sort_unstable();
        steps.dedup();
        if named {
            let written = trimmed.to_string();
            return Ok(MoveSet { written, steps });
        }
        let written = steps
            .iter()
            .map(|s| format!("{},{}{}", s.dx, s.dy, if s.slide { "+" } else { "" }))
            .collect::<Vec<_>>()
            .join(" ");
        Ok(MoveSet { written, steps })
    }

    /// Whether exchanging `dx` and `dy` gives the same vectors.
    fn is_symmetric(&self) -> bool {
        self.steps.iter().all(|s| {
            let t = Step {
                dx: s.dy,
                dy: s.dx,
                slide: s.slide,
            };
            self.steps.contains(&t)
        })
    }
}

/// One vector `dx,dy` or `dx,dy+`.
fn read_step(token: &str) -> Result<Step, RulesetError> {
    let bad = |why: &str| RulesetError::BadShape(format!("{why}: {token:?}"));
    let (body, slide) = match token.strip_suffix(['+', '*']) {
        Some(body) => (body, true),
        None => (token, false),
    };
    let (dx, dy) = body
        .split_once(',')
        .ok_or_else(|| bad("expected a vector dx,dy (dx,dy+ for any multiple)"))?;
    let number = |s: &str| -> Result<i32, RulesetError> {
        let n: i32 = s
            .parse()
            .map_err(|_| bad("expected a vector of two whole numbers"))?;
        if i64::from(n).unsigned_abs() > MAX_SIZE {
            return Err(bad("a vector's numbers are at most 1000"));
        }
        Ok(n)
    };
    let (dx, dy) = (number(dx)?, number(dy)?);
    if dx + dy < 1 {
        return Err(RulesetError::refused(format!(
            "the vector {token} does not bring the piece nearer the corner (dx + dy must be at least 1, or the game could go on for ever)"
        )));
    }
    Ok(Step { dx, dy, slide })
}

/// Both players' move sets (the same set twice for an impartial game).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sides {
    sets: [MoveSet; 2],
    symmetric: bool,
}

impl Sides {
    fn new(left: MoveSet, right: MoveSet) -> Sides {
        let symmetric = left.is_symmetric() && right.is_symmetric();
        Sides {
            sets: [left, right],
            symmetric,
        }
    }
}

/// A position: the move sets and the piece's place `(a, b)`.
pub type Place = (Arc<Sides>, u32, u32);

/// The rules of a coordinate game, impartial (one move set) or partizan (two).
#[derive(Clone, Copy, Debug)]
pub struct CoordinateRules {
    pub partizan: bool,
}

impl CoordinateRules {
    /// The sides from the written sets (one for an impartial game, two for a partizan one).
    fn sides(&self, sets: &[&str]) -> Result<Sides, RulesetError> {
        match (self.partizan, sets) {
            (false, [both]) => {
                let set = MoveSet::read(both)?;
                Ok(Sides::new(set.clone(), set))
            }
            (true, [left, right]) => Ok(Sides::new(MoveSet::read(left)?, MoveSet::read(right)?)),
            _ => Err(RulesetError::BadShape(
                "the wrong number of move sets".into(),
            )),
        }
    }

    fn example(&self) -> &'static str {
        if self.partizan {
            "partizan_coordinate_game(\"1,1+\", \"rook\", 1, 1)"
        } else {
            "coordinate_game(\"queen\", 3, 4)"
        }
    }
}

/// Splits at the commas outside quotes.
fn split_outside_quotes(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut start, mut quoted) = (0, false);
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

impl Ruleset for CoordinateRules {
    type Position = Place;

    fn name(&self) -> &'static str {
        if self.partizan {
            "partizan_coordinate_game"
        } else {
            "coordinate_game"
        }
    }

    fn visit_moves(&self, (sides, a, b): &Place, left: bool, visit: &mut dyn FnMut(&Place)) {
        let set = &sides.sets[usize::from(!left)];
        for step in &set.steps {
            let (mut x, mut y) = (i64::from(*a), i64::from(*b));
            loop {
                x -= i64::from(step.dx);
                y -= i64::from(step.dy);
                // The sum x + y drops at every step, so neither number passes a + b.
                if x < 0 || y < 0 {
                    break;
                }
                visit(&(sides.clone(), x as u32, y as u32));
                if !step.slide {
                    break;
                }
            }
        }
    }

    fn is_impartial(&self) -> bool {
        !self.partizan
    }

    fn normal_form(&self, (sides, a, b): &Place) -> (Place, bool) {
        if sides.symmetric && b < a {
            ((sides.clone(), *b, *a), false)
        } else {
            ((sides.clone(), *a, *b), false)
        }
    }

    fn is_dead(&self, (_, a, b): &Place) -> bool {
        *a == 0 && *b == 0
    }

    /// The board from the corner `(0, 0)` (top left) to the piece at row `a`, column `b`.
    fn picture(&self, (_, a, b): &Place) -> Option<Picture> {
        if *a > MAX_DRAWN_SIDE || *b > MAX_DRAWN_SIDE {
            return super::picture::impartial::heaps(&[u64::from(*a), u64::from(*b)]).ok();
        }
        let (rows, cols) = (*a as usize + 1, *b as usize + 1);
        let mut squares = vec![Square::Empty; rows * cols];
        squares[rows * cols - 1] = Square::Green;
        Some(
            BoardPicture {
                rows,
                cols,
                squares,
                labels: Vec::new(),
            }
            .into(),
        )
    }

    fn about(&self) -> Option<super::registry::About> {
        use super::registry::{About, ArgForm};
        Some(if self.partizan {
            About {
                params: "left moves, right moves, a, b",
                summary: "a partizan coordinate game (CGSuite's PartizanCoordinateRuleset): a piece at (a, b); Left moves it by a vector of her set, Right of his (sets as in coordinate_game)",
                example: (self.example(), "{0|-1}"),
                args: ArgForm::Custom { min: 1, max: 4 },
            }
        } else {
            About {
                params: "moves, a, b",
                summary: "a coordinate game (CGSuite's CoordinateRuleset): a piece at (a, b) moves by a vector dx,dy of the set to (a - dx, b - dy), dx,dy+ any multiple (\"queen\" is Wythoff's game; impartial)",
                example: (self.example(), "*2"),
                args: ArgForm::Custom { min: 1, max: 3 },
            }
        })
    }

    fn of_args(&self, args: &[Arg]) -> Result<Place, RulesetError> {
        let sets = if self.partizan { 2 } else { 1 };
        match args {
            [Arg::Text(text)] => self.parse(text).map_err(|e| e.at_arg(0)),
            _ if args.len() == sets + 2 => {
                let mut written = Vec::with_capacity(sets);
                for (k, arg) in args[..sets].iter().enumerate() {
                    written.push(
                        arg.text("vectors such as \"1,0+ 0,1+\"")
                            .map_err(|e| e.at_arg(k))?,
                    );
                }
                let sides = self.sides(&written).map_err(|e| e.at_arg(0))?;
                let a = parameter(args, sets, "a", 0)?;
                let b = parameter(args, sets + 1, "b", 0)?;
                Ok((Arc::new(sides), a, b))
            }
            _ => Err(RulesetError::refused(format!(
                "{} takes {} and the two numbers: {}",
                self.name(),
                if self.partizan {
                    "Left's and Right's vectors"
                } else {
                    "the vectors"
                },
                self.example()
            ))),
        }
    }

    fn text_is_arguments(&self) -> bool {
        true
    }

    fn text(&self, (sides, a, b): &Place) -> String {
        if self.partizan {
            format!(
                "\"{}\", \"{}\", {a}, {b}",
                sides.sets[0].written, sides.sets[1].written
            )
        } else {
            format!("\"{}\", {a}, {b}", sides.sets[0].written)
        }
    }

    /// Reads `"1,0+ 0,1+", 3, 5` (one quoted set, or two for the partizan game).
    fn parse(&self, text: &str) -> Result<Place, RulesetError> {
        let parts = split_outside_quotes(text);
        let sets = if self.partizan { 2 } else { 1 };
        if parts.len() != sets + 2 {
            return Err(RulesetError::BadShape(format!(
                "expected {} and two numbers, as in {}; found {text:?}",
                if self.partizan {
                    "two quoted sets"
                } else {
                    "a quoted set"
                },
                self.example()
            )));
        }
        let written: Vec<&str> = parts[..sets]
            .iter()
            .map(|s| s.trim().trim_matches('"'))
            .collect();
        let sides = self.sides(&written)?;
        let number = |s: &str| -> Result<u32, RulesetError> {
            let n: u32 = s
                .trim()
                .parse()
                .map_err(|_| RulesetError::BadShape(format!("{s:?} is not a whole number")))?;
            if u64::from(n) > MAX_SIZE {
                return Err(RulesetError::refused(format!(
                    "{n} is larger than {MAX_SIZE}"
                )));
            }
            Ok(n)
        };
        Ok((
            Arc::new(sides),
            number(parts[sets])?,
            number(parts[sets + 1])?,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    const IMPARTIAL: CoordinateRules = CoordinateRules { partizan: false };
    const PARTIZAN: CoordinateRules = CoordinateRules { partizan: true };

    fn nimber(n: u32) -> String {
        match n {
            0 => "0".into(),
            1 => "*".into(),
            n => format!("*{n}"),
        }
    }

    /// CGSuite's `GameHeapTest.scala` ("define coordinate games properly"): Wythoff's game
    /// at (10, n) for n = 0..20, and the 30 options of (10, 10).
    #[test]
    fn the_queen_is_wythoffs_game() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(IMPARTIAL);
        let row: Vec<String> = (0..=20)
            .map(|n| solver.shown(&mut store, &format!("\"queen\", 10, {n}")))
            .collect();
        let cgsuite = [
            10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14, 18, 7, 6, 2, 3, 1, 4, 5, 23, 28,
        ];
        let expected: Vec<String> = cgsuite.iter().map(|&n| nimber(n)).collect();
        assert_eq!(row, expected);
        let p = IMPARTIAL
            .parse("\"queen\", 10, 10")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(IMPARTIAL.moves(&p, true).len(), 30);
    }

    /// The rook is Nim on two heaps: `*a + *b` = `*(a xor b)` (Bouton 1901).
    #[test]
    fn the_rook_is_nim() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(IMPARTIAL);
        for a in 0..12u32 {
            for b in 0..12u32 {
                let shown = solver.shown(&mut store, &format!("\"rook\", {a}, {b}"));
                assert_eq!(shown, nimber(a ^ b), "({a}, {b})");
            }
        }
    }

    /// By hand: Left slides diagonally, Right moves as a rook. On the edge (0, n) only
    /// Right moves, to (0, k) for every k < n: by induction (0, n) = `{|-(n-1), …, 0}` = -n.
    /// (1, 1): Left to (0, 0) = 0; Right to (0, 1) = -1 or (1, 0) = -1 (the same on the
    /// other edge). So `{0|-1}`.
    #[test]
    fn hand_checked_partizan_values() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(PARTIZAN);
        assert_eq!(
            solver.shown(&mut store, "\"1,1+\", \"rook\", 1, 1"),
            "{0|-1}"
        );
        assert_eq!(solver.shown(&mut store, "\"1,1+\", \"rook\", 0, 3"), "-3");
        assert_eq!(solver.shown(&mut store, "\"1,1+\", \"rook\", 3, 0"), "-3");
    }

    #[test]
    fn agrees_with_the_definition() {
        let mut store = GameStore::new();
        let mut memo = FxHashMap::default();
        for (rules, text) in [
            (IMPARTIAL, "\"king\""),
            (IMPARTIAL, "\"2,-1 -1,2 1,1+\""),
            (PARTIZAN, "\"1,0+ 2,-1\", \"0,1 1,1+\""),
            (PARTIZAN, "\"queen\", \"1,0\""),
        ] {
            let mut solver = Solver::new(rules);
            for a in 0..9 {
                for b in 0..9 {
                    let p = rules
                        .parse(&format!("{text}, {a}, {b}"))
                        .unwrap_or_else(|e| panic!("{e}"));
                    let fast = solver.value(&mut store, &p);
                    let slow = value_by_definition(&rules, &mut store, &p, &mut memo);
                    assert_eq!(fast, slow, "{}", rules.text(&p));
                }
            }
        }
    }

    #[test]
    fn bad_sets_are_errors() {
        for text in [
            "\"0,0\", 1, 1",
            "\"1,-1\", 1, 1",
            "\"1\", 1, 1",
            "\"\", 1, 1",
            "\"1,0\", 1",
            "\"1,0\", 1, 1001",
            "\"x,0\", 1, 1",
        ] {
            assert!(IMPARTIAL.parse(text).is_err(), "{text}");
        }
        let p = IMPARTIAL
            .parse("\"1, 0+ ; 0,1+\", 2, 3")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(IMPARTIAL.text(&p), "\"0,1+ 1,0+\", 2, 3");
    }
}
