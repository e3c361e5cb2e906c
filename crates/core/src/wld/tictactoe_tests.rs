//! Tic (Game 1.6) and Tic-Tac-Toe written in Rust and played through [`solve_game`] and
//! [`game_tree`]: the checks of the generic searches against known counts.

use super::*;

/// A board of `N` squares: 0 empty, 1 Louise's mark, 2 Richard's mark.
type Board<const N: usize> = [u8; N];

fn mark(p: Player) -> u8 {
    match p {
        Player::Louise => 1,
        Player::Richard => 2,
    }
}

fn place<const N: usize>(b: &Board<N>, p: Player) -> Result<Vec<Board<N>>, WldError> {
    Ok((0..N)
        .filter(|&i| b[i] == 0)
        .map(|i| {
            let mut next = *b;
            next[i] = mark(p);
            next
        })
        .collect())
}

/// The outcome if some line is full of one player's marks, or the board is full.
fn lines_end<const N: usize>(b: &Board<N>, lines: &[[usize; 3]]) -> Option<WldOutcome> {
    for line in lines {
        let v = b[line[0]];
        if v != 0 && line.iter().all(|&i| b[i] == v) {
            return Some(if v == 1 {
                WldOutcome::LouiseWins
            } else {
                WldOutcome::RichardWins
            });
        }
    }
    b.iter().all(|&c| c != 0).then_some(WldOutcome::Draw)
}

