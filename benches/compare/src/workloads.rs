//! The positions compared: each written once, as our ruleset reads it and as the other
//! crate builds it.

use std::str::FromStr;

use cgt::game::{GameId, GameStore};
use cgt::rulesets::amazons::AmazonsRules;
use cgt::rulesets::domineering::{DominoGame, DominoRules};
use cgt::rulesets::fission::{ByteFissionRules, FissionRules};
use cgt::rulesets::konane::{ByteKonaneRules, KonaneRules};
use cgt::rulesets::ruleset::{Ruleset, Solver};
use cgt::rulesets::ski_jumps::SkiJumpsRules;
use cgt::rulesets::snort::{VertexGame, VertexRules};
use cgt::rulesets::toads::ToadsRules;
use cgt::rulesets::toppling::TopplingRules;
use cgt_rs::graph::adjacency_matrix::undirected::UndirectedGraph;
use cgt_rs::graph::{Graph, VertexIndex};
use cgt_rs::grid::small_bit_grid::SmallBitGrid;
use cgt_rs::grid::vec_grid::VecGrid;
use cgt_rs::short::partizan::canonical_form::CanonicalForm;
use cgt_rs::short::partizan::games::amazons::Amazons as RsAmazons;
use cgt_rs::short::partizan::games::domineering::Domineering as RsDomineering;
use cgt_rs::short::partizan::games::fission::Fission as RsFission;
use cgt_rs::short::partizan::games::konane::Konane as RsKonane;
use cgt_rs::short::partizan::games::ski_jumps::SkiJumps as RsSkiJumps;
use cgt_rs::short::partizan::games::snort::{Snort as RsSnort, VertexColor, VertexKind};
use cgt_rs::short::partizan::games::toads_and_frogs::ToadsAndFrogs as RsToads;
use cgt_rs::short::partizan::games::toppling_dominoes::{
    Tile as RsDomino, TopplingDominoes as RsToppling,
};
use cgt_rs::short::partizan::partizan_game::PartizanGame;
use cgt_rs::short::partizan::transposition_table::ParallelTranspositionTable;

/// One position: our value in a store, and the other crate's canonical form.
pub struct Position {
    pub label: String,
    pub ours: Box<dyn Fn(&mut GameStore) -> GameId>,
    pub theirs: Box<dyn Fn() -> CanonicalForm>,
    /// Our value by the code path this ruleset had before it was made faster, where it is
    /// kept (timed and checked beside the others).
    pub before: Option<Box<dyn Fn(&mut GameStore) -> GameId>>,
}

pub struct Workload {
    pub name: String,
    pub positions: Vec<Position>,
}

