//! Every `examples/*.cgt` script, run by the `cgt` binary in ASCII mode, prints exactly
//! its checked-in `examples/*.out` (and nothing on standard error), and opens with a comment saying what it shows and how
//! to run it.

use std::path::Path;
use std::process::Command;

#[test]
fn examples_print_their_expected_output() {
    let mut checked = 0;
    for script in example_scripts() {
        let expected_path = script.with_extension("out");
        let expected = std::fs::read_to_string(&expected_path)
            .unwrap_or_else(|_| panic!("{} has no .out file", script.display()));
        let out = Command::new(env!("CARGO_BIN_EXE_cgt"))
            .arg("--ascii")
            .arg(&script)
            .output()
            .expect("run cgt");
        assert!(
            out.status.success(),
            "{} failed: {}",
            script.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            expected,
            "{}",
            script.display()
        );
        // What the .out file shows is all an example prints: no note on standard error.
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "",
            "{} writes to standard error",
            script.display()
        );
        checked += 1;
    }
    assert!(checked >= 10, "the examples must be present");
}

/// The scripts of examples/, sorted.
fn example_scripts() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut scripts: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cgt"))
        .collect();
    scripts.sort();
    scripts
}

#[test]
fn every_example_opens_with_its_header() {
    for script in example_scripts() {
        let text = std::fs::read_to_string(&script).unwrap();
        let name = script.file_name().unwrap().to_string_lossy().to_string();
        let header: Vec<&str> = text
            .lines()
            .skip_while(|l| l.starts_with("#!"))
            .take_while(|l| l.starts_with('#'))
            .collect();
        assert!(
            header.len() >= 2,
            "{name} must open with comment lines saying what it reproduces"
        );
        let run = format!("# Run with:  cgt --ascii examples/{name}");
        assert!(
            header.iter().any(|l| l.starts_with(&run)),
            "{name}: its header must say `{run}`"
        );
    }
}

#[test]
fn cli_exit_codes() {
    let cgt = env!("CARGO_BIN_EXE_cgt");
    let ok = Command::new(cgt)
        .args(["--ascii", "-e", "{0|0} + {0|*}"])
        .output()
        .unwrap();
    assert_eq!(ok.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&ok.stdout), "^*\n");

    let n = Command::new(cgt)
        .args(["-e", "outcome({1|-1})"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&n.stdout), "N\n");

    let t = Command::new(cgt)
        .args(["-e", "{1|-1} + {1|-1} == 0"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&t.stdout), "true\n");

    let typo = Command::new(cgt)
        .args(["-e", "outcom(^)"])
        .output()
        .unwrap();
    assert_eq!(
        typo.status.code(),
        Some(1),
        "an error in the program exits 1"
    );
    let err = String::from_utf8_lossy(&typo.stderr);
    assert!(
        err.contains("unknown name `outcom`") && err.contains("did you mean `outcome`?"),
        "{err}"
    );
    assert!(typo.stdout.is_empty());

    let usage = Command::new(cgt).args(["--no-such-flag"]).output().unwrap();
    assert_eq!(usage.status.code(), Some(2), "a usage error exits 2");

    let missing = Command::new(cgt).arg("/no/such/file.cgt").output().unwrap();
    assert_eq!(
        missing.status.code(),
        Some(2),
        "an unreadable script is a usage error"
    );

    let version = Command::new(cgt).arg("--version").output().unwrap();
    assert!(String::from_utf8_lossy(&version.stdout).starts_with("cgt "));

    let unicode = Command::new(cgt)
        .args(["-e", "^ + ^ + *; {1|-1}"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&unicode.stdout), "⇑*\n±1\n");
}

/// A script starting with `#!/usr/bin/env cgt` runs on its own once cgt is on the PATH.
#[cfg(unix)]
#[test]
fn shebang_scripts_run_on_their_own() {
    use std::os::unix::fs::PermissionsExt;
    let cgt = std::path::Path::new(env!("CARGO_BIN_EXE_cgt"));
    let dir = std::env::temp_dir().join(format!("cgt-shebang-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("hello.cgt");
    // Another test thread may fork while a file is open for writing in this process; the
    // child holds the descriptor until its own exec, and running the script meanwhile
    // fails with "text file busy" (ETXTBSY). So the script itself is written by `cp`, in a
    // process of its own that has ended before the script runs: no descriptor of this
    // process ever writes it, and no retry (and no clock) is needed.
    let text = dir.join("hello.txt");
    std::fs::write(
        &text,
        "#!/usr/bin/env cgt\n# a comment\n*3 + *5\n{1|-1} + {1|-1}\n",
    )
    .unwrap();
    let copied = Command::new("cp").arg(&text).arg(&script).status().unwrap();
    assert!(copied.success());
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!(
        "{}:{}",
        cgt.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new(&script).env("PATH", &path).output().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "*6\n0\n");
}
