//! Loopy partizan games: finite game graphs in which play may return to a position
//! (Winning Ways ch. 11, "Games infinite and indefinite"; Siegel, *Combinatorial Game
//! Theory*, ch. VI; Siegel, "Coping with cycles", Games of No Chance 3).
//!
//! - [`LoopyGame::outcome`]: who wins, draws included, by retrograde analysis;
//! - stoppers (no infinite alternating play): comparison by survival and the simplest form;
//! - stopper-sided games `S & T`: onsides and offsides by sidling, upsums and downsums;
//! - printing in CGSuite's notation, with `pass` and labels `a{0|a}` for cycles.
//!
//! A [`LoopyGame`] carries two graphs: one whose onside is the game's onside and one whose
//! offside is its offside. For a game built from moves they are the same graph; they differ
//! only for a value given by its sides (`on & off`), which need not have a graph of its own.
//! Everything that asks who wins reads the onside graph with infinite play counted for
//! Left and the offside graph with it counted for Right, which for one graph is the plain
//! analysis.

mod builder;
mod canon;
#[cfg(test)]
mod canon_tests;
mod compare;
mod display;
mod display_size;
#[cfg(test)]
mod display_size_tests;
mod graph;
mod outcome;
mod pairs;
mod side_compare;
mod side_memo;
#[cfg(test)]
mod side_memo_tests;
#[cfg(test)]
mod side_order_tests;
mod side_shrink;
#[cfg(test)]
mod side_shrink_tests;
mod sides;
mod sides_below;
#[cfg(test)]
mod sides_below_tests;
mod simplify;
mod stability;
#[cfg(test)]
mod stability_tests;
mod stops;
mod svg;
#[cfg(test)]
mod tests;
mod varieties;

pub use builder::GraphBuilder;
pub use outcome::{LoopyOutcome, Winner};
pub use stops::{Pseudonumber, Tilt};

use crate::game::{GameId, GameStore};
use graph::Graph;
use std::fmt;

/// A vertex of a graph under construction ([`GraphBuilder`]).
pub type Vertex = u32;

/// Why a loopy-game operation has no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopyError {
    /// The operation is defined for stoppers only.
    NotStopper(String),
    /// The operation needs the onside and offside to be stoppers.
    NotStopperSided(String),
    /// `S & T` needs `S ≥ T`.
    SidesOutOfOrder,
    /// The search for the sides would take too long.
    TooComplex(String),
    /// The variety is not defined for this stopper (its degree is not an idempotent, or
    /// the two formulas for it disagree: a counterexample to the Stability Conjecture).
    NoVariety(String),
    /// The operation reads the game graph, and a value `S & T` given by its sides has none.
    NoGraph(String),
    /// The operation is defined for idempotents (`D + D = D`) only.
    NotIdempotent(String),
}

impl fmt::Display for LoopyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyError::NotStopper(what) => write!(
                f,
                "{what} needs a stopper (a game without infinite alternating play), and this game is not one"
            ),
            LoopyError::NotStopperSided(why) => write!(
                f,
                "the game is not stopper-sided (its onside and offside must be stoppers): {why}"
            ),
            LoopyError::SidesOutOfOrder => write!(
                f,
                "in S & T the onside S must be at least the offside T, and it is not"
            ),
            LoopyError::TooComplex(why) => write!(f, "too complex: {why}"),
            LoopyError::NoVariety(why) => write!(f, "the variety is not defined here: {why}"),
            LoopyError::NoGraph(what) => write!(
                f,
                "{what} reads the game graph, and a value S & T given by its sides has none; \
                 ask onside(g) or offside(g)"
            ),
            LoopyError::NotIdempotent(what) => write!(
                f,
                "{what} needs idempotents (games with D + D = D, such as 0, over, on), and a \
                 game given is not one"
            ),
        }
    }
}

impl std::error::Error for LoopyError {}

/// A loopy game: a finite game graph and its start position, with value semantics.
///
/// See the module documentation for the pair of graphs it carries.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LoopyGame {
    /// The graph deciding the onside, start vertex 0.
    pub(crate) on: Graph,
    /// The graph deciding the offside, start vertex 0.
    pub(crate) off: Graph,
    /// The sides once found (see [`side_memo`]); not part of the value.
    memo: side_memo::SideMemo,
}