/// Our value of `text` under `rules`, with a new solver.
fn ours<R: Ruleset + 'static>(
    rules: impl Fn() -> R + 'static,
    text: String,
) -> Box<dyn Fn(&mut GameStore) -> GameId> {
    Box::new(move |store| {
        Solver::new(rules())
            .value_of(store, &text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
    })
}

/// Their canonical form of `game` with a new transposition table.
fn theirs<G>(game: G) -> Box<dyn Fn() -> CanonicalForm>
where
    G: PartizanGame + 'static,
{
    Box::new(move || game.canonical_form(&ParallelTranspositionTable::new()))
}

/// A board game both read from the same text.
fn board<R, G>(rules: fn() -> R, text: &str, ours_text: String) -> Position
where
    R: Ruleset + 'static,
    G: PartizanGame + FromStr + 'static,
    <G as FromStr>::Err: std::fmt::Debug,
{
    let game = G::from_str(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    Position {
        label: text.to_string(),
        ours: ours(rules, ours_text),
        theirs: theirs(game),
        before: None,
    }
}

/// A pseudo-random generator (xorshift), so that every run builds the same positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn domineering() -> DominoRules {
    DominoRules {
        game: DominoGame::Domineering,
    }
}

/// The empty `rows × cols` rectangle as text.
fn rectangle(rows: usize, cols: usize) -> String {
    vec![".".repeat(cols); rows].join("|")
}

fn domineering_rectangles() -> Workload {
    let mut positions = Vec::new();
    for m in 1..=5 {
        for n in 1..=5 {
            let text = rectangle(m, n);
            positions.push(board::<_, RsDomineering<SmallBitGrid<_>>>(
                domineering,
                &text,
                text.clone(),
            ));
        }
    }
    Workload {
        name: "every Domineering rectangle to 5×5".into(),
        positions,
    }
}

/// 6×6 boards with each square blocked with probability 2/5.
fn domineering_random() -> Workload {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let positions = (0..20)
        .map(|_| {
            let rows: Vec<String> = (0..6)
                .map(|_| {
                    (0..6)
                        .map(|_| if rng.next() % 5 < 2 { '#' } else { '.' })
                        .collect()
                })
                .collect();
            let text = rows.join("|");
            board::<_, RsDomineering<SmallBitGrid<_>>>(domineering, &text, text.clone())
        })
        .collect();
    Workload {
        name: "20 random 6×6 Domineering boards, 40% blocked".into(),
        positions,
    }
}

fn fission() -> Workload {
    let texts = [
        "x.x.x|.....|..x..|.....|x.x.x",
        ".....|.x.x.|.....|.x.x.|.....",
        "..x..|.....|x.x.x|.....|..x..",
    ];
    Workload {
        name: "Fission 5×5".into(),
        positions: texts
            .iter()
            .map(|t| Position {
                before: Some(ours(|| ByteFissionRules, t.to_string())),
                ..board::<_, RsFission<VecGrid<_>>>(|| FissionRules, t, t.to_string())
            })
            .collect(),
    }
}

fn toppling() -> Workload {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let positions = (0..10)
        .map(|_| {
            let row: Vec<bool> = (0..16).map(|_| rng.next() % 2 == 0).collect();
            let ours_text: String = row.iter().map(|&b| if b { 'l' } else { 'r' }).collect();
            let tiles: Vec<RsDomino> = row
                .iter()
                .map(|&b| if b { RsDomino::Blue } else { RsDomino::Red })
                .collect();
            let grid = SmallBitGrid::from_arr(tiles.len() as u8, 1, &tiles).expect("fits");
            Position {
                label: ours_text.clone(),
                ours: ours(|| TopplingRules, ours_text),
                theirs: theirs(RsToppling::new(vec![grid])),
                before: None,
            }
        })
        .collect();
    Workload {
        name: "Toppling Dominoes, 10 random rows of 16".into(),
        positions,
    }
}

fn amazons() -> Workload {
    // Theirs: x Left, o Right, # burned; ours: L, R, #.
    let texts = ["x..|...|..o", "x.o|...|...", "x..|...|..o|..."];
    Workload {
        name: "Amazons".into(),
        positions: texts
            .iter()
            .map(|t| {
                let ours_text = t.replace('x', "L").replace('o', "R");
                board::<_, RsAmazons<VecGrid<_>>>(AmazonsRules::default, t, ours_text)
            })
            .collect(),
    }
}

fn konane() -> Workload {
    let texts = [
        "xoxo|oxox|xoxo|o..x",
        "xoxox|oxo.o|x.xox|oxoxo",
        "xox.x|o.oxo|xoxox",
    ];
    Workload {
        name: "Konane".into(),
        positions: texts
            .iter()
            .map(|t| Position {
                before: Some(ours(|| ByteKonaneRules, t.to_string())),
                ..board::<_, RsKonane<VecGrid<_>>>(|| KonaneRules, t, t.to_string())
            })
            .collect(),
    }
}

fn ski_jumps() -> Workload {
    let texts = [
        "L.....|..R...|......|....L.",
        "L....R|.R..L.|......",
        "...L....|..R.....|........|.L....R.",
    ];
    Workload {
        name: "Ski Jumps".into(),
        positions: texts
            .iter()
            .map(|t| board::<_, RsSkiJumps<VecGrid<_>>>(|| SkiJumpsRules, t, t.to_string()))
            .collect(),
    }
}

fn toads() -> Workload {
    let texts = ["TTTT..FFFF", "TTT.T.F.FFF", "TTTTT...FFFFF", "TT.TF.TF..FF"];
    Workload {
        name: "Toads and Frogs".into(),
        positions: texts
            .iter()
            .map(|t| board::<_, RsToads>(|| ToadsRules, t, t.to_string()))
            .collect(),
    }
}

/// Snort on paths and on caterpillars (a path of three vertices with leaves).
fn snort() -> Workload {
    let mut positions = Vec::new();
    let graphs: Vec<(usize, Vec<(usize, usize)>)> = [10, 14]
        .iter()
        .map(|&n| (n, (1..n).map(|i| (i - 1, i)).collect()))
        .chain([3, 5].iter().map(|&k| {
            // The caterpillar C(k+1, k, k+1): the path 1 - 0 - 2, k leaves on 0 and
            // k + 1 on each end.
            let mut edges = vec![(0, 1), (0, 2)];
            let mut n = 3;
            for (hub, leaves) in [(1, k + 1), (0, k), (2, k + 1)] {
                for _ in 0..leaves {
                    edges.push((hub, n));
                    n += 1;
                }
            }
            (n, edges)
        }))
        .collect();
    for (n, edges) in graphs {
        let text = format!(
            "{n}: {}",
            edges
                .iter()
                .map(|(a, b)| format!("{a}-{b}"))
                .collect::<Vec<_>>()
                .join(" ")
        );
        let vertices = vec![VertexKind::Single(VertexColor::Empty); n];
        let rs_edges: Vec<(VertexIndex, VertexIndex)> = edges
            .iter()
            .map(|&(a, b)| (VertexIndex { index: a }, VertexIndex { index: b }))
            .collect();
        let graph = UndirectedGraph::from_edges(&rs_edges, &vertices);
        positions.push(Position {
            label: text.clone(),
            ours: ours(|| VertexRules(VertexGame::Snort), text),
            theirs: theirs(RsSnort::new(graph)),
            before: None,
        });
    }
    Workload {
        name: "Snort, paths and caterpillars".into(),
        positions,
    }
}

pub fn all() -> Vec<Workload> {
    vec![
        domineering_rectangles(),
        domineering_random(),
        fission(),
        toppling(),
        amazons(),
        konane(),
        ski_jumps(),
        toads(),
        snort(),
    ]
}
