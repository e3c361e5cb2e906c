//! The engine against brute force: literal game trees built by the definition, misère play
//! by recursion over the sums, and the graph for loopy positions.

use super::*;
use crate::game::loopy::LoopyGame;
use crate::game::{GameId, GameStore, Outcome};
use crate::impartial::loopy::LoopyGrundy;
use rustc_hash::FxHashMap;
use std::convert::Infallible;

/// Heaps of tokens: Left removes one of `left` from a heap, Right one of `right`; a
/// position is a list of heaps (a sum), split into its heaps.
struct Heaps {
    left: Vec<u32>,
    right: Vec<u32>,
    store: GameStore,
}

impl Heaps {
    fn new(left: &[u32], right: &[u32]) -> Heaps {
        Heaps {
            left: left.to_vec(),
            right: right.to_vec(),
            store: GameStore::new(),
        }
    }

    fn options(&self, p: &[u32], left: bool) -> Vec<Vec<u32>> {
        let takes = if left { &self.left } else { &self.right };
        let mut out = Vec::new();
        for (k, &n) in p.iter().enumerate() {
            for &t in takes.iter().filter(|&&t| t <= n) {
                let mut q = p.to_vec();
                q[k] = n - t;
                out.push(q);
            }
        }
        out
    }
}

impl Rules for Heaps {
    type Position = Vec<u32>;
    type Error = Infallible;

    fn moves(
        &mut self,
        p: &Vec<u32>,
        left: bool,
        out: &mut Vec<Vec<u32>>,
    ) -> Result<(), Infallible> {
        out.extend(self.options(p, left));
        Ok(())
    }

    fn store(&mut self) -> &mut GameStore {
        &mut self.store
    }

    fn is_impartial(&self) -> bool {
        self.left == self.right
    }

    fn components(&mut self, p: &Vec<u32>, out: &mut Vec<Vec<u32>>) -> Result<(), Infallible> {
        out.extend(p.iter().filter(|&&n| n > 0).map(|&n| vec![n]));
        Ok(())
    }
}

/// The literal game tree of a position, by the definition (no table, no components).
fn literal(h: &mut Heaps, p: &[u32]) -> GameId {
    let l: Vec<GameId> = h.options(p, true).iter().map(|q| literal(h, q)).collect();
    let r: Vec<GameId> = h.options(p, false).iter().map(|q| literal(h, q)).collect();
    h.store.canonical(&l, &r)
}

#[test]
fn canonical_forms_agree_with_literal_game_trees() {
    for (left, right) in [
        (&[1, 2][..], &[2, 3][..]),
        (&[1][..], &[2][..]),
        (&[1, 3][..], &[1, 3][..]),
        (&[2][..], &[1, 2, 3][..]),
    ] {
        let mut h = Heaps::new(left, right);
        let mut table = FxHashMap::default();
        for a in 0..7 {
            for b in 0..4 {
                let p = vec![a, b];
                let fast = canonical(&mut h, &mut table, &p).unwrap();
                let slow = literal(&mut h, &p);
                assert_eq!(fast, slow, "{left:?} {right:?} {p:?}");
            }
        }
    }
}

#[test]
fn grundy_values_agree_with_canonical_forms() {
    let mut h = Heaps::new(&[1, 3, 4], &[1, 3, 4]);
    let mut values = FxHashMap::default();
    let mut forms = FxHashMap::default();
    for a in 0..15 {
        for b in 0..5 {
            let p = vec![a, b];
            let g = grundy(&mut h, &mut values, &p).unwrap();
            let form = canonical(&mut h, &mut forms, &p).unwrap();
            assert_eq!(h.store.nimber(g), form, "{p:?}");
        }
    }
}

/// Normal-play winning moves: to options whose value the mover wins moving second.
#[test]
fn winning_moves_are_the_moves_to_second_player_wins() {
    let mut h = Heaps::new(&[1, 2], &[1, 2]);
    let mut table = FxHashMap::default();
    // Heaps 4 and 2 (Grundy values 1 and 2): the winning moves are those to Grundy sum 0.
    let p = vec![4, 2];
    let moves = winning_moves(&mut h, &mut table, &p, true).unwrap();
    assert!(!moves.is_empty());
    for q in &moves {
        let mut values = FxHashMap::default();
        assert_eq!(grundy(&mut h, &mut values, q).unwrap(), 0, "{q:?}");
    }
    let all = h.options(&p, true);
    let mut values = FxHashMap::default();
    let zeros = all
        .iter()
        .filter(|q| grundy(&mut h, &mut values, q).unwrap() == 0)
        .count();
    assert_eq!(moves.len(), zeros);
}

/// One heap from which each move takes one token: a position a million moves deep.
struct TakeOne {
    store: GameStore,
    opened: usize,
}

impl Rules for TakeOne {
    type Position = u32;
    type Error = Infallible;

    fn moves(&mut self, &n: &u32, _: bool, out: &mut Vec<u32>) -> Result<(), Infallible> {
        if n > 0 {
            out.push(n - 1);
        }
        Ok(())
    }