/// A one-vertex-at-a-time description used by the named games: `(left, right)` targets.
fn from_lists(vertices: &[(&[Vertex], &[Vertex])]) -> LoopyGame {
    let g = Graph {
        left: vertices.iter().map(|(l, _)| l.to_vec()).collect(),
        right: vertices.iter().map(|(_, r)| r.to_vec()).collect(),
    };
    LoopyGame::plain(g.restrict(0))
}

impl LoopyGame {
    pub(crate) fn plain(g: Graph) -> LoopyGame {
        LoopyGame {
            on: g.clone(),
            off: g,
            memo: Default::default(),
        }
    }

    pub(crate) fn from_graphs(on: Graph, off: Graph) -> LoopyGame {
        LoopyGame {
            on,
            off,
            memo: Default::default(),
        }
    }

    /// Whether the game is given by one graph (always, except for values built by
    /// [`sided`] and sums with them).
    fn is_single(&self) -> bool {
        self.on == self.off
    }

    /// `on = {pass|}`: Left can always move and Right never can (Winning Ways ch. 11).
    pub fn on() -> LoopyGame {
        from_lists(&[(&[0], &[])])
    }

    /// `off = {|pass}`, the negative of `on`.
    pub fn off() -> LoopyGame {
        from_lists(&[(&[], &[0])])
    }

    /// `dud = {pass|pass}`, the "deathless universal draw": `on & off`.
    pub fn dud() -> LoopyGame {
        from_lists(&[(&[0], &[0])])
    }

    /// `over = {0|pass}`: positive but less than every positive number.
    pub fn over() -> LoopyGame {
        from_lists(&[(&[1], &[0]), (&[], &[])])
    }

    /// `under = {pass|0}`, the negative of `over`.
    pub fn under() -> LoopyGame {
        from_lists(&[(&[0], &[1]), (&[], &[])])
    }

    /// `upon = {pass|*}` (Winning Ways ch. 11; CGSuite's `upon`).
    pub fn upon() -> LoopyGame {
        from_lists(&[(&[0], &[1]), (&[2], &[2]), (&[], &[])])
    }

    /// `uponth = {0 | -upon*} = {0 || 0 | 0, pass}` (CGSuite's `^<on>`; Siegel VI.5's
    /// "upon-th"), which is to `upon` as `↑²` is to `↑`.
    pub fn uponth() -> LoopyGame {
        // 0: uponth, 1: -upon* = {0 | 0, pass}, 2: 0.
        from_lists(&[(&[2], &[1]), (&[2], &[2, 1]), (&[], &[])])
    }

    /// `tis = {tisn|}` with `tisn = {|tis}` (Winning Ways ch. 11): `tis = 1 & 0`.
    pub fn tis() -> LoopyGame {
        from_lists(&[(&[1], &[]), (&[], &[0])])
    }

    /// `tisn = {|tis}`: `tisn = 0 & -1`.
    pub fn tisn() -> LoopyGame {
        from_lists(&[(&[], &[1]), (&[0], &[])])
    }

    /// The short game `g` as a loop-free graph.
    pub fn from_short(store: &mut GameStore, g: GameId) -> LoopyGame {
        let mut b = GraphBuilder::new();
        let v = b.short(store, g);
        b.finish(v)
    }

    /// Whether no position can be reached again: the game is short.
    pub fn is_loopfree(&self) -> bool {
        self.is_single() && !self.on.has_cycle()
    }

    /// The canonical form of the game if it is loop-free.
    pub fn to_short(&self, store: &mut GameStore) -> Option<GameId> {
        if !self.is_single() {
            return None;
        }
        let order = self.on.options_first_order()?;
        let mut value = vec![None; self.on.len()];
        for v in order {
            store.check_interrupt();
            let get = |w: &Vertex| value[*w as usize].expect("options come first");
            let l: Vec<GameId> = self.on.left[v as usize].iter().map(get).collect();
            let r: Vec<GameId> = self.on.right[v as usize].iter().map(get).collect();
            value[v as usize] = Some(store.canonical(&l, &r));
        }
        value[0]
    }

