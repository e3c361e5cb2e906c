//! The outcome solver's database (`SolveOptions::database`): a second run on the same
//! position opens no position at all; a run stopped by its bound on positions saves what
//! it proved, and the run after it opens fewer positions than a fresh one; a damaged
//! file, one cut short, or one of another game is refused with an error (and not
//! overwritten); a temporary file left by a run killed while saving changes nothing.

use cgt_core::rules::SolveOptions;
use cgt_games::game::GameStore;
use cgt_games::rulesets::registry::{TextRuleset, board_ruleset};
use std::path::{Path, PathBuf};

fn ruleset(name: &str) -> Box<dyn TextRuleset> {
    board_ruleset(name).unwrap_or_else(|| panic!("{name} is registered"))
}

fn options(db: &Path, max: Option<u64>) -> SolveOptions {
    SolveOptions {
        // No component valued exactly: the whole board is searched.
        component_limit: 0,
        max_positions: max,
        table_bytes: Some(64 << 20),
        database: Some(db.to_path_buf()),
        ..SolveOptions::default()
    }
}

/// A fresh directory for one test's files.
fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cgt-solve-db-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap_or_else(|e| panic!("{e}"));
    d
}

const BOARD: &str = ".....|.....|.....|.....";

/// Solves `BOARD` with the database `db`: the outcome and the positions opened.
fn run(db: &Path, max: Option<u64>) -> Result<(String, u64), String> {
    let mut store = GameStore::new();
    ruleset("domineering")
        .solve(&mut store, BOARD, options(db, max))
        .map(|s| (format!("{:?}", s.outcome()), s.stats.positions))
        .map_err(|e| e.to_string())
}

#[test]
fn a_second_run_reuses_the_first() {
    let d = dir("reuse");
    let db = d.join("dom.db");
    let (outcome, first) = run(&db, None).unwrap_or_else(|e| panic!("{e}"));
    assert!(first > 100, "the first run searches: {first}");
    assert!(db.exists());
    let (again, second) = run(&db, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again, outcome);
    assert_eq!(second, 0, "the second run opens nothing");
    // A temporary file left by a run killed while saving is ignored.
    std::fs::write(d.join("dom.db.tmp"), b"half a file").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(run(&db, None), Ok((outcome, 0)));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_stopped_run_is_resumed() {
    let d = dir("resume");
    let (outcome, fresh) = run(&d.join("fresh.db"), None).unwrap_or_else(|e| panic!("{e}"));
    let db = d.join("stopped.db");
    let stopped = run(&db, Some(fresh / 2));
    assert!(
        stopped.is_err(),
        "stopped at half the positions: {stopped:?}"
    );
    assert!(db.exists(), "what was proven is saved");
    let (resumed, rest) = run(&db, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(resumed, outcome);
    assert!(
        rest < fresh,
        "the resumed run opens {rest} positions, a fresh one {fresh}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn damaged_and_foreign_files_are_refused() {
    let d = dir("damaged");
    let db = d.join("dom.db");
    run(&db, None).unwrap_or_else(|e| panic!("{e}"));
    let good = std::fs::read(&db).unwrap_or_else(|e| panic!("{e}"));
    let mut bad = good.clone();
    let middle = bad.len() / 2;
    bad[middle] ^= 1;
    std::fs::write(&db, &bad).unwrap_or_else(|e| panic!("{e}"));
    let e = run(&db, None).unwrap_err();
    assert!(e.contains("damaged"), "{e}");
    assert_eq!(
        std::fs::read(&db).ok(),
        Some(bad),
        "a refused file is left as it is"
    );
    std::fs::write(&db, &good[..good.len() - 5]).unwrap_or_else(|e| panic!("{e}"));
    assert!(run(&db, None).is_err(), "a file cut short is refused");
    // Domineering's database is no Clobber database.
    std::fs::write(&db, &good).unwrap_or_else(|e| panic!("{e}"));
    let mut store = GameStore::new();
    let e = ruleset("clobber")
        .solve(&mut store, "xoxo|oxox", options(&db, None))
        .unwrap_err()
        .to_string();
    assert!(e.contains("not of clobber"), "{e}");
    let _ = std::fs::remove_dir_all(&d);
}
