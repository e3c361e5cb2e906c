//! Memory of printing a huge value (issue 27 item 3: printing in memory that does not grow
//! with the text), counted by a counting allocator: G + G + H for G the 4×6 and H the 4×4
//! Domineering rectangle prints in 94.5 M characters, and the printer holds no more than a
//! few megabytes of them at any time. One test only, so that no other test allocates while
//! it counts.

use cgt_games::game::{GameStore, Notation, Style};
use cgt_games::rulesets::domineering_rect;
use std::fmt;

mod counting;

/// A sink that keeps nothing: the length of the text and its FNV-1a hash.
struct Digest {
    len: usize,
    hash: u64,
}

impl fmt::Write for Digest {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.len += s.len();
        for &b in s.as_bytes() {
            self.hash = (self.hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
        Ok(())
    }
}

/// Prints `g` into a [`Digest`]: its length and hash, and the peak of bytes allocated
/// meanwhile above what was live before.
fn print_counted(s: &mut GameStore, g: cgt_games::game::GameId) -> (usize, u64, usize) {
    let mut digest = Digest {
        len: 0,
        hash: 0xcbf2_9ce4_8422_2325,
    };
    let style = Style::cgsuite(Notation::Unicode);
    let (written, peak) = counting::peak_during(|| s.write_styled(g, style, &mut digest));
    written.expect("the sink takes all");
    (digest.len, digest.hash, peak)
}

#[test]
fn printing_a_huge_value_holds_a_bounded_part_of_its_text() {
    let mut s = GameStore::new();
    let g = domineering_rect(&mut s, 4, 6);
    let h = domineering_rect(&mut s, 4, 4);
    let gg = s.add(g, g);
    let ggh = s.add(gg, h);
    // The first print also sorts each form's options for display, which the store keeps
    // (memory for the forms, not the text); the second counts the printer alone.
    print_counted(&mut s, ggh);
    let (small_len, _, small_peak) = print_counted(&mut s, gg);
    let (len, hash, peak) = print_counted(&mut s, ggh);
    eprintln!(
        "G + G: {small_len} characters, peak {small_peak} B; G + G + H: {len} characters, peak {peak} B"
    );
    // The text printed before the printer remembered small forms (`cgt --threads 1 -e
    // 'let g = domineering(4, 6); let h = domineering(4, 4); g + g + h'` at commit 3a1aa76,
    // in its Unicode notation, without the newline), hashed with FNV-1a.
    assert_eq!((len, hash), (94_553_821, 0x75af_db82_a871_9534));
    assert!(peak <= 8 << 20, "{peak} bytes held while printing");
}