    /// `-G`: Left and Right exchange roles (and onside and offside).
    pub fn neg(&self) -> LoopyGame {
        LoopyGame::from_graphs(self.off.negate(), self.on.negate())
    }

    /// `G + H`: the graph of pairs of positions reachable from the pair of starts, a move
    /// being a move in one component. (Use [`LoopyGame::sum_in`] to let Ctrl-C stop a
    /// large product.)
    pub fn sum(&self, other: &LoopyGame) -> LoopyGame {
        let store = GameStore::new();
        LoopyGame::from_graphs(
            self.on.product(&other.on, &store).restrict(0),
            self.off.product(&other.off, &store).restrict(0),
        )
    }

    /// `G + H`, answering Ctrl-C through the store while the product is built.
    pub fn sum_in(&self, other: &LoopyGame, store: &GameStore) -> LoopyGame {
        LoopyGame::from_graphs(
            self.on.product(&other.on, store).restrict(0),
            self.off.product(&other.off, store).restrict(0),
        )
    }

    /// Who wins with each player moving first; infinite play is a draw.
    ///
    /// For a value given by its sides, Left wins moving first when she wins the offside
    /// graph with infinite play counted for Right, Right wins when he wins the onside graph
    /// with infinite play counted for Left, and otherwise play is drawn.
    pub fn outcome(&self, store: &GameStore) -> LoopyOutcome {
        let (on_l, on_r) = outcome::solve(&self.on, store)[0];
        if self.is_single() {
            return LoopyOutcome {
                left_first: on_l,
                right_first: on_r,
            };
        }
        let (off_l, off_r) = outcome::solve(&self.off, store)[0];
        let pick = |strict_left: Winner, strict_right: Winner| {
            if strict_left == Winner::Left {
                Winner::Left
            } else if strict_right == Winner::Right {
                Winner::Right
            } else {
                Winner::Draw
            }
        };
        LoopyOutcome {
            left_first: pick(off_l, on_l),
            right_first: pick(off_r, on_r),
        }
    }

    /// Whether no infinite alternating play starts anywhere in the game (Siegel VI.1).
    pub fn is_stopper(&self) -> bool {
        self.is_single() && !self.on.has_alternating_cycle()
    }

    /// Whether the onside and offside are stoppers, as far as sidling finds them.
    pub fn is_stopper_sided(&self, store: &mut GameStore) -> bool {
        self.onside(store).is_ok() && self.offside(store).is_ok()
    }

    /// The onside `G⁺`, in simplest form.
    pub fn onside(&self, store: &mut GameStore) -> Result<LoopyGame, LoopyError> {
        self.onside_graph(store).map(LoopyGame::plain)
    }

    /// The offside `G⁻`, in simplest form.
    pub fn offside(&self, store: &mut GameStore) -> Result<LoopyGame, LoopyError> {
        self.offside_graph(store).map(LoopyGame::plain)
    }

    /// The onside's graph, found once (see [`side_memo`]).
    fn onside_graph(&self, store: &GameStore) -> Result<Graph, LoopyError> {
        self.memo
            .onside
            .get_or_init(|| sides::onside(&self.on, store))
            .clone()
    }

    /// The offside's graph, found once; for a game given by one graph that is its own
    /// negative, the negative of the onside (see [`side_memo`]).
    fn offside_graph(&self, store: &GameStore) -> Result<Graph, LoopyError> {
        self.memo
            .offside
            .get_or_init(|| {
                if self.is_single() && side_memo::is_own_negative(&self.on, store) {
                    self.onside_graph(store)
                        .map(|s| s.negate())
                        .map_err(sides::as_offside_error)
                } else {
                    sides::offside(&self.off, store)
                }
            })
            .clone()
    }

    /// `G ≤ H`: for stoppers, Left survives `H − G` moving second; for stopper-sided games,
    /// `G⁺ ≤ H⁺` and `G⁻ ≤ H⁻` (Siegel VI.4).
    pub fn leq(&self, other: &LoopyGame, store: &mut GameStore) -> Result<bool, LoopyError> {
        if self.is_stopper() && other.is_stopper() {
            return Ok(compare::geq(&other.on, &self.on, store));
        }
        let (a_on, a_off) = self.sides(store)?;
        let (b_on, b_off) = other.sides(store)?;
        Ok(compare::geq(&b_on, &a_on, store) && compare::geq(&b_off, &a_off, store))
    }

