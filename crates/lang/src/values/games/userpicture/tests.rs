//! The drawings a drawing function's answers describe: squares, edges and vertices counted
//! by colour, and the answers that describe nothing.

use super::*;
use crate::rulesets::picture::{GraphPicture, Node};
use crate::values::number::Num;
use std::rc::Rc;

fn s(text: &str) -> Value {
    Value::Str(text.into())
}

fn n(k: i64) -> Value {
    Value::Number(Num::Small(k))
}

fn list(items: Vec<Value>) -> Value {
    Value::List(Rc::new(items))
}

fn map(entries: Vec<(&str, Value)>) -> Value {
    let mut m = crate::values::collections::MapValue::default();
    for (k, v) in entries {
        m.insert(Key::Str(k.into()), s(k), v);
    }
    Value::Map(Rc::new(m))
}

fn board_of(v: &Value) -> BoardPicture {
    match drawing(v).expect("a drawing").picture {
        Picture::Board(b) => b,
        other => panic!("expected a board, got {other:?}"),
    }
}

fn graph_of(v: &Value) -> GraphPicture {
    match drawing(v).expect("a drawing").picture {
        Picture::Graph(g) => g,
        other => panic!("expected a graph, got {other:?}"),
    }
}

/// How many squares of a board are `what`.
fn count(b: &BoardPicture, what: Square) -> usize {
    b.squares.iter().filter(|&&q| q == what).count()
}

#[test]
fn a_board_string_has_its_squares_in_their_colours() {
    let b = board_of(&s("x.o|#gL|Rf."));
    assert_eq!((b.rows, b.cols), (3, 3));
    let blue = Square::Piece {
        left: true,
        letter: None,
    };
    let red = Square::Piece {
        left: false,
        letter: None,
    };
    assert_eq!(count(&b, Square::Empty), 2);
    assert_eq!(count(&b, Square::Blocked), 1);
    assert_eq!(count(&b, Square::Green), 1);
    assert_eq!(count(&b, blue), 1);
    assert_eq!(count(&b, red), 1);
    // Row by row: the capital L is Left's, R and the small f Right's, with their letters.
    assert_eq!(
        b.squares[5],
        Square::Piece {
            left: true,
            letter: Some('L')
        }
    );
    assert_eq!(
        b.squares[6],
        Square::Piece {
            left: false,
            letter: Some('R')
        }
    );
    assert_eq!(
        b.squares[7],
        Square::Piece {
            left: false,
            letter: Some('f')
        }
    );
}

#[test]
fn a_list_of_rows_is_the_same_board_and_short_rows_are_filled_out() {
    assert_eq!(
        board_of(&list(vec![s("x.o"), s("#gL")])),
        board_of(&s("x.o|#gL"))
    );
    let b = board_of(&list(vec![s("..."), s("."), s("..")]));
    assert_eq!((b.rows, b.cols), (3, 3));
    assert_eq!(count(&b, Square::Empty), 6);
    assert_eq!(count(&b, Square::Blocked), 3);
    // The rows for :play are the rows as given.
    let d = drawing(&map(vec![("board", s("x.|.o"))])).unwrap();
    assert_eq!(d.rows, Some(vec!["x.".to_string(), ".o".to_string()]));
}

#[test]
fn hackenbush_edges_keep_their_colours_and_stand_on_the_ground() {
    let edge = |u, v, c: &str| list(vec![n(u), n(v), s(c)]);
    let v = list(vec![
        edge(0, 1, "l"),
        edge(1, 2, "r"),
        edge(1, 3, "g"),
        edge(0, 4, "blue"),
        edge(4, 4, "R"),
    ]);
    let g = graph_of(&v);
    let inks = |ink| g.edges.iter().filter(|e| e.ink == ink).count();
    assert_eq!(
        (inks(Ink::Blue), inks(Ink::Red), inks(Ink::Green)),
        (2, 2, 1)
    );
    assert!(g.ground.is_some());
    // Every edge from vertex 0 starts on the ground line.
    assert!(g.edges.iter().filter(|e| e.from.1 == 0.0).count() >= 2);
    assert!(drawing(&v).unwrap().rows.is_none());
    // The same picture from the text of hackenbush_graph.
    let text = graph_of(&map(vec![("hackenbush", s("0-1:l 1-2:r"))]));
    let listed = graph_of(&list(vec![edge(0, 1, "l"), edge(1, 2, "r")]));
    assert_eq!(text, listed);
    // No edges: the ground alone.
    assert!(graph_of(&list(vec![])).edges.is_empty());
}

#[test]
fn a_vertex_graph_draws_each_vertex_by_its_character() {
    let pair = |u, v| list(vec![n(u), n(v)]);
    let v = map(vec![
        ("vertices", s("x.oLR")),
        (
            "edges",
            list(vec![pair(0, 1), pair(1, 2), pair(2, 3), pair(3, 4)]),
        ),
    ]);
    let g = graph_of(&v);
    let looks: Vec<Look> = g.nodes.iter().map(|v: &Node| v.look).collect();
    assert_eq!(
        looks,
        vec![
            Look::Stone { left: true },
            Look::Open,
            Look::Stone { left: false },
            Look::Owned { left: true },
            Look::Owned { left: false },
        ]
    );
    assert_eq!(g.edges.len(), 4);
    assert!(g.ground.is_none());
    // Vertices without edges.
    assert!(
        graph_of(&map(vec![("vertices", s("..."))]))
            .edges
            .is_empty()
    );
}

