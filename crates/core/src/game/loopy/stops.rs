//! What CGSuite asks of a single loopy game besides its value: its options and
//! followers, its stops (pseudonumbers), and the predicates defined from them
//! (CGSuite's `CanonicalStopper`: `LeftStop`, `IsInfinitesimal`, `IsNumberish`,
//! `IsNumberTiny`; Siegel, *Combinatorial Game Theory*, VI.2 for stops of stoppers).

use super::graph::Graph;
use super::{LoopyError, LoopyGame, Vertex, simplify};
use crate::game::{Dyadic, GameStore};

/// Which way a pseudonumber `x + over` or `x + under` leans from `x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tilt {
    Under,
    Exact,
    Over,
}

/// A pseudonumber: `off`, a number `x`, `x + over`, `x + under`, or `on` (Siegel VI.2;
/// CGSuite's `Pseudonumber`). These are the values the stops of a stopper take; they are
/// totally ordered, `x + under < x < x + over` below every larger number.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Pseudonumber {
    Off,
    Number(Dyadic, Tilt),
    On,
}

impl Pseudonumber {
    /// The strong stop: `x + over` and `x + under` read as `x` (CGSuite's `strongStop`).
    pub fn strong(&self) -> Pseudonumber {
        match self {
            Pseudonumber::Number(x, _) => Pseudonumber::Number(x.clone(), Tilt::Exact),
            other => other.clone(),
        }
    }

    /// The number `x` when this is `x`, `x + over` or `x + under`.
    pub fn number(&self) -> Option<&Dyadic> {
        match self {
            Pseudonumber::Number(x, _) => Some(x),
            _ => None,
        }
    }

    /// The pseudonumber as a game.
    pub fn to_game(&self, store: &mut GameStore) -> LoopyGame {
        match self {
            Pseudonumber::Off => LoopyGame::off(),
            Pseudonumber::On => LoopyGame::on(),
            Pseudonumber::Number(x, tilt) => {
                let id = store.number(x.clone());
                let x = LoopyGame::from_short(store, id);
                match tilt {
                    Tilt::Exact => x,
                    Tilt::Over => x.sum_in(&LoopyGame::over(), store),
                    Tilt::Under => x.sum_in(&LoopyGame::under(), store),
                }
            }
        }
    }
}

/// The number at a vertex that reaches no cycle and is a number, if it is one.
fn number_at(g: &Graph, v: Vertex, store: &mut GameStore) -> Option<Dyadic> {
    let sub = g.restrict(v);
    if sub.has_cycle() {
        return None;
    }
    let id = LoopyGame::plain(sub).to_short(store)?;
    store.as_number(id).cloned()
}

/// The pseudonumber a vertex of a simplest stopper is, read from its form as CGSuite
/// does (`IsPseudonumber`): a number, `on = {pass|}`, `off = {|pass}`,
/// `x + over = {x|pass}`, `x + under = {pass|x}`.
pub(super) fn pseudonumber_at(g: &Graph, v: Vertex, store: &mut GameStore) -> Option<Pseudonumber> {
    if let Some(x) = number_at(g, v, store) {
        return Some(Pseudonumber::Number(x, Tilt::Exact));
    }
    let (l, r) = (&g.left[v as usize], &g.right[v as usize]);
    let pass = |side: &[Vertex]| side == [v];
    match (l.as_slice(), r.as_slice()) {
        (_, []) if pass(l) => Some(Pseudonumber::On),
        ([], _) if pass(r) => Some(Pseudonumber::Off),
        ([a], _) if pass(r) => number_at(g, *a, store).map(|x| Pseudonumber::Number(x, Tilt::Over)),
        (_, [b]) if pass(l) => {
            number_at(g, *b, store).map(|x| Pseudonumber::Number(x, Tilt::Under))
        }
        _ => None,
    }
}

/// The stops of every position of a simplest stopper, computed on demand: a pseudonumber
/// is its own stop, else the left stop is the largest right stop of a Left option and the
/// right stop the smallest left stop of a Right option (CGSuite's `LeftStop`). In a
/// stopper every alternating line of play ends, so the recursion ends.
struct Stops<'a> {
    g: &'a Graph,
    pseudo: Vec<Option<Option<Pseudonumber>>>,
    memo: Vec<[Option<Pseudonumber>; 2]>,
}

