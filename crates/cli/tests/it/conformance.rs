//! The conformance corpus (`conformance/`) judged by duel's own judge: every program and
//! module of `conformance/corpus.toml`, built from source under the default isolation on the
//! corpus's chosen official tests, must get on each test the verdict the manifest gives as
//! RULES.md says; a disagreement is listed as program, test, expected and got. The manifest
//! itself is checked too: every clause of `crates/protocol/RULES.md` covered by at least one
//! program, every program on disk listed and every listed one on disk, the scripted games
//! those of `conformance/lines.py` (which derives them from the rules alone), and the table of
//! differences in RULES.md and `docs/differences.md` the one `conformance/differences.py`
//! writes from the manifest. The contest systems' side of the same corpus is
//! `.ci/conformance.sh`.

use duel_test_support::duel;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The corpus's directory.
fn corpus_dir() -> PathBuf {
    root().join("conformance")
}

/// Every verdict word of duel's (`duel_report::Verdict`'s names).
const VERDICTS: [&str; 10] = [
    "win",
    "draw",
    "loss",
    "illegal_move",
    "protocol_error",
    "early_exit",
    "time_limit",
    "memory_limit",
    "runtime_error",
    "compile_error",
];

/// The manifest, read by Python's own TOML reader (`tomllib`) into JSON.
fn manifest() -> Value {
    let output = Command::new("python3")
        .args([
            "-c",
            "import json, sys, tomllib; print(json.dumps(tomllib.load(open(sys.argv[1], 'rb'))))",
        ])
        .arg(corpus_dir().join("corpus.toml"))
        .output()
        .expect("python3 (3.11 or later, for tomllib) runs");
    assert!(
        output.status.success(),
        "conformance/corpus.toml is not TOML: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("tomllib's JSON")
}

/// One program of the manifest.
struct Program {
    path: String,
    task: String,
    language: String,
    clauses: Vec<String>,
    expect: Vec<String>,
}

fn strings(value: &Value, what: &str) -> Vec<String> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("{what} is a list"))
        .iter()
        .map(|item| {
            item.as_str()
                .unwrap_or_else(|| panic!("{what} holds strings"))
                .to_owned()
        })
        .collect()
}

fn programs(manifest: &Value) -> Vec<Program> {
    manifest["program"]
        .as_array()
        .expect("the manifest lists [[program]]s")
        .iter()
        .map(|entry| {
            let text = |key: &str| {
                entry[key]
                    .as_str()
                    .unwrap_or_else(|| panic!("a program's {key}: {entry}"))
                    .to_owned()
            };
            Program {
                path: text("path"),
                task: text("task"),
                language: text("language"),
                clauses: strings(&entry["clauses"], "clauses"),
                expect: strings(&entry["expect"], "expect"),
            }
        })
        .collect()
}

/// The chosen official tests of `task`, by number.
fn chosen_tests(manifest: &Value, task: &str) -> Vec<usize> {
    manifest["tests"][task]
        .as_array()
        .unwrap_or_else(|| panic!("[tests] names {task}'s"))
        .iter()
        .map(|n| n.as_u64().expect("a test number") as usize)
        .collect()
}

/// The clauses RULES.md names: every `**NAME (` that opens a clause.
fn rules_clauses() -> BTreeSet<String> {
    let rules = std::fs::read_to_string(root().join("crates/protocol/RULES.md")).unwrap();
    rules
        .split("**")
        .skip(1)
        .step_by(2)
        .filter_map(|bold| {
            let name = bold.split(' ').next()?;
            let is_clause = name.len() >= 2
                && name[..1].chars().all(|c| c.is_ascii_uppercase())
                && name[1..].chars().all(|c| c.is_ascii_digit())
                && bold[name.len()..].starts_with(" (");
            is_clause.then(|| name.to_owned())
        })
        .collect()
}

