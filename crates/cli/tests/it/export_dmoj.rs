//! The DMOJ judge's own self-tests pass on both exported problems: `dmoj-cli test` judges
//! every example submission listed in `init.yml` and checks the result duel gives it, test by
//! test. Skipped when the judge is missing, unless `DUEL_REQUIRE_EXPORT_TOOLS` is set or the
//! run is complete (`duel_test_support::skip`), as in CI.
//! Among them are the Ioiwari players that never flush, which DMOJ times out: duel's judge
//! agrees for the C one and plays the Pascal one (`Writeln` alone) to a win, the difference
//! the package's README and statement name; the test checks duel's side too.

use crate::support::export::*;
use std::fs;
use std::process::Command;

#[test]
fn dmoj_self_tests_pass_on_both_problems() {
    let (Some(cli), Some(autoconf)) = (need_tool("dmoj-cli"), need_tool("dmoj-autoconf")) else {
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let problems = work.path().join("problems");
    for task in ["ioiwari", "mis"] {
        export("dmoj", task, &problems);
    }
    // The judge's configuration: where the problems are, and the compilers' paths.
    let runtime = Command::new(&autoconf)
        .output()
        .expect("dmoj-autoconf runs");
    assert!(runtime.status.success(), "dmoj-autoconf failed");
    let config = work.path().join("judge.yml");
    fs::write(
        &config,
        format!(
            "problem_storage_globs:\n  - {}/*\n{}",
            problems.display(),
            String::from_utf8_lossy(&runtime.stdout)
        ),
    )
    .unwrap();
    // The players that never flush are self-tests expecting a time limit; duel's judge gives
    // each a time limit too (the Pascal one a win only with --pascal-flush).
    let init = fs::read_to_string(problems.join("ioiwari/init.yml")).unwrap();
    let boards: Vec<String> = ["01.in", "02.in"]
        .iter()
        .map(|name| {
            let text = fs::read_to_string(problems.join("ioiwari").join(name)).unwrap();
            text.trim().to_owned()
        })
        .collect();
    for (name, duel_verdict) in IOIWARI_UNFLUSHED {
        let entry = init
            .split("  - label: ")
            .find(|entry| entry.starts_with(&format!("{name}\n")))
            .unwrap_or_else(|| panic!("{name} is a self-test:\n{init}"));
        assert!(entry.contains("\n    expect: TLE\n"), "{entry}");
        let source = problems.join("ioiwari/self-tests").join(name);
        let duel = duel_judge_source_briefly(&source, &boards, work.path());
        assert_eq!(duel, [duel_verdict, duel_verdict], "{name}: duel's judge");
        if name == IOI_2001_FLUSH.0 {
            assert!(
                entry.contains("# Writeln without Flush(Output): a time limit in duel's own"),
                "{entry}"
            );
            let flushed =
                duel_judge_source_briefly_with(&source, &boards, work.path(), &["--pascal-flush"]);
            assert_eq!(flushed, [IOI_2001_FLUSH.1; 2], "{name} with --pascal-flush");
        }
    }
    let output = Command::new(&cli)
        .arg("-c")
        .arg(&config)
        .args(["--no-ansi", "-e", "C,CPP17,PAS", "test", "ioiwari", "mis"])
        .output()
        .expect("dmoj-cli runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "dmoj-cli's self-tests failed:\n{text}"
    );
    assert!(text.contains("All tests passed."), "{text}");
    for problem in ["ioiwari", "mis"] {
        assert!(
            text.contains(&format!("Problem {problem} passed with flying colours.")),
            "{text}"
        );
    }
    let successes = text.matches(": Success").count();
    assert_eq!(successes, 7 + 2 + 6, "every self-test ran:\n{text}");
}
