//! Games on rectangles and staircases from DeVos–Kent: Chop, Cut-Cake, Chomp, and
//! Pick-Up-Bricks.
//!
//! Sizes are written `m × n` = `m` rows by `n` columns, as in DeVos–Kent.
//!
//! - Chop (Game 1.2, impartial): an `m × n` plank secured at its lower left corner; a move
//!   chops it along a grid line and the piece no longer attached to the corner falls off, so
//!   `m × n` moves to `m' × n` (`1 ≤ m' < m`) or `m × n'` (`1 ≤ n' < n`): `*(m-1) ⊕ *(n-1)`.
//! - Cut-Cake (Game 2.1, partizan): Louise (Left) cuts a piece vertically, Richard (Right)
//!   horizontally; a `1 × n` piece is `n - 1`, an `n × 1` piece `-(n - 1)`.
//! - Chomp (Game 1.3, impartial): the lower left square is poisoned; a move eats a
//!   non-poisoned square and every square above and to the right of it; the last player to
//!   eat a non-poisoned square wins, so the lone poisoned square `1 × 1` is `0`.
//! - Pick-Up-Bricks (Game 1.1, impartial): take one or two bricks: `*(n mod 3)`.

use std::collections::HashMap;

use super::RulesetError;
use super::registry::Arg;
use super::ruleset::{Ruleset, Solver};
use crate::game::{GameId, GameStore};

/// The canonical form of `m × n` Chop, computed from its options (not from the formula).
pub fn chop(store: &mut GameStore, m: usize, n: usize) -> GameId {
    if m == 0 || n == 0 {
        return store.zero();
    }
    // table[i][j] = value of (i+1) × (j+1).
    let mut table: Vec<Vec<GameId>> = Vec::with_capacity(m);
    for i in 0..m {
        let mut row: Vec<GameId> = Vec::with_capacity(n);
        for j in 0..n {
            let mut opts: Vec<GameId> = (0..i).map(|k| table[k][j]).collect();
            opts.extend_from_slice(&row[..j]);
            row.push(store.canonical(&opts, &opts));
        }
        table.push(row);
    }
    table[m - 1][n - 1]
}

/// Pick-Up-Bricks with `n` bricks: remove one or two.
pub fn pick_up_bricks(store: &mut GameStore, n: usize) -> GameId {
    let mut values = vec![store.zero()];
    for k in 1..=n {
        let opts: Vec<GameId> = (1..=2.min(k)).map(|t| values[k - t]).collect();
        values.push(store.canonical(&opts, &opts));
    }
    values[n]
}

/// The canonical form of an `m × n` piece of Cut-Cake (`m` rows, `n` columns): Louise's
/// vertical cuts split the columns, Richard's horizontal cuts split the rows.
pub fn cutcake(store: &mut GameStore, m: usize, n: usize) -> GameId {
    Solver::new(CutCakeRules).value(store, &vec![(m, n)])
}

/// The canonical form of a sum of Cut-Cake pieces `(rows, columns)`.
pub fn cutcake_sum(store: &mut GameStore, pieces: &[(usize, usize)]) -> GameId {
    Solver::new(CutCakeRules).value(store, &pieces.to_vec())
}

/// Cut-Cake with a table of pieces already valued (valid for one store), computed apart
/// from [`CutCakeRules`]: an independent check of it.
#[derive(Debug, Default)]
pub struct CutCake {
    memo: HashMap<(usize, usize), GameId>,
}

impl CutCake {
    /// The value of one `m × n` piece.
    pub fn piece(&mut self, store: &mut GameStore, m: usize, n: usize) -> GameId {
        if m == 0 || n == 0 {
            return store.zero();
        }
        if let Some(&v) = self.memo.get(&(m, n)) {
            return v;
        }
        store.check_interrupt();
        let mut left = Vec::new();
        for a in 1..n {
            let x = self.piece(store, m, a);
            let y = self.piece(store, m, n - a);
            left.push(store.add(x, y));
        }
        let mut right = Vec::new();
        for b in 1..m {
            let x = self.piece(store, b, n);
            let y = self.piece(store, m - b, n);
            right.push(store.add(x, y));
        }
        let v = store.canonical(&left, &right);
        self.memo.insert((m, n), v);
        crate::progress::position_solved();
        v
    }
}

