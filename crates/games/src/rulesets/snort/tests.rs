use super::*;
use crate::game::Notation;

/// SplitMix64: the same "random" graphs on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}

/// A random graph on `1..=max_n` vertices, each pair joined with probability 1/3 and each
/// vertex coloured beforehand with probability 1/4 (blue or red alike) when `precolour`.
fn random_graph(rng: &mut Rng, max_n: u64, precolour: bool) -> VertexGraph {
    let n = 1 + rng.below(max_n) as usize;
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if rng.below(3) == 0 {
                edges.push((a, b));
            }
        }
    }
    let mut g = VertexGraph::new(n, &edges).unwrap();
    if precolour {
        for v in 0..n {
            match rng.below(8) {
                0 => g.set_colour(v, VertexColour::Blue).unwrap(),
                1 => g.set_colour(v, VertexColour::Red).unwrap(),
                _ => {}
            }
        }
    }
    g
}

fn show(s: &mut GameStore, rule: VertexGame, text: &str) -> String {
    let g = VertexGames::new(rule).value_of(s, text).unwrap();
    s.display(g, Notation::Ascii)
}

/// Hand derivations for Col (a vertex "Right-only" is one only Right may colour):
/// - One vertex: either player colours it, leaving nothing: `{0|0}` = `*`.
/// - An edge: Left colouring an end leaves the other end to Right alone, `{|0}` = -1;
///   symmetrically Right leaves 1: `{-1|1}` = 0.
/// - The path a-b-c: Left colouring b leaves two Right-only vertices, -2; colouring a
///   leaves b(Right-only)-c, where Left's move (c) leaves -1 and Right's leave 1 (at b)
///   or 0 (at c), so `{-1|0}` = -1/2. Right's options are the negatives: `{-1/2 | 1/2}` = 0.
/// - The path a-b-c-d: Left colouring a leaves b(Right-only)-c-d, worth `{-2, -1 | 1/2,
///   1, 0}` = -1/2; colouring b leaves -1 + -1/2. So 0 again.
#[test]
fn col_hand_values() {
    let mut s = GameStore::new();
    for (text, want) in [
        ("0", "0"),
        ("1", "*"),
        ("2", "0"),
        ("2: 0-1", "0"),
        ("3: 0-1 1-2", "0"),
        ("4: 0-1 1-2 2-3", "0"),
        ("2: 0-1; L0", "-1"),
        ("2: 0-1; R0", "1"),
        ("3: 0-1 1-2; L1", "-2"),
        ("3: 0-1 1-2; L0", "-1/2"),
    ] {
        assert_eq!(show(&mut s, VertexGame::Col, text), want, "col({text:?})");
    }
    for (n, want) in [(1, "*"), (2, "0"), (3, "0"), (4, "0")] {
        let g = col_path(&mut s, n).unwrap();
        assert_eq!(s.display(g, Notation::Ascii), want, "col_path({n})");
    }
}

/// Hand derivations for Snort:
/// - One vertex: `*`.
/// - An edge: Left colouring an end leaves the other end to Left alone, 1; so `{1|-1}` =
///   ±1, hot as Snort positions are.
/// - The path a-b-c: Left colouring b leaves two Left-only vertices, 2; colouring a leaves
///   b(Left-only)-c, worth `{1|0}` < 2. So `{2|-2}` = ±2.
#[test]
fn snort_hand_values() {
    let mut s = GameStore::new();
    for (text, want) in [
        ("1", "*"),
        ("2", "0"),
        ("2: 0-1; L0", "1"),
        ("2: 0-1; R1", "-1"),
    ] {
        assert_eq!(
            show(&mut s, VertexGame::Snort, text),
            want,
            "snort({text:?})"
        );
    }
    for (n, x) in [(2, 1), (3, 2)] {
        let (hi, lo) = (s.integer(x), s.integer(-x));
        let want = s.canonical(&[hi], &[lo]);
        assert_eq!(snort_path(&mut s, n).unwrap(), want, "snort_path({n})");
    }
    let one = s.integer(1);
    let zero = s.zero();
    let want = s.canonical(&[one], &[zero]);
    assert_eq!(snort(&mut s, "3: 0-1 1-2; L0").unwrap(), want);
}

