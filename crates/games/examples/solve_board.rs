//! Who wins a board of a registered game, by the outcome solver, with the work it took:
//! `cargo run --release -p cgt-games --example solve_board -- domineering 6 6 [limit]`
//! (a board may also be given as its text: `... -- clobber "xoxo|oxox"`). With `value`
//! after the arguments, the canonical form's outcome and time follow for comparison.
//! A game name `impartial_NAME` is the impartial variant of NAME (either player makes
//! either player's moves: `impartial_nogo`, and `impartial_domineering` is Cram).

use cgt_core::rules::SolveOptions;
use cgt_games::game::GameStore;
use cgt_games::rulesets::registry::{Arg, board_rulesets};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(name) = args.first() else {
        eprintln!("usage: solve_board GAME (ROWS COLS | TEXT) [LIMIT] [value]");
        return;
    };
    let (base, impartial) = match name.strip_prefix("impartial_") {
        Some(base) => (base, true),
        None => (name.as_str(), false),
    };
    let Some(game) = board_rulesets().into_iter().find(|g| g.name() == base) else {
        eprintln!("no game {name}");
        return;
    };
    let game = if impartial {
        game.variant(cgt_games::rulesets::variant::VariantKind::Impartial)
    } else {
        game
    };
    let numbers: Vec<u64> = args[1..].iter().filter_map(|a| a.parse().ok()).collect();
    let text = match (args.get(1), numbers.as_slice()) {
        (_, [r, c, ..]) => game.text_of_args(&[Arg::Int((*r).into()), Arg::Int((*c).into())]),
        (Some(t), _) => Ok(t.clone()),
        _ => Ok(String::new()),
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            return;
        }
    };
    let limit = match numbers.as_slice() {
        [_, _, l, ..] => *l as usize,
        [l] => *l as usize,
        _ => SolveOptions::default().component_limit,
    };
    let mut store = GameStore::new();
    let options = SolveOptions {
        component_limit: limit,
        ..SolveOptions::default()
    };
    let start = Instant::now();
    match game.solve(&mut store, &text, options) {
        Ok(s) => println!(
            "{name} {text}: {} in {:.2} s\n{:?}",
            s.outcome(),
            start.elapsed().as_secs_f64(),
            s.stats
        ),
        Err(e) => println!("{e}"),
    }
    if args.iter().any(|a| a == "value") {
        let mut game = game;
        let start = Instant::now();
        match game.value(&mut store, &text) {
            Ok(g) => println!(
                "canonical form: outcome {} in {:.2} s ({} forms)",
                store.outcome(g),
                start.elapsed().as_secs_f64(),
                store.len()
            ),
            Err(e) => println!("{e}"),
        }
    }
}
