//! Games played on one row of squares written as text (Toads and Frogs, Elephants and
//! Rhinos, Toppling Dominoes): reading the row, the colour swap and mirror image that
//! exchange the players, and the picture of the row.

use super::RulesetError;
use super::picture::{BoardPicture, Square};

/// The row written `text`: each character one of `letters` (case-insensitive, stored as
/// written in `letters`), whitespace ignored.
pub fn parse_row(text: &str, letters: &[u8]) -> Result<Vec<u8>, RulesetError> {
    let mut row = Vec::with_capacity(text.len());
    for (at, ch) in text.char_indices() {
        if ch.is_whitespace() {
            continue;
        }
        match letters
            .iter()
            .find(|&&l| (l as char).eq_ignore_ascii_case(&ch))
        {
            Some(&l) => row.push(l),
            None => return Err(RulesetError::BadChar { ch, at }),
        }
    }
    Ok(row)
}

/// The row with Left's pieces (`left`) and Right's (`right`) exchanged.
pub fn swap_players(row: &[u8], left: u8, right: u8) -> Vec<u8> {
    row.iter()
        .map(|&c| match c {
            c if c == left => right,
            c if c == right => left,
            other => other,
        })
        .collect()
}

/// The row, or its mirror image with the players' pieces exchanged (the negative game when
/// Left's pieces move right and Right's left), whichever is less; `true` for the mirror.
pub fn least_with_mirror(row: Vec<u8>, left: u8, right: u8) -> (Vec<u8>, bool) {
    let mut mirrored = swap_players(&row, left, right);
    mirrored.reverse();
    if mirrored < row {
        (mirrored, true)
    } else {
        (row, false)
    }
}

/// A picture of the row: Left's pieces blue, Right's red (with their letter if `lettered`),
/// empty squares `.` empty, and any other square drawn as `other`.
pub fn row_picture(row: &[u8], left: u8, right: u8, lettered: bool, other: Square) -> BoardPicture {
    let piece = |is_left: bool, c: u8| Square::Piece {
        left: is_left,
        letter: lettered.then_some(c as char),
    };
    BoardPicture::from_bytes(1, row.len(), row, |c| match c {
        c if c == left => piece(true, c),
        c if c == right => piece(false, c),
        b'.' => Square::Empty,
        _ => other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_swap_and_mirror() {
        assert_eq!(parse_row("tT.f", b"TF."), Ok(b"TT.F".to_vec()));
        assert_eq!(
            parse_row("T?", b"TF."),
            Err(RulesetError::BadChar { ch: '?', at: 1 })
        );
        assert_eq!(swap_players(b"lre", b'l', b'r'), b"rle".to_vec());
        // T.F mirrored with the pieces exchanged is itself; FT. becomes .FT, which is less.
        assert_eq!(
            least_with_mirror(b"T.F".to_vec(), b'T', b'F'),
            (b"T.F".to_vec(), false)
        );
        assert_eq!(
            least_with_mirror(b"FT.".to_vec(), b'T', b'F'),
            (b".FT".to_vec(), true)
        );
    }
}