/// Every Col position is a number or a number plus `*` (Winning Ways ch. 2): checked on
/// every graph with up to 5 vertices and on random coloured graphs with up to 8.
#[test]
fn col_values_are_numbers_or_number_star() {
    let mut s = GameStore::new();
    let mut solver = VertexGames::new(VertexGame::Col);
    let mut check = |s: &mut GameStore, g: &VertexGraph| {
        let v = solver.value(s, g);
        let nus = s
            .as_nus(v)
            .unwrap_or_else(|| panic!("{g} is not a number-up-star"));
        assert!(nus.ups == 0 && nus.nim <= 1, "{g}");
    };
    for n in 1..=5usize {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        for mask in 0..1u32 << pairs.len() {
            let edges: Vec<(usize, usize)> = (0..pairs.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| pairs[i])
                .collect();
            check(&mut s, &VertexGraph::new(n, &edges).unwrap());
        }
    }
    let mut rng = Rng(5);
    for _ in 0..200 {
        check(&mut s, &random_graph(&mut rng, 8, true));
    }
}

/// Reduction, components, relabelling and the colour swap change nothing.
#[test]
fn agrees_with_naive_recursion() {
    let mut s = GameStore::new();
    for (rule, seed) in [(VertexGame::Snort, 1), (VertexGame::Col, 2)] {
        let mut rng = Rng(seed);
        let mut solver = VertexGames::new(rule);
        let mut memo = HashMap::new();
        for i in 0..300 {
            let g = random_graph(&mut rng, 7, i % 2 == 0);
            let fast = solver.value(&mut s, &g);
            let naive = vertex_game_value_naive(&mut s, rule, &g, &mut memo);
            assert_eq!(fast, naive, "{rule:?} {g}");
        }
    }
}

#[test]
fn relabelled_and_swapped_components_share_the_table() {
    let mut s = GameStore::new();
    let mut solver = VertexGames::new(VertexGame::Snort);
    let a = solver.value_of(&mut s, "5: 0-1 1-2 2-3 1-4").unwrap();
    let size = solver.table_len();
    let b = solver.value_of(&mut s, "5: 3-0 0-2 2-4 0-1").unwrap();
    assert_eq!((a, solver.table_len()), (b, size));
    let c = solver.value_of(&mut s, "3: 0-1 1-2; L0").unwrap();
    let size = solver.table_len();
    let d = solver.value_of(&mut s, "3: 0-1 1-2; R2").unwrap();
    assert_eq!((d, solver.table_len()), (s.neg(c), size));
}

#[test]
fn parse_and_display() {
    let g = VertexGraph::parse("5: 0-1, 2-1 2 - 3 3-4 0-1; L0 r4 b0").unwrap();
    assert_eq!(g.to_string(), "5: 0-1 1-2 2-3 3-4; L0 R4");
    assert_eq!(VertexGraph::parse("3").unwrap().to_string(), "3:");
    assert_eq!(VertexGraph::parse("3 ; r1").unwrap().to_string(), "3:; R1");
    assert_eq!(VertexGraph::path(3).unwrap().to_string(), "3: 0-1 1-2");
    for bad in ["3: 0-3", "3: 1-1", "65", "3: 0-1; L1 R1", "3: 0-", "3; L3"] {
        assert!(
            matches!(VertexGraph::parse(bad), Err(RulesetError::BadShape(_))),
            "{bad}"
        );
    }
    assert_eq!(
        VertexGraph::parse("3: 0-1; X1"),
        Err(RulesetError::BadChar { ch: 'X', at: 8 })
    );
    assert_eq!(
        VertexGraph::parse("3 x"),
        Err(RulesetError::BadChar { ch: 'x', at: 2 })
    );
}

#[test]
fn moves_as_strings() {
    let (l, r) = snort_moves("3: 0-1 1-2; L0").unwrap();
    assert_eq!(l, vec!["3: 0-1 1-2; L0 L1", "3: 0-1 1-2; L0 L2"]);
    assert_eq!(r, vec!["3: 0-1 1-2; L0 R2"]);
    let (l, r) = col_moves("3: 0-1 1-2; L0").unwrap();
    assert_eq!(l, vec!["3: 0-1 1-2; L0 L2"]);
    assert_eq!(r, vec!["3: 0-1 1-2; L0 R1", "3: 0-1 1-2; L0 R2"]);
}

/// `snort(n)` is the path of `n` vertices, the same position as its text; more than 64
/// vertices are refused.
#[test]
fn the_arguments_of_the_builtin() {
    use crate::rulesets::registry::Arg;
    for game in [VertexGame::Snort, VertexGame::Col] {
        let r = VertexRules(game);
        let path = r.of_args(&[Arg::Int(4.into())]);
        assert_eq!(path, r.parse("4: 0-1 1-2 2-3"));
        assert_eq!(r.of_args(&[Arg::Int(0.into())]), r.parse("0:"));
        assert_eq!(
            r.of_args(&[Arg::Int(65.into())]).map_err(|e| e.to_string()),
            Err("65 vertices is more than 64".into())
        );
        let listed = r.of_args(&[Arg::List(vec![])]);
        assert!(listed.is_err_and(|e| e.arg() == Some(0)));
    }
}