#[test]
fn answers_that_describe_no_picture_say_what_is_wrong() {
    let bad = |v: Value| drawing(&v).expect_err("not a drawing");
    assert_eq!(bad(n(3)), "an integer");
    assert!(bad(s("x?o")).contains("'?' in row 0, column 1"));
    assert!(bad(list(vec![s("x."), n(1)])).contains("a list holding an integer"));
    assert!(bad(list(vec![list(vec![n(0), n(1)])])).contains("edge 0 with 2 items"));
    assert!(bad(list(vec![list(vec![n(0), n(-1), s("l")])])).contains("the vertex -1"));
    assert!(bad(list(vec![list(vec![n(0), n(1), s("purple")])])).contains("\"purple\""));
    assert!(bad(map(vec![("colour", s("x"))])).contains("the key \"colour\""));
    assert!(bad(map(vec![("board", s("x")), ("vertices", s("x"))])).contains("several"));
    assert!(bad(map(vec![("hackenbush", s("0-1:q"))])).contains("\"0-1:q\""));
    assert!(
        bad(map(vec![
            ("vertices", s("..")),
            ("edges", list(vec![list(vec![n(0), n(2)])]))
        ]))
        .contains("the vertices are 0 to 1")
    );
    assert!(bad(map(vec![("vertices", s(".?"))])).contains("'?'"));
}

#[test]
fn an_empty_board_is_not_an_empty_hackenbush_picture() {
    let b = board_of(&map(vec![("board", list(vec![]))]));
    assert_eq!((b.rows, b.cols, b.squares.len()), (0, 0, 0));
}

use proptest::prelude::*;

/// The colour the documentation gives a board character: 'b' blue, 'r' red, 'g' green,
/// 'e' empty, '#' blocked.
fn documented_colour(c: char) -> char {
    match c {
        '.' => 'e',
        '#' => '#',
        'x' => 'b',
        'o' | 'R' => 'r',
        'g' => 'g',
        c if c.is_ascii_uppercase() => 'b',
        _ => 'r',
    }
}

fn colour_of(q: Square) -> char {
    match q {
        Square::Empty => 'e',
        Square::Blocked => '#',
        Square::Green => 'g',
        Square::Piece { left: true, .. } => 'b',
        Square::Piece { left: false, .. } => 'r',
        // Checkers, coins and missing squares belong to the impartial families' pictures;
        // a board drawn by a cgt ruleset never has them.
        Square::Checker { .. } | Square::Coins(_) | Square::Coin { .. } | Square::Off => '?',
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]
    /// Every square of a board shows its character's documented colour, the squares past a
    /// short row are blocked, and the rows come back as given.
    #[test]
    fn every_square_has_its_documented_colour(
        rows in prop::collection::vec("[.#xogLRTfab]{0,6}", 0..5)
    ) {
        let d = drawing(&list(rows.iter().map(|r| s(r)).collect())).unwrap();
        if rows.is_empty() {
            // No rows: the empty list is a Hackenbush picture without edges.
            prop_assert!(matches!(d.picture, Picture::Graph(_)));
            return Ok(());
        }
        let Picture::Board(b) = d.picture else { panic!("a board") };
        let cols = rows.iter().map(|r| r.len()).max().unwrap();
        prop_assert_eq!((b.rows, b.cols), (rows.len(), cols));
        for (r, row) in rows.iter().enumerate() {
            let row: Vec<char> = row.chars().collect();
            for c in 0..cols {
                let want = row.get(c).map_or('#', |&ch| documented_colour(ch));
                prop_assert_eq!(colour_of(b.squares[r * cols + c]), want);
            }
        }
        prop_assert_eq!(d.rows, Some(rows.clone()));
        // The same board written with | between the rows.
        let joined = drawing(&s(&rows.join("|"))).unwrap();
        prop_assert_eq!(joined.rows, Some(rows));
    }

    /// Any text is a board or an error, never a panic.
    #[test]
    fn any_text_is_a_board_or_an_error(text in "\\PC{0,12}") {
        let _ = drawing(&s(&text));
    }

    /// Random edge lists: a picture with one drawn edge per listed edge, or an error naming
    /// what is wrong (a negative vertex, an unknown colour), never a panic.
    #[test]
    fn edge_lists_draw_each_edge_once(
        edges in prop::collection::vec((-1i64..6, -1i64..6, "l|r|g|blue|q"), 0..8)
    ) {
        let v = list(edges.iter().map(|(u, w, c)| list(vec![n(*u), n(*w), s(c)])).collect());
        let valid = edges.iter().all(|(u, w, c)| *u >= 0 && *w >= 0 && c != "q");
        match drawing(&v) {
            Ok(d) => {
                prop_assert!(valid);
                let Picture::Graph(g) = d.picture else { panic!("a graph") };
                prop_assert_eq!(g.edges.len(), edges.len());
                let blue = edges.iter().filter(|e| e.2 == "l" || e.2 == "blue").count();
                prop_assert_eq!(g.edges.iter().filter(|e| e.ink == Ink::Blue).count(), blue);
            }
            Err(e) => {
                prop_assert!(!valid);
                prop_assert!(e.contains("vertex -1") || e.contains("\"q\""), "{}", e);
            }
        }
    }
}
