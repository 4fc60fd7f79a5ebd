//! Every line the judges print fits the width `COLUMNS` gives (100 columns when nothing tells
//! it): the table (a reason too long for its row on indented lines of its own; where the
//! columns themselves do not fit, two lines a row), the closing lines (the memory footnote,
//! the score, the line of tests not run), the isolation line on stderr and the ranking, at
//! 60, 80, 100 and 120 columns. What a line holds is never cut: a row's figures are all
//! there, whole. And a submission that does not compile is told once, not once a test.

use duel_test_support::{duel, work_dir};
use std::path::{Path, PathBuf};
use std::process::Output;

/// The widths checked.
const WIDTHS: [usize; 4] = [60, 80, 100, 120];

/// MIS tests whose inputs are the widest a position can be, with short games.
const MIS_TESTS: &str = "7 2 3\n10000000 10000000 1000000\n9999991 3 999999\n";

/// A module that takes every poohstick at once: more than the bound on every test, an illegal
/// first move (its reason is long, and the sticks left are the widest summary there is).
const GREEDY_MODULE: &str = "#include \"mis.h\"\n\
void poczatek(int p, int e, int peb) { (void)p; (void)e; (void)peb; }\n\
void ruch_bolka(int p, int e, int *bp, int *be) { (void)e; *bp = p; *be = 0; }\n";

/// `duel mis judge` of the built-in Bolek on the wide tests.
const BUILT_IN: &[&str] = &["mis", "judge", "--tests", "mis-tests.txt"];

/// `duel mis judge` of the greedy module on the wide tests.
const GREEDY: &[&str] = &[
    "mis",
    "judge",
    "--tests",
    "mis-tests.txt",
    "--module",
    "greedy_module.c",
];

/// `duel ARGS` in `dir` with `COLUMNS` set to `columns` (or unset).
fn judged(dir: &Path, args: &[&str], columns: Option<usize>) -> Output {
    let mut command = duel!();
    command.args(args).current_dir(dir);
    match columns {
        Some(columns) => command.env("COLUMNS", columns.to_string()),
        None => command.env_remove("COLUMNS"),
    };
    let output = command.output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    output
}

fn lines(bytes: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(bytes)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Fails unless every line of `lines` is at most `width` characters wide.
fn assert_fits(lines: &[String], width: usize, at: &str) {
    for line in lines {
        assert!(
            line.chars().count() <= width,
            "{at}: wider than {width}: {line:?}\n{}",
            lines.join("\n")
        );
    }
}

/// A scratch directory with the MIS tests, the greedy module, the Ioiwari boards and a
/// directory of two players with long names.
fn setup() -> (tempfile::TempDir, PathBuf) {
    let dir = work_dir!();
    std::fs::write(dir.path().join("mis-tests.txt"), MIS_TESTS).unwrap();
    std::fs::write(dir.path().join("greedy_module.c"), GREEDY_MODULE).unwrap();
    // Boards the lowest-pit player loses or draws (its first mistake is a long reason).
    std::fs::write(
        dir.path().join("boards.txt"),
        "4 4 4 2 2 2 2\n4 3 2 4 2 3 2\n3 3 3 3 4 2 2\n",
    )
    .unwrap();
    let flawed = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sources/ioiwari/flawed.py");
    let players = dir.path().join("players");
    std::fs::create_dir(&players).unwrap();
    for name in [
        "a_player_whose_name_is_rather_longer_than_most_terminals_would_like.py",
        "b.py",
    ] {
        std::fs::copy(&flawed, players.join(name)).unwrap();
    }
    (dir, flawed)
}

#[test]
fn every_line_of_both_judges_fits_60_80_100_and_120_columns() {
    let (dir, flawed) = setup();
    let flawed = format!("python3 {}", duel_test_support::shell_word(&flawed));
    let runs: [&[&str]; 4] = [
        BUILT_IN,
        GREEDY,
        &[
            "ioiwari",
            "judge",
            "--tests",
            "boards.txt",
            "--player",
            &flawed,
        ],
        &[
            "ioiwari",
            "judge",
            "--tests",
            "boards.txt",
            "--player",
            "players",
        ],
    ];
    for width in WIDTHS {
        for args in runs {
            let at = format!("COLUMNS={width} duel {}", args.join(" "));
            let output = judged(dir.path(), args, Some(width));
            let (stdout, stderr) = (lines(&output.stdout), lines(&output.stderr));
            assert_fits(&stdout, width, &at);
            assert_fits(&stderr, width, &at);
            // The closing line is there: the score, or the ranking's count.
            let last = stdout.last().unwrap();
            assert!(
                last.starts_with("score: ") || last.contains(" submissions, "),
                "{at}: {stdout:?}"
            );
        }
        // The MIS judge's closing line of the built-in Bolek, 114 characters, is wrapped.
        let output = judged(dir.path(), runs[0], Some(width));
        let text = String::from_utf8_lossy(&output.stdout);
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains(
                "memory: - where no figure is known: the built-in player runs inside the judge, \
                 so its memory is not measured apart"
            ),
            "{width}: {text}"
        );
        // The greedy module's rows keep their figures whole: the widest summary, the sticks
        // left (all of them: the first move is illegal).
        let output = judged(dir.path(), runs[1], Some(width));
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains(" 10000000 10000000 "), "{width}: {text}");
        assert!(text.contains(" 9999991 3 "), "{width}: {text}");
        assert_eq!(text.matches("illegal_move").count(), 4, "{width}: {text}");
    }
}