/// A Chomp position: row lengths from the bottom (poisoned) row up, weakly decreasing,
/// all positive. The poisoned square is `(0, 0)`.
pub type Shape = Vec<usize>;

/// The rectangle `m × n` (`m` rows of `n`).
pub fn rectangle(m: usize, n: usize) -> Shape {
    if n == 0 { Vec::new() } else { vec![n; m] }
}

/// Checks a staircase: positive, weakly decreasing row lengths from the bottom row.
pub fn staircase(rows: &[usize]) -> Result<Shape, RulesetError> {
    if rows.contains(&0) {
        return Err(RulesetError::BadShape("a row of length 0".into()));
    }
    if rows.windows(2).any(|w| w[1] > w[0]) {
        return Err(RulesetError::BadShape(format!(
            "row lengths {rows:?} must weakly decrease from the bottom row"
        )));
    }
    Ok(rows.to_vec())
}

/// The positions reachable in one Chomp move: eat `(r, c)` and everything above and right.
pub fn chomp_moves(shape: &[usize]) -> Vec<Shape> {
    let mut out = Vec::new();
    for (r, &len) in shape.iter().enumerate() {
        for c in 0..len {
            if r == 0 && c == 0 {
                continue;
            }
            let mut s: Shape = shape
                .iter()
                .enumerate()
                .map(|(i, &l)| if i >= r { l.min(c) } else { l })
                .collect();
            while s.last() == Some(&0) {
                s.pop();
            }
            out.push(s);
        }
    }
    out
}

/// A Chomp solver by Grundy values memoized by shape, apart from [`ChompRules`]: an
/// independent check of it.
#[derive(Debug, Default)]
pub struct Chomp {
    memo: HashMap<Shape, u64>,
}

impl Chomp {
    /// The Grundy value of a staircase `shape` (an empty shape, with no poisoned square
    /// left, is also `0`).
    /// `store` is only asked whether the computation was interrupted.
    pub fn grundy(&mut self, store: &GameStore, shape: &[usize]) -> u64 {
        if let Some(&g) = self.memo.get(shape) {
            return g;
        }
        store.check_interrupt();
        let values: Vec<u64> = chomp_moves(shape)
            .iter()
            .map(|s| self.grundy(store, s))
            .collect();
        let g = crate::impartial::grundy::mex(values);
        self.memo.insert(shape.to_vec(), g);
        crate::progress::position_solved();
        g
    }
}

/// The canonical form (a nimber) of the `m × n` Chomp rectangle.
pub fn chomp(store: &mut GameStore, m: usize, n: usize) -> GameId {
    Solver::new(ChompRules).value(store, &rectangle(m, n))
}

/// The canonical form of Chomp from a staircase: row lengths from the poisoned row up.
pub fn chomp_staircase(store: &mut GameStore, rows: &[usize]) -> Result<GameId, RulesetError> {
    let shape = staircase(rows)?;
    Ok(Solver::new(ChompRules).value(store, &shape))
}

/// `"m, n"` as two sizes.
fn pair(text: &str) -> Result<(usize, usize), RulesetError> {
    let bad = || RulesetError::BadShape(format!("expected \"rows, cols\", found {text:?}"));
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    Ok((
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    ))
}

/// Chop as a [`Ruleset`]: a position is the plank `(rows, cols)`, written `"m, n"`.
/// Transposing a plank changes nothing, so the table keeps each shape once.
#[derive(Clone, Copy, Debug, Default)]
pub struct ChopRules;

impl Ruleset for ChopRules {
    type Position = (usize, usize);

    fn of_sizes(&self, sizes: &[usize]) -> Option<(usize, usize)> {
        match *sizes {
            [m, n] => Some((m, n)),
            _ => None,
        }
    }

    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "rows, cols",
            summary: "Chop (DeVos–Kent): split the bar along a line and keep either part; m×n is *((m-1) xor (n-1))",
            example: ("chop(4, 5)", "*7"),
            args: super::registry::ArgForm::Sizes {
                sizes: &["the number of rows", "the number of columns"],
            },
        })
    }

    fn name(&self) -> &'static str {
        "chop"
    }

    /// Fewer rows first, then fewer columns.
    fn visit_moves(
        &self,
        &(m, n): &(usize, usize),
        _: bool,
        visit: &mut dyn FnMut(&(usize, usize)),
    ) {
        for a in 1..m {
            visit(&(a, n));
        }
        for b in 1..n {
            visit(&(m, b));
        }
    }

    fn is_impartial(&self) -> bool {
        true
    }

    fn normal_form(&self, &(m, n): &(usize, usize)) -> ((usize, usize), bool) {
        ((m.min(n), m.max(n)), false)
    }

    fn is_dead(&self, &(m, n): &(usize, usize)) -> bool {
        m <= 1 && n <= 1
    }

    fn text_is_arguments(&self) -> bool {
        true
    }

    fn picture(&self, &(m, n): &(usize, usize)) -> Option<super::picture::Picture> {
        Some(staircase_picture(&vec![n; m], n, false).into())
    }

    fn text(&self, &(m, n): &(usize, usize)) -> String {
        format!("{m}, {n}")
    }

    fn parse(&self, text: &str) -> Result<(usize, usize), RulesetError> {
        pair(text)
    }
}

