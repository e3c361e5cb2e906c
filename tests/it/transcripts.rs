//! Golden transcripts: every `tests/transcripts/**/*.txt` is a session of `> input` lines,
//! each followed by exactly the lines cgt prints for it (`!! message` for an error).
//! Folders listed in `tests/transcripts/PENDING` belong to later issues: they are run by
//! `cargo test --release -- --ignored` and reported, but do not fail the build.

use crate::common;

use cgt::game::Notation;
use common::{Session, on_big_stack, parse_transcript};
use std::path::{Path, PathBuf};

/// Runs a transcript in a fresh session (ASCII unless it says `> :unicode`); returns the
/// mismatches.
fn run_transcript(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("transcript readable");
    let cases = parse_transcript(&text, 1);
    Session::new(Notation::Ascii).check(&path.display().to_string(), &cases)
}

fn transcript_files() -> (Vec<PathBuf>, Vec<PathBuf>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let pending: Vec<String> = std::fs::read_to_string(root.join("PENDING"))
        .unwrap_or_default()
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let mut active = Vec::new();
    let mut waiting = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("transcripts dir") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "txt") {
                let rel = path
                    .strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .to_string();
                if pending.iter().any(|p| rel.starts_with(p.as_str())) {
                    waiting.push(path);
                } else {
                    active.push(path);
                }
            }
        }
    }
    active.sort();
    waiting.sort();
    (active, waiting)
}

#[test]
fn transcripts_pass() {
    let (active, _) = transcript_files();
    assert!(active.len() >= 5, "the core transcripts must be present");
    let failures = on_big_stack(move || {
        active
            .iter()
            .flat_map(|p| run_transcript(p))
            .collect::<Vec<_>>()
    });
    assert!(
        failures.is_empty(),
        "{} transcript mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
#[ignore = "transcripts of later issues (see tests/transcripts/PENDING)"]
fn pending_transcripts() {
    let (_, waiting) = transcript_files();
    let failures = on_big_stack(move || {
        waiting
            .iter()
            .flat_map(|p| run_transcript(p))
            .collect::<Vec<_>>()
    });
    assert!(
        failures.is_empty(),
        "{} pending mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn transcript_format_is_parsed() {
    let cases = parse_transcript("# c\n> 1 + 1\n2\n> let x = 1\n> x\n1\n\n", 1);
    assert_eq!(cases.len(), 3);
    assert_eq!(cases[0].expected, vec!["2"]);
    assert!(cases[1].expected.is_empty());
    assert_eq!(cases[2].expected, vec!["1"]);
}
