//! Backsliding Toads and Frogs (Winning Ways ch. 11; Albert and Nowakowski's chapter in
//! *Games of No Chance 3*): Toads and Frogs where each player may also retreat one square
//! into an empty square. Left moves a toad `T` one square right into an empty square or
//! jumps it over one frog into the empty square beyond; Right does the same with a frog `F`
//! to the left. Either may instead move one of their pieces one square *back* (a toad left,
//! a frog right) into an empty square; jumps are never backwards. Almost every position can
//! be returned to, so the values are loopy games.

use super::RulesetError;
use super::loopy_board::{LoopyBoardError, loopy_game_of};
use super::rows::parse_row;
use crate::game::GameStore;
use crate::game::loopy::LoopyGame;

const TOAD: u8 = b'T';
const FROG: u8 = b'F';
const EMPTY: u8 = b'.';

/// Reads a row such as `"TT..FF"`.
pub fn parse(text: &str) -> Result<Vec<u8>, RulesetError> {
    parse_row(text, &[TOAD, FROG, EMPTY])
}

/// The rows one move away for the player whose pieces are `piece`, advancing in direction
/// `step` (+1 for toads, -1 for frogs).
fn moves_of(row: &[u8], piece: u8, step: isize) -> Vec<Vec<u8>> {
    let enemy = if piece == TOAD { FROG } else { TOAD };
    let n = row.len() as isize;
    let at = |i: isize| (0..n).contains(&i).then(|| row[i as usize]);
    let mut out = Vec::new();
    let mut moved = |from: isize, to: isize| {
        let mut r = row.to_vec();
        r.swap(from as usize, to as usize);
        out.push(r);
    };
    for i in 0..n {
        if row[i as usize] != piece {
            continue;
        }
        // Forward one square, or a jump over one enemy piece.
        if at(i + step) == Some(EMPTY) {
            moved(i, i + step);
        } else if at(i + step) == Some(enemy) && at(i + 2 * step) == Some(EMPTY) {
            moved(i, i + 2 * step);
        }
        // Back one square (never a jump).
        if at(i - step) == Some(EMPTY) {
            moved(i, i - step);
        }
    }
    out
}

/// Left's options (toads move) and Right's (frogs move) of a row.
pub fn options(row: &[u8]) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    (moves_of(row, TOAD, 1), moves_of(row, FROG, -1))
}

/// The value of a row: the loopy game of its graph of positions (a short game when no
/// position repeats, as when no piece can move back). Rows of at most [`MAX_PACKED`] cells
/// are explored as packed rows ([`pack`], 16 bytes a position and no allocation of its
/// own), longer ones as byte rows.
pub fn value(row: &[u8], store: &GameStore) -> Result<LoopyGame, LoopyBoardError> {
    if row.len() <= MAX_PACKED {
        let len = row.len();
        return loopy_game_of(pack(row), |&p| packed_options(p, len), store);
    }
    loopy_game_of(row.to_vec(), |r| options(r), store)
}

/// The longest row kept packed: two bits a cell in a `u128`.
pub const MAX_PACKED: usize = 64;

/// The code of a cell in a packed row: 0 empty, 1 toad, 2 frog.
fn code(cell: u8) -> u128 {
    match cell {
        TOAD => 1,
        FROG => 2,
        _ => 0,
    }
}

/// A row of at most [`MAX_PACKED`] cells packed two bits a cell, cell `i` at bits `2i`.
pub fn pack(row: &[u8]) -> u128 {
    row.iter()
        .enumerate()
        .fold(0, |acc, (i, &c)| acc | code(c) << (2 * i))
}

/// The row of `len` cells packed in `p`.
pub fn unpack(p: u128, len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| match (p >> (2 * i)) & 3 {
            1 => TOAD,
            2 => FROG,
            _ => EMPTY,
        })
        .collect()
}

/// [`options`] of the packed row `p` of `len` cells, packed: the same moves in the same
/// order, read and made on the bits.
pub fn packed_options(p: u128, len: usize) -> (Vec<u128>, Vec<u128>) {
    (
        packed_moves(p, len, code(TOAD), 1),
        packed_moves(p, len, code(FROG), -1),
    )
}