    /// `G = H`: `G ≤ H` and `H ≤ G`.
    pub fn equals(&self, other: &LoopyGame, store: &mut GameStore) -> Result<bool, LoopyError> {
        Ok(self.leq(other, store)? && other.leq(self, store)?)
    }

    /// Both sides, in simplest form.
    fn sides(&self, store: &mut GameStore) -> Result<(Graph, Graph), LoopyError> {
        if self.is_stopper() {
            return Ok((self.on.clone(), self.on.clone()));
        }
        Ok((self.onside_graph(store)?, self.offside_graph(store)?))
    }

    /// The simplest form: for a stopper its canonical (simplest) form, unique up to
    /// isomorphism and equal to the canonical short form when loop-free; for a
    /// stopper-sided game the pair of its simplified sides (a stopper if they are equal);
    /// otherwise the graph with indistinguishable positions merged.
    ///
    /// The result is marked as simplified, and simplifying it again is a copy; when it is
    /// the game's own graph (nothing merged), the sides found (or not found) are kept with
    /// it (see `side_memo`).
    pub fn simplify(&self, store: &mut GameStore) -> LoopyGame {
        if self.memo.simplest {
            return self.clone();
        }
        let simplest = |on: Graph, off: Graph| LoopyGame {
            on,
            off,
            memo: side_memo::SideMemo::simplest(),
        };
        if self.is_stopper() {
            let s = simplify::simplest_stopper(&self.on, store);
            return simplest(s.clone(), s);
        }
        if let Ok((on, off)) = self.sides(store) {
            if compare::geq(&on, &off, store) && compare::geq(&off, &on, store) {
                return simplest(on.clone(), on);
            }
            // A game given by one graph keeps a graph of its own (its minimised form),
            // so that it can still be an option of another game.
            return simplest(on, off);
        }
        // Merged by bisimulation; a graph where nothing merges (and every vertex is
        // reached) is kept as it is, with the sides found on it.
        let minimise = |g: &Graph| {
            let (q, block) = g.bisimulation_quotient(store);
            if q.len() == g.len() && g.reachable_from(&[0]).len() == g.len() {
                return (g.clone(), true);
            }
            (q.restrict(block[0]), false)
        };
        let (on, on_kept) = minimise(&self.on);
        let (off, off_kept) = minimise(&self.off);
        LoopyGame {
            on,
            off,
            memo: self.memo.handed_on(on_kept, off_kept),
        }
    }

    /// `G ↑+ H`, the upsum: the onside of `G⁺ + H⁺` (Siegel VI.4; for stoppers, the onside
    /// of the sum).
    pub fn upsum(&self, other: &LoopyGame, store: &mut GameStore) -> Result<LoopyGame, LoopyError> {
        let (a, _) = self.sides(store)?;
        let (b, _) = other.sides(store)?;
        let sum = a.product(&b, store).restrict(0);
        sides::onside(&sum, store).map(LoopyGame::plain)
    }

    /// `G ↓+ H`, the downsum: the offside of `G⁻ + H⁻`.
    pub fn downsum(
        &self,
        other: &LoopyGame,
        store: &mut GameStore,
    ) -> Result<LoopyGame, LoopyError> {
        let (_, a) = self.sides(store)?;
        let (_, b) = other.sides(store)?;
        let sum = a.product(&b, store).restrict(0);
        sides::offside(&sum, store).map(LoopyGame::plain)
    }

    /// The degree of loopiness: `0` for a loop-free game; for a stopper `G ↑+ (−G)`, the
    /// onside of `G − G` (CGSuite's `Degree`; Winning Ways ch. 11; Siegel VI.5), checked
    /// against CGSuite's published values (`deg(over) = over`, `deg(off) = on`,
    /// `deg{-1/4*|pass} = ^<on>`, Siegel's 4-cycle). For a game that is only
    /// stopper-sided, `G⁺ ↑+ (−G⁻)`, the onside of `G⁺ − G⁻` (`deg(dud) = on`): CGSuite
    /// defines the degree for stoppers only, and this extension is ours.
    pub fn degree(&self, store: &mut GameStore) -> Result<LoopyGame, LoopyError> {
        if self.is_loopfree() {
            return Ok(LoopyGame::plain(Graph::with_vertices(1)));
        }
        let (on, off) = self.sides(store)?;
        let sum = on.product(&off.negate(), store).restrict(0);
        sides::onside(&sum, store).map(LoopyGame::plain)
    }