#[test]
fn wide_enough_a_row_is_one_line_and_its_columns_line_up() {
    let (dir, _) = setup();
    let output = judged(dir.path(), BUILT_IN, Some(120));
    let stdout = lines(&output.stdout);
    let header = &stdout[0];
    let rows: Vec<&String> = stdout
        .iter()
        .filter(|line| line.contains(" win "))
        .collect();
    assert_eq!(rows.len(), 3, "{stdout:?}");
    for row in rows {
        // Each figure ends where its title does.
        for title in ["left", "moves", "time", "memory"] {
            let end = header.find(title).unwrap() + title.len();
            assert_ne!(row.as_bytes()[end - 1], b' ', "{title}: {row}");
            assert!(
                end == row.len() || row.as_bytes()[end] == b' ',
                "{title}: {row}"
            );
        }
    }
}

#[test]
fn a_long_reason_wraps_under_its_row_within_columns() {
    let (dir, _) = setup();
    let output = judged(dir.path(), GREEDY, Some(120));
    let stdout = lines(&output.stdout);
    assert_fits(&stdout, 120, "120");
    let row = stdout
        .iter()
        .position(|line| line.contains("10000000 10000000 1000000"))
        .unwrap();
    let reason: Vec<&str> = stdout[row + 1..]
        .iter()
        .take_while(|line| line.starts_with("      "))
        .map(|line| line.trim())
        .collect();
    let reason = reason.join(" ");
    assert!(reason.contains("10000000"), "{stdout:?}");
    assert!(
        !stdout[row].contains(&reason),
        "the reason did not wrap: {stdout:?}"
    );
}

#[test]
fn without_a_terminal_or_columns_the_lines_fit_100() {
    let (dir, _) = setup();
    let output = judged(dir.path(), BUILT_IN, None);
    assert_fits(&lines(&output.stdout), 100, "no COLUMNS");
    assert_fits(&lines(&output.stderr), 100, "no COLUMNS");
}

#[test]
fn a_source_that_does_not_compile_is_told_once_not_once_a_test() {
    let dir = work_dir!();
    let source = dir.path().join("broken.c");
    std::fs::write(&source, "int main(void) { return missing; }\n").unwrap();
    for width in WIDTHS {
        let output = judged(
            dir.path(),
            &["ioiwari", "judge", "--player", "broken.c"],
            Some(width),
        );
        let (stdout, stderr) = (lines(&output.stdout), lines(&output.stderr));
        let everything = [stdout.clone(), stderr.clone()].concat().join("\n");
        // The compiler's error, once in full (on stderr)...
        assert_eq!(
            everything.matches("error: 'missing' undeclared").count()
                + everything.matches("error: ‘missing’ undeclared").count(),
            1,
            "{everything}"
        );
        assert!(
            stderr[0].starts_with("duel: broken.c does not compile"),
            "{stderr:?}"
        );
        // ...and on stdout one line for the 24 tests not run, then the score: no table.
        assert_fits(&stdout, width, &width.to_string());
        let said = stdout.join(" ");
        assert!(
            said.starts_with("tests 1-24: compile_error, not run: the submission does not"),
            "{stdout:?}"
        );
        assert!(!said.contains("verdict"), "{stdout:?}");
        assert_eq!(
            stdout.last().unwrap(),
            "score: 0.00 / 100  (24 tests: 24 compile_error)"
        );
        assert_eq!(said.matches("compile_error").count(), 2, "{stdout:?}");
    }
}
