//! Every package states the tasks' limits, and they are duel's own judge's: read back from
//! each package's own files and compared with the defaults `duel ... judge --help` prints
//! (32 MB: Pooh-Eeyore-sticks' own limit, and the figure duel's judge uses for Ioiwari, whose
//! statement names none; 1 s of CPU a test).

use duel_export::{Format, Package, Task};
use duel_test_support::duel;

/// The default of `flag` in `duel TASK judge --help` (`[default: N]` after the flag).
fn judge_default(task: &str, flag: &str) -> String {
    let output = duel!()
        .args([task, "judge", "--help"])
        .output()
        .expect("duel runs");
    let help = String::from_utf8(output.stdout).unwrap();
    let after = &help[help
        .find(flag)
        .unwrap_or_else(|| panic!("{flag} in {help}"))..];
    let start = after.find("[default: ").expect("the flag has a default") + 10;
    let end = after[start..].find(']').unwrap();
    after[start..start + end].to_owned()
}

/// The value of `key: value` lines in `text` (the first one).
fn yaml(text: &str, key: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| line.trim().strip_prefix(&format!("{key}: ")))
        .map(str::to_owned)
        .collect()
}

fn both(format: Format) -> [(Task, Package); 2] {
    Task::ALL.map(|task| (task, duel_export::package(format, task)))
}

#[test]
fn duels_judge_and_the_export_use_the_same_limits() {
    for task in ["ioiwari", "mis"] {
        assert_eq!(judge_default(task, "--memory-limit"), "32");
        assert_eq!(judge_default(task, "--time-limit"), "1");
    }
    assert_eq!(duel_export::MEMORY_LIMIT_MB, 32);
    assert_eq!(duel_export::TIME_LIMIT_SECONDS, 1);
}

#[test]
fn kattis_style_packages_state_32_mb() {
    for (task, package) in [Format::Kattis, Format::Icpc, Format::Domjudge]
        .into_iter()
        .flat_map(both)
    {
        let problem = package.text("problem.yaml").unwrap();
        assert_eq!(yaml(problem, "memory"), ["32"], "{task}: {problem}");
    }
}

#[test]
fn cms_tasks_state_1_s_and_32_mib() {
    for (task, package) in both(Format::Cms) {
        let yaml_text = package.text("task.yaml").unwrap();
        assert_eq!(yaml(yaml_text, "memory_limit"), ["32"], "{task}");
        assert_eq!(yaml(yaml_text, "time_limit"), ["1.0"], "{task}");
    }
}

#[test]
fn dmoj_readmes_say_what_to_set_and_the_self_tests_use_it() {
    for (task, package) in both(Format::Dmoj) {
        let readme = package.text("README.md").unwrap();
        assert!(readme.contains("## Limits to set on the site"), "{task}");
        assert!(readme.contains("**Time limit: 1 s**"), "{task}: {readme}");
        assert!(
            readme.contains("**Memory limit: 32 MB**, that is **32768 KB**"),
            "{task}: {readme}"
        );
        let init = package.text("init.yml").unwrap();
        let memories = yaml(init, "memory");
        assert!(!memories.is_empty(), "{task}: self-tests");
        assert!(
            memories.iter().all(|m| m == "32768"),
            "{task}: {memories:?}"
        );
    }
}

#[test]
fn every_statement_states_the_limits() {
    for format in [
        Format::Kattis,
        Format::Dmoj,
        Format::Cms,
        Format::Icpc,
        Format::Domjudge,
    ] {
        for (task, package) in both(format) {
            let statements: Vec<&str> = package
                .files
                .iter()
                .filter(|file| file.path.contains("statement"))
                .filter(|file| !file.path.ends_with(".pdf"))
                .map(|file| std::str::from_utf8(&file.contents).unwrap())
                .collect();
            assert_eq!(statements.len(), 3, "{format} {task}: three languages");
            for text in statements {
                assert!(text.contains("32 MB"), "{format} {task}: {text}");
                // Kattis sets the time limit from the judges' solutions: its statements name
                // none (export_rendered checks each statement against its package).
                assert_eq!(
                    text.contains("1 s ") || text.contains("1 giây"),
                    format != Format::Kattis,
                    "{format} {task}: {text}"
                );
            }
        }
    }
}
