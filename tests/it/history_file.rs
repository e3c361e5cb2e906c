//! The REPL's history file at a real terminal (`script` makes the pseudo-terminal, as in
//! `tests/terminal.rs`) when it is not a plain file: a FIFO must not stop the REPL from
//! starting, and a symbolic link must not have its target rewritten. In both cases the
//! session runs without a history.
//!
//! No clock: each test waits (blocking) for the prompt, and fails if the session ends
//! without showing it.

#![cfg(target_os = "linux")]

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};

/// Runs cgt at a terminal with `data` as its data directory, types `entry` at the first
/// prompt and `:quit` at the next; returns what the terminal showed.
fn session(data: &Path, entry: &str) -> String {
    let inner = format!(
        "stty cols 100 rows 40; exec '{}'",
        env!("CARGO_BIN_EXE_cgt")
    );
    let mut child = Command::new("script")
        .args(["-qec", &inner, "/dev/null"])
        .env("XDG_DATA_HOME", data)
        .env("NO_COLOR", "1")
        .env("TERM", "xterm")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("`script` (util-linux) runs");
    let mut keys = child.stdin.take().unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut shown = Vec::new();
    let mut buf = [0u8; 4096];
    for line in [entry, ":quit"] {
        // Wait for a prompt after what was seen so far, then type the line.
        let from = shown.len();
        while !String::from_utf8_lossy(&shown[from..]).contains("> ") {
            let n = out.read(&mut buf).unwrap_or(0);
            assert!(
                n > 0,
                "the session ended without a prompt:\n{}",
                String::from_utf8_lossy(&shown)
            );
            shown.extend_from_slice(&buf[..n]);
        }
        keys.write_all(format!("{line}\r").as_bytes()).unwrap();
        keys.flush().unwrap();
    }
    drop(keys);
    let _ = out.read_to_end(&mut shown);
    let status = child.wait().unwrap();
    assert!(status.success(), "cgt ended with {status}");
    String::from_utf8_lossy(&shown).into_owned()
}

/// Before, the REPL opened the FIFO to read its history and waited for ever.
#[test]
fn a_fifo_as_the_history_file_does_not_stop_the_repl() {
    let data = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(data.path().join("cgt")).unwrap();
    let fifo = data.path().join("cgt/history.txt");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let shown = session(data.path(), "1 + 1");
    assert!(shown.contains('2'), "{shown}");
}

/// Before, the history was saved into the link's target.
#[test]
fn a_linked_history_file_keeps_its_target() {
    let data = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(data.path().join("cgt")).unwrap();
    let target = data.path().join("precious.txt");
    std::fs::write(&target, "precious\n").unwrap();
    let link = data.path().join("cgt/history.txt");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let shown = session(data.path(), "3 + 4");
    assert!(shown.contains('7'), "{shown}");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious\n");
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
}