/// Tic: two adjacent squares of a 1×3 strip.
fn tic_end(b: &Board<3>) -> Result<Option<WldOutcome>, WldError> {
    for pair in [[0, 1], [1, 2]] {
        let v = b[pair[0]];
        if v != 0 && b[pair[1]] == v {
            return Ok(Some(if v == 1 {
                WldOutcome::LouiseWins
            } else {
                WldOutcome::RichardWins
            }));
        }
    }
    Ok(b.iter().all(|&c| c != 0).then_some(WldOutcome::Draw))
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

fn ttt_end(b: &Board<9>) -> Result<Option<WldOutcome>, WldError> {
    Ok(lines_end(b, &LINES))
}

/// `"x.x|.o.|o.."`-style boards, rows separated by `|`; `x` is Louise's mark.
fn board(text: &str) -> Board<9> {
    let cells: Vec<u8> = text
        .chars()
        .filter(|&c| c != '|')
        .map(|c| match c {
            'x' => 1,
            'o' => 2,
            _ => 0,
        })
        .collect();
    cells.try_into().expect("nine squares")
}

#[test]
fn tic_gives_the_tree_of_figure_1_6_and_richard_wins_in_the_middle() {
    let tree = game_tree([0u8; 3], Player::Richard, place, tic_end).unwrap();
    let figure_1_6: WldTree = "R(L(R(00), R(-+)), L(R(-+), R(-+)), L(R(-+), R(00)))"
        .parse()
        .unwrap();
    assert_eq!(tree, figure_1_6);
    let s = solve_game([0u8; 3], Player::Richard, place, tic_end).unwrap();
    assert_eq!(s.outcome(), WldOutcome::RichardWins);
    assert_eq!(s.best_move(), Some(&[0, 2, 0]));
    assert_eq!(s.outcome(), zermelo(&tree).root_type());
    // With Louise first the roles swap.
    let s = solve_game([0u8; 3], Player::Louise, place, tic_end).unwrap();
    assert_eq!(s.outcome(), WldOutcome::LouiseWins);
}

#[test]
fn tic_tac_toe_is_a_draw_over_5478_positions() {
    let s = solve_game([0u8; 9], Player::Louise, place, ttt_end).unwrap();
    assert_eq!(s.outcome(), WldOutcome::Draw);
    // The known count of legal positions reachable in play, the empty board and the
    // finished boards included; the player to move is fixed by the board, so memoizing on
    // (board, player) counts boards.
    assert_eq!(s.positions_solved(), 5478);
    // Every first move draws, so the first best is the first square.
    assert_eq!(s.best_move_index(), Some(0));
    let line = s.principal_line();
    assert_eq!(line.len(), 10);
    assert_eq!(
        ttt_end(line.last().unwrap()).unwrap(),
        Some(WldOutcome::Draw)
    );
    // Richard first: still a draw, over the same boards with the marks swapped.
    let r = solve_game([0u8; 9], Player::Richard, place, ttt_end).unwrap();
    assert_eq!(
        (r.outcome(), r.positions_solved()),
        (WldOutcome::Draw, 5478)
    );
    // A corner opening draws; answering it on an adjacent edge loses for Richard.
    let corner = board("x..|...|...");
    assert_eq!(s.type_at(&corner, Player::Richard), Some(WldOutcome::Draw));
    let edge_reply = board("xo.|...|...");
    assert_eq!(
        s.type_at(&edge_reply, Player::Louise),
        Some(WldOutcome::LouiseWins)
    );
}

#[test]
fn two_threats_win() {
    // xox|...|x.o: Louise threatens the left column (square 3) and the diagonal (square 4);
    // Richard, with no threat of his own, can block only one.
    let fork = board("xox|...|x.o");
    assert_eq!(ttt_end(&fork).unwrap(), None);
    let s = solve_game(fork, Player::Richard, place, ttt_end).unwrap();
    assert_eq!(s.outcome(), WldOutcome::LouiseWins);
    for reply in place(&fork, Player::Richard).unwrap() {
        assert_eq!(
            s.type_at(&reply, Player::Louise),
            Some(WldOutcome::LouiseWins)
        );
        let win = s.best_move_at(&reply, Player::Louise).unwrap();
        assert_eq!(
            ttt_end(win).unwrap(),
            Some(WldOutcome::LouiseWins),
            "{reply:?}"
        );
    }
    // One threat only (the top row) is blocked, and the game is drawn.
    let single = board("x.x|.o.|ox.");
    let s = solve_game(single, Player::Richard, place, ttt_end).unwrap();
    assert_eq!(s.outcome(), WldOutcome::Draw);
    assert_eq!(s.best_move(), Some(&board("xox|.o.|ox.")));
}

#[test]
fn the_tic_tac_toe_tree_has_the_known_numbers_of_games() {
    // 255 168 games: 131 184 won by the first player, 77 904 by the second, 46 080 drawn.
    let tree = game_tree([0u8; 9], Player::Louise, place, ttt_end).unwrap();
    let mut counts = [0usize; 3];
    for node in &tree.nodes {
        if let super::tree::Node::Leaf(o) = node {
            counts[WldOutcome::ALL.iter().position(|x| x == o).unwrap()] += 1;
        }
    }
    assert_eq!(counts, [131_184, 46_080, 77_904]);
    assert_eq!(tree.node_count(), 549_946);
    assert_eq!(tree.depth(), 9);
    assert_eq!(zermelo(&tree).root_type(), WldOutcome::Draw);
}

#[test]
fn solve_game_agrees_with_zermelo_on_the_game_tree() {
    for text in [
        "x..|.o.|...",
        "xo.|...|...",
        "x..|...|..o",
        "xo.|.x.|...",
        "oxo|...|.x.",
    ] {
        let b = board(text);
        let xs = b.iter().filter(|&&c| c == 1).count();
        let os = b.iter().filter(|&&c| c == 2).count();
        let to_move = if xs == os {
            Player::Louise
        } else {
            Player::Richard
        };
        let tree = game_tree(b, to_move, place, ttt_end).unwrap();
        let z = zermelo(&tree);
        let s = solve_game(b, to_move, place, ttt_end).unwrap();
        assert_eq!(z.root_type(), s.outcome(), "{text}");
        // The same option order on both sides, so the same first best move.
        assert_eq!(z.choice_at(&[]), s.best_move_index(), "{text}");
    }
}
