//! The shortcuts of canonical-form construction (options ordered and compared by their
//! stops, reversals decided by the stops of a form that is not canonical) checked against
//! the plain definitions: comparison by the recursive definition alone, dominated and
//! reversible options by that comparison, on games born by day 3 and sums of games born by
//! day 2.

use crate::game::tests::day_two_and_sums;
use crate::game::{GameId, GameStore, Notation};
use rustc_hash::FxHashMap;

/// A game given by options that are canonical forms: `Id(g)` is `g` itself, `Form(l, r)`
/// is `{l | r}`, not simplified.
#[derive(Clone, Copy)]
enum Side<'a> {
    Id(GameId),
    Form(&'a [GameId], &'a [GameId]),
}

/// Comparison by the definition only (no stops, no number shortcuts, no store memo):
/// `G <= H` iff no `G^L >= H` and no `H^R <= G`. Memoized for pairs of ids.
struct Definition {
    memo: FxHashMap<(GameId, GameId), bool>,
}

impl Definition {
    fn new() -> Definition {
        Definition {
            memo: FxHashMap::default(),
        }
    }

    fn leq(&mut self, s: &mut GameStore, g: Side<'_>, h: Side<'_>) -> bool {
        if let (Side::Id(a), Side::Id(b)) = (g, h)
            && let Some(&r) = self.memo.get(&(a, b))
        {
            return r;
        }
        let gl: Vec<GameId> = match g {
            Side::Id(a) => s.options(a).0.to_vec(),
            Side::Form(l, _) => l.to_vec(),
        };
        let hr: Vec<GameId> = match h {
            Side::Id(b) => s.options(b).1.to_vec(),
            Side::Form(_, r) => r.to_vec(),
        };
        let r = !gl.iter().any(|&x| self.leq(s, h, Side::Id(x)))
            && !hr.iter().any(|&y| self.leq(s, Side::Id(y), g));
        if let (Side::Id(a), Side::Id(b)) = (g, h) {
            self.memo.insert((a, b), r);
        }
        r
    }

    fn leq_ids(&mut self, s: &mut GameStore, a: GameId, b: GameId) -> bool {
        self.leq(s, Side::Id(a), Side::Id(b))
    }

    /// The options of `opts` no other one dominates (for Left, `A <= B` dominated).
    fn maximal(&mut self, s: &mut GameStore, opts: &[GameId], left: bool) -> Vec<GameId> {
        let mut o = opts.to_vec();
        o.sort();
        o.dedup();
        let mut out = Vec::new();
        for &a in &o {
            let beaten = o.iter().any(|&b| {
                b != a
                    && if left {
                        self.leq_ids(s, a, b)
                    } else {
                        self.leq_ids(s, b, a)
                    }
            });
            if !beaten {
                out.push(a);
            }
        }
        out
    }
}

/// A pseudo-random generator (xorshift), so that every run draws the same lists.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 as usize
    }

    /// Up to `most` games drawn from `pool`.
    fn pick(&mut self, pool: &[GameId], most: usize) -> Vec<GameId> {
        let k = self.next() % (most + 1);
        (0..k).map(|_| pool[self.next() % pool.len()]).collect()
    }
}

/// The games born by day 2.
fn day_two(s: &mut GameStore) -> Vec<GameId> {
    let mut games = day_two_and_sums(s);
    games.retain(|&g| s.birthday(g) <= 2.into());
    games
}

/// `undominated` (by the stops' order, or pair by pair) keeps exactly the options no other
/// one dominates by the definition, on random lists of games born by day 2 and sums of
/// two of them (numbers, switches, infinitesimals and their sums, many with equal stops),
/// and on lists longer than the sorted path takes.
#[test]
fn undominated_keeps_the_maximal_options_by_the_definition() {
    let mut s = GameStore::new();
    let pool = day_two_and_sums(&mut s);
    let mut def = Definition::new();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for round in 0..600 {
        let most = if round % 50 == 0 { 90 } else { 12 };
        let opts = rng.pick(&pool, most);
        for left in [true, false] {
            let fast = s.undominated(opts.clone(), left);
            let expected = def.maximal(&mut s, &opts, left);
            assert_eq!(fast, expected, "left {left}");
        }
    }
    // Equal stops everywhere: the infinitesimals and their sums.
    let mut small: Vec<GameId> = pool.clone();
    small.retain(|&g| s.is_infinitesimal(g));
    assert!(small.len() > 20, "{}", small.len());
    for _ in 0..200 {
        let opts = rng.pick(&small, 12);
        for left in [true, false] {
            let fast = s.undominated(opts.clone(), left);
            let expected = def.maximal(&mut s, &opts, left);
            assert_eq!(fast, expected, "left {left}");
        }
    }
}

/// `canonical` gives, for option lists of games born by day 2 and of their sums (so games
/// born by day 3 and beyond), a form equal to `{left | right}` by the definition, with no
/// dominated and no reversible option by the definition.
#[test]
fn canonical_forms_agree_with_the_definition() {
    let mut s = GameStore::new();
    let sums = day_two_and_sums(&mut s);
    let day2 = day_two(&mut s);
    let mut def = Definition::new();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for round in 0..1500 {
        let pool = if round % 2 == 0 { &day2 } else { &sums };
        let (left, right) = (rng.pick(pool, 6), rng.pick(pool, 6));
        let g = s.canonical(&left, &right);
        let lit = Side::Form(&left, &right);
        let shown = s.display(g, Notation::Ascii);
        assert!(
            def.leq(&mut s, Side::Id(g), lit) && def.leq(&mut s, lit, Side::Id(g)),
            "{shown} is not the value of its options"
        );
        let (gl, gr) = s.options(g);
        assert_eq!(def.maximal(&mut s, &gl, true).len(), gl.len(), "{shown}");
        assert_eq!(def.maximal(&mut s, &gr, false).len(), gr.len(), "{shown}");
        for &a in gl.iter() {
            let (_, ar) = s.options(a);
            for &x in ar.iter() {
                assert!(
                    !def.leq_ids(&mut s, x, g),
                    "{shown}: a Left option reverses"
                );
            }
        }
        for &b in gr.iter() {
            let (bl, _) = s.options(b);
            for &x in bl.iter() {
                assert!(
                    !def.leq_ids(&mut s, g, x),
                    "{shown}: a Right option reverses"
                );
            }
        }
    }
}
