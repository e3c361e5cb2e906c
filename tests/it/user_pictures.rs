//! Rulesets written in cgt drawn by their own picture function: `svg` writes the picture
//! (not the game tree) with the squares, edges and vertices in their colours.

use cgt::eval::Interpreter;
use cgt::game::Notation;

/// Runs `setup`, then `svg(position, file)`; the SVG written.
fn svg_of(setup: &str, position: &str) -> String {
    // Each picture is written in a scratch directory of its own, removed at the end.
    let dir = tempfile::Builder::new()
        .prefix("cgt-user-pictures-")
        .tempdir()
        .unwrap();
    let file = dir.path().join("picture.svg");
    let (mut interp, lines) = Interpreter::collecting();
    interp.notation = Notation::Ascii;
    interp.run(setup).unwrap();
    let call = format!("svg({position}, {:?})", file.display().to_string());
    interp.run(&call).unwrap();
    assert_eq!(
        lines.borrow().last().unwrap(),
        &format!("wrote {}", file.display())
    );
    std::fs::read_to_string(&file).unwrap()
}

/// How many times `needle` occurs.
fn count(svg: &str, needle: &str) -> usize {
    svg.matches(needle).count()
}

const BLUE: &str = r##"fill="#1f5fbf""##;
const RED: &str = r##"fill="#c8302c""##;
const GREEN: &str = r##"fill="#2e8b3e""##;

#[test]
fn a_board_is_drawn_square_by_square() {
    let svg = svg_of(
        "let G = partizan_game(p -> [[], []], p -> p)",
        r#"G("xx.o|#g.R")"#,
    );
    assert!(svg.starts_with("<svg"), "{svg}");
    // Eight squares, one blocked (grey); Left's discs are the two x, Right's the o and
    // the R (marked with its letter), and one green disc.
    assert_eq!(count(&svg, "<rect x="), 8, "{svg}");
    assert_eq!(count(&svg, r##"fill="#555""##), 1, "{svg}");
    assert_eq!(count(&svg, BLUE), 2, "{svg}");
    assert_eq!(count(&svg, RED), 2, "{svg}");
    assert_eq!(count(&svg, GREEN), 1, "{svg}");
    assert!(svg.contains(">R</text>"), "{svg}");
    // The title is the position as cgt writes it.
    assert!(svg.contains(r#">G("xx.o|#g.R")</text>"#), "{svg}");
}

#[test]
fn hackenbush_edges_stand_on_the_ground_in_their_colours() {
    let setup =
        r#"let H = partizan_game(p -> [[], []], p -> [[k, k + 1, p[k]] for k in 0..len(p)-1])"#;
    let svg = svg_of(setup, r#"H(["l", "r", "l", "g"])"#);
    assert_eq!(count(&svg, r#"class="ground""#), 1, "{svg}");
    assert_eq!(count(&svg, r#"class="edge""#), 4, "{svg}");
    assert_eq!(count(&svg, r##"stroke="#1f5fbf""##), 2, "{svg}");
    assert_eq!(count(&svg, r##"stroke="#c8302c""##), 1, "{svg}");
    assert_eq!(count(&svg, r##"stroke="#2e8b3e""##), 1, "{svg}");
}

#[test]
fn a_vertex_graph_has_its_stones_and_colours() {
    let setup = r#"let V = impartial_game(p -> [], p -> {"vertices" => p, "edges" => [[0, 1], [1, 2], [2, 3], [3, 0]]})"#;
    let svg = svg_of(setup, r#"V("xoLR")"#);
    assert_eq!(count(&svg, r#"class="vertex""#), 4, "{svg}");
    assert_eq!(count(&svg, r#"class="stone""#), 2, "{svg}");
    assert_eq!(count(&svg, r#"class="edge""#), 4, "{svg}");
    // A blue stone and a blue vertex, a red stone and a red vertex.
    assert_eq!(count(&svg, BLUE), 2, "{svg}");
    assert_eq!(count(&svg, RED), 2, "{svg}");
}

#[test]
fn without_a_picture_svg_draws_the_game_tree() {
    let setup = "let T = partizan_game(n -> [[n - 1 for k in [1] if n > 0], []])";
    let drawn = svg_of(setup, "T(2)");
    assert!(drawn.starts_with("<svg"), "{drawn}");
    assert_eq!(drawn, svg_of("", "2"));
}

/// The loopy board games draw their boards (not the graph of their loopy value): geese as
/// Left's discs marked G, the fox as Right's marked F.
#[test]
fn fox_and_geese_boards_are_drawn() {
    for game in ["fox_and_geese", "ceylonese_fox_and_geese"] {
        let svg = svg_of("", &format!(r#"{game}("F...|....|.G.G")"#));
        assert!(svg.starts_with("<svg"), "{svg}");
        assert_eq!(count(&svg, "<rect x="), 12, "{game}: {svg}");
        assert_eq!(count(&svg, BLUE), 2, "{game}: {svg}");
        assert_eq!(count(&svg, RED), 1, "{game}: {svg}");
        assert!(
            svg.contains(">G</text>") && svg.contains(">F</text>"),
            "{svg}"
        );
    }
}