    /// The variety of a stopper `G` of degree `D` (Winning Ways ch. 11, "varieties";
    /// Siegel VI.5; CGSuite's `Variety`): `D` must be an idempotent (`D + D = D`), and then
    /// the upsum variety `G ↑+ ((−G) ↓+ (−D))` and the downsum variety
    /// `G ↓+ ((−G) ↑+ D)` are computed. The Stability Conjecture says they are always
    /// equal, and their common value is the variety; if they differ the game is a
    /// counterexample and the answer is an error saying so. A loop-free game has degree 0
    /// and variety 0; `variety(on) = on`.
    ///
    /// Only stoppers have a variety here (as in CGSuite): for a game that is merely
    /// stopper-sided the result is an error.
    pub fn variety(&self, store: &mut GameStore) -> Result<LoopyGame, LoopyError> {
        if !self.is_stopper() {
            return Err(LoopyError::NotStopper("the variety".into()));
        }
        let d = self.degree(store)?;
        if !d.sum_in(&d, store).equals(&d, store)? {
            return Err(LoopyError::NoVariety(
                "the degree of this game is not an idempotent (D + D = D fails)".into(),
            ));
        }
        let minus = self.neg();
        let up = self.upsum(&minus.downsum(&d.neg(), store)?, store)?;
        let down = self.downsum(&minus.upsum(&d, store)?, store)?;
        if !up.equals(&down, store)? {
            return Err(LoopyError::NoVariety(
                "its upsum and downsum varieties differ (upsum_variety and downsum_variety \
                 show both); the Stability Conjecture (Siegel VI.5) says they agree, so either \
                 this game is a counterexample or cgt's sides of a sum are wrong here; please \
                 report this game"
                    .into(),
            ));
        }
        Ok(up)
    }

    /// Whether the only cycles of the graph are passes (CGSuite's `isPlumtree`: "a tree
    /// decorated with occasional pass moves"; Siegel VI.3). Plumtrees are stopper-sided.
    pub fn is_plumtree(&self) -> bool {
        self.is_single() && self.on.only_passes_cycle()
    }

    /// The game in CGSuite's notation (see `display`).
    pub fn display(&self, store: &mut GameStore, unicode: bool) -> String {
        display::display(self, store, unicode)
    }
}

/// `onside & offside`: the stopper-sided value with these sides (Winning Ways ch. 11).
/// Both must be stoppers with `onside ≥ offside`; equal sides give the stopper itself.
/// The value is a separate kind of [`LoopyGame`] carrying the two stoppers as its two
/// graphs: it can be added, negated, compared and embedded in a larger game, and its
/// [`LoopyGame::outcome`] is read from the sides.
///
/// ```
/// use cgt_core::game::GameStore;
/// use cgt_core::game::loopy::{LoopyGame, sided};
/// let mut s = GameStore::new();
/// let d = sided(&LoopyGame::on(), &LoopyGame::off(), &mut s).unwrap();
/// assert!(d.equals(&LoopyGame::dud(), &mut s).unwrap());
/// ```
pub fn sided(
    onside: &LoopyGame,
    offside: &LoopyGame,
    store: &mut GameStore,
) -> Result<LoopyGame, LoopyError> {
    if !onside.is_stopper() || !offside.is_stopper() {
        return Err(LoopyError::NotStopper("S & T".into()));
    }
    let s = simplify::simplest_stopper(&onside.on, store);
    let t = simplify::simplest_stopper(&offside.on, store);
    if !compare::geq(&s, &t, store) {
        return Err(LoopyError::SidesOutOfOrder);
    }
    if compare::geq(&t, &s, store) {
        return Ok(LoopyGame::plain(s));
    }
    Ok(LoopyGame::from_graphs(s, t))
}