    fn store(&mut self) -> &mut GameStore {
        &mut self.store
    }

    fn is_impartial(&self) -> bool {
        true
    }

    fn check(&mut self, _open: usize) -> Result<(), Infallible> {
        self.opened += 1;
        Ok(())
    }
}

#[test]
fn a_million_moves_deep_is_solved_without_recursion() {
    // The test thread's stack (2 MB by default) would not hold a recursion this deep.
    let handle = std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(|| {
            let mut rules = TakeOne {
                store: GameStore::new(),
                opened: 0,
            };
            let mut table = FxHashMap::default();
            let g = canonical(&mut rules, &mut table, &1_000_001).unwrap();
            let star = rules.store.nimber(1);
            assert_eq!(g, star);
            assert_eq!(rules.opened, 1_000_002); // the heaps 0 to 1,000,001
            let mut values = FxHashMap::default();
            assert_eq!(grundy(&mut rules, &mut values, &1_000_000).unwrap(), 0);
            let outcome = misere_outcome(&mut rules, &[1_000_000], 2_000_000).unwrap();
            // Misère, one heap of n taking one at a time: the mover wins when n is even.
            assert_eq!(outcome, Outcome::N);
        })
        .unwrap();
    handle.join().unwrap();
}

/// Take one or two, written by someone whose rules fail at the heap `broken`.
struct Fallible {
    store: GameStore,
    broken: u32,
}

impl Rules for Fallible {
    type Position = u32;
    type Error = String;

    fn moves(&mut self, &n: &u32, _: bool, out: &mut Vec<u32>) -> Result<(), String> {
        if n == self.broken {
            return Err(format!("no rule for {n}"));
        }
        out.extend((1..=2).filter(|&k| k <= n).map(|k| n - k));
        Ok(())
    }

    fn store(&mut self) -> &mut GameStore {
        &mut self.store
    }

    fn is_impartial(&self) -> bool {
        true
    }
}

#[test]
fn errors_of_the_rules_end_the_search_cleanly() {
    let mut rules = Fallible {
        store: GameStore::new(),
        broken: 3,
    };
    let mut table = FxHashMap::default();
    let e = canonical(&mut rules, &mut table, &10).unwrap_err();
    assert_eq!(e, EngineError::Rules("no rule for 3".to_string()));
    let mut values = FxHashMap::default();
    assert_eq!(
        grundy(&mut rules, &mut values, &10).unwrap_err(),
        EngineError::Rules("no rule for 3".to_string())
    );
    assert!(misere_outcome(&mut rules, &[10], 100).is_err());
    // Below the broken heap everything solves, and the table holds only solved positions.
    let g = canonical(&mut rules, &mut table, &2).unwrap();
    assert_eq!(g, rules.store.nimber(2));
    rules.broken = 100;
    let g = canonical(&mut rules, &mut table, &10).unwrap();
    assert_eq!(g, rules.store.nimber(1));
}

/// A graph given by its edges: vertex `v`'s Left options are `left[v]`, Right's `right[v]`.
struct Graph {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
    impartial: bool,
    store: GameStore,
}

impl Graph {
    fn new(left: Vec<Vec<u32>>, right: Vec<Vec<u32>>) -> Graph {
        Graph {
            impartial: left == right,
            left,
            right,
            store: GameStore::new(),
        }
    }
}

impl Rules for Graph {
    type Position = u32;
    type Error = Infallible;

    fn moves(&mut self, &v: &u32, left: bool, out: &mut Vec<u32>) -> Result<(), Infallible> {
        let edges = if left { &self.left } else { &self.right };
        out.extend(&edges[v as usize]);
        Ok(())
    }

    fn store(&mut self) -> &mut GameStore {
        &mut self.store
    }

    fn is_impartial(&self) -> bool {
        self.impartial
    }
}

fn none(_: &mut Graph, _: &u32) -> Result<Option<Known>, ErrorOf<Graph>> {
    Ok(None)
}

#[test]
fn repetitions_are_reported_and_solved_on_the_graph() {
    // 0 → 1 → 2 → 0, and 2 → 3 (no moves): impartial.
    let edges = vec![vec![1], vec![2], vec![0, 3], vec![]];
    let mut g = Graph::new(edges.clone(), edges);
    let mut table = FxHashMap::default();
    let e = canonical(&mut g, &mut table, &0).unwrap_err();
    assert!(matches!(e, EngineError::Loop(_)), "{e:?}");
    let mut values = FxHashMap::default();
    assert!(matches!(
        grundy(&mut g, &mut values, &0),
        Err(EngineError::Loop(_))
    ));
    assert!(matches!(
        misere_outcome(&mut g, &[0], 100),
        Err(EngineError::Loop(_))
    ));
    let LoopyValue::Impartial(values) = loopy_value(&mut g, &0, 100, &mut none).unwrap() else {
        panic!("an impartial graph")
    };
    let of = |v: u32| values.iter().find(|(p, _)| *p == v).map(|(_, g)| g.clone());
    assert_eq!(of(3), Some(LoopyGrundy::Finite(0)));
    // By hand: 3 has no move (0), so 2, moving to 3, is an N-position; 1's only move is
    // to 2, so 1 is 0; 0's only move is to 1, so 0 is *1; 2's options are 0 (*1) and 3
    // (0): *2. Play cannot go on forever against a player who wants it to end.
    assert_eq!(of(1), Some(LoopyGrundy::Finite(0)));
    assert_eq!(of(0), Some(LoopyGrundy::Finite(1)));
    assert_eq!(of(2), Some(LoopyGrundy::Finite(2)));

    // A two-cycle with no way out: play never ends, both infinite.
    let edges = vec![vec![1], vec![0]];
    let mut g = Graph::new(edges.clone(), edges);
    let LoopyValue::Impartial(values) = loopy_value(&mut g, &0, 100, &mut none).unwrap() else {
        panic!("an impartial graph")
    };
    assert!(
        values
            .iter()
            .all(|(_, v)| !matches!(v, LoopyGrundy::Finite(_)))
    );
}

