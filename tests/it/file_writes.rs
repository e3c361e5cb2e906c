//! A script writes only pictures, only where that is safe: `svg` writes files named
//! `*.svg`, never over a file that is not a picture cgt wrote (unless asked), never into a
//! directory or a FIFO; `cgt FIFO` and `:load FIFO` refuse at once instead of waiting.

use crate::common;

use common::run_cgt;
use std::path::PathBuf;

/// A scratch directory for one test (the path, and the guard that removes the directory
/// when dropped, even when the test fails).
fn scratch(name: &str) -> (tempfile::TempDir, PathBuf) {
    let guard = tempfile::Builder::new()
        .prefix(&format!("cgt-file-writes-{name}-"))
        .tempdir()
        .unwrap();
    let dir = guard.path().to_path_buf();
    (guard, dir)
}

fn cgt_e(src: &str) -> common::Run {
    run_cgt(&["-e", src], "")
}

#[test]
fn svg_does_not_replace_a_file_that_is_not_its_picture() {
    let (_scratch, dir) = scratch("precious");
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "precious\n").unwrap();
    let r = cgt_e(&format!("svg(*, \"{}\")", notes.display()));
    assert_ne!(r.code, Some(0));
    assert!(r.stderr.contains(".svg"), "{}", r.stderr);
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "precious\n");

    let named = dir.join("notes.svg");
    std::fs::write(&named, "precious\n").unwrap();
    let r = cgt_e(&format!("svg(*, \"{}\")", named.display()));
    assert!(r.stderr.contains("not a picture"), "{}", r.stderr);
    assert_eq!(std::fs::read_to_string(&named).unwrap(), "precious\n");

    // Asked for, it is replaced.
    let r = cgt_e(&format!(
        "svg(*, \"{}\", {{\"overwrite\" => true}})",
        named.display()
    ));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(std::fs::read_to_string(&named).unwrap().starts_with("<svg"));
}

#[test]
fn svg_replaces_its_own_picture_and_refuses_links_and_directories() {
    let (_scratch, dir) = scratch("own");
    let pic = dir.join("g.svg");
    for g in ["*", "{1|-1}"] {
        let r = cgt_e(&format!("svg({g}, \"{}\")", pic.display()));
        assert_eq!(r.code, Some(0), "{}", r.stderr);
    }
    let sub = dir.join("d.svg");
    std::fs::create_dir(&sub).unwrap();
    let r = cgt_e(&format!("svg(*, \"{}\")", sub.display()));
    assert!(r.stderr.contains("is a directory"), "{}", r.stderr);
    #[cfg(unix)]
    {
        let target = dir.join("target.txt");
        std::fs::write(&target, "keep").unwrap();
        let link = dir.join("link.svg");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let r = cgt_e(&format!("svg(*, \"{}\")", link.display()));
        assert!(r.stderr.contains("symbolic"), "{}", r.stderr);
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep");
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_by_svg_by_a_script_run_and_by_load() {
    let (_scratch, dir) = scratch("fifo");
    let fifo = dir.join("pipe.svg");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !matches!(made, Ok(s) if s.success()) {
        return; // no mkfifo on this system
    }
    let r = cgt_e(&format!("svg(*, \"{}\")", fifo.display()));
    assert!(r.stderr.contains("FIFO"), "{}", r.stderr);
    let r = run_cgt(&[fifo.to_str().unwrap()], "");
    assert!(r.stderr.contains("FIFO"), "{}", r.stderr);
    let r = run_cgt(&[], &format!(":load {}\n1 + 1\n", fifo.display()));
    assert!(r.stderr.contains("FIFO"), "{}", r.stderr);
    assert!(r.stdout.contains('2'), "{}", r.stdout);
    let r = run_cgt(&[dir.to_str().unwrap()], "");
    assert!(r.stderr.contains("is a directory"), "{}", r.stderr);
}

#[test]
fn svg_draws_no_title_when_asked() {
    let (_scratch, dir) = scratch("untitled");
    for (what, title) in [
        ("thermograph({3|-1})", "Thermograph of"),
        ("domineering(\"..|..\")", "domineering"),
    ] {
        let titled = dir.join("titled.svg");
        let r = cgt_e(&format!("svg({what}, \"{}\")", titled.display()));
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        let text = std::fs::read_to_string(&titled).unwrap();
        assert!(text.contains(title), "{text}");
        let plain = dir.join("plain.svg");
        let r = cgt_e(&format!(
            "svg({what}, \"{}\", {{\"title\" => false}})",
            plain.display()
        ));
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        let text = std::fs::read_to_string(&plain).unwrap();
        assert!(!text.contains(title), "{text}");
        assert!(text.starts_with("<svg"), "{text}");
    }
    let r = cgt_e(&format!(
        "svg(*, \"{}\", {{\"titel\" => false}})",
        dir.join("x.svg").display()
    ));
    assert!(
        r.stderr.contains("unknown option \"titel\"") && r.stderr.contains("\"title\""),
        "{}",
        r.stderr
    );
}

/// `svg` goes down from where its path starts: a path with `..` in it, or through a
/// directory that is a symbolic link, is refused and nothing is written.
#[cfg(unix)]
#[test]
fn svg_refuses_paths_up_through_dot_dot_and_linked_directories() {
    let (_scratch, dir) = scratch("paths");
    let real = dir.join("real");
    std::fs::create_dir(&real).unwrap();
    let up = format!("{}/real/../g.svg", dir.display());
    let r = cgt_e(&format!("svg(*, \"{up}\")"));
    assert!(r.stderr.contains("`..`"), "{}", r.stderr);
    assert!(!dir.join("g.svg").exists());
    let linked = dir.join("linked");
    std::os::unix::fs::symlink(&real, &linked).unwrap();
    let r = cgt_e(&format!("svg(*, \"{}\")", linked.join("g.svg").display()));
    assert!(r.stderr.contains("symbolic link"), "{}", r.stderr);
    assert!(!real.join("g.svg").exists());
    // The real directory is fine.
    let r = cgt_e(&format!("svg(*, \"{}\")", real.join("g.svg").display()));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
}

/// A picture is written beside the old one and renamed over it: when the disk fills (here a
/// limit on file size, `prlimit --fsize`, which stops cgt in the middle of the write) the
/// old picture is whole. Before, the old picture was truncated first.
#[cfg(target_os = "linux")]
#[test]
fn a_picture_cut_short_leaves_the_old_one_whole() {
    let (_scratch, dir) = scratch("full");
    let pic = dir.join("g.svg");
    let r = cgt_e(&format!("svg(*, \"{}\")", pic.display()));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let old = std::fs::read_to_string(&pic).unwrap();
    let limit = old.len() + 64;
    let big = format!(
        "svg(sum([{{n|-n}} for n in 1..4]), \"{}\", {{\"overwrite\" => true}})",
        pic.display()
    );
    let run = std::process::Command::new("prlimit")
        .arg(format!("--fsize={limit}"))
        .arg(env!("CARGO_BIN_EXE_cgt"))
        .args(["-e", &big])
        .output()
        .expect("prlimit (util-linux) runs");
    assert!(!run.status.success(), "the bigger picture fitted the limit");
    assert_eq!(std::fs::read_to_string(&pic).unwrap(), old);
}
