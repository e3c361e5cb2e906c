//! Every `examples/*.cgt` script, run by the `cgt` binary in ASCII mode, prints exactly
//! its checked-in `examples/*.out`.

use std::path::Path;
use std::process::Command;

#[test]
fn examples_print_their_expected_output() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut checked = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for script in entries {
        if script.extension().is_none_or(|e| e != "cgt") {
            continue;
        }
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
        checked += 1;
    }
    assert!(checked >= 2, "the examples must be present");
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
