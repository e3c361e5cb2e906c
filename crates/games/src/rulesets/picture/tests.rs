//! Tests of the pictures: what is drawn (counts of squares, edges, vertices and colours for
//! known positions), that every SVG is well-formed XML, and that no edge of a laid-out
//! picture runs through a vertex or hides another edge.

use super::graph::{Edge, GraphPicture, Ink, Look, Point, RADIUS};
use super::{Picture, hackenbush_picture, vertex_graph_picture};
use crate::rulesets::clobber::ClobberRules;
use crate::rulesets::registry::board_rulesets;
use crate::rulesets::ruleset::Ruleset;

#[test]
fn a_clobber_board_is_drawn_square_by_square() {
    let rules = ClobberRules;
    let board = rules.parse("xo.|..x").unwrap_or_else(|e| panic!("{e}"));
    let picture = rules
        .picture(&board)
        .unwrap_or_else(|| panic!("Clobber has pictures"));
    let svg = picture.to_svg("clobber");
    // Six squares, three stones: two blue (Left's x) and one red.
    assert_eq!(svg.matches("<rect x=").count(), 6);
    assert_eq!(svg.matches("<circle").count(), 3);
    assert_eq!(svg.matches("#1f5fbf").count(), 2);
    assert_eq!(svg.matches("#c8302c").count(), 1);
    let tikz = picture.to_tikz();
    assert_eq!(tikz.matches("rectangle").count(), 6);
    assert_eq!(tikz.matches("circle").count(), 3);
}

/// Whether `text` is well-formed XML of the kind we write: one root element, every
/// element closed in order, attribute values quoted, `&` only in entities, no stray `<`.
fn well_formed(text: &str) -> Result<(), String> {
    let b = text.as_bytes();
    let mut open: Vec<&str> = Vec::new();
    let mut roots = 0;
    let mut i = 0;
    let entity = |at: usize| {
        ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
            .iter()
            .any(|e| text[at..].starts_with(e))
    };
    while i < b.len() {
        match b[i] {
            b'<' if b.get(i + 1) == Some(&b'/') => {
                let end = text[i..].find('>').ok_or("unclosed end tag")? + i;
                let name = text[i + 2..end].trim();
                if open.pop() != Some(name) {
                    return Err(format!("</{name}> closes nothing open at byte {i}"));
                }
                i = end + 1;
            }
            b'<' => {
                let name_end = text[i + 1..]
                    .find(|c: char| c.is_whitespace() || c == '>' || c == '/')
                    .ok_or("unclosed tag")?
                    + i
                    + 1;
                let name = &text[i + 1..name_end];
                if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
                    return Err(format!("bad element name {name:?} at byte {i}"));
                }
                if open.is_empty() {
                    roots += 1;
                }
                i = name_end;
                loop {
                    while b.get(i).is_some_and(u8::is_ascii_whitespace) {
                        i += 1;
                    }
                    match b.get(i) {
                        Some(b'>') => {
                            open.push(name);
                            i += 1;
                            break;
                        }
                        Some(b'/') if b.get(i + 1) == Some(&b'>') => {
                            i += 2;
                            break;
                        }
                        Some(_) => {
                            let eq = text[i..].find('=').ok_or("attribute without =")? + i;
                            let attr = &text[i..eq];
                            if attr.is_empty()
                                || !attr.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                            {
                                return Err(format!("bad attribute {attr:?} at byte {i}"));
                            }
                            if b.get(eq + 1) != Some(&b'"') {
                                return Err(format!("unquoted value of {attr}"));
                            }
                            let close = text[eq + 2..].find('"').ok_or("unclosed value")? + eq + 2;
                            let value = &text[eq + 2..close];
                            if value.contains('<') {
                                return Err(format!("< in the value of {attr}"));
                            }
                            if let Some(k) = value.find('&')
                                && !entity(eq + 2 + k)
                            {
                                return Err(format!("bare & in the value of {attr}"));
                            }
                            i = close + 1;
                        }
                        None => return Err("unclosed tag".into()),
                    }
                }
            }
            b'&' if !entity(i) => return Err(format!("bare & at byte {i}")),
            b'>' => return Err(format!("stray > at byte {i}")),
            c if !c.is_ascii_whitespace() && open.is_empty() => {
                return Err(format!("text outside the root at byte {i}"));
            }
            _ => i += 1,
        }
    }
    if !open.is_empty() || roots != 1 {
        return Err(format!("{} elements left open, {roots} roots", open.len()));
    }
    Ok(())
}

