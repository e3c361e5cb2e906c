//! Compounds of two short games other than the disjunctive sum (Winning Ways ch. 9,
//! "If you can't beat 'em, join 'em!"; Conway, *On Numbers and Games*, ch. 14):
//!
//! - the conjunctive compound `G ∧ H`: the player to move moves in every component, and
//!   play ends as soon as some component has no move for him;
//! - the selective compound `G ∨ H`: the player to move moves in any nonempty set of
//!   components, and play ends when no component has a move for him.
//!
//! Under normal play (the player who cannot move loses) either compound is itself a game,
//! whose options are the compounds of the options:
//! `G ∧ H = {G^L ∧ H^L | G^R ∧ H^R}` and
//! `G ∨ H = {G^L ∨ H, G ∨ H^L, G^L ∨ H^L | …}`. The compound depends on the forms of `G`
//! and `H`, not only on their values (a reversible option changes how long a component
//! lasts), so it is taken of the canonical forms cgt holds; the result is returned as a
//! game (its canonical form), so that `outcome`, comparisons and the rest apply to it.

use super::{Args, Builtin, Topic};
use crate::eval::GameValue;
use crate::eval::error::EvalError;
use crate::eval::host::Host;
use crate::eval::value::Value;
use crate::game::{GameId, GameStore};
use rustc_hash::FxHashMap;

/// Which compound.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Compound {
    Conjunctive,
    Selective,
}

/// The compound of the canonical forms `g` and `h`, as a canonical game; `memo` holds the
/// pairs already done.
pub(crate) fn compound(
    store: &mut GameStore,
    kind: Compound,
    g: GameId,
    h: GameId,
    memo: &mut FxHashMap<(GameId, GameId), GameId>,
) -> GameId {
    if let Some(&v) = memo.get(&(g, h)) {
        return v;
    }
    store.check_interrupt();
    let (gl, gr) = store.options(g);
    let (hl, hr) = store.options(h);
    let mut sides = [Vec::new(), Vec::new()];
    for (side, (a, b)) in [(&gl, &hl), (&gr, &hr)].into_iter().enumerate() {
        let mut out = Vec::new();
        for &x in a.iter() {
            for &y in b.iter() {
                out.push(compound(store, kind, x, y, memo));
            }
        }
        if kind == Compound::Selective {
            for &x in a.iter() {
                out.push(compound(store, kind, x, h, memo));
            }
            for &y in b.iter() {
                out.push(compound(store, kind, g, y, memo));
            }
        }
        sides[side] = out;
    }
    let v = store.canonical(&sides[0], &sides[1]);
    memo.insert((g, h), v);
    v
}

fn run(i: &mut dyn Host, a: &Args, kind: Compound) -> Result<Value, EvalError> {
    let g = i.game_of(&a.values[0], a.span(0))?;
    let h = i.game_of(&a.values[1], a.span(1))?;
    let mut memo = FxHashMap::default();
    Ok(Value::short(compound(&mut i.store, kind, g, h, &mut memo)))
}

pub const CONJUNCTIVE_SUM: Builtin = Builtin {
    name: "conjunctive_sum",
    topic: Topic::Theory,
    params: "g, h",
    min_args: 2,
    max_args: Some(2),
    summary: "the conjunctive compound of short games (Winning Ways ch. 9; ONAG ch. 14): a \
              player moves in both components at once, and play ends, under normal play, as \
              soon as one component has no move for the player to move; taken of the \
              canonical forms, as the game {G^L ∧ H^L | G^R ∧ H^R}, so outcome(…) gives who \
              wins",
    example: ("outcome(conjunctive_sum(*2, *3))", "N"),
    run: |i, a| run(i, a, Compound::Conjunctive),
};

pub const SELECTIVE_SUM: Builtin = Builtin {
    name: "selective_sum",
    topic: Topic::Theory,
    params: "g, h",
    min_args: 2,
    max_args: Some(2),
    summary: "the selective compound of short games (Winning Ways ch. 9; ONAG ch. 14): a \
              player moves in one component or in both, and play ends, under normal play, \
              when neither component has a move for the player to move; taken of the \
              canonical forms, as the game {G^L ∨ H, G ∨ H^L, G^L ∨ H^L | …}, so outcome(…) \
              gives who wins",
    example: ("outcome(selective_sum(*, *))", "N"),
    run: |i, a| run(i, a, Compound::Selective),
};