impl Stops<'_> {
    fn pseudo(&mut self, v: Vertex, store: &mut GameStore) -> Option<Pseudonumber> {
        if let Some(p) = &self.pseudo[v as usize] {
            return p.clone();
        }
        let p = pseudonumber_at(self.g, v, store);
        self.pseudo[v as usize] = Some(p.clone());
        p
    }

    /// The left stop (`left`) or right stop of vertex `v`.
    fn stop(&mut self, v: Vertex, left: bool, store: &mut GameStore) -> Pseudonumber {
        store.check_interrupt();
        let side = usize::from(!left);
        if let Some(s) = &self.memo[v as usize][side] {
            return s.clone();
        }
        let s = if let Some(p) = self.pseudo(v, store) {
            p
        } else {
            let options = if left {
                self.g.left[v as usize].clone()
            } else {
                self.g.right[v as usize].clone()
            };
            let stops = options.iter().map(|&w| self.stop(w, !left, store));
            // A side without moves is a loss for the player to move there; a simplest
            // stopper other than a pseudonumber always has moves on both sides, so these
            // bounds are never the answer, only the start of the fold.
            if left {
                stops.fold(Pseudonumber::Off, |a, b| a.max(b))
            } else {
                stops.fold(Pseudonumber::On, |a, b| a.min(b))
            }
        };
        self.memo[v as usize][side] = Some(s.clone());
        s
    }
}

impl LoopyGame {
    /// The one graph of the game, or an error naming `what` for a value given by its
    /// sides (`S & T` has no game graph of its own).
    fn single_graph(&self, what: &str) -> Result<&Graph, LoopyError> {
        if self.is_single() {
            Ok(&self.on)
        } else {
            Err(LoopyError::NoGraph(what.into()))
        }
    }

    /// The Left options (`left`) or Right options of the game's start position, each as
    /// a game; a pass is the game itself.
    pub fn options(&self, left: bool) -> Result<Vec<LoopyGame>, LoopyError> {
        let g = self.single_graph(if left {
            "left_options"
        } else {
            "right_options"
        })?;
        let targets = if left { &g.left[0] } else { &g.right[0] };
        Ok(targets
            .iter()
            .map(|&w| LoopyGame::plain(g.restrict(w)))
            .collect())
    }

    /// Every position of the game's graph, the game first (for a simplest form, its
    /// distinct followers, as CGSuite's `Followers`).
    pub fn followers(&self) -> Result<Vec<LoopyGame>, LoopyError> {
        let g = self.single_graph("followers")?;
        Ok(g.reachable_from(&[0])
            .into_iter()
            .map(|v| LoopyGame::plain(g.restrict(v)))
            .collect())
    }

    /// The number of positions of the game's graph (CGSuite's `FollowerCount`: the
    /// vertices of the simplest form).
    pub fn follower_count(&self) -> Result<usize, LoopyError> {
        Ok(self
            .single_graph("follower_count")?
            .reachable_from(&[0])
            .len())
    }

    /// The left and right stops of a stopper, as pseudonumbers.
    pub fn stops(&self, store: &mut GameStore) -> Result<(Pseudonumber, Pseudonumber), LoopyError> {
        if !self.is_stopper() {
            return Err(LoopyError::NotStopper("a stop".into()));
        }
        let g = simplify::simplest_stopper(&self.on, store);
        let mut s = Stops {
            g: &g,
            pseudo: vec![None; g.len()],
            memo: vec![[None, None]; g.len()],
        };
        let left = s.stop(0, true, store);
        let right = s.stop(0, false, store);
        Ok((left, right))
    }

    /// Whether the game has a value the predicates can test: it is a stopper, or both its
    /// sides are (an error only when finding a side failed for another reason, e.g. it
    /// would take too long). A game that is not stopper-sided, such as Bach's Carousel,
    /// is no number, nimber or infinitesimal: CGSuite's `NormalValue` answers `false` to
    /// `IsInfinitesimal`, `IsInteger`, `IsNimber`, `IsNumberish`, `IsUptimal`, `IsZero`
    /// and `IsIdempotent` unless a subclass knows better (NormalValue.scala).
    pub fn has_stopper_sides(&self, store: &mut GameStore) -> Result<bool, LoopyError> {
        if self.is_stopper() {
            return Ok(true);
        }
        for side in [self.onside(store), self.offside(store)] {
            match side {
                Ok(_) => {}
                Err(LoopyError::NotStopperSided(_)) => return Ok(false),
                Err(e) => return Err(e),
            }
        }
        Ok(true)
    }

    /// The sides to test a value predicate on: the stopper itself, or both sides.
    fn stopper_sides(&self, store: &mut GameStore) -> Result<Vec<LoopyGame>, LoopyError> {
        if self.is_stopper() {
            return Ok(vec![self.clone()]);
        }
        Ok(vec![self.onside(store)?, self.offside(store)?])
    }