#[test]
fn the_checker_refuses_what_is_not_xml() {
    assert!(well_formed(r#"<svg a="1"><g/><text>a &amp; b</text></svg>"#).is_ok());
    for bad in [
        r#"<svg><g></svg>"#,
        r#"<svg a=1/>"#,
        r#"<svg/><svg/>"#,
        r#"<svg><text>a & b</text></svg>"#,
        r#"<svg a="<"/>"#,
        r#"<svg>"#,
    ] {
        assert!(well_formed(bad).is_err(), "{bad}");
    }
}

/// A position of each game that has a picture, with the title it is drawn under.
const DRAWN: [(&str, &str); 23] = [
    ("domineering", "..#|...|.#."),
    ("cram", "...|..#"),
    ("clobber", "xo.|ox&"),
    ("konane", "xo.|.ox"),
    ("amazons", "L.#|..R"),
    ("toppling_dominoes", "lrle"),
    ("elephants_and_rhinos", "E.R"),
    ("toads_and_frogs", "T.F"),
    ("anti_clobber", "x.o"),
    ("fission", ".|x|."),
    ("ski_jumps", "L|R|."),
    ("hackenbush", "lrle"),
    ("hackenbush", ""),
    (
        "hackenbush_graph",
        "0-1:l, 1-2:r, 1-3:e, 0-4:r, 4-5:l, 5-0:l",
    ),
    (
        "hackenbush_graph",
        "0-1:l, 0-1:r, 1-2:l, 1-2:r, 1-2:e, 2-2:l, 2-2:r, 0-0:e",
    ),
    ("childish_hackenbush", "0-1:l, 1-2:r, 2-0:e"),
    ("snort", "5: 0-1 1-2 2-3 3-4; L0 R3"),
    ("snort", "1:"),
    ("col", "6: 0-1 0-2 0-3 1-2 2-3 3-4 4-5 5-0 1-4; L2 R5"),
    ("clobber_graph", "xox.o: 0-1 1-2 2-3 3-4 4-0 0-2"),
    ("arc_kayles", "7: 0-1 1-2 2-3 4-5"),
    ("arc_kayles", "0:"),
    ("snort", "3: 0-1 1-2; L0"),
];

fn picture_of(game: &str, text: &str) -> Picture {
    let games = board_rulesets();
    let g = games
        .iter()
        .find(|g| g.name() == game)
        .unwrap_or_else(|| panic!("{game}"));
    g.picture(text)
        .unwrap_or_else(|e| panic!("{game}({text}): {e}"))
        .unwrap_or_else(|| panic!("{game} has no picture"))
}

fn graph_of(game: &str, text: &str) -> GraphPicture {
    match picture_of(game, text) {
        Picture::Graph(g) => g,
        _ => panic!("{game} is drawn as a graph"),
    }
}

#[test]
fn every_picture_is_well_formed_svg_and_a_tikz_picture() {
    for (game, text) in DRAWN {
        if game == "clobber" {
            continue; // `&` is no Clobber square: checked below as an error.
        }
        let p = picture_of(game, text);
        // A title with the characters XML escapes.
        let svg = p.to_svg(&format!("{game}(\"{text}\") < & >"));
        if let Err(e) = well_formed(&svg) {
            panic!("{game}({text}): {e}\n{svg}");
        }
        let tikz = p.to_tikz();
        assert!(tikz.starts_with("\\begin{tikzpicture}\n"), "{game}");
        assert!(tikz.ends_with("\\end{tikzpicture}"), "{game}");
        assert!(
            !tikz.contains("NaN") && !tikz.contains("inf"),
            "{game}: {tikz}"
        );
        assert!(
            !svg.contains("NaN") && !svg.contains("inf"),
            "{game}: {svg}"
        );
    }
    let games = board_rulesets();
    let clobber = games
        .iter()
        .find(|g| g.name() == "clobber")
        .expect("clobber");
    assert!(clobber.picture("xo.|ox&").is_err());
}

const BLUE: &str = r##"stroke="#1f5fbf""##;
const RED: &str = r##"stroke="#c8302c""##;
const GREEN: &str = r##"stroke="#2e8b3e""##;

#[test]
fn a_hackenbush_picture_has_its_edges_in_their_colours_on_the_ground() {
    let text = "0-1:l, 1-2:r, 1-3:e, 0-4:r, 4-5:l, 5-0:l";
    let p = graph_of("hackenbush_graph", text);
    // Five vertices above the ground, six edges.
    assert_eq!(p.nodes.len(), 5);
    assert!(p.nodes.iter().all(|v| v.look == Look::Dot));
    let svg = p.to_svg("h");
    assert_eq!(svg.matches(r#"class="edge""#).count(), 6);
    assert_eq!(svg.matches(r#"class="vertex""#).count(), 5);
    assert_eq!(svg.matches(r#"class="ground""#).count(), 1);
    assert_eq!(svg.matches(BLUE).count(), 3);
    assert_eq!(svg.matches(RED).count(), 2);
    assert_eq!(svg.matches(GREEN).count(), 1);
    let tikz = p.to_tikz();
    assert_eq!(tikz.matches("blue!70!black]").count(), 3);
    assert_eq!(tikz.matches("red!70!black]").count(), 2);
    assert_eq!(tikz.matches("green!50!black]").count(), 1);
    assert_eq!(tikz.matches("circle (0.07)").count(), 5);
    // Layers: 1, 4 and 5 stand on the ground, 2 and 3 one higher; the two pieces side by
    // side, the ground under all of them.
    let mut heights: Vec<f64> = p.nodes.iter().map(|v| v.at.1).collect();
    heights.sort_by(f64::total_cmp);
    assert_eq!(heights, [1.0, 1.0, 1.0, 2.0, 2.0]);
    let (g0, g1) = p.ground.expect("a ground");
    assert!(p.nodes.iter().all(|v| g0 < v.at.0 && v.at.0 < g1));
    let feet: Vec<&Edge> = p.edges.iter().filter(|e| e.from.1 == 0.0).collect();
    assert_eq!(feet.len(), 3);
}

#[test]
fn a_hackenbush_string_is_a_vertical_stalk() {
    let p = graph_of("hackenbush", "lrle");
    assert_eq!(p.edges.len(), 4);
    assert!(
        p.edges
            .iter()
            .all(|e| e.controls.is_none() && e.from.0 == e.to.0)
    );
    let mut heights: Vec<f64> = p.nodes.iter().map(|v| v.at.1).collect();
    heights.sort_by(f64::total_cmp);
    assert_eq!(heights, [1.0, 2.0, 3.0, 4.0]);
    let inks: Vec<Ink> = p.edges.iter().map(|e| e.ink).collect();
    assert_eq!(inks, [Ink::Blue, Ink::Red, Ink::Blue, Ink::Green]);
}

/// Points along an edge, its ends left out.
fn samples(e: &Edge) -> Vec<Point> {
    (1..40)
        .map(|k| {
            let t = k as f64 / 40.0;
            let s = 1.0 - t;
            match e.controls {
                None => (e.from.0 * s + e.to.0 * t, e.from.1 * s + e.to.1 * t),
                Some((c1, c2)) => {
                    let w = [s * s * s, 3.0 * s * s * t, 3.0 * s * t * t, t * t * t];
                    let pts = [e.from, c1, c2, e.to];
                    let x = (0..4).map(|i| w[i] * pts[i].0).sum();
                    let y = (0..4).map(|i| w[i] * pts[i].1).sum();
                    (x, y)
                }
            }
        })
        .collect()
}

fn distance(a: Point, b: Point) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// No edge runs within `clearance` of a vertex it does not end at, no two vertices are
/// within `2 * clearance` of each other, and no two edges are drawn the same.
fn check_clear(p: &GraphPicture, clearance: f64, what: &str) {
    for (i, v) in p.nodes.iter().enumerate() {
        for w in &p.nodes[i + 1..] {
            assert!(
                distance(v.at, w.at) > 2.0 * clearance,
                "{what}: vertices at {:?} and {:?}",
                v.at,
                w.at
            );
        }
    }
    for e in &p.edges {
        for v in &p.nodes {
            if v.at == e.from || v.at == e.to {
                continue;
            }
            for s in samples(e) {
                assert!(
                    distance(s, v.at) > clearance,
                    "{what}: the edge {e:?} passes the vertex at {:?}",
                    v.at
                );
            }
        }
    }
    for (i, e) in p.edges.iter().enumerate() {
        for f in &p.edges[i + 1..] {
            let same = |f: &Edge| {
                (e.from, e.to, e.controls) == (f.from, f.to, f.controls)
                    || e.controls.is_none()
                        && f.controls.is_none()
                        && (e.from, e.to) == (f.to, f.from)
            };
            assert!(!same(f), "{what}: two edges drawn as {e:?}");
        }
    }
}

/// SplitMix64, for the same "random" pictures on every run.
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) % n
    }
}

#[test]
fn no_hackenbush_edge_runs_through_a_vertex_or_hides_another() {
    let mut random = Random(11);
    let inks = [Ink::Blue, Ink::Red, Ink::Green];
    for round in 0..400 {
        let vertices = 2 + random.below(7);
        let count = 1 + random.below(12);
        let edges: Vec<(usize, usize, Ink)> = (0..count)
            .map(|_| {
                let a = random.below(vertices) as usize;
                let b = random.below(vertices) as usize;
                (a, b, inks[random.below(3) as usize])
            })
            .collect();
        let p = hackenbush_picture(&edges);
        assert_eq!(p.edges.len(), edges.len());
        check_clear(&p, 0.12, &format!("round {round}: {edges:?}"));
        // Every vertex stands above the ground.
        assert!(p.nodes.iter().all(|v| v.at.1 >= 1.0));
    }
}

#[test]
fn graphs_are_laid_out_as_paths_cycles_grids_trees_or_circles() {
    let open = |_| Look::Open;
    // A path on a line, in path order from its end with the smaller number.
    let p = vertex_graph_picture(4, &[(2, 0), (0, 3), (3, 1)], open);
    let xs: Vec<f64> = p.nodes.iter().map(|v| v.at.0).collect();
    assert_eq!(xs, [2.0, 0.0, 3.0, 1.0]);
    assert!(p.nodes.iter().all(|v| v.at.1 == 0.0));
    // A cycle: every vertex as far from the middle, neighbours one unit apart.
    let p = vertex_graph_picture(5, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)], open);
    let centre = (
        p.nodes.iter().map(|v| v.at.0).sum::<f64>() / 5.0,
        p.nodes.iter().map(|v| v.at.1).sum::<f64>() / 5.0,
    );
    for v in &p.nodes {
        assert!((distance(v.at, centre) - distance(p.nodes[0].at, centre)).abs() < 1e-9);
    }
    for e in &p.edges {
        assert!((distance(e.from, e.to) - 1.0).abs() < 1e-9);
    }
    // A 2 × 3 grid numbered row by row.
    let grid = [(0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (1, 4), (2, 5)];
    let p = vertex_graph_picture(6, &grid, open);
    let at: Vec<Point> = p.nodes.iter().map(|v| v.at).collect();
    assert_eq!(
        at,
        [
            (0.0, 0.5),
            (1.0, 0.5),
            (2.0, 0.5),
            (0.0, -0.5),
            (1.0, -0.5),
            (2.0, -0.5)
        ]
    );
    // A star hangs from its centre.
    let p = vertex_graph_picture(4, &[(1, 0), (1, 2), (1, 3)], open);
    assert!(
        p.nodes
            .iter()
            .enumerate()
            .all(|(v, n)| (v == 1) == (n.at.1 > 0.0))
    );
    // Components side by side, apart.
    let p = vertex_graph_picture(5, &[(0, 1), (2, 3)], open);
    let xs: Vec<f64> = p.nodes.iter().map(|v| v.at.0).collect();
    assert!(xs[1] < xs[2] && xs[3] < xs[4], "{xs:?}");
}

#[test]
fn no_graph_edge_runs_through_a_vertex() {
    let mut random = Random(7);
    for round in 0..400 {
        let n = 1 + random.below(12) as usize;
        let count = random.below(2 * n as u64 + 1);
        let edges: Vec<(usize, usize)> = (0..count)
            .map(|_| {
                (
                    random.below(n as u64) as usize,
                    random.below(n as u64) as usize,
                )
            })
            .collect();
        let p = vertex_graph_picture(n, &edges, |_| Look::Open);
        assert_eq!(p.nodes.len(), n);
        check_clear(&p, RADIUS + 0.05, &format!("round {round}: {n} {edges:?}"));
    }
}

#[test]
fn graph_games_colour_their_vertices() {
    let p = picture_of("snort", "5: 0-1 1-2 2-3 3-4; L0 R3");
    let svg = p.to_svg("snort");
    assert_eq!(svg.matches(r#"class="vertex""#).count(), 5);
    assert_eq!(svg.matches(r#"class="edge""#).count(), 4);
    assert_eq!(svg.matches(r##"fill="#1f5fbf""##).count(), 1);
    assert_eq!(svg.matches(r##"fill="#c8302c""##).count(), 1);
    assert_eq!(svg.matches(r#"r="15.1" fill="white""#).count(), 3);
    let tikz = p.to_tikz();
    assert_eq!(tikz.matches("circle (0.27)").count(), 5);
    assert_eq!(tikz.matches(" -- ").count(), 4);
    assert_eq!(tikz.matches("fill=blue!70!black").count(), 1);
    assert_eq!(tikz.matches("fill=red!70!black").count(), 1);
    // Clobber's stones sit on white vertices; the empty vertex has none.
    let svg = picture_of("clobber_graph", "xox.o: 0-1 1-2 2-3 3-4 4-0 0-2").to_svg("c");
    assert_eq!(svg.matches(r#"class="vertex""#).count(), 5);
    assert_eq!(svg.matches(r#"class="stone""#).count(), 4);
    assert_eq!(svg.matches(r##"class="stone" "##).count(), 4);
    assert_eq!(svg.matches(r#"class="edge""#).count(), 6);
    // Arc Kayles: white vertices, each labelled with its number.
    let p = graph_of("arc_kayles", "7: 0-1 1-2 2-3 4-5");
    assert!(p.nodes.iter().all(|v| v.look == Look::Open));
    let labels: Vec<String> = p.nodes.iter().filter_map(|v| v.label.clone()).collect();
    assert_eq!(labels, ["0", "1", "2", "3", "4", "5", "6"]);
}

/// The pictures of the impartial families, each with a title XML escapes.
fn impartial_pictures() -> Vec<(&'static str, Picture)> {
    use super::impartial as draw;
    use crate::impartial::{GreenHackenbush, Northcott, Row};
    let triangle = GreenHackenbush::new(4, vec![(0, 1), (1, 2), (2, 0), (2, 3), (3, 3)], &[0])
        .unwrap_or_else(|e| panic!("{e}"));
    let board = Northcott::new(
        8,
        vec![Row { white: 1, black: 4 }, Row { white: 6, black: 2 }],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let ok = |p: Result<Picture, draw::TooLarge>| p.unwrap_or_else(|e| panic!("{e}"));
    vec![
        ("bamboo", ok(draw::bamboo(&[1, 3, 2]))),
        ("bamboo of nothing", ok(draw::bamboo(&[]))),
        ("green_hackenbush", ok(draw::green_hackenbush(&triangle))),
        ("northcott", ok(draw::northcott(&board))),
        ("nimble", ok(draw::nimble(&[1, 3, 3, 6]))),
        ("staircase_nim", ok(draw::staircase(&[3, 1, 0, 12_345_678]))),
        ("turning_turtles", ok(draw::turtles(&[false, true, true]))),
        ("nim", ok(draw::heaps(&[1, 3, 5, 7]))),
        ("kayles", ok(draw::heaps(&[40, 2]))),
        ("no heaps", ok(draw::heaps(&[]))),
    ]
}

fn board(p: Picture) -> super::BoardPicture {
    match p {
        Picture::Board(b) => b,
        other => panic!("expected a board, got {other:?}"),
    }
}

fn graph(p: Picture) -> GraphPicture {
    match p {
        Picture::Graph(g) => g,
        other => panic!("expected a graph, got {other:?}"),
    }
}

#[test]
fn every_impartial_picture_and_sum_is_well_formed_svg_and_a_tikz_picture() {
    let pictures = impartial_pictures();
    let all = Picture::sum(pictures.iter().map(|(_, p)| p.clone()).collect());
    let mut cases = pictures;
    cases.push(("everything", all));
    for (name, p) in cases {
        let svg = p.to_svg(&format!("{name}(\"x\") + 1 < & >"));
        if let Err(e) = well_formed(&svg) {
            panic!("{name}: {e}\n{svg}");
        }
        assert!(
            !svg.contains("NaN") && !svg.contains("inf"),
            "{name}: {svg}"
        );
        let tikz = p.to_tikz();
        assert!(tikz.starts_with("\\begin{tikzpicture}\n"), "{name}");
        assert!(tikz.ends_with("\n\\end{tikzpicture}"), "{name}: {tikz}");
        assert!(!tikz.contains("NaN") && !tikz.contains("inf"), "{name}");
        // Every scope closed, every brace matched.
        assert_eq!(
            tikz.matches("\\begin{scope}").count(),
            tikz.matches("\\end{scope}").count()
        );
        assert_eq!(
            tikz.matches('{').count(),
            tikz.matches('}').count(),
            "{name}"
        );
    }
}

#[test]
fn bamboo_stalks_are_green_and_straight_on_one_ground() {
    let p = graph(super::impartial::bamboo(&[1, 3, 2]).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(p.edges.len(), 6);
    assert_eq!(p.nodes.len(), 6);
    assert!(p.edges.iter().all(|e| e.ink == Ink::Green));
    assert!(
        p.edges
            .iter()
            .all(|e| e.controls.is_none() && e.from.0 == e.to.0)
    );
    // Three stalks: three feet on the ground, at three places, tops at heights 1, 3, 2.
    let mut feet: Vec<f64> = p
        .edges
        .iter()
        .filter(|e| e.from.1 == 0.0)
        .map(|e| e.from.0)
        .collect();
    feet.dedup();
    assert_eq!(feet.len(), 3);
    let top = |x: f64| {
        p.nodes
            .iter()
            .filter(|v| v.at.0 == x)
            .map(|v| v.at.1)
            .fold(0.0, f64::max)
    };
    let tops: Vec<f64> = feet.iter().map(|&x| top(x)).collect();
    assert_eq!(tops, [1.0, 3.0, 2.0]);
    let svg = Picture::Graph(p.clone()).to_svg("bamboo([1,3,2])");
    assert_eq!(svg.matches(r#"class="edge""#).count(), 6);
    assert_eq!(svg.matches(GREEN).count(), 6);
    assert_eq!(svg.matches(r#"class="ground""#).count(), 1);
    let tikz = Picture::Graph(p).to_tikz();
    assert_eq!(tikz.matches("green!50!black]").count(), 6);
    assert_eq!(tikz.matches("circle (0.07)").count(), 6);
}

#[test]
fn green_hackenbush_draws_the_edges_in_play_on_the_ground() {
    use crate::impartial::GreenHackenbush;
    // A triangle on the ground with a loop on a stalk above it, and an edge 5-6 that
    // touches nothing: it has fallen and is not drawn.
    let h = GreenHackenbush::new(
        7,
        vec![(0, 1), (1, 2), (2, 0), (2, 3), (3, 3), (5, 6)],
        &[0],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let p = graph(super::impartial::green_hackenbush(&h).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(p.edges.len(), 5);
    assert_eq!(p.nodes.len(), 3);
    assert!(p.edges.iter().all(|e| e.ink == Ink::Green));
    assert!(p.ground.is_some());
    // Two feet (0-1 and 2-0), one loop (from and to the same point).
    assert_eq!(p.edges.iter().filter(|e| e.from.1 == 0.0).count(), 2);
    assert_eq!(p.edges.iter().filter(|e| e.from == e.to).count(), 1);
    // Every vertex on the ground is the ground: an arch 0-1-2-3 with 0 and 3 on it stands
    // on two feet, its two vertices above.
    let arch = GreenHackenbush::new(4, vec![(0, 1), (1, 2), (2, 3)], &[0, 3])
        .unwrap_or_else(|e| panic!("{e}"));
    let p = graph(super::impartial::green_hackenbush(&arch).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!((p.nodes.len(), p.edges.len()), (2, 3));
    assert!(p.nodes.iter().all(|v| v.at.1 == 1.0));
    assert_eq!(p.edges.iter().filter(|e| e.from.1 == 0.0).count(), 2);
}

#[test]
fn northcott_is_a_board_of_white_and_black_checkers() {
    use crate::impartial::{Northcott, Row};
    let n = Northcott::new(
        8,
        vec![Row { white: 1, black: 4 }, Row { white: 6, black: 2 }],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let b = board(super::impartial::northcott(&n).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!((b.rows, b.cols), (2, 8));
    let white = super::Square::Checker { white: true };
    let black = super::Square::Checker { white: false };
    assert_eq!(b.squares[1], white);
    assert_eq!(b.squares[4], black);
    assert_eq!(b.squares[8 + 6], white);
    assert_eq!(b.squares[8 + 2], black);
    let empty = b.squares.iter().filter(|&&s| s == super::Square::Empty);
    assert_eq!(empty.count(), 12);
    let svg = b.to_svg("northcott");
    assert_eq!(svg.matches("<rect x=").count(), 16);
    assert_eq!(svg.matches(r#"class="checker""#).count(), 4);
    assert_eq!(
        svg.matches(r#"class="checker" cx="#).count(),
        svg.matches("<circle").count()
    );
    assert_eq!(
        svg.matches(r##"fill="white" stroke="#222""##).count(),
        2,
        "{svg}"
    );
    let tikz = b.to_tikz();
    assert_eq!(tikz.matches("rectangle").count(), 16);
    assert_eq!(tikz.matches("\\fill[black]").count(), 2);
    assert_eq!(
        tikz.matches("\\filldraw[fill=white,draw=black] (1.5,-0.5) circle")
            .count(),
        1
    );
}

#[test]
fn strips_number_their_squares_and_carry_their_coins() {
    use super::Square;
    use super::impartial as draw;
    // Nimble [1, 3, 3, 6]: squares 0 to 6, one coin on 1 and 6, two on 3.
    let b = board(draw::nimble(&[1, 3, 3, 6]).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!((b.rows, b.cols), (1, 7));
    assert_eq!(b.labels, ["0", "1", "2", "3", "4", "5", "6"]);
    assert_eq!(b.squares, [0, 1, 0, 2, 0, 0, 1].map(Square::Coins).to_vec());
    let svg = b.to_svg("nimble");
    assert_eq!(svg.matches("<rect x=").count(), 7);
    assert_eq!(svg.matches(r#"class="coin""#).count(), 3);
    assert_eq!(svg.matches(r#"class="label""#).count(), 7);
    // Only the pile of two carries its count.
    assert_eq!(
        svg.matches(r##"fill="#222" text-anchor="middle">2<"##)
            .count(),
        1
    );
    let tikz = b.to_tikz();
    assert_eq!(tikz.matches("fill=yellow!60!orange").count(), 3);
    assert_eq!(tikz.matches("\\node[gray,font=\\small]").count(), 7);
    // Staircase Nim [3, 1, 0, 2]: steps 1 to 4, the empty step without a coin.
    let b = board(draw::staircase(&[3, 1, 0, 2]).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(b.labels, ["1", "2", "3", "4"]);
    let svg = b.to_svg("staircase_nim");
    assert_eq!(svg.matches(r#"class="coin""#).count(), 3);
    // Counts 3 and 2 on coins, step numbers 1 to 4 underneath (the single coin has none).
    assert_eq!(svg.matches(">3</text>").count(), 2);
    assert_eq!(svg.matches(">2</text>").count(), 2);
    assert_eq!(svg.matches(">1</text>").count(), 1);
    // Turning Turtles THHTTH: six coins, three heads (gold) and three tails (silver).
    let heads = [false, true, true, false, false, true];
    let b = board(draw::turtles(&heads).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(b.labels, ["1", "2", "3", "4", "5", "6"]);
    let svg = b.to_svg("turning_turtles");
    assert_eq!(svg.matches(r#"class="coin""#).count(), 6);
    assert_eq!(svg.matches(r##"fill="#e0b43c""##).count(), 3);
    assert_eq!(svg.matches(r##"fill="#c9c9c9""##).count(), 3);
    assert_eq!(svg.matches(">H</text>").count(), 3);
    assert_eq!(svg.matches(">T</text>").count(), 3);
    let tikz = b.to_tikz();
    assert_eq!(tikz.matches("{H};").count(), 3);
    assert_eq!(tikz.matches("{T};").count(), 3);
}

#[test]
fn heaps_are_rows_of_counters_or_counted_counters() {
    use super::Square;
    use super::impartial as draw;
    let b = board(draw::heaps(&[1, 3, 5, 7]).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!((b.rows, b.cols), (4, 7));
    for (r, h) in [1, 3, 5, 7].into_iter().enumerate() {
        let row = &b.squares[r * 7..(r + 1) * 7];
        assert!(row[..h].iter().all(|&s| s == Square::Coins(1)));
        assert!(row[h..].iter().all(|&s| s == Square::Off));
    }
    // Only the counters' squares are drawn.
    let svg = b.to_svg("nim");
    assert_eq!(svg.matches("<rect x=").count(), 16);
    assert_eq!(svg.matches(r#"class="coin""#).count(), 16);
    assert_eq!(b.to_tikz().matches("rectangle").count(), 16);
    // A heap longer than drawn: every heap one counter with its size.
    let b = board(draw::heaps(&[40, 2]).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!((b.rows, b.cols), (2, 1));
    assert_eq!(b.squares, [Square::Coins(40), Square::Coins(2)]);
    let svg = b.to_svg("kayles");
    assert!(svg.contains(">40</text>") && svg.contains(">2</text>"));
}

#[test]
fn positions_too_large_to_draw_are_errors() {
    use super::impartial::{self as draw, MAX_DRAWN};
    use crate::impartial::{Northcott, Row};
    let e = draw::bamboo(&[600, 401]).err();
    assert_eq!(e.map(|e| e.parts), Some(1001));
    assert!(draw::bamboo(&[600, 400]).is_ok());
    assert!(draw::bamboo(&[u64::MAX, 2]).is_err());
    assert!(draw::nimble(&[MAX_DRAWN]).is_err());
    assert!(draw::nimble(&[MAX_DRAWN - 1]).is_ok());
    assert!(draw::staircase(&vec![1; 1001]).is_err());
    assert!(draw::turtles(&vec![true; 1001]).is_err());
    assert!(draw::heaps(&[30; 34]).is_err());
    assert!(draw::heaps(&[31; 1001]).is_err());
    let wide = Northcott::new(
        u64::MAX,
        vec![Row { white: 0, black: 1 }, Row { white: 2, black: 3 }],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let e = draw::northcott(&wide).err().map(|e| e.to_string());
    assert_eq!(
        e.as_deref(),
        Some("the picture would have 18446744073709551615 squares, more than the 1000 drawn")
    );
}

#[test]
fn a_sum_is_its_parts_side_by_side_with_plus_signs_between() {
    use super::impartial as draw;
    let ok = |p: Result<Picture, draw::TooLarge>| p.unwrap_or_else(|e| panic!("{e}"));
    let stalk = ok(draw::bamboo(&[2]));
    let strip = ok(draw::turtles(&[true, false]));
    let domino = Picture::Board(super::BoardPicture {
        rows: 2,
        cols: 2,
        squares: vec![super::Square::Empty; 4],
        labels: vec![],
    });
    // A sum inside a sum is opened: one row of three parts.
    let inner = Picture::sum(vec![stalk.clone(), strip.clone()]);
    let p = Picture::sum(vec![inner, domino.clone()]);
    let Picture::Sum(parts) = &p else {
        panic!("a sum");
    };
    assert_eq!(parts.len(), 3);
    let svg = p.to_svg("bamboo([2]) + turning_turtles(\"HT\") + domineering(\"..|..\")");
    assert_eq!(svg.matches(r#"class="plus""#).count(), 2);
    // Each part drawn whole: the stalk's two edges, the two coins, six squares.
    assert_eq!(svg.matches(r#"class="edge""#).count(), 2);
    assert_eq!(svg.matches(r#"class="coin""#).count(), 2);
    assert_eq!(svg.matches("<rect x=").count(), 6);
    assert_eq!(svg.matches(r#"class="ground""#).count(), 1);
    // As wide as its parts and the room for the signs.
    let width = |p: &Picture| p.svg_size().0;
    let expected = width(&stalk) + width(&strip) + width(&domino) + 2.0 * super::PLUS_PX;
    assert!((width(&p) - expected).abs() < 1e-9);
    // The bottoms on one line: the board's lowest square ends where the earth ends.
    let (_, h) = p.svg_size();
    let bottom = |svg: &str, prefix: &str, height_of: &dyn Fn(&str) -> f64| -> f64 {
        svg.lines()
            .filter(|l| l.starts_with(prefix))
            .map(|l| attr(l, "y") + height_of(l))
            .fold(0.0, f64::max)
    };
    let earth = bottom(&svg, r#"<rect class="earth""#, &|l| attr(l, "height"));
    let squares = bottom(&svg, "<rect x=", &|l| attr(l, "height"));
    assert!((earth - squares).abs() < 0.2, "{earth} {squares}");
    assert!((earth - (40.0 + h)).abs() < 0.2, "{earth} {h}");
    let tikz = p.to_tikz();
    assert_eq!(tikz.matches("\\begin{scope}").count(), 3);
    assert_eq!(tikz.matches("{$+$}").count(), 2);
    assert_eq!(tikz.matches("green!50!black]").count(), 2);
    assert_eq!(tikz.matches("rectangle").count(), 7); // the earth and six squares
}

/// The number in attribute `name` of an SVG element written on one line.
fn attr(line: &str, name: &str) -> f64 {
    let key = format!(" {name}=\"");
    let start = line
        .find(&key)
        .unwrap_or_else(|| panic!("{name} in {line}"))
        + key.len();
    let end = line[start..].find('"').unwrap_or_else(|| panic!("{line}")) + start;
    line[start..end]
        .parse()
        .unwrap_or_else(|e| panic!("{name} in {line}: {e}"))
}
