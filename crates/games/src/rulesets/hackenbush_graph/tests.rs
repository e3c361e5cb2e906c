use super::*;
use crate::game::Notation;
use crate::rulesets::hackenbush_string;

fn show(s: &mut GameStore, text: &str) -> String {
    let g = hackenbush_graph(s, text).unwrap();
    s.display(g, Notation::Ascii)
}

/// SplitMix64: the same "random" pictures on every run.
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

const COLOURS: [Colour; 3] = [Colour::Blue, Colour::Red, Colour::Green];

/// A random picture on vertices `0..vertices` with `1..=max_edges` edges.
fn random_graph(
    rng: &mut Rng,
    vertices: u64,
    max_edges: u64,
    colours: &[Colour],
) -> HackenbushGraph {
    let m = 1 + rng.below(max_edges);
    let edges = (0..m)
        .map(|_| {
            let a = rng.below(vertices) as usize;
            let b = rng.below(vertices) as usize;
            let c = colours[rng.below(colours.len() as u64) as usize];
            (a, b, c)
        })
        .collect();
    HackenbushGraph::new(edges)
}

/// Hand derivations (a stalk is written bottom-up like a Hackenbush string):
/// - `0-1:r, 1-2:l` is the string `rl`: Left leaves `r` = -1, Right leaves 0: `{-1|0}` =
///   -1/2.
/// - A blue and a red edge from the ground to one vertex: Left leaves the red edge (-1),
///   Right the blue one (1): `{-1|1}` = 0.
/// - The triangle `0-1:l, 1-2:l, 2-0:r`: Left cutting `0-1` leaves the string `rl` = -1/2,
///   cutting `1-2` leaves a blue and a red edge on the ground, 1 - 1 = 0; Right cutting
///   `2-0` leaves the string `ll` = 2. `{-1/2, 0 | 2}` = 1.
/// - A blue edge carrying two red edges: Left's only move leaves 0, Right's leave the
///   string `lr` = 1/2: `{0 | 1/2}` = 1/4.
/// - A red loop on a blue edge is like a red edge on it: `{0|1}` = 1/2.
/// - A blue edge carrying a red and a green edge: Left leaves 0 or `lr` = 1/2, Right
///   leaves `le` = 1* or `lr` = 1/2. Since 1/2 < 1*, this is `{1/2 | 1/2}` = 1/2*.
#[test]
fn hand_checked_values() {
    let mut s = GameStore::new();
    for (text, want) in [
        ("", "0"),
        ("0-1:l", "1"),
        ("0-0:r", "-1"),
        ("0-1:e", "*"),
        ("0-1:r, 1-2:l", "-1/2"),
        ("0-1:l, 1-2:r", "1/2"),
        ("0-1:l, 1-2:r, 2-3:r", "1/4"),
        ("0-1:l, 1-2:l, 2-3:r", "3/2"),
        ("0-1:l, 1-0:r", "0"),
        ("0-1:l, 1-2:l, 2-0:r", "1"),
        ("0-1:l, 1-2:r, 1-3:r", "1/4"),
        ("0-1:l, 1-1:r", "1/2"),
        ("0-1:l, 1-2:r, 1-3:e", "1/2*"),
        ("0-1:l 0-2:l 0-3:r", "1"),
        ("1-2:l", "0"),
    ] {
        assert_eq!(show(&mut s, text), want, "hackenbush_graph({text:?})");
        let g = HackenbushGraph::parse(text).unwrap();
        let fast = hackenbush_graph(&mut s, text).unwrap();
        let naive = hackenbush_graph_value_naive(&mut s, &g, &mut HashMap::new());
        assert_eq!(fast, naive, "{text}");
    }
}

