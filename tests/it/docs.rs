//! The documentation cannot drift from the program: every ```cgt block of every
//! `docs/**/*.md` file is a transcript (`> input` lines, each followed by exactly what cgt
//! prints for it), run by the same machinery as `tests/it/transcripts.rs`.
//!
//! Each file is one session, as a reader typing the examples top to bottom would have:
//! bindings made in one block are visible in the later ones. The session starts in Unicode,
//! the notation the REPL and `cgt FILE` print by default; a block may say `> :ascii`.
//! Blocks fenced as ```text are shown, not run.

use crate::common;

use cgt::game::Notation;
use common::{Session, on_big_stack, parse_transcript};
use std::path::{Path, PathBuf};

/// A ```cgt block: its text and the line of the markdown file where that text starts.
#[derive(Debug, PartialEq)]
struct Block {
    first_line: usize,
    text: String,
}

/// A block being read, with the indentation of its fence (a block inside a list item is
/// indented; its lines lose that indentation).
struct Open {
    block: Block,
    indent: usize,
}

/// The ```cgt blocks of a markdown text, or a message for an unterminated one.
fn cgt_blocks(markdown: &str) -> Result<Vec<Block>, String> {
    let mut blocks = Vec::new();
    let mut open: Option<Open> = None;
    for (i, line) in markdown.lines().enumerate() {
        let fence = line.trim();
        match open.as_mut() {
            None if fence == "```cgt" => {
                open = Some(Open {
                    block: Block {
                        first_line: i + 2,
                        text: String::new(),
                    },
                    indent: line.len() - line.trim_start().len(),
                })
            }
            None => {}
            Some(_) if fence == "```" => blocks.extend(open.take().map(|o| o.block)),
            Some(o) => {
                let margin = line.len() - line.trim_start_matches(' ').len();
                o.block.text += &line[margin.min(o.indent)..];
                o.block.text.push('\n');
            }
        }
    }
    match open {
        Some(o) => Err(format!(
            "the ```cgt block starting at line {} is never closed",
            o.block.first_line - 1
        )),
        None => Ok(blocks),
    }
}

/// Lines of a block before its first `> input` would be ignored by the transcript parser;
/// in documentation they are a mistake (an output without its input).
fn stray_lines(block: &Block) -> Vec<usize> {
    block
        .text
        .lines()
        .enumerate()
        .take_while(|(_, l)| !l.starts_with('>'))
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, _)| block.first_line + i)
        .collect()
}

fn doc_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let mut files = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("docs dir") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Runs every block of one file in one session; returns the failures and the number of
/// inputs checked.
fn check_file(path: &Path) -> (Vec<String>, usize) {
    let name = path
        .strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .display()
        .to_string();
    let text = std::fs::read_to_string(path).expect("doc readable");
    let blocks = match cgt_blocks(&text) {
        Ok(b) => b,
        Err(e) => return (vec![format!("{name}: {e}")], 0),
    };
    let mut session = Session::new(Notation::Unicode);
    let mut failures = Vec::new();
    let mut checked = 0;
    for block in &blocks {
        for line in stray_lines(block) {
            failures.push(format!("{name}:{line}: output before any `> input` line"));
        }
        let cases = parse_transcript(&block.text, block.first_line);
        if cases.is_empty() {
            failures.push(format!(
                "{name}:{}: a ```cgt block with no `> input` line",
                block.first_line
            ));
        }
        checked += cases.len();
        failures.extend(session.check(&name, &cases));
    }
    (failures, checked)
}

