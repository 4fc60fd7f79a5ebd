//! Help that helps: each judge's `--help` describes its own command and fits a screen (at most
//! 50 lines of at most 100 columns; the details are in the guides of docs/), and `mis-host
//! --help` says what the program is for (`judge_outputs_module_host.rs`).

use duel_test_support::duel;

/// The help of `duel ARGS... --help`, insisting on exit status 0.
fn help(args: &[&str]) -> String {
    let output = duel!().args(args).arg("--help").output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

fn assert_fits_a_screen(help: &str) {
    let lines: Vec<&str> = help.lines().collect();
    assert!(lines.len() <= 50, "{} lines:\n{help}", lines.len());
    for line in lines {
        assert!(line.chars().count() <= 100, "too wide: {line}");
    }
}

#[test]
fn the_ioiwari_judges_help_is_its_own_and_fits_a_screen() {
    let help = help(&["ioiwari", "judge"]);
    assert_fits_a_screen(&help);
    assert!(help.starts_with("Score a player-1 program"), "{help}");
    for own in ["--player", "--seed", "official", "Exit status"] {
        assert!(help.contains(own), "{own}: {help}");
    }
    for other in ["Bolek", "Lolek", "--module", "µs"] {
        assert!(!help.contains(other), "{other}: {help}");
    }
}

#[test]
fn the_mis_judges_help_is_its_own_and_fits_a_screen() {
    let help = help(&["mis", "judge"]);
    assert_fits_a_screen(&help);
    assert!(help.starts_with("Score a Bolek"), "{help}");
    for own in ["--module", "--player", "Lolek", "Exit status"] {
        assert!(help.contains(own), "{own}: {help}");
    }
    // The measurements live in docs/organisers.md.
    for other in ["pit", "player 2", "µs", "ping-pong"] {
        assert!(!help.contains(other), "{other}: {help}");
    }
}