pub const ORDINAL_PRODUCT: Builtin = Builtin {
    name: "ordinal_product",
    topic: Topic::Theory,
    params: "g, h",
    min_args: 2,
    max_args: Some(2),
    summary: "the ordinal product G ⊛ H of CGSuite (Game.OrdinalProduct): \
              {G⊛H^L : G^L, G⊛H^R : -G^R | G⊛H^L : G^R, G⊛H^R : -G^L}, where each ordinal \
              sum has the form G⊛H' as its base; it depends on the forms of G and H, so an \
              explicit form '{…}' is taken as written and any other game in its canonical \
              form; on ordinals it is ordinal multiplication (m ⊛ n = mn, *m ⊛ *n = *(mn)); \
              the result is a game (its canonical form)",
    example: ("ordinal_product(*2, *2)", "*4"),
    run: |i, a| {
        let g = crate::eval::explicit::form_of(i, &a.values[0], a.span(0))?;
        let h = crate::eval::explicit::form_of(i, &a.values[1], a.span(1))?;
        Ok(Value::Game(GameValue::Short(
            i.store().ordinal_product_value(&g, &h),
        )))
    },
};

/// Adds the built-ins of this file to the table, in the order `:help` lists them.
pub(super) fn register(r: &mut super::Registry) {
    r.add(CONJUNCTIVE_SUM);
    r.add(SELECTIVE_SUM);
    r.add(ORDINAL_PRODUCT);
}

#[cfg(test)]
mod tests {
    //! Outcomes of the compounds against a game-tree search that plays them out: a
    //! position is a pair of canonical forms and the player to move, a move is chosen by
    //! the definition of the compound, and the player without a move loses.
    use super::*;
    use crate::game::Outcome;
    use proptest::prelude::*;

    /// Whether the player to move (`left`) wins the compound at the pair `(g, h)`.
    fn mover_wins(
        s: &mut GameStore,
        kind: Compound,
        g: GameId,
        h: GameId,
        left: bool,
        seen: &mut FxHashMap<(GameId, GameId, bool), bool>,
    ) -> bool {
        if let Some(&w) = seen.get(&(g, h, left)) {
            return w;
        }
        let pick = |s: &mut GameStore, x: GameId| {
            let (l, r) = s.options(x);
            if left { l.to_vec() } else { r.to_vec() }
        };
        let (a, b) = (pick(s, g), pick(s, h));
        // Every position the mover can reach, with `None` for a component left alone.
        let mut moves: Vec<(GameId, GameId)> = Vec::new();
        let firsts: Vec<Option<GameId>> = a.iter().map(|&x| Some(x)).chain([None]).collect();
        let seconds: Vec<Option<GameId>> = b.iter().map(|&y| Some(y)).chain([None]).collect();
        for x in &firsts {
            for y in &seconds {
                let allowed = match kind {
                    Compound::Conjunctive => x.is_some() && y.is_some(),
                    Compound::Selective => x.is_some() || y.is_some(),
                };
                if allowed {
                    moves.push((x.unwrap_or(g), y.unwrap_or(h)));
                }
            }
        }
        let win = moves
            .into_iter()
            .any(|(x, y)| !mover_wins(s, kind, x, y, !left, seen));
        seen.insert((g, h, left), win);
        win
    }

    /// A random short game of small birthday, built from random option lists.
    fn arb_game(s: &mut GameStore, seed: &[u8]) -> GameId {
        let mut pool = vec![s.zero()];
        for chunk in seed.chunks(2) {
            let (l, r) = (chunk[0], *chunk.get(1).unwrap_or(&0));
            let choose = |mask: u8, pool: &[GameId]| -> Vec<GameId> {
                pool.iter()
                    .enumerate()
                    .filter(|(k, _)| mask & (1 << (k % 8)) != 0)
                    .map(|(_, &g)| g)
                    .collect()
            };
            let left = choose(l, &pool);
            let right = choose(r, &pool);
            let g = s.canonical(&left, &right);
            pool.push(g);
        }
        *pool.last().expect("the pool starts with 0")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]
        #[test]
        fn compound_outcomes_match_game_tree_search(
            a in proptest::collection::vec(any::<u8>(), 1..7),
            b in proptest::collection::vec(any::<u8>(), 1..7),
            selective in any::<bool>(),
        ) {
            let mut s = GameStore::new();
            let (g, h) = (arb_game(&mut s, &a), arb_game(&mut s, &b));
            let kind = if selective { Compound::Selective } else { Compound::Conjunctive };
            let value = compound(&mut s, kind, g, h, &mut FxHashMap::default());
            let mut seen = FxHashMap::default();
            let left_first = mover_wins(&mut s, kind, g, h, true, &mut seen);
            let right_first = mover_wins(&mut s, kind, g, h, false, &mut seen);
            let expected = match (left_first, right_first) {
                (true, true) => Outcome::N,
                (true, false) => Outcome::L,
                (false, true) => Outcome::R,
                (false, false) => Outcome::P,
            };
            prop_assert_eq!(s.outcome(value), expected);
        }
    }
}