/// Cut-Cake as a [`Ruleset`]: a position is a list of pieces `(rows, cols)`, written
/// `"m, n"` for one piece and `"m, n; m, n"` for several; each piece is a component.
/// Transposing a piece swaps the players, so it negates the value.
#[derive(Clone, Copy, Debug, Default)]
pub struct CutCakeRules;

impl Ruleset for CutCakeRules {
    type Position = Vec<(usize, usize)>;

    fn of_sizes(&self, sizes: &[usize]) -> Option<Vec<(usize, usize)>> {
        match *sizes {
            [m, n] => Some(vec![(m, n)]),
            _ => None,
        }
    }

    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "rows, cols",
            summary: "Cut-Cake (DeVos–Kent): Louise cuts vertically, Richard horizontally; a 1×n piece is n-1",
            example: ("cutcake(1, 4)", "3"),
            args: super::registry::ArgForm::Sizes {
                sizes: &["the number of rows", "the number of columns"],
            },
        })
    }

    fn name(&self) -> &'static str {
        "cutcake"
    }

    /// Louise cuts a piece vertically (its columns split), Richard horizontally (its rows
    /// split); the two parts take the piece's place.
    fn visit_moves(
        &self,
        p: &Vec<(usize, usize)>,
        left: bool,
        visit: &mut dyn FnMut(&Vec<(usize, usize)>),
    ) {
        for (k, &(m, n)) in p.iter().enumerate() {
            let cuts: Vec<[(usize, usize); 2]> = if left {
                (1..n).map(|a| [(m, a), (m, n - a)]).collect()
            } else {
                (1..m).map(|b| [(b, n), (m - b, n)]).collect()
            };
            for parts in cuts {
                let mut q = p[..k].to_vec();
                q.extend(parts);
                q.extend_from_slice(&p[k + 1..]);
                visit(&q);
            }
        }
    }

    fn components(&self, p: &Vec<(usize, usize)>) -> Vec<Vec<(usize, usize)>> {
        p.iter()
            .filter(|&&(m, n)| m * n > 1)
            .map(|&piece| vec![piece])
            .collect()
    }

    fn normal_form(&self, p: &Vec<(usize, usize)>) -> (Vec<(usize, usize)>, bool) {
        match *p.as_slice() {
            [(m, n)] if m > n => (vec![(n, m)], true),
            _ => (p.clone(), false),
        }
    }

    /// A `1 × n` piece is `n - 1` (only Louise can cut it, each cut costing her one of
    /// her `n - 1` moves), an `m × 1` piece `-(m - 1)`.
    fn known_value(&self, store: &mut GameStore, p: &Vec<(usize, usize)>) -> Option<GameId> {
        match *p.as_slice() {
            [(1, n)] => Some(store.integer(n as i64 - 1)),
            [(m, 1)] => Some(store.integer(1 - m as i64)),
            _ => None,
        }
    }

    fn written_parts(&self, p: &Vec<(usize, usize)>) -> Vec<Vec<(usize, usize)>> {
        p.iter().map(|&piece| vec![piece]).collect()
    }

    fn text_is_arguments(&self) -> bool {
        true
    }

    fn picture(&self, p: &Vec<(usize, usize)>) -> Option<super::picture::Picture> {
        Some(pieces_picture(p).into())
    }

    fn text(&self, p: &Vec<(usize, usize)>) -> String {
        let pieces: Vec<String> = p.iter().map(|(m, n)| format!("{m}, {n}")).collect();
        pieces.join("; ")
    }

    fn parse(&self, text: &str) -> Result<Vec<(usize, usize)>, RulesetError> {
        if text.trim().is_empty() {
            return Ok(Vec::new());
        }
        text.split(';').map(pair).collect()
    }
}

