//! The help of `duel export` as a newcomer reads it: the summary lines of `duel --help` and
//! `duel export --help` name every format duel writes, and `duel export --help` fits one
//! screen (the details are in the export guide).

use duel_export::Format;
use duel_test_support::duel;

/// What `duel ARGS` prints on standard output (it must exit 0).
fn help(args: &[&str]) -> String {
    let output = duel!().args(args).output().expect("duel runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// Fails unless `line` names every format (as a word, in any case: `Polygon`, `DOMjudge`).
fn assert_names_every_format(line: &str, at: &str) {
    let words: Vec<String> = line
        .split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
        .collect();
    for format in Format::ALL {
        assert!(
            words.iter().any(|word| word == format.name()),
            "{at} leaves out {format}: {line}"
        );
    }
}

#[test]
fn both_summary_lines_name_every_format() {
    let top = help(&["--help"]);
    let export = top
        .lines()
        .find(|line| line.trim_start().starts_with("export "))
        .expect("`duel --help` lists export");
    assert_names_every_format(export, "`duel --help`");
    let own = help(&["export", "--help"]);
    let first = own.lines().next().unwrap();
    assert_names_every_format(first, "`duel export --help`'s first line");
    // And the formats' list below it has a line for each, by the name the command takes.
    for format in Format::ALL {
        assert!(
            own.lines().any(|line| line
                .trim_start()
                .starts_with(&format!("{} ", format.name()))),
            "`duel export --help` has no line for {format}"
        );
    }
}

#[test]
fn export_help_fits_one_screen() {
    let text = help(&["export", "--help"]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines.len() <= 40,
        "`duel export --help` is {} lines:\n{text}",
        lines.len()
    );
    for line in &lines {
        assert!(line.chars().count() <= 80, "wider than 80 columns: {line}");
    }
}
