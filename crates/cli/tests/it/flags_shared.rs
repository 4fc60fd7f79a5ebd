//! The flags `duel`'s judges, games and doctor, `graj` and `ioiwari2` share are defined once:
//! each has the same help text wherever it appears, and the same bounds (a value one command
//! refuses, every command refuses, with the same message).

use duel_test_support::{bin, duel};
use std::collections::BTreeMap;
use std::process::{Command, Output};

/// The commands under test, by name, with the arguments that reach them.
fn commands() -> Vec<(&'static str, Command)> {
    let mut ioiwari_judge = duel!();
    ioiwari_judge.args(["ioiwari", "judge"]);
    let mut mis_judge = duel!();
    mis_judge.args(["mis", "judge"]);
    let mut ioiwari_play = duel!();
    ioiwari_play.args(["ioiwari", "play"]);
    let mut mis_play = duel!();
    mis_play.args(["mis", "play"]);
    let mut doctor = duel!();
    doctor.arg("doctor");
    vec![
        ("duel ioiwari judge", ioiwari_judge),
        ("duel mis judge", mis_judge),
        ("duel ioiwari play", ioiwari_play),
        ("duel mis play", mis_play),
        ("duel doctor", doctor),
        ("graj", bin!("graj")),
        ("ioiwari2", bin!("ioiwari2")),
    ]
}

/// The help text of every long flag in `command --help`: `--flag` to what follows its value's
/// name on its line.
fn flag_helps(mut command: Command) -> BTreeMap<String, String> {
    let output = command.arg("--help").output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let help = String::from_utf8(output.stdout).unwrap();
    let mut helps = BTreeMap::new();
    // The options' section: from `Options:` to the first blank line.
    let options = help
        .lines()
        .skip_while(|line| *line != "Options:")
        .take_while(|line| !line.trim().is_empty());
    for line in options {
        let words: Vec<&str> = line.split_whitespace().collect();
        // The flag is the line's first word, or follows its short form (`-q,`).
        let at = match words.first() {
            Some(word) if word.starts_with("--") => 0,
            Some(word) if word.len() == 3 && word.starts_with('-') => 1,
            _ => continue,
        };
        if !words.get(at).is_some_and(|word| word.starts_with("--")) {
            continue;
        }
        let flag = words[at].trim_end_matches(',').to_owned();
        let value = words
            .get(at + 1)
            .filter(|word| word.starts_with('<'))
            .map_or(0, |_| 1);
        helps.insert(flag, words[at + 1 + value..].join(" "));
    }
    helps
}

#[test]
fn a_shared_flag_has_one_help_text_in_every_command() {
    let helps: Vec<(&str, BTreeMap<String, String>)> = commands()
        .into_iter()
        .map(|(name, command)| (name, flag_helps(command)))
        .collect();
    // Where each shared flag must appear (so the comparison below is never vacuous).
    let expected: &[(&str, &[&str])] = &[
        (
            "--time-limit",
            &["duel ioiwari judge", "duel mis judge", "graj"],
        ),
        (
            "--memory-limit",
            &["duel ioiwari judge", "duel mis judge", "graj"],
        ),
        (
            "--sandbox",
            &["duel ioiwari judge", "duel mis judge", "graj"],
        ),
        (
            "--compile",
            &["duel ioiwari judge", "duel mis judge", "duel doctor"],
        ),
        (
            "--seed",
            &[
                "duel ioiwari judge",
                "duel ioiwari play",
                "duel mis play",
                "graj",
                "ioiwari2",
            ],
        ),
    ];
    for (flag, holders) in expected {
        let texts: Vec<(&str, &String)> = helps
            .iter()
            .filter_map(|(name, helps)| helps.get(*flag).map(|text| (*name, text)))
            .collect();
        let names: Vec<&str> = texts.iter().map(|(name, _)| *name).collect();
        assert_eq!(&names, holders, "{flag}");
        assert!(!texts[0].1.is_empty(), "{flag} has help");
        for (name, text) in &texts {
            assert_eq!(text, &texts[0].1, "{flag} in {name} and {}", texts[0].0);
        }
    }
}

fn refusal(output: &Output) -> (Option<i32>, String) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    // The message without the program's name (`duel: `, `graj: `).
    let message = stderr
        .lines()
        .next()
        .and_then(|line| line.split_once(": "))
        .map(|(_, message)| message.to_owned())
        .unwrap_or_default();
    (output.status.code(), message)
}

#[test]
fn a_limit_one_command_refuses_every_command_refuses_alike() {
    // A day is the most; 10^5 s is past it, whichever command is asked.
    for (flag, value) in [
        ("--time-limit", "100000"),
        ("--time-limit", "0"),
        ("--time-limit", "NaN"),
        ("--memory-limit", "0"),
    ] {
        let judge = duel!()
            .args(["ioiwari", "judge", flag, value, "--player", "true"])
            .output()
            .unwrap();
        let graj = bin!("graj")
            .args([flag, value, "7", "2", "3"])
            .output()
            .unwrap();
        let (judge_status, judge_message) = refusal(&judge);
        let (graj_status, graj_message) = refusal(&graj);
        assert_eq!(judge_status, Some(2), "{flag} {value}: {judge:?}");
        assert_eq!(graj_status, Some(2), "{flag} {value}: {graj:?}");
        assert!(judge_message.starts_with(flag), "{judge_message}");
        assert_eq!(judge_message, graj_message, "{flag} {value}");
    }
    // The largest accepted value is accepted by graj too (its built-in Bolek plays at once).
    let graj = bin!("graj")
        .args(["--time-limit", "86400", "--quiet", "7", "2", "3"])
        .output()
        .unwrap();
    assert_eq!(graj.status.code(), Some(0), "{graj:?}");
}