/// Chomp as a [`Ruleset`]: a position is a staircase of row lengths from the poisoned row
/// up, written `"[4,4,3]"`. Reflecting a staircase in the diagonal through the poisoned
/// square (its conjugate) changes nothing, so the table keeps the smaller of the two.
#[derive(Clone, Copy, Debug, Default)]
pub struct ChompRules;

/// The staircase reflected in the diagonal: its column heights.
fn conjugate(shape: &[usize]) -> Shape {
    let width = shape.first().copied().unwrap_or(0);
    (0..width)
        .map(|c| shape.iter().take_while(|&&len| len > c).count())
        .collect()
}

impl Ruleset for ChompRules {
    type Position = Shape;

    fn name(&self) -> &'static str {
        "chomp"
    }

    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "rows, cols or [row lengths]",
            summary: "Chomp with the poisoned square in a corner: a rows×cols bar, or a staircase of row lengths from the poisoned row up",
            example: ("chomp(2, 3)", "*4"),
            args: super::registry::ArgForm::Custom { min: 1, max: 2 },
        })
    }

    /// `chomp(2, 3)`, the bar of 2 rows of 3 (each side at least 1: the poisoned square
    /// is part of every board), or `chomp([3, 2, 1])`, the staircase of these row lengths
    /// from the poisoned row up.
    fn of_args(&self, args: &[Arg]) -> Result<Shape, RulesetError> {
        use super::registry::MAX_SIZE;
        if let [rows, cols] = args {
            let m = rows
                .size("the number of rows", 1, MAX_SIZE)
                .map_err(|e| e.at_arg(0))?;
            let n = cols
                .size("the number of columns", 1, MAX_SIZE)
                .map_err(|e| e.at_arg(1))?;
            return Ok(rectangle(m, n));
        }
        let [list] = args else {
            return Err(RulesetError::refused(
                "chomp takes rows, cols or a list of row lengths",
            ));
        };
        let at = |e: RulesetError| e.at_arg(0);
        let mut lengths = Vec::new();
        for row in list.items().map_err(at)? {
            let n = row.count("a row length").map_err(at)?;
            if n > MAX_SIZE {
                return Err(at(RulesetError::refused(format!(
                    "row length {n} is larger than {MAX_SIZE}"
                ))));
            }
            lengths.push(n as usize);
        }
        if lengths.is_empty() {
            return Err(at(RulesetError::refused(
                "a Chomp board needs at least one row",
            )
            .with_help(
                "the first row holds the poisoned square, e.g. chomp([3, 2, 1])",
            )));
        }
        staircase(&lengths).map_err(at)
    }

    fn visit_moves(&self, p: &Shape, _: bool, visit: &mut dyn FnMut(&Shape)) {
        for q in chomp_moves(p) {
            visit(&q);
        }
    }

    fn is_impartial(&self) -> bool {
        true
    }

    fn normal_form(&self, p: &Shape) -> (Shape, bool) {
        let c = conjugate(p);
        (if c < *p { c } else { p.clone() }, false)
    }

    fn is_dead(&self, p: &Shape) -> bool {
        p.is_empty() || p == &[1]
    }

    fn text_is_arguments(&self) -> bool {
        true
    }

    fn picture(&self, p: &Shape) -> Option<super::picture::Picture> {
        Some(staircase_picture(p, p.first().copied().unwrap_or(0), !p.is_empty()).into())
    }

    fn text(&self, p: &Shape) -> String {
        let parts: Vec<String> = p.iter().map(usize::to_string).collect();
        format!("[{}]", parts.join(","))
    }

    fn parse(&self, text: &str) -> Result<Shape, RulesetError> {
        let bad =
            || RulesetError::BadShape(format!("expected row lengths like [4,4,3], found {text:?}"));
        let inner = text
            .trim()
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .ok_or_else(bad)?;
        if inner.trim().is_empty() {
            return Ok(Vec::new());
        }
        let rows: Vec<usize> = inner
            .split(',')
            .map(|x| x.trim().parse().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        staircase(&rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Notation, Outcome};

    fn show(s: &mut GameStore, g: GameId) -> String {
        s.display(g, Notation::Ascii)
    }

    #[test]
    fn chop_conformance_and_formula() {
        let mut s = GameStore::new();
        let g = chop(&mut s, 4, 5);
        assert_eq!(show(&mut s, g), "*7");
        for m in 1..=7 {
            for n in 1..=7 {
                let g = chop(&mut s, m, n);
                let want = s.nimber(((m - 1) ^ (n - 1)) as u64);
                assert_eq!(g, want, "chop({m}, {n})");
            }
        }
        let p = pick_up_bricks(&mut s, 7);
        assert_eq!(show(&mut s, p), "*");
        let c = chop(&mut s, 4, 5);
        let sum = s.add(c, p);
        assert_eq!(show(&mut s, sum), "*6");
    }

    #[test]
    fn cutcake_values() {
        let mut s = GameStore::new();
        for n in 1..=8 {
            let g = cutcake(&mut s, 1, n);
            let want = s.integer(n as i64 - 1);
            assert_eq!(g, want);
            let g = cutcake(&mut s, n, 1);
            let want = s.integer(1 - n as i64);
            assert_eq!(g, want);
        }
        // DeVos–Kent Figure 2.8: a 2×3 piece is type P (here 0); squares are 0.
        let g = cutcake(&mut s, 2, 3);
        assert_eq!(s.outcome(g), Outcome::P);
        for k in 1..=6 {
            let g = cutcake(&mut s, k, k);
            assert_eq!(g, s.zero());
        }
        // Transposing swaps the players; every piece is an integer.
        for m in 1..=8 {
            for n in 1..=8 {
                let a = cutcake(&mut s, m, n);
                let b = cutcake(&mut s, n, m);
                let nb = s.neg(b);
                assert_eq!(a, nb);
                assert!(s.is_integer(a), "cutcake({m}, {n}) = {}", show(&mut s, a));
            }
        }
        let sum = cutcake_sum(&mut s, &[(1, 4), (3, 1), (2, 2)]);
        assert_eq!(show(&mut s, sum), "1");
    }

    /// Cut-Cake by the definition on multisets of pieces, without the sum decomposition.
    fn cutcake_naive(
        s: &mut GameStore,
        pieces: &[(usize, usize)],
        memo: &mut HashMap<Vec<(usize, usize)>, GameId>,
    ) -> GameId {
        let mut key: Vec<(usize, usize)> =
            pieces.iter().copied().filter(|&(m, n)| m * n > 1).collect();
        key.sort();
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let mut left = Vec::new();
        let mut right = Vec::new();
        for (i, &(m, n)) in key.iter().enumerate() {
            let rest: Vec<(usize, usize)> = key
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &p)| p)
                .collect();
            for a in 1..n {
                let mut next = rest.clone();
                next.extend([(m, a), (m, n - a)]);
                left.push(cutcake_naive(s, &next, memo));
            }
            for b in 1..m {
                let mut next = rest.clone();
                next.extend([(b, n), (m - b, n)]);
                right.push(cutcake_naive(s, &next, memo));
            }
        }
        let v = s.canonical(&left, &right);
        memo.insert(key, v);
        crate::progress::position_solved();
        v
    }

    #[test]
    fn cutcake_agrees_with_brute_force() {
        let mut s = GameStore::new();
        let mut memo = HashMap::new();
        for m in 1..=4 {
            for n in 1..=4 {
                let a = cutcake(&mut s, m, n);
                let b = cutcake_naive(&mut s, &[(m, n)], &mut memo);
                assert_eq!(a, b, "cutcake({m}, {n})");
            }
        }
    }

    #[test]
    fn chomp_conformance() {
        let mut s = GameStore::new();
        let g = chomp(&mut s, 1, 1);
        assert_eq!(s.outcome(g), Outcome::P);
        let g = chomp(&mut s, 4, 4);
        assert_eq!(s.outcome(g), Outcome::N);
        let g = chomp(&mut s, 1, 5);
        assert_eq!(s.as_nimber(g), Some(4));
        // DeVos–Kent Example 3.16: a 2×3 Chomp array is *4.
        let g = chomp(&mut s, 2, 3);
        assert_eq!(show(&mut s, g), "*4");
        // Strategy stealing: every rectangle but 1×1 is a first-player win.
        for m in 1..=6 {
            for n in 1..=6 {
                let g = chomp(&mut s, m, n);
                let want = if m * n == 1 { Outcome::P } else { Outcome::N };
                assert_eq!(s.outcome(g), want, "chomp({m}, {n})");
                // Transposing a rectangle changes nothing.
                assert_eq!(g, chomp(&mut s, n, m));
            }
        }
        assert!(chomp_staircase(&mut s, &[2, 3]).is_err());
        assert!(chomp_staircase(&mut s, &[3, 0]).is_err());
    }

    /// Chop, Cut-Cake and Chomp on the generic solver agree with the definition (no
    /// components, no symmetries) and with the direct computations of this file, on every
    /// small position.
    #[test]
    fn rulesets_agree_with_the_definition() {
        use crate::rulesets::ruleset::value_by_definition;
        let mut s = GameStore::new();
        let mut chops = Solver::new(ChopRules);
        let mut cakes = Solver::new(CutCakeRules);
        let mut chomps = Solver::new(ChompRules);
        let (mut m1, mut m2, mut m3) = Default::default();
        for m in 1..=5 {
            for n in 1..=5 {
                let fast = chops.value(&mut s, &(m, n));
                let slow = value_by_definition(&ChopRules, &mut s, &(m, n), &mut m1);
                assert_eq!((fast, fast), (slow, chop(&mut s, m, n)), "chop({m}, {n})");
                // Cut-Cake by the definition keeps the pieces in order: small cakes only.
                let p = vec![(m, n)];
                let fast = cakes.value(&mut s, &p);
                if m * n <= 6 {
                    let slow = value_by_definition(&CutCakeRules, &mut s, &p, &mut m2);
                    assert_eq!(fast, slow, "cutcake({m}, {n})");
                }
                assert_eq!(fast, CutCake::default().piece(&mut s, m, n));
                let shape = rectangle(m, n);
                let fast = chomps.value(&mut s, &shape);
                let slow = value_by_definition(&ChompRules, &mut s, &shape, &mut m3);
                let g = Chomp::default().grundy(&s, &shape);
                assert_eq!((fast, fast), (slow, s.nimber(g)), "chomp({m}, {n})");
            }
        }
        // Texts parse back; a cut leaves two pieces.
        assert_eq!(CutCakeRules.parse("2, 1; 2, 2"), Ok(vec![(2, 1), (2, 2)]));
        assert_eq!(CutCakeRules.text(&vec![(2, 1), (2, 2)]), "2, 1; 2, 2");
        assert_eq!(ChompRules.parse("[4,4,3]"), Ok(vec![4, 4, 3]));
        assert!(ChompRules.parse("[3,4]").is_err());
        assert_eq!(conjugate(&[3, 1]), vec![2, 1, 1]);
    }

    /// Chomp by canonical forms from the options (no mex), on every staircase in 3×4.
    #[test]
    fn chomp_agrees_with_canonical_forms() {
        fn canon(s: &mut GameStore, shape: &[usize], memo: &mut HashMap<Shape, GameId>) -> GameId {
            if let Some(&v) = memo.get(shape) {
                return v;
            }
            let opts: Vec<GameId> = chomp_moves(shape)
                .iter()
                .map(|t| canon(s, t, memo))
                .collect();
            let v = s.canonical(&opts, &opts);
            memo.insert(shape.to_vec(), v);
            crate::progress::position_solved();
            v
        }
        let mut s = GameStore::new();
        let mut memo = HashMap::new();
        let mut solver = Chomp::default();
        for a in 1..=4 {
            for b in 0..=a {
                for c in 0..=b {
                    let shape: Shape = [a, b, c].into_iter().filter(|&x| x > 0).collect();
                    let g = chomp_staircase(&mut s, &shape).unwrap();
                    assert_eq!(g, canon(&mut s, &shape, &mut memo), "{shape:?}");
                    assert_eq!(s.as_nimber(g), Some(solver.grundy(&s, &shape)));
                }
            }
        }
    }
}