#[test]
fn partizan_loops_are_loopy_games() {
    // on = {on |}: Left passes forever, Right has no move.
    let mut g = Graph::new(vec![vec![0]], vec![vec![]]);
    let LoopyValue::Partizan(on) = loopy_value(&mut g, &0, 100, &mut none).unwrap() else {
        panic!("a partizan graph")
    };
    assert!(on.equals(&LoopyGame::on(), &mut g.store).unwrap());
    // over = {0 | over}: vertex 0 is over, vertex 1 is 0.
    let mut g = Graph::new(vec![vec![1], vec![]], vec![vec![0], vec![]]);
    let LoopyValue::Partizan(over) = loopy_value(&mut g, &0, 100, &mut none).unwrap() else {
        panic!("a partizan graph")
    };
    assert!(over.equals(&LoopyGame::over(), &mut g.store).unwrap());
    // The limit on the graph's size is an error, not an exhausted memory.
    let mut g = Graph::new(
        vec![vec![1], vec![2], vec![0]],
        vec![vec![], vec![], vec![]],
    );
    assert_eq!(
        loopy_value(&mut g, &0, 2, &mut none).unwrap_err(),
        EngineError::TooLarge { limit: 2 }
    );
}

/// Misère play by recursion over the sum (as a multiset of heaps).
fn misere_mover_wins(h: &Heaps, p: &[u32], left: bool) -> bool {
    let options = h.options(p, left);
    options.is_empty() || options.iter().any(|q| !misere_mover_wins(h, q, !left))
}

#[test]
fn misere_outcomes_agree_with_play() {
    for (left, right) in [(&[1, 2][..], &[2, 3][..]), (&[1, 3][..], &[1, 3][..])] {
        let mut h = Heaps::new(left, right);
        for a in 0..6 {
            for b in 0..5 {
                for c in 0..3 {
                    let p = vec![a, b, c];
                    let expected = match (
                        misere_mover_wins(&h, &p, true),
                        misere_mover_wins(&h, &p, false),
                    ) {
                        (true, true) => Outcome::N,
                        (true, false) => Outcome::L,
                        (false, true) => Outcome::R,
                        (false, false) => Outcome::P,
                    };
                    let parts = [vec![a], vec![b, c]];
                    let got = misere_outcome(&mut h, &parts, 1 << 20).unwrap();
                    assert_eq!(got, expected, "{left:?} {right:?} {p:?}");
                }
            }
        }
    }
}

/// A table that counts the look-ups it was told of ahead ([`Table::prefetch`]) and not yet
/// made.
#[derive(Default)]
struct Announced {
    map: FxHashMap<Vec<u32>, GameId>,
    expected: FxHashMap<Vec<u32>, usize>,
    looked_up: usize,
}

impl Table<Heaps, GameId> for Announced {
    fn get(&mut self, _: &mut Heaps, p: &Vec<u32>) -> Option<GameId> {
        let n = self.expected.get_mut(p).expect("a look-up announced ahead");
        assert!(*n > 0, "{p:?} looked up more often than announced");
        *n -= 1;
        self.looked_up += 1;
        self.map.get(p).copied()
    }

    fn insert(&mut self, _: &mut Heaps, p: Vec<u32>, v: GameId) {
        self.map.insert(p, v);
    }

    fn prefetch(&mut self, _: &mut Heaps, p: &Vec<u32>) -> Option<u64> {
        *self.expected.entry(p.clone()).or_default() += 1;
        None
    }
}

/// The search announces every component it will look up when it opens the position whose
/// option holds it, exactly once per look-up, and finds the values of the literal trees.
#[test]
fn every_look_up_is_announced_when_its_position_opens() {
    let mut h = Heaps::new(&[1, 2], &[2, 3]);
    let mut table = Announced::default();
    for p in [vec![6, 3], vec![5, 5, 2], vec![0, 7]] {
        let fast = canonical(&mut h, &mut table, &p).unwrap();
        assert_eq!(fast, literal(&mut h, &p), "{p:?}");
        assert!(table.expected.values().all(|&n| n == 0), "{p:?}");
    }
    assert!(table.looked_up > 20);
}