#[test]
fn the_corpus_covers_every_clause_of_the_rules_and_lists_every_program() {
    let manifest = manifest();
    let programs = programs(&manifest);
    let clauses = rules_clauses();
    // RULES.md's clauses as this test reads them: the four families, none missed.
    for family in ["L", "A", "G", "M"] {
        assert!(
            clauses.iter().any(|c| c.starts_with(family)),
            "no {family} clause read from RULES.md: {clauses:?}"
        );
    }
    assert!(programs.len() >= 40, "{} programs", programs.len());
    let mut covered = BTreeSet::new();
    let mut languages = BTreeSet::new();
    for program in &programs {
        for clause in &program.clauses {
            assert!(
                clauses.contains(clause),
                "{}: no clause {clause} in RULES.md",
                program.path
            );
            covered.insert(clause.clone());
        }
        let tests = chosen_tests(&manifest, &program.task);
        assert_eq!(tests.len(), 3, "three tests for {}", program.task);
        assert_eq!(
            program.expect.len(),
            tests.len(),
            "{}: one verdict a test",
            program.path
        );
        for verdict in &program.expect {
            assert!(
                VERDICTS.contains(&verdict.as_str()),
                "{}: {verdict} is no verdict",
                program.path
            );
        }
        assert!(
            ["c", "cpp", "pascal", "python"].contains(&program.language.as_str()),
            "{}: {}",
            program.path,
            program.language
        );
        assert!(
            program.path.starts_with(&format!("{}/", program.task)),
            "{}: a program lives in its task's directory",
            program.path
        );
        languages.insert(program.language.clone());
    }
    let missing: Vec<&String> = clauses.difference(&covered).collect();
    assert!(missing.is_empty(), "clauses no program covers: {missing:?}");
    assert_eq!(languages.len(), 4, "{languages:?}");
    // Every program on disk is in the manifest, and every one listed is on disk.
    let listed: BTreeSet<String> = programs.iter().map(|p| p.path.clone()).collect();
    let mut on_disk = BTreeSet::new();
    for task in ["ioiwari", "mis"] {
        for entry in std::fs::read_dir(corpus_dir().join(task)).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.file_type().unwrap().is_dir() {
                on_disk.insert(format!("{task}/{name}/mis.pas"));
            } else {
                on_disk.insert(format!("{task}/{name}"));
            }
        }
    }
    assert_eq!(listed, on_disk, "the manifest and conformance/ differ");
    // The systems: each maps every verdict its tasks can give to its own words, and a
    // program's own entry for a system (where the system decides otherwise) names a known
    // system, gives a verdict a test (or two, `a|b`, where the system races) and says why.
    let systems = manifest["systems"].as_object().expect("[systems]");
    for (name, system) in systems {
        for task in ["ioiwari", "mis"] {
            let verdicts = system[task]["verdicts"].as_object();
            let languages = strings(&system[task]["languages"], "languages");
            if languages.is_empty() {
                continue;
            }
            for verdict in VERDICTS {
                let possible = !(task == "mis" && verdict == "draw");
                assert_eq!(
                    verdicts.is_some_and(|v| v.contains_key(verdict)),
                    possible,
                    "[systems.{name}.{task}] and {verdict}"
                );
            }
        }
    }
    for (program, entry) in programs.iter().zip(manifest["program"].as_array().unwrap()) {
        let Some(own) = entry.get("systems").and_then(Value::as_object) else {
            continue;
        };
        for (name, difference) in own {
            assert!(
                systems.contains_key(name),
                "{}: no system {name}",
                program.path
            );
            let expect = strings(&difference["expect"], "a system's expect");
            assert_eq!(expect.len(), 3, "{}: {name}", program.path);
            for either in &expect {
                for verdict in either.split('|') {
                    assert!(
                        VERDICTS.contains(&verdict),
                        "{}: {name}: {verdict} is no verdict",
                        program.path
                    );
                }
            }
            assert_ne!(expect, program.expect, "{}: {name} differs", program.path);
            let why = difference["why"].as_str().unwrap_or_default();
            assert!(why.len() > 20, "{}: {name} says why", program.path);
        }
    }
    // Every kind of program the brief of the corpus names, and every verdict of each task.
    for task in ["ioiwari", "mis"] {
        let seen: BTreeSet<&str> = programs
            .iter()
            .filter(|p| p.task == task)
            .flat_map(|p| p.expect.iter().map(String::as_str))
            .collect();
        for verdict in VERDICTS {
            let possible = !(task == "mis" && ["draw", "protocol_error"].contains(&verdict));
            assert_eq!(
                seen.contains(verdict),
                possible,
                "{task}: {verdict} among the expected verdicts"
            );
        }
    }
}