/// The picture of a staircase of rows (lengths from the bottom row up), row 0 of the
/// picture at the top; squares outside the staircase are shaded, the square `poison`
/// (if any, counted from the bottom left) is drawn as a red disc marked `P`.
fn staircase_picture(
    rows_from_bottom: &[usize],
    width: usize,
    poison: bool,
) -> super::picture::BoardPicture {
    use super::picture::{BoardPicture, Square};
    let height = rows_from_bottom.len();
    let mut squares = Vec::with_capacity(height * width);
    for r in 0..height {
        let row = height - 1 - r;
        for c in 0..width {
            squares.push(if poison && row == 0 && c == 0 {
                Square::Piece {
                    left: false,
                    letter: Some('P'),
                }
            } else if c < rows_from_bottom[row] {
                Square::Empty
            } else {
                Square::Blocked
            });
        }
    }
    BoardPicture {
        rows: height,
        cols: width,
        squares,
        labels: Vec::new(),
    }
}

/// Cut-Cake pieces side by side, bottoms aligned, one shaded column between two pieces.
pub(crate) fn pieces_picture(pieces: &[(usize, usize)]) -> super::picture::BoardPicture {
    use super::picture::{BoardPicture, Square};
    let height = pieces.iter().map(|&(m, _)| m).max().unwrap_or(0);
    let width = pieces.iter().map(|&(_, n)| n).sum::<usize>() + pieces.len().saturating_sub(1);
    let mut squares = vec![Square::Blocked; height * width];
    let mut left = 0;
    for &(m, n) in pieces {
        for r in height - m..height {
            for c in left..left + n {
                squares[r * width + c] = Square::Empty;
            }
        }
        left += n + 1;
    }
    BoardPicture {
        rows: height,
        cols: width,
        squares,
        labels: Vec::new(),
    }
}