/// Green pictures from Winning Ways ch. 7: a path of `n` edges is `*n`; a cycle through
/// the ground fuses into loops at the ground, so an odd cycle is `*` and an even one 0; a
/// triangle raised on one edge fuses into three loops on a stalk of one: `*2`.
#[test]
fn green_pictures_follow_colon_and_fusion() {
    let mut s = GameStore::new();
    for (text, want) in [
        ("0-1:e, 1-2:e, 2-3:e", "*3"),
        ("0-1:e, 1-2:e, 2-0:e", "*"),
        ("0-1:e, 1-2:e, 2-3:e, 3-0:e", "0"),
        ("0-1:e, 1-2:e, 2-3:e, 3-4:e, 4-0:e", "*"),
        ("0-1:e, 1-2:e, 2-3:e, 3-1:e", "*2"),
        // Colon principle: branches of 1 and 2 on a stalk of 1 are a stalk of 1 + (1 ⊕ 2).
        ("0-1:e, 1-2:e, 1-3:e, 3-4:e", "*4"),
    ] {
        assert_eq!(show(&mut s, text), want, "{text}");
        let g = HackenbushGraph::parse(text).unwrap();
        let naive = hackenbush_graph_value_naive(&mut s, &g, &mut HashMap::new());
        assert_eq!(s.display(naive, Notation::Ascii), want, "naive {text}");
    }
}

/// The definition, applied to random green pictures, gives the impartial module's Grundy
/// value (colon and fusion principles).
#[test]
fn green_naive_agrees_with_fusion() {
    let mut s = GameStore::new();
    let mut rng = Rng(7);
    let mut memo = HashMap::new();
    for _ in 0..200 {
        let g = random_graph(&mut rng, 5, 7, &[Colour::Green]);
        let (n, edges) = compact(g.edges());
        let pairs = edges.iter().map(|&(a, b, _)| (a, b)).collect();
        let grundy = GreenHackenbush::new(n, pairs, &[0]).unwrap().grundy();
        let naive = hackenbush_graph_value_naive(&mut s, &g, &mut memo);
        assert_eq!(naive, s.nimber(grundy), "{g}");
    }
}

/// A stalk is a Hackenbush string, whatever its vertices are called.
#[test]
fn stalks_agree_with_strings() {
    let mut s = GameStore::new();
    let mut rng = Rng(11);
    let mut solver = HackenbushGraphs::default();
    for _ in 0..300 {
        let len = rng.below(9) as usize;
        let word: Vec<Colour> = (0..len).map(|_| COLOURS[rng.below(3) as usize]).collect();
        let text: String = word.iter().map(|&c| letter(c)).collect();
        let want = hackenbush_string(&mut s, &text).unwrap();
        // Vertices numbered up the stalk, and numbered down from the top.
        let up = HackenbushGraph::new((0..len).map(|i| (i, i + 1, word[i])).collect());
        let down = HackenbushGraph::new(
            (0..len)
                .map(|i| {
                    let below = if i == 0 { 0 } else { len + 1 - i };
                    (len - i, below, word[i])
                })
                .collect(),
        );
        assert_eq!(solver.value(&mut s, &up), want, "{text}: {up}");
        assert_eq!(solver.value(&mut s, &down), want, "{text}: {down}");
    }
}

/// Pieces, relabelling, the colour swap and the one-colour shortcuts change nothing.
#[test]
fn agrees_with_naive_recursion() {
    let mut s = GameStore::new();
    let mut rng = Rng(3);
    let mut solver = HackenbushGraphs::default();
    let mut memo = HashMap::new();
    for _ in 0..600 {
        let g = random_graph(&mut rng, 5, 6, &COLOURS);
        let fast = solver.value(&mut s, &g);
        let naive = hackenbush_graph_value_naive(&mut s, &g, &mut memo);
        assert_eq!(fast, naive, "{g}");
    }
    // Blue and red only, with more edges: cycles of two colours.
    for _ in 0..150 {
        let g = random_graph(&mut rng, 4, 8, &COLOURS[..2]);
        let fast = solver.value(&mut s, &g);
        let naive = hackenbush_graph_value_naive(&mut s, &g, &mut memo);
        assert_eq!(fast, naive, "{g}");
    }
}

