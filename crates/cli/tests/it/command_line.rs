//! A command line duel cannot read is refused in one line on stderr with exit status 2, as
//! every other bad input is; asking for help or the version is no error.

use duel_test_support::duel;
use duel_test_support::process::WithStdin;

#[test]
fn every_refused_command_line_is_one_line_and_exit_status_2() {
    for (args, needle) in [
        (
            &["ioiwari", "play", "--bogus"][..],
            "unexpected argument '--bogus'",
        ),
        (
            &["ioiwari", "play", "--side", "3"],
            "expected 1 (who moves first) or 2",
        ),
        (&["mis", "play", "--side", "0"], "--side"),
        (
            &["mis", "play", "--strength", "strong"],
            "or the judge's Loleks: simple",
        ),
        (
            &["ioiwari", "play", "--strength", "simple"],
            "expected perfect, greedy or random",
        ),
        (&["ioiwari", "judge", "--jobs", "x"], "'--jobs <N>'"),
        (
            &["mis", "judge", "--module"],
            "a value is required for '--module",
        ),
        (&["export", "--format", "nope"], "'--format'"),
        (&["ioiwari", "nosuch"], "unrecognized subcommand 'nosuch'"),
    ] {
        let output = duel!().args(args).output_with_stdin("");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("duel: "), "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn an_unknown_flag_names_the_command_whose_help_says_more() {
    let output = duel!()
        .args(["mis", "analyze", "--bogus"])
        .output_with_stdin("");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.ends_with("see 'duel mis analyze --help'\n"),
        "{stderr}"
    );
    // And that command's help exists.
    let help = duel!()
        .args(["mis", "analyze", "--help"])
        .output_with_stdin("");
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8(help.stdout)
        .unwrap()
        .contains("Usage: duel mis analyze"));
}

#[test]
fn help_and_version_are_printed_on_stdout_with_exit_status_0() {
    for args in [
        &["--help"][..],
        &["--version"],
        &["ioiwari", "play", "--help"],
    ] {
        let output = duel!().args(args).output_with_stdin("");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert!(!output.stdout.is_empty(), "{args:?}");
        assert!(output.stderr.is_empty(), "{args:?}");
    }
}