#[cfg(test)]
mod picture_tests {
    use super::*;
    use crate::rulesets::picture::{Picture, Square};

    fn board(p: Option<Picture>) -> crate::rulesets::picture::BoardPicture {
        match p {
            Some(Picture::Board(b)) => b,
            other => panic!("expected a board, got {other:?}"),
        }
    }

    #[test]
    fn chomp_draws_its_staircase_with_the_poison_at_the_bottom_left() {
        // [3, 1]: three squares in the bottom row, one above the poison.
        let b = board(ChompRules.picture(&vec![3, 1]));
        assert_eq!((b.rows, b.cols), (2, 3));
        let poison = Square::Piece {
            left: false,
            letter: Some('P'),
        };
        use Square::{Blocked as X, Empty as E};
        assert_eq!(b.squares, vec![E, X, X, poison, E, E]);
    }

    #[test]
    fn cut_cake_pieces_stand_side_by_side_on_one_bottom_line() {
        let b = board(CutCakeRules.picture(&vec![(2, 1), (1, 2)]));
        assert_eq!((b.rows, b.cols), (2, 4));
        use Square::{Blocked as X, Empty as E};
        assert_eq!(b.squares, vec![E, X, X, X, E, X, E, E]);
        let empty = board(CutCakeRules.picture(&Vec::new()));
        assert_eq!((empty.rows, empty.cols), (0, 0));
    }

