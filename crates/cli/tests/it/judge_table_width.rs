//! Tables that fit: the judge's table fits the width `COLUMNS` gives (100 columns when
//! nothing tells it), a reason too long for its row going on indented lines of its own.

use duel_test_support::{duel, work_dir};

/// `duel mis judge` of a module that does not compile (its reason, the compiler's first
/// error line, is long), with `COLUMNS` set to `columns` (or unset): the lines of its stdout.
fn table(columns: Option<&str>) -> Vec<String> {
    let dir = work_dir!();
    let tests = dir.path().join("tests.txt");
    std::fs::write(&tests, "7 2 3\n").unwrap();
    let module = dir.path().join("bolek_with_a_rather_long_name.c");
    std::fs::write(&module, "int x = ;\n").unwrap();
    let mut command = duel!();
    command
        .args(["mis", "judge", "--tests"])
        .arg(&tests)
        .arg("--module")
        .arg(&module);
    match columns {
        Some(columns) => command.env("COLUMNS", columns),
        None => command.env_remove("COLUMNS"),
    };
    let output = command.output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

fn assert_fits(lines: &[String], width: usize) {
    for line in lines {
        assert!(line.chars().count() <= width, "wider than {width}: {line}");
    }
}

#[test]
fn a_long_reason_wraps_under_its_row_within_columns() {
    let lines = table(Some("90"));
    assert_fits(&lines, 90);
    let row = lines
        .iter()
        .position(|line| line.contains("compile_error"))
        .unwrap();
    assert!(!lines[row].contains("compilation failed"), "{lines:?}");
    let reason: Vec<&str> = lines[row + 1..]
        .iter()
        .take_while(|line| line.starts_with("      "))
        .map(|line| line.trim())
        .collect();
    let reason = reason.join(" ");
    assert!(
        reason.starts_with("compilation failed: bolek_with_a_rather_long_name.c:1:"),
        "{lines:?}"
    );
}

#[test]
fn without_a_terminal_or_columns_the_table_fits_100() {
    let lines = table(None);
    assert_fits(&lines, 100);
    assert!(lines.iter().any(|line| line.contains("compilation failed")));
}