#[test]
fn every_scripted_game_is_the_one_the_rules_give() {
    let output = Command::new("python3")
        .arg(corpus_dir().join("lines.py"))
        .arg("--check")
        .arg(corpus_dir())
        .output()
        .expect("python3 runs");
    assert!(
        output.status.success(),
        "lines.py --check:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn the_table_of_differences_is_the_one_the_corpus_gives() {
    let output = Command::new("python3")
        .arg(corpus_dir().join("differences.py"))
        .arg("--check")
        .output()
        .expect("python3 runs");
    assert!(
        output.status.success(),
        "conformance/differences.py --check (run it without --check to write the table):\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The chosen tests of `task` as a test file for `duel ... judge --tests`.
fn tests_file(manifest: &Value, task: &str, dir: &Path) -> PathBuf {
    let lines: Vec<String> = chosen_tests(manifest, task)
        .into_iter()
        .map(|n| match task {
            "ioiwari" => duel_ioiwari::OFFICIAL_POSITIONS
                .lines()
                .nth(n - 1)
                .expect("an official board")
                .trim()
                .to_owned(),
            _ => duel_mis::official_tests()[n - 1].start.to_string(),
        })
        .collect();
    let path = dir.join(format!("{task}-tests.txt"));
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

/// Judges every program of `task` in one run of duel's judge (the default isolation, two
/// jobs) and compares each test's verdict with the manifest's.
fn judge_task(task: &str) {
    let manifest = manifest();
    let programs: Vec<Program> = programs(&manifest)
        .into_iter()
        .filter(|p| p.task == task)
        .collect();
    let work = tempfile::tempdir().unwrap();
    let tests = tests_file(&manifest, task, work.path());
    let report = work.path().join("report.json");
    let flag = if task == "ioiwari" {
        "--player"
    } else {
        "--module"
    };
    let mut command = duel!();
    command.args([task, "judge", "--tests"]).arg(&tests);
    for program in &programs {
        command.arg(flag).arg(corpus_dir().join(&program.path));
    }
    let output = command
        .args(["--jobs", "2", "--report"])
        .arg(&report)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .expect("duel runs");
    assert!(
        output.status.success(),
        "duel {task} judge: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(&report).expect("duel wrote its report");
    let batch: duel_report::BatchReport = serde_json::from_str(&text).expect("a batch report");
    assert_eq!(batch.submissions.len(), programs.len());
    let numbers = chosen_tests(&manifest, task);
    let mut disagreements = Vec::new();
    let mut tally: BTreeMap<String, usize> = BTreeMap::new();
    for (program, judged) in programs.iter().zip(&batch.submissions) {
        assert_eq!(judged.tests.len(), numbers.len(), "{}", program.path);
        for ((expected, result), number) in program.expect.iter().zip(&judged.tests).zip(&numbers) {
            let got = result.verdict.name();
            *tally.entry(got.to_owned()).or_default() += 1;
            if got != expected {
                disagreements.push(format!(
                    "{:<36} {:>4}  {:<15} {:<15} {}",
                    program.path,
                    number,
                    expected,
                    got,
                    result.reason.as_deref().unwrap_or("").replace('\n', " ")
                ));
            }
        }
    }
    assert!(
        disagreements.is_empty(),
        "duel {task} judge disagrees with conformance/corpus.toml on {} of {} tests:\n\
         {:<36} {:>4}  {:<15} {:<15} reason\n{}",
        disagreements.len(),
        programs.len() * numbers.len(),
        "program",
        "test",
        "expected",
        "got",
        disagreements.join("\n")
    );
    eprintln!("{task}: {tally:?}");
}

#[test]
fn duel_judges_every_ioiwari_program_of_the_corpus_as_the_rules_say() {
    judge_task("ioiwari");
}

#[test]
fn duel_judges_every_mis_module_of_the_corpus_as_the_rules_say() {
    judge_task("mis");
}