    #[test]
    fn chop_draws_the_whole_plank() {
        let b = board(ChopRules.picture(&(2, 3)));
        assert_eq!((b.rows, b.cols), (2, 3));
        assert!(b.squares.iter().all(|&s| s == Square::Empty));
    }

    /// `chomp(m, n)` is the bar of `m` rows of `n`, the same position as the list of its
    /// row lengths; a bad argument is blamed on itself.
    #[test]
    fn chomp_arguments() {
        let r = ChompRules;
        let n = |k: i64| Arg::Int(k.into());
        assert_eq!(r.of_args(&[n(2), n(3)]), Ok(vec![3, 3]));
        assert_eq!(r.of_args(&[Arg::List(vec![n(3), n(3)])]), Ok(vec![3, 3]));
        assert_eq!(r.of_args(&[Arg::Set(vec![n(3), n(1)])]), Ok(vec![3, 1]));
        let arg_of = |args: &[Arg]| r.of_args(args).map_err(|e| e.arg());
        assert_eq!(arg_of(&[n(2), n(0)]), Err(Some(1)));
        assert_eq!(arg_of(&[n(1001), n(1)]), Err(Some(0)));
        assert_eq!(arg_of(&[Arg::List(vec![n(3), n(4)])]), Err(Some(0)));
        assert_eq!(arg_of(&[Arg::List(vec![])]), Err(Some(0)));
        assert_eq!(arg_of(&[n(3)]), Err(Some(0)));
        assert!(r.of_args(&[]).is_err());
        let e = r.of_args(&[Arg::List(vec![n(2), Arg::Text("1".into())])]);
        assert_eq!(
            e.map_err(|e| e.to_string()),
            Err("expected an integer, found a string".into())
        );
    }
}