/// [`moves_of`] on a packed row: the pieces coded `piece` move in direction `step`.
fn packed_moves(p: u128, len: usize, piece: u128, step: isize) -> Vec<u128> {
    let enemy = 3 - piece;
    let n = len as isize;
    let at = |i: isize| (0..n).contains(&i).then(|| (p >> (2 * i)) & 3);
    let moved = |from: isize, to: isize| p & !(3 << (2 * from)) | piece << (2 * to);
    let mut out = Vec::new();
    for i in 0..n {
        if at(i) != Some(piece) {
            continue;
        }
        if at(i + step) == Some(0) {
            out.push(moved(i, i + step));
        } else if at(i + step) == Some(enemy) && at(i + 2 * step) == Some(0) {
            out.push(moved(i, i + 2 * step));
        }
        if at(i - step) == Some(0) {
            out.push(moved(i, i - step));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(text: &str) -> String {
        let mut store = GameStore::new();
        let g = value(&parse(text).unwrap(), &store).unwrap();
        let g = g.simplify(&mut store);
        match g.to_short(&mut store) {
            Some(s) => store.display(s, crate::game::Notation::Ascii),
            None => g.display(&mut store, false),
        }
    }

    #[test]
    fn moves_forward_back_and_jumps() {
        let (l, r) = options(b"T.F.");
        // The toad: forward; the frog: forward and back.
        assert_eq!(l, vec![b".TF.".to_vec()]);
        assert_eq!(r, vec![b"TF..".to_vec(), b"T..F".to_vec()]);
        // A toad jumps a frog but never jumps back; it may slide back.
        let (l, _) = options(b".TF.");
        assert_eq!(l, vec![b"..FT".to_vec(), b"T.F.".to_vec()]);
    }

    #[test]
    fn packed_rows_move_as_byte_rows() {
        // Every row of up to seven cells: the packed moves are the byte moves, in order.
        for len in 0..=7u32 {
            for k in 0..3usize.pow(len) {
                let row: Vec<u8> = (0..len)
                    .map(|i| [EMPTY, TOAD, FROG][k / 3usize.pow(i) % 3])
                    .collect();
                let p = pack(&row);
                assert_eq!(unpack(p, row.len()), row);
                let (l, r) = options(&row);
                let (pl, pr) = packed_options(p, row.len());
                let unpacked = |v: Vec<u128>| -> Vec<Vec<u8>> {
                    v.into_iter().map(|q| unpack(q, row.len())).collect()
                };
                assert_eq!((unpacked(pl), unpacked(pr)), (l, r), "{row:?}");
            }
        }
        // The last packed length, with pieces at both ends.
        let mut row = vec![EMPTY; MAX_PACKED];
        row[0] = FROG;
        row[MAX_PACKED - 1] = TOAD;
        row[1] = TOAD;
        let (l, r) = options(&row);
        let (pl, pr) = packed_options(pack(&row), MAX_PACKED);
        assert_eq!(
            pl.iter()
                .map(|&q| unpack(q, MAX_PACKED))
                .collect::<Vec<_>>(),
            l
        );
        assert_eq!(
            pr.iter()
                .map(|&q| unpack(q, MAX_PACKED))
                .collect::<Vec<_>>(),
            r
        );
    }

    #[test]
    fn hand_derived_values() {
        // No moves at all.
        assert_eq!(show("TF"), "0");
        // A toad alone with room: Left slides back and forth for ever and Right never
        // moves: on. A frog alone: off.
        assert_eq!(show("T."), "on");
        assert_eq!(show(".F"), "off");
        // A lone toad boxed in by a frog that cannot move either: TF with nothing else.
        assert_eq!(show("FT"), "0");
    }

    #[test]
    fn the_mirror_image_with_players_swapped_is_the_negative() {
        let mut store = GameStore::new();
        for text in ["T.F", "T..F", "TT.F", "T.TF.", "T..FF"] {
            let row = parse(text).unwrap();
            let mut mirror: Vec<u8> = row
                .iter()
                .rev()
                .map(|&c| match c {
                    TOAD => FROG,
                    FROG => TOAD,
                    c => c,
                })
                .collect();
            let g = value(&row, &store).unwrap();
            let h = value(&mirror, &store).unwrap();
            mirror.clear();
            // Both sides may fail to be stopper-sided; the outcomes must mirror anyway.
            let (og, oh) = (g.outcome(&store), h.neg().outcome(&store));
            assert_eq!(og, oh, "{text}");
            if let Ok(eq) = g.equals(&h.neg(), &mut store) {
                assert!(eq, "{text}");
            }
        }
    }
}