#[test]
fn relabelled_and_swapped_pieces_share_the_table() {
    let mut s = GameStore::new();
    let mut solver = HackenbushGraphs::default();
    let a = solver
        .value_of(&mut s, "0-1:l, 1-2:r, 2-0:e, 2-3:l")
        .unwrap();
    let size = solver.table_len();
    let b = solver
        .value_of(&mut s, "0-3:l, 3-1:r, 1-0:e, 1-2:l")
        .unwrap();
    assert_eq!((a, solver.table_len()), (b, size));
    let c = solver
        .value_of(&mut s, "0-5:r, 5-4:l, 4-0:e, 4-2:r")
        .unwrap();
    assert_eq!((c, solver.table_len()), (s.neg(a), size));
}

#[test]
fn parse_and_display() {
    let g = HackenbushGraph::parse(" 0-1:L 1 - 2 : b,2-0:g ,").unwrap();
    assert_eq!(g.to_string(), "0-1:l, 1-2:l, 2-0:e");
    // Edges off the ground fall away at once.
    let g = HackenbushGraph::parse("0-1:l, 2-3:r, 3-3:e").unwrap();
    assert_eq!(g.to_string(), "0-1:l");
    assert_eq!(HackenbushGraph::parse("").unwrap().to_string(), "");
    assert_eq!(
        HackenbushGraph::parse("0-1:x"),
        Err(RulesetError::BadChar { ch: 'x', at: 4 })
    );
    assert_eq!(
        HackenbushGraph::parse("0-1:lr"),
        Err(RulesetError::BadChar { ch: 'r', at: 5 })
    );
    assert_eq!(
        HackenbushGraph::parse("a-1:l"),
        Err(RulesetError::BadChar { ch: 'a', at: 0 })
    );
    assert!(matches!(
        HackenbushGraph::parse("0-1"),
        Err(RulesetError::BadShape(_))
    ));
    assert!(matches!(
        HackenbushGraph::parse("0-99999999999:l"),
        Err(RulesetError::BadShape(_))
    ));
}

#[test]
fn moves_and_components() {
    let (l, r) = hackenbush_graph_moves("0-1:l, 1-2:r, 1-3:e").unwrap();
    assert_eq!(l, vec!["".to_owned(), "0-1:l, 1-2:r".to_owned()]);
    assert_eq!(
        r,
        vec!["0-1:l, 1-3:e".to_owned(), "0-1:l, 1-2:r".to_owned()]
    );
    let g = HackenbushGraph::parse("0-1:l, 0-0:e, 0-2:r, 2-1:r, 0-3:e, 3-4:l").unwrap();
    let parts: Vec<String> = g.components().iter().map(|p| p.to_string()).collect();
    assert_eq!(parts, vec!["0-1:l, 0-2:r, 2-1:r", "0-0:e", "0-3:e, 3-4:l"]);
}

/// A list of `[u, v, colour]` is the picture its text spells; a malformed edge, and a
/// picture of more than 64 edges, are refused.
#[test]
fn the_arguments_of_the_builtin() {
    let r = PictureRules;
    let n = |k: i64| Arg::Int(k.into());
    let edge = |u, v, c: &str| Arg::List(vec![n(u), n(v), Arg::Text(c.into())]);
    let listed = r.of_args(&[Arg::List(vec![edge(0, 1, "l"), edge(1, 2, "r")])]);
    assert_eq!(listed, r.parse("0-1:l, 1-2:r"));
    assert_eq!(
        r.of_args(&[Arg::Text("0-1:l, 1-2:r".into())]),
        r.parse("0-1:l, 1-2:r")
    );
    let bad = r.of_args(&[Arg::List(vec![Arg::List(vec![n(0), n(1)])])]);
    assert!(bad.is_err_and(|e| e.arg() == Some(0) && e.help().is_some()));
    let many: Vec<Arg> = (1..=65).map(|k| edge(0, k, "e")).collect();
    assert_eq!(
        r.of_args(&[Arg::List(many)]).map_err(|e| e.to_string()),
        Err("the picture has 65 edges, more than 64".into())
    );
    // Edges not connected to the ground fall: they do not count.
    let text: Vec<String> = (1..=65).map(|k| format!("{k}-{}:l", k + 1)).collect();
    assert!(r.parse(&text.join(", ")).is_ok());
}