#[test]
fn every_cgt_block_of_the_docs_prints_what_it_shows() {
    let files = doc_files();
    let tutorial = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/tutorial.md");
    assert!(
        files.contains(&tutorial),
        "docs/tutorial.md must be present"
    );
    let (failures, checked) = on_big_stack(move || {
        let mut failures = Vec::new();
        let mut checked = 0;
        for f in &files {
            let (fail, n) = check_file(f);
            failures.extend(fail);
            checked += n;
        }
        (failures, checked)
    });
    assert!(
        checked >= 50,
        "only {checked} documented inputs found: are the ```cgt fences intact?"
    );
    assert!(
        failures.is_empty(),
        "{} documentation mismatches (fix the text or the program):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn blocks_are_found_with_their_line_numbers() {
    let md = "# Title\n\n```cgt\n> 1 + 1\n2\n```\n\n```text\n> not run\n```\n\n- item\n\n  ```cgt\n  > *\n   *\n  ```\n";
    let blocks = cgt_blocks(md).unwrap();
    assert_eq!(
        blocks,
        vec![
            Block {
                first_line: 4,
                text: "> 1 + 1\n2\n".into()
            },
            Block {
                first_line: 15,
                text: "> *\n *\n".into()
            },
        ]
    );
    let cases = parse_transcript(&blocks[1].text, blocks[1].first_line);
    assert_eq!(cases[0].line_no, 15);
    assert!(cgt_blocks("```cgt\n> 1\n").is_err());
}

#[test]
fn an_output_without_its_input_is_reported() {
    let block = Block {
        first_line: 10,
        text: "# a comment\n\n2\n> 1 + 1\n2\n".into(),
    };
    assert_eq!(stray_lines(&block), vec![12]);
}

#[test]
fn a_wrong_output_is_reported_with_its_line() {
    let failures = on_big_stack(|| {
        let cases = parse_transcript("> {1|-1}\n±1\n> 1 + 1\n3\n", 7);
        Session::new(Notation::Unicode).check("doc.md", &cases)
    });
    assert_eq!(failures.len(), 1);
    assert!(
        failures[0].starts_with("doc.md:9: > 1 + 1"),
        "{}",
        failures[0]
    );
}

/// The README's sessions (```text blocks with `> input` lines) use the REPL's commands
/// (`:type`, `_`, `:help`), so they are run by the `cgt` binary itself, entries piped to its
/// REPL, standard error merged into the output as a terminal shows it. An output line `…`
/// stands for any number of lines; a line ending in ` …` for any line starting with the
/// text before it.
fn readme_sessions(markdown: &str) -> Vec<(usize, Vec<String>, Vec<String>)> {
    let mut sessions = Vec::new();
    let mut open: Option<(usize, Vec<String>)> = None;
    for (i, line) in markdown.lines().enumerate() {
        match open.as_mut() {
            None if line.trim() == "```text" => open = Some((i + 2, Vec::new())),
            None => {}
            Some(_) if line.trim() == "```" => {
                if let Some((first, lines)) = open.take() {
                    let cases = parse_transcript(&lines.join("\n"), first);
                    if !cases.is_empty() {
                        let inputs = cases.iter().map(|c| c.input.clone()).collect();
                        let expected = cases.into_iter().flat_map(|c| c.expected).collect();
                        sessions.push((first, inputs, expected));
                    }
                }
            }
            Some((_, lines)) => lines.push(line.to_string()),
        }
    }
    sessions
}

/// Whether `got` is what `expected` shows, reading `…` as said at [`readme_sessions`].
fn shows(expected: &[String], got: &[&str]) -> bool {
    match expected.split_first() {
        None => got.is_empty(),
        Some((e, rest)) if e == "…" => (0..=got.len()).any(|k| shows(rest, &got[k..])),
        Some((e, rest)) => got.split_first().is_some_and(|(g, more)| {
            let same = match e.strip_suffix(" …") {
                Some(prefix) => g.starts_with(prefix),
                None => g == e,
            };
            same && shows(rest, more)
        }),
    }
}

#[test]
fn every_session_of_the_readme_prints_what_it_shows() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md readable");
    let sessions = readme_sessions(&readme);
    assert!(
        sessions.len() >= 3,
        "the README's sessions are missing: {}",
        sessions.len()
    );
    let mut failures = Vec::new();
    for (line, inputs, expected) in sessions {
        let mut input = inputs.join("\n");
        input.push('\n');
        // Standard error after standard output: what a note or an error prints is part of
        // what the README shows, and the README's sessions print no error.
        let run = common::run_cgt(&[], &input);
        let mut text = run.stdout.clone();
        text.push_str(&run.stderr);
        let got: Vec<&str> = text.lines().collect();
        if !shows(&expected, &got) || run.code != Some(0) {
            failures.push(format!(
                "README.md:{line}: (exit {:?})\n  expected: {expected:#?}\n  got:      {got:#?}",
                run.code
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn an_elided_output_matches_what_it_stands_for() {
    let e = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(shows(&e(&["a", "…", "d"]), &["a", "b", "c", "d"]));
    assert!(shows(&e(&["a", "…"]), &["a"]));
    assert!(shows(&e(&["ab …"]), &["ab cd"]));
    assert!(!shows(&e(&["a", "…", "d"]), &["a", "b"]));
    assert!(!shows(&e(&["a"]), &["a", "b"]));
    assert!(!shows(&e(&["ab …"]), &["ac"]));
    let md = "```text\n> 1\n1\n```\n\n```text\nnot a session\n```\n";
    assert_eq!(
        readme_sessions(md),
        vec![(2, vec!["1".to_string()], vec!["1".to_string()])]
    );
}
