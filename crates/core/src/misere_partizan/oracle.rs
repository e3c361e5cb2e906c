//! The tests' oracle: game trees as plain nested lists and their misère outcomes by a
//! search of the literal trees, sharing nothing with the store of forms (no ids, no
//! sorting into sets, no memo of the implementation). Sums are searched as lists of
//! components; a position's key is its text.

use rustc_hash::FxHashMap;
use std::rc::Rc;

/// A game tree: Left's options and Right's, and its text (made once, the search's key).
#[derive(Clone, Debug)]
pub struct Tree(pub Rc<(Vec<Tree>, Vec<Tree>, Rc<str>)>);

impl Tree {
    pub fn new(l: Vec<Tree>, r: Vec<Tree>) -> Tree {
        let side = |v: &[Tree]| {
            let mut t: Vec<&str> = v.iter().map(|x| &*x.0.2).collect();
            t.sort_unstable();
            t.join(",")
        };
        let text = format!("{{{}|{}}}", side(&l), side(&r));
        Tree(Rc::new((l, r, text.into())))
    }

    pub fn zero() -> Tree {
        Tree::new(vec![], vec![])
    }

    pub fn left(&self) -> &[Tree] {
        &self.0.0
    }

    pub fn right(&self) -> &[Tree] {
        &self.0.1
    }

    /// `{a,b|c}`, options in their texts' order (a key: equal texts, equal trees up to
    /// the order of options).
    pub fn text(&self) -> String {
        self.0.2.to_string()
    }

    fn key(&self) -> Rc<str> {
        self.0.2.clone()
    }

    /// Every position of the tree, itself included.
    pub fn positions(&self, out: &mut Vec<Tree>) {
        out.push(self.clone());
        for o in self.left().iter().chain(self.right()) {
            o.positions(out);
        }
    }

    /// A dicot: every position has moves for both or for neither.
    pub fn is_dicot(&self) -> bool {
        let mut all = Vec::new();
        self.positions(&mut all);
        all.iter()
            .all(|p| p.left().is_empty() == p.right().is_empty())
    }

    /// Dead-ending: in every position with no Left move, no later position has one
    /// (and the same for Right).
    pub fn is_dead_ending(&self) -> bool {
        let mut all = Vec::new();
        self.positions(&mut all);
        all.iter().all(|p| {
            let mut later = Vec::new();
            p.positions(&mut later);
            (!p.left().is_empty() || later.iter().all(|q| q.left().is_empty()))
                && (!p.right().is_empty() || later.iter().all(|q| q.right().is_empty()))
        })
    }
}

/// The misère outcomes of sums of trees, by search.
#[derive(Default)]
pub struct Oracle {
    memo: FxHashMap<(Vec<Rc<str>>, bool), bool>,
}

impl Oracle {
    /// Whether the player (`left`) wins the sum of `parts` moving first, misère play.
    pub fn wins(&mut self, parts: &[Tree], left: bool) -> bool {
        let mut key: Vec<Rc<str>> = parts.iter().map(Tree::key).collect();
        key.sort();
        if let Some(&w) = self.memo.get(&(key.clone(), left)) {
            return w;
        }
        let mut has_move = false;
        let mut wins = false;
        'search: for (i, p) in parts.iter().enumerate() {
            let opts = if left { p.left() } else { p.right() };
            for o in opts {
                has_move = true;
                let mut after = parts.to_vec();
                after[i] = o.clone();
                if !self.wins(&after, !left) {
                    wins = true;
                    break 'search;
                }
            }
        }
        let w = !has_move || wins;
        self.memo.insert((key, left), w);
        w
    }

    /// The outcome as (Left wins first, Right wins first).
    pub fn outcome(&mut self, parts: &[Tree]) -> (bool, bool) {
        (self.wins(parts, true), self.wins(parts, false))
    }
}

/// Every tree born by `day` (options any sets of trees born by the day before).
pub fn born_by(day: u32) -> Vec<Tree> {
    let mut trees = vec![Tree::zero()];
    for _ in 0..day {
        let n = trees.len();
        let mut next = Vec::new();
        for lm in 0..(1u32 << n) {
            for rm in 0..(1u32 << n) {
                let pick = |m: u32| {
                    (0..n)
                        .filter(|k| m >> k & 1 == 1)
                        .map(|k| trees[k].clone())
                        .collect()
                };
                next.push(Tree::new(pick(lm), pick(rm)));
            }
        }
        trees = next;
    }
    trees
}

/// `o(g + x) ≥ o(h + x)` for every `x` of `xs` (outcomes as Left's and Right's first-move
/// wins: better for Left means Left wins more and Right wins less).
pub fn geq_on(o: &mut Oracle, g: &Tree, h: &Tree, xs: &[Tree]) -> bool {
    xs.iter().all(|x| {
        let (gl, gr) = o.outcome(&[g.clone(), x.clone()]);
        let (hl, hr) = o.outcome(&[h.clone(), x.clone()]);
        (!hl || gl) && (!gr || hr)
    })
}