    /// Whether `-x < G < x` for every positive number `x`: for a stopper, both strong
    /// stops are 0 (CGSuite's `IsInfinitesimal`); for `S & T`, both sides are
    /// infinitesimal (since `G ≤ x` for a number means `S ≤ x` and `T ≤ x`).
    pub fn is_infinitesimal(&self, store: &mut GameStore) -> Result<bool, LoopyError> {
        if !self.has_stopper_sides(store)? {
            return Ok(false);
        }
        let zero = Pseudonumber::Number(Dyadic::zero(), Tilt::Exact);
        for side in self.stopper_sides(store)? {
            let (l, r) = side.stops(store)?;
            if l.strong() != zero || r.strong() != zero {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether the game is a number plus an infinitesimal: for a stopper, its strong stops
    /// are the same number (CGSuite's `IsNumberish`); for `S & T`, both sides are, with
    /// the same number.
    pub fn is_numberish(&self, store: &mut GameStore) -> Result<bool, LoopyError> {
        if !self.has_stopper_sides(store)? {
            return Ok(false);
        }
        let mut all = Vec::new();
        for side in self.stopper_sides(store)? {
            let (l, r) = side.stops(store)?;
            all.push(l.strong());
            all.push(r.strong());
        }
        Ok(all[0].number().is_some() && all.iter().all(|s| *s == all[0]))
    }

    /// Whether a stopper is `x + Tiny(G)` or `x + Miny(G)`: `{x || x | y}` with
    /// `y - x ≤ under`, or its mirror image (CGSuite's `IsNumberTiny`). A value given by
    /// its sides is not.
    pub fn is_number_tiny(&self, store: &mut GameStore) -> bool {
        if !self.is_stopper() {
            return false;
        }
        let g = simplify::simplest_stopper(&self.on, store);
        number_tiny_at(&g, 0, store).is_some()
    }
}

/// A number-tiny position `v` of a simplest stopper: `(x, sub, tiny)` for `x + Tiny(sub)`
/// (`tiny`) or `x + Miny(sub)`, where `sub = x - y` for `{x || x | y}` (and mirrored).
pub(crate) fn number_tiny_at(
    g: &Graph,
    v: Vertex,
    store: &mut GameStore,
) -> Option<(Dyadic, LoopyGame, bool)> {
    for tiny in [true, false] {
        let (lo, ro) = sides(g, v, tiny);
        let ([a], [b]) = (lo, ro) else {
            continue;
        };
        let Some(x) = number_at(g, *a, store) else {
            continue;
        };
        let (blo, bro) = sides(g, *b, tiny);
        let ([c], [d]) = (blo, bro) else {
            continue;
        };
        if number_at(g, *c, store).as_ref() != Some(&x) || *d == *b || *d == v {
            continue;
        }
        // y - x ≤ under, seen from the player the game favours.
        let y = LoopyGame::plain(g.restrict(*d));
        let y = if tiny { y } else { y.neg() };
        let x_id = store.number(x.clone());
        let x_id = if tiny { x_id } else { store.neg(x_id) };
        let minus_x = LoopyGame::from_short(store, x_id).neg();
        let diff = y.sum_in(&minus_x, store);
        if diff.leq(&LoopyGame::under(), store).unwrap_or(false) {
            let sub = diff.neg().simplify(store);
            return Some((x, sub, tiny));
        }
    }
    None
}

/// Left and Right options of `v`, exchanged when not `as_is`.
fn sides(g: &Graph, v: Vertex, as_is: bool) -> (&[Vertex], &[Vertex]) {
    let (l, r) = (
        g.left[v as usize].as_slice(),
        g.right[v as usize].as_slice(),
    );
    if as_is { (l, r) } else { (r, l) }
}

impl LoopyGame {
    /// The ordinal sum `G : H = {G^L, G : H^L | G^R, G : H^R}` (Winning Ways ch. 2 for
    /// short games; CGSuite's `OrdinalSum` of stoppers): a move in the base `G` removes
    /// `H`, a move in `H` keeps `G`. On graphs: a copy of `G`, and one vertex `G : h` for
    /// each position `h` of `H`, with the base's moves and `h`'s moves (so `1 : off`,
    /// `{0 | 1 : off}`, is `over`).
    pub fn ordinal_sum(&self, h: &LoopyGame) -> Result<LoopyGame, LoopyError> {
        let g = self.single_graph("an ordinal sum")?;
        let hg = h.single_graph("an ordinal sum")?;
        let m = hg.len() as Vertex;
        let shift = |list: &[Vertex]| list.iter().map(|&w| w + m).collect::<Vec<_>>();
        let mut out = Graph::with_vertices(hg.len() + g.len());
        for k in 0..hg.len() {
            out.left[k] = shift(&g.left[0]);
            out.left[k].extend(&hg.left[k]);
            out.right[k] = shift(&g.right[0]);
            out.right[k].extend(&hg.right[k]);
        }
        for v in 0..g.len() {
            out.left[hg.len() + v] = shift(&g.left[v]);
            out.right[hg.len() + v] = shift(&g.right[v]);
        }
        out.normalise();
        Ok(LoopyGame::plain(out.restrict(0)))
    }
}
