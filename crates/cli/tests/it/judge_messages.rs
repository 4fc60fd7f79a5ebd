//! Compiler messages name the file the contestant wrote (`eve.cpp:1:21`), never the judge's
//! copy (`player.cpp`, `module.c`, `mis.pas`) or its temporary directory; a module's hint is
//! for its own language; and a source or a prebuilt module judged alone or inside a directory
//! gets one verdict.
//!
//! The evidence is the compiler's own line for the same file compiled by hand under its own
//! name (its file:line:column prefix), and the file names the test itself chose.

use crate::support::sources;
use duel_test_support::{sh_script, shell_word, work_dir};
use serde_json::Value;
use std::path::{Path, PathBuf};

use crate::support::sources::{duel_ok, missing, source};

/// Writes `text` as `dir/name`.
fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// One-test sets, so that a compile error costs one line of output.
fn tests_file(dir: &Path, game: &str) -> PathBuf {
    match game {
        "mis" => write(dir, "tests.txt", "7 2 3\n"),
        _ => write(dir, "tests.txt", "4 4 4 4 4 4 4\n"),
    }
}

/// Judges `submission` (`--player` for Ioiwari, `--module` for MIS) and returns the report.
fn report(game: &str, flag: &str, submission: &Path, dir: &Path) -> Value {
    let report = dir.join("report.json");
    let tests = tests_file(dir, game);
    duel_ok(&[
        game,
        "judge",
        flag,
        submission.to_str().unwrap(),
        "--tests",
        tests.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap()
}

/// The first test's verdict and reason.
fn first(report: &Value) -> (String, String) {
    let test = &report["tests"][0];
    (
        test["verdict"].as_str().unwrap().to_owned(),
        test["reason"].as_str().unwrap().to_owned(),
    )
}

/// The judge's reason for a broken `name` names it where the compiler run by hand on the same
/// file names it, and no internal name or build directory.
fn named_as_written(game: &str, flag: &str, name: &str, text: &str, expected: &str) {
    let dir = work_dir!();
    let path = write(dir.path(), name, text);
    let (verdict, reason) = first(&report(game, flag, &path, dir.path()));
    assert_eq!(verdict, "compile_error", "{reason}");
    assert!(reason.contains(expected), "{expected} in {reason}");
    for internal in [
        "player.",
        "module.",
        "mis.pas",
        "duelmis",
        "duel-build-",
        "libmodule",
    ] {
        assert!(!reason.contains(internal), "{internal} in {reason}");
    }
}

#[test]
fn a_c_player_is_named_as_written() {
    if !missing("gcc") {
        let text = "int main(void) {\n  int x = ;\n}\n";
        named_as_written("ioiwari", "--player", "broken.c", text, "broken.c:2:");
    }
}

#[test]
fn a_cpp_player_with_a_space_in_its_name_is_named_as_written() {
    if !missing("g++") {
        let text = "#include <cstdio>\nint main() { int x = ; }\n";
        named_as_written("ioiwari", "--player", "eve 2.cpp", text, "eve 2.cpp:2:");
    }
}

#[test]
fn a_pascal_player_is_named_as_written() {
    if !missing("fpc") {
        let text = "program eve;\nbegin\n  writeln(x)\nend.\n";
        named_as_written("ioiwari", "--player", "eve.pas", text, "eve.pas(3,");
    }
}

#[test]
fn a_python_player_is_named_as_written() {
    if !missing("python3") {
        let text = "import sys\ndef f(:\n    pass\n";
        named_as_written("ioiwari", "--player", "eve.py", text, "eve.py\", line 2");
    }
}

#[test]
fn a_rust_player_is_named_as_written() {
    if !missing("rustc") {
        let text = "fn main() {\n    let x: u8 = \"no\";\n}\n";
        named_as_written("ioiwari", "--player", "eve-1.rs", text, "eve-1.rs:2:");
    }
}

#[test]
fn a_rust_player_whose_name_is_no_crate_name_is_named_as_written() {
    if !missing("rustc") {
        let text = "fn main() {\n    let x: u8 = \"no\";\n}\n";
        named_as_written("ioiwari", "--player", "my eve.rs", text, "my eve.rs:2:");
    }
}

/// Kept as written, and as the go command would take for a test file (built as `player.go`):
/// either way the reason names the contestant's file.
#[test]
fn go_players_are_named_as_written() {
    if !missing("go") {
        let text = "package main\n\nfunc main() {\n\tvar x int = \"no\"\n\t_ = x\n}\n";
        for name in ["eve.go", "eve_test.go"] {
            let place = format!("./{name}:4:");
            named_as_written("ioiwari", "--player", name, text, &place);
        }
    }
}

#[test]
fn a_c_module_is_named_as_written() {
    if !missing("gcc") {
        let text = "#include \"mis.h\"\nvoid poczatek(int p, int e, int b) { int x = ; }\n";
        named_as_written("mis", "--module", "bolek.c", text, "bolek.c:2:");
    }
}

#[test]
fn a_pascal_module_is_named_as_written_though_built_as_unit_mis() {
    if !missing("fpc") {
        let text = "unit mis;\ninterface\nprocedure poczatek(p, e, peb: LongInt);\n\
                    implementation\nprocedure poczatek(p, e, peb: LongInt); begin x end;\nend.\n";
        named_as_written("mis", "--module", "bolek.pas", text, "bolek.pas(5,");
    }
}

/// An Ioiwari player offered as a module: it builds, but defines neither function.
const NOT_A_MODULE: &str = "#include <stdio.h>\nint main(void) { puts(\"1\"); return 0; }\n";

#[test]
fn a_c_file_without_the_functions_gets_a_c_hint_alone_and_in_a_directory() {
    if missing("gcc") {
        return;
    }
    let dir = work_dir!();
    let subs = dir.path().join("subs");
    std::fs::create_dir(&subs).unwrap();
    let path = write(&subs, "player.c", NOT_A_MODULE);
    write(&subs, "other.c", NOT_A_MODULE);
    let alone = report("mis", "--module", &path, dir.path());
    let (verdict, reason) = first(&alone);
    assert_eq!(verdict, "compile_error", "{reason}");
    assert!(
        reason.contains("player.c does not define `poczatek`"),
        "{reason}"
    );
    assert!(
        !reason.contains("C++") && !reason.contains("extern"),
        "{reason}"
    );
    assert!(!reason.contains("duel-build-"), "{reason}");
    let ranking = report("mis", "--module", &subs, dir.path());
    let entries = ranking["submissions"].as_array().unwrap();
    assert_eq!(entries.len(), 2, "{ranking:#}");
    for entry in entries {
        let (verdict, reason) = first(entry);
        assert_eq!(verdict, "compile_error", "{reason}");
        assert!(reason.contains(".c does not define `poczatek`"), "{reason}");
    }
}

#[test]
fn a_cpp_file_with_mangled_names_gets_the_extern_c_hint() {
    if missing("g++") {
        return;
    }
    let dir = work_dir!();
    let text = "void poczatek(int p, int e, int b) {}\n\
                void ruch_bolka(int p, int e, int *bp, int *be) { *bp = 1; *be = 0; }\n";
    let path = write(dir.path(), "bolek.cc", text);
    let (verdict, reason) = first(&report("mis", "--module", &path, dir.path()));
    assert_eq!(verdict, "compile_error", "{reason}");
    assert!(
        reason.contains("bolek.cc does not define `poczatek`"),
        "{reason}"
    );
    assert!(reason.contains("extern \"C\""), "{reason}");
}

/// Builds `text` (C) into the shared library `dir/name` with gcc, as a contestant would.
fn prebuilt(dir: &Path, name: &str, text: &str) -> PathBuf {
    let c = write(dir, &format!("{name}.c.txt"), text);
    let library = dir.join(name);
    let flags: [&std::ffi::OsStr; 5] = ["-x", "c", "-shared", "-fPIC", "-o"].map(AsRef::as_ref);
    duel_test_support::build::gcc(
        flags
            .into_iter()
            .chain([library.as_os_str(), c.as_os_str()]),
    );
    std::fs::remove_file(c).unwrap();
    library
}

#[test]
fn a_prebuilt_module_without_the_functions_is_a_compile_error_alone_and_in_a_directory() {
    if missing("gcc") {
        return;
    }
    let dir = work_dir!();
    let subs = dir.path().join("subs");
    std::fs::create_dir(&subs).unwrap();
    let lacking = prebuilt(&subs, "lacking.so", "int helper(int x) { return x + 1; }\n");
    let good = std::fs::read_to_string(source("mis/correct.c")).unwrap();
    prebuilt(&subs, "zgood.so", &good);
    // Alone: a report, not a judge error (exit status 0, as for a source lacking them).
    let alone = report("mis", "--module", &lacking, dir.path());
    let (verdict, reason) = first(&alone);
    assert_eq!(verdict, "compile_error", "{reason}");
    assert!(reason.contains("does not export `poczatek`"), "{reason}");
    assert!(reason.contains("lacking.so"), "{reason}");
    // In a directory: the same verdict and reason for it, and the other entry is judged.
    let ranking = report("mis", "--module", &subs, dir.path());
    let entries = ranking["submissions"].as_array().unwrap();
    assert_eq!(entries.len(), 2, "{ranking:#}");
    let (verdict, in_batch) = first(&entries[0]);
    assert_eq!(verdict, "compile_error", "{in_batch}");
    assert_eq!(in_batch, reason);
    assert_eq!(entries[1]["tests"][0]["verdict"], "win", "{ranking:#}");
}

/// The memory column of a table run: each row's cell and the lines under the table.
fn memory_cells(args: &[&str]) -> (Vec<String>, Vec<String>) {
    let output = duel_ok(args);
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    let header = lines.iter().position(|l| l.starts_with("test ")).unwrap();
    let end = lines[header..]
        .iter()
        .position(|l| l.contains("memory: ") || l.starts_with("score:"));
    let end = header + end.unwrap();
    let column_end = lines[header].find("memory").unwrap() + "memory".len();
    // A reason too long for its row is on indented lines of its own: not rows.
    let cells = lines[header + 1..end]
        .iter()
        .filter(|row| !row.starts_with("      "))
        .map(|row| {
            row[..column_end]
                .split("  ")
                .last()
                .unwrap()
                .trim()
                .to_owned()
        })
        .collect();
    let under = lines[end..].iter().map(|l| l.to_string()).collect();
    (cells, under)
}

#[test]
fn the_built_in_player_has_no_memory_figure_and_says_why_once() {
    let dir = work_dir!();
    let tests = write(dir.path(), "tests.txt", "7 2 3\n10 7 5\n100 3 7\n");
    let (cells, under) = memory_cells(&["mis", "judge", "--tests", tests.to_str().unwrap()]);
    assert_eq!(cells, ["-", "-", "-"], "{under:?}");
    let notes: Vec<&String> = under.iter().filter(|l| l.starts_with("memory: ")).collect();
    assert_eq!(notes.len(), 1, "{under:?}");
    assert!(
        notes[0].contains("built-in player runs inside the judge"),
        "{under:?}"
    );
}

#[test]
fn a_program_has_the_kernels_figure_and_no_footnote() {
    let dir = work_dir!();
    let tests = write(dir.path(), "tests.txt", "7 2 3\n10 7 5\n");
    let player = source("../mis-players/one_stick.py");
    let command = format!("python3 {}", duel_test_support::shell_word(&player));
    let (cells, under) = memory_cells(&[
        "mis",
        "judge",
        "--player",
        &command,
        "--tests",
        tests.to_str().unwrap(),
    ]);
    // A Python interpreter's peak is megabytes, whatever the kernel's way of counting.
    for cell in &cells {
        assert!(cell.ends_with(" MB"), "{cells:?}");
    }
    assert!(
        !under.iter().any(|l| l.starts_with("memory: ")),
        "{under:?}"
    );
}

#[test]
fn a_source_that_did_not_compile_was_not_run() {
    if missing("gcc") {
        return;
    }
    let dir = work_dir!();
    let path = write(dir.path(), "bolek.c", "int x = ;\n");
    let tests = write(dir.path(), "tests.txt", "7 2 3\n");
    let args = [
        "mis",
        "judge",
        "--module",
        path.to_str().unwrap(),
        "--tests",
        tests.to_str().unwrap(),
    ];
    // No table: one line says the tests were not run and why, and no memory figure is shown.
    let output = duel_ok(&args);
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        stdout.lines().next(),
        Some(
            "test 1: compile_error, not run: the submission does not compile (the compiler's \
             lines are on stderr)"
        ),
        "{stdout}"
    );
    assert!(
        !stdout.lines().any(|line| line.contains("memory")),
        "{stdout}"
    );
}

#[test]
fn a_bolek_named_where_bubblewrap_cannot_show_it_is_refused_before_any_test() {
    use std::os::unix::fs::PermissionsExt;
    if !duel_test_support::skip::unless(
        duel_sandbox::Sandbox::Auto.uses_bwrap(),
        "bubblewrap does not work here",
        ".ci/setup installs bubblewrap; it needs user namespaces or root",
    ) {
        return;
    }
    // /dev/shm is bubblewrap's own (it makes a fresh /dev): a script there cannot be shown.
    let player = source("../mis-players/one_stick.py");
    let script = PathBuf::from(format!("/dev/shm/duel-bolek-{}.sh", std::process::id()));
    std::fs::write(&script, format!("exec python3 {}\n", shell_word(&player))).unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let dir = work_dir!();
    let tests = write(dir.path(), "tests.txt", "7 2 3\n");
    let report = dir.path().join("report.json");
    let command = sh_script(&script);
    let output = sources::run_duel(&[
        "mis",
        "judge",
        "--sandbox",
        "auto",
        "--player",
        &command,
        "--tests",
        tests.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    std::fs::remove_file(&script).unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot show it"), "{stderr}");
    assert!(stderr.contains(&script.display().to_string()), "{stderr}");
    assert!(!report.exists(), "no test ran");
}
