//! Who wins Domineering on an empty `rows × cols` rectangle, by game-tree search alone (no
//! combinatorial game theory): an independent check of the outcome of cgt's values.
//!
//! `cargo run --release -p cgt-games --example domineering_outcome -- 7 6`
//!
//! Options after the sizes: `--plain` (no counting bounds, no symmetry, no move ordering),
//! `--no-counting`, `--bits N` (a table of 2^N buckets of two 16-byte slots; 22 by default,
//! 128 MiB).
//!
//! Rows run down the board, as in cgt's `domineering(rows, cols)`; Vertical (Left) places
//! its dominoes in a column, Horizontal (Right) in a row.

// The test uses more of the module than this tool does.
#[allow(dead_code)]
#[path = "../tests/outcome_search/mod.rs"]
mod outcome_search;

use outcome_search::{Class, Options, Player, Search};

fn usage() -> ! {
    eprintln!("usage: domineering_outcome ROWS COLS [--plain] [--no-counting] [--bits N]");
    std::process::exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size = |i: usize| -> usize {
        args.get(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| usage())
    };
    let (rows, cols) = (size(0), size(1));
    let mut options = Options::FULL;
    let mut bits = 22;
    let mut rest = args.iter().skip(2);
    while let Some(a) = rest.next() {
        match a.as_str() {
            "--plain" => options = Options::PLAIN,
            "--no-counting" => options.counting = false,
            "--bits" => {
                bits = rest
                    .next()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or_else(|| usage())
            }
            _ => usage(),
        }
    }
    let Some(mut search) = Search::new(rows, cols, bits, options) else {
        eprintln!("{rows}x{cols} does not fit the 56-bit board (or --bits is not within 1 to 30)");
        std::process::exit(2)
    };
    let board = search.empty_board();
    let mut wins = Vec::new();
    for mover in [Player::Vertical, Player::Horizontal] {
        let before = search.nodes;
        let won = search.wins(board, mover);
        let who = if won { "wins" } else { "loses" };
        println!(
            "{rows}x{cols}, {mover:?} first: {mover:?} {who} ({} nodes)",
            search.nodes - before
        );
        wins.push(won);
    }
    let class = Class::from_wins(wins[0], wins[1]);
    let letter = match class {
        Class::Vertical => "L (Vertical wins)",
        Class::Horizontal => "R (Horizontal wins)",
        Class::First => "N (first player wins)",
        Class::Second => "P (second player wins)",
    };
    println!(
        "{rows}x{cols}: outcome {letter}; {} nodes, {} table hits, {} decided by counting",
        search.nodes, search.hits, search.counted
    );
}
