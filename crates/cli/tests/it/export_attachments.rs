//! What contestants download: every package carries the kit's skeletons (and for
//! Pooh-Eeyore-sticks `mis.h` and the `graj` drivers, which build and play with the skeleton),
//! and for Ioiwari the task's tool in both builds, `ioiwari2` (the Linux program beside duel)
//! and `ioiwari2.exe` (the Windows one: built into duel, or beside it), executable, beside the
//! testing tool, which plays the game `ioiwari2` plays and logs it in the same words; every
//! Ioiwari statement, as contestants read it, names the three. A duel lacking a build writes
//! the packages without it and says, in one warning line, how to get it. Under Wine, the
//! attached `ioiwari2.exe` plays as the attached `ioiwari2` does.

use crate::support::export::*;
use duel_export::statement::Locale;
use duel_export::{Format, Task};
use duel_test_support::process::output_with_stdin;
use duel_test_support::skip;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

#[test]
fn every_package_attaches_the_kit_where_its_system_takes_attachments() {
    for (format, dir) in [
        (Format::Kattis, "attachments"),
        (Format::Cms, "att"),
        (Format::Dmoj, "attachments"),
        (Format::Icpc, "attachments"),
        (Format::Domjudge, "attachments"),
        (Format::Polygon, "attachments"),
    ] {
        for task in Task::ALL {
            let package = duel_export::package(format, task);
            for (name, contents) in duel_export::attachments::files(task) {
                // Polygon's one-file form of Pooh-Eeyore-sticks takes no Pascal.
                if format == Format::Polygon && task == Task::Mis && name.ends_with(".pas") {
                    continue;
                }
                let file = package
                    .file(&format!("{dir}/{name}"))
                    .unwrap_or_else(|| panic!("{format} {task}: {dir}/{name}"));
                assert_eq!(file.contents, contents);
                let program = name.starts_with("ioiwari2");
                assert_eq!(file.executable, program, "{format} {task}: {name}");
            }
        }
    }
    // The kit's own files, unchanged.
    let kit = duel_kit::mis_kit();
    let skeleton = kit.iter().find(|f| f.path == "mis/mis_c/mis.c").unwrap();
    let package = duel_export::package(Format::Cms, Task::Mis);
    assert_eq!(
        package.file("att/mis.c").unwrap().contents,
        skeleton.contents
    );
}

#[test]
fn the_attached_graj_driver_builds_with_the_attached_skeleton_and_plays() {
    if !need("gcc", "DUEL_REQUIRE_FPC") {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    let package = duel_export::package(Format::Kattis, Task::Mis);
    let root = package.write_into(work.path()).unwrap();
    let attachments = root.join("attachments");
    let graj = work.path().join("graj");
    c(
        &[attachments.join("graj.c"), attachments.join("mis.c")],
        &attachments,
        &graj,
    );
    let output = Command::new(&graj).args(["7", "2", "3"]).output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    // The skeleton plays legal moves against the kit's simple Lolek: the game ends with a
    // result line, won (0) or lost (1).
    assert!(matches!(output.status.code(), Some(0 | 1)), "{text}");
    assert!(
        text.lines().last().unwrap().starts_with("result: "),
        "{text}"
    );
}

/// Runs the attached testing tool in `dir` against `program`, returning its exit status and
/// its log.
fn testing_tool(dir: &std::path::Path, program: &[&str], extra: &[&str]) -> (Option<i32>, String) {
    let package = duel_export::package(Format::Kattis, Task::Ioiwari);
    let root = package.write_into(dir).unwrap();
    let status = Command::new("python3")
        .arg(root.join("attachments/testing_tool.py"))
        .args(extra)
        .arg("--")
        .args(program)
        .current_dir(dir)
        .stderr(Stdio::null())
        .status()
        .expect("python3 runs");
    let log = fs::read_to_string(dir.join("ioiwari.out")).unwrap();
    (status.code(), log)
}

#[test]
fn the_testing_tool_logs_the_game_ioiwari2_logs() {
    if !need("python3", "DUEL_REQUIRE_FPC") {
        return;
    }
    let ioiwari = env!("CARGO_BIN_EXE_ioiwari");
    for board in ["4 3 2 4 2 3 2", "2 2 4 4 4 2 2"] {
        let work = tempfile::tempdir().unwrap();
        let (status, log) = testing_tool(work.path(), &[ioiwari], &["--board", board]);
        assert_eq!(status, Some(0), "{log}");
        // ioiwari2 against the same player: the same game, the same transcript.
        let reference = tempfile::tempdir().unwrap();
        let fifo = reference.path().join("to-p2");
        assert!(Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        let script = format!(
            "{} --position '{board}' < to-p2 | {} > to-p2",
            duel_test_support::shell_word(env!("CARGO_BIN_EXE_ioiwari2")),
            duel_test_support::shell_word(ioiwari)
        );
        let done = Command::new("sh")
            .args(["-c", &script])
            .current_dir(reference.path())
            .status()
            .unwrap();
        assert!(done.success());
        let expected = fs::read_to_string(reference.path().join("ioiwari.out")).unwrap();
        assert_eq!(log, expected, "{board}");
        let last = log.lines().last().unwrap();
        assert!(last.starts_with("result: player 1 wins"), "{last}");
    }
}

#[test]
fn the_testing_tool_names_what_went_wrong() {
    if !need("python3", "DUEL_REQUIRE_FPC") {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    // A program that plays pit 9, one that never flushes, one that stops after a move, one
    // that ends its move with a NUL (no blank, so no move, as every judge reads it).
    let cases = [
        (
            "import sys\nsys.stdin.readline()\nprint(9, flush=True)\nsys.stdin.readline()\n",
            "illegal_move: there is no pit 9",
        ),
        (
            "import sys\nsys.stdin.readline()\nprint(3)\nsys.stdin.readline()\n",
            "does it flush",
        ),
        (
            "import sys\nsys.stdin.readline()\n",
            "early_exit: ended its output before the game was over",
        ),
        (
            "import sys\nsys.stdin.readline()\nprint('3\\0', flush=True)\nsys.stdin.readline()\n",
            "protocol_error: expected a pit number, got \"3\\x00\"",
        ),
    ];
    for (i, (source, words)) in cases.into_iter().enumerate() {
        let program = work.path().join(format!("p{i}.py"));
        fs::write(&program, source).unwrap();
        let dir = work.path().join(i.to_string());
        fs::create_dir(&dir).unwrap();
        let program = program.display().to_string();
        let (status, log) = testing_tool(&dir, &["python3", &program], &["--timeout", "2"]);
        assert_eq!(status, Some(1), "{log}");
        let last = log.lines().last().unwrap();
        assert!(
            last.starts_with("aborted: ") && last.contains(words),
            "{last}"
        );
    }
}

#[test]
fn the_testing_tool_keeps_the_input_open_after_the_game() {
    if !need("python3", "DUEL_REQUIRE_FPC") {
        return;
    }
    // A perfect player that then reads its input to the end: it waits, as in every judge
    // (RULES.md, A1), and its output stays open past the bound.
    let work = tempfile::tempdir().unwrap();
    let script = format!("'{}'; cat > /dev/null", env!("CARGO_BIN_EXE_ioiwari"));
    let (status, log) = testing_tool(work.path(), &["sh", "-c", &script], &["--timeout", "2"]);
    assert_eq!(status, Some(1), "{log}");
    let last = log.lines().last().unwrap();
    assert_eq!(
        last,
        "aborted: player 1: protocol_error: after the game: its output was still open 1 s later \
         (a program must end once the game is over, without reading more input)"
    );
}

/// The three programs an Ioiwari package attaches when duel has both builds of `ioiwari2`.
const TOOLS: [&str; 3] = ["ioiwari2", "ioiwari2.exe", "testing_tool.py"];

/// The Windows build of `ioiwari2` this test run has, and whether duel carries it built in:
/// the one built into duel (`DUEL_IOIWARI2_EXE` at build time, as CI and `.ci/dist` build),
/// else the one `.ci/windows.sh` built (`DUEL_WINDOWS_BIN`), else none.
fn windows_build() -> Option<(Vec<u8>, bool)> {
    let nowhere = tempfile::tempdir().unwrap();
    if let Some(built_in) = duel_kit::windows_ioiwari2(nowhere.path()).unwrap() {
        return Some((built_in, true));
    }
    let dir = PathBuf::from(std::env::var_os("DUEL_WINDOWS_BIN")?);
    Some((fs::read(dir.join("ioiwari2.exe")).unwrap(), false))
}

/// Whether `bytes` are a PE program, as Windows loads them: the DOS header's `MZ`, and at the
/// offset it names (bytes 60 to 63) the signature `PE\0\0`.
fn is_pe(bytes: &[u8]) -> bool {
    let at = bytes
        .get(60..64)
        .map(|offset| u32::from_le_bytes(offset.try_into().unwrap()) as usize);
    bytes.starts_with(b"MZ") && at.is_some_and(|at| bytes.get(at..at + 4) == Some(b"PE\0\0"))
}

/// A duel of its own in `dir`: this build's `duel`, with its Linux `ioiwari2` beside it if
/// `linux`, and `windows` as `ioiwari2.exe` beside it if given (linked where the file system
/// allows, else copied: the programs are large in a debug build).
fn duel_in(dir: &Path, linux: bool, windows: Option<&[u8]>) -> PathBuf {
    fs::create_dir_all(dir).unwrap();
    let place = |from: &str, to: &Path| {
        if fs::hard_link(from, to).is_err() {
            fs::copy(from, to).unwrap();
        }
    };
    let duel = dir.join("duel");
    place(env!("CARGO_BIN_EXE_duel"), &duel);
    if linux {
        place(env!("CARGO_BIN_EXE_ioiwari2"), &dir.join("ioiwari2"));
    }
    if let Some(bytes) = windows {
        fs::write(dir.join("ioiwari2.exe"), bytes).unwrap();
    }
    duel
}

/// `duel export FORMAT OUT --task TASK EXTRA...` run by `duel`, insisting on success.
fn export_with(duel: &Path, format: &str, out: &Path, task: &str, extra: &[&str]) -> Output {
    let output = Command::new(duel)
        .args(["export", format])
        .arg(out)
        .args(["--task", task])
        .args(extra)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "duel export {format}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The warning lines of an export's stderr.
fn warnings(output: &Output) -> Vec<String> {
    String::from_utf8_lossy(&output.stderr)
        .lines()
        .filter(|line| line.contains("warning"))
        .map(str::to_owned)
        .collect()
}

/// The Ioiwari tools in a package directory's `dir`: name, contents, mode.
fn tools_in_dir(dir: &Path) -> Vec<(String, Vec<u8>, u32)> {
    TOOLS
        .iter()
        .filter(|name| dir.join(name).is_file())
        .map(|name| {
            let path = dir.join(name);
            let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            (name.to_string(), fs::read(path).unwrap(), mode)
        })
        .collect()
}

/// The Ioiwari tools in the zip `zip`'s `dir`, read by Python's `zipfile` (not duel's own
/// writer): name, contents, mode.
fn tools_in_zip(zip: &Path, dir: &str) -> Vec<(String, Vec<u8>, u32)> {
    let out = tempfile::tempdir().unwrap();
    let script = "import sys, zipfile\n\
        archive = zipfile.ZipFile(sys.argv[1])\n\
        for info in archive.infolist():\n\
        \x20   if info.filename.startswith(sys.argv[2] + '/'):\n\
        \x20       archive.extract(info, sys.argv[3])\n\
        \x20       print(info.filename, oct((info.external_attr >> 16) & 0o777))\n";
    let listed = Command::new("python3")
        .args(["-c", script])
        .arg(zip)
        .arg(dir)
        .arg(out.path())
        .output()
        .expect("python3 runs");
    assert!(listed.status.success(), "{listed:?}");
    let modes = String::from_utf8(listed.stdout).unwrap();
    let extracted = out.path().join(dir);
    TOOLS
        .iter()
        .filter_map(|name| {
            let line = modes
                .lines()
                .find(|line| line.split(' ').next() == Some(&format!("{dir}/{name}")))?;
            let mode = u32::from_str_radix(line.rsplit("0o").next().unwrap(), 8).unwrap();
            Some((
                name.to_string(),
                fs::read(extracted.join(name)).unwrap(),
                mode,
            ))
        })
        .collect()
}

/// One Ioiwari package as `duel export` wrote it: where, the tools in it (name, contents,
/// mode) and the export's warning lines.
struct Exported {
    at: String,
    tools: Vec<(String, Vec<u8>, u32)>,
    warnings: Vec<String>,
}

/// Every package format's Ioiwari package, exported by `duel` into `out`: as directories, and
/// as the zips DOMjudge and Polygon import. CMS and DOMjudge typeset statements: they are
/// left out (after saying so) without LuaLaTeX and g++, unless `DUEL_REQUIRE_EXPORT_TOOLS`
/// is set or the run is complete.
fn every_package(duel: &Path, out: &Path) -> Vec<Exported> {
    let typesetting = need_tool_on_path("lualatex").is_some() && need("g++", "DUEL_REQUIRE_FPC");
    let mut found = Vec::new();
    for (format, dir) in [
        ("kattis", "attachments"),
        ("icpc", "attachments"),
        ("dmoj", "attachments"),
        ("polygon", "attachments"),
        ("cms", "att"),
    ] {
        if format == "cms" && !typesetting {
            continue;
        }
        let at = out.join(format);
        let output = export_with(duel, format, &at, "ioiwari", &[]);
        found.push(Exported {
            at: format.to_owned(),
            tools: tools_in_dir(&at.join("ioiwari").join(dir)),
            warnings: warnings(&output),
        });
    }
    let mut zips = vec![("polygon", vec!["--zip"])];
    if typesetting {
        zips.push(("domjudge", vec![]));
    }
    for (format, extra) in zips {
        let at = out.join(format!("{format}-zip"));
        let output = export_with(duel, format, &at, "ioiwari", &extra);
        found.push(Exported {
            at: format!("{format} zip"),
            tools: tools_in_zip(&at.join("ioiwari.zip"), "attachments"),
            warnings: warnings(&output),
        });
    }
    found
}

#[test]
fn every_ioiwari_package_attaches_ioiwari2_for_linux_and_windows_beside_the_testing_tool() {
    let work = tempfile::tempdir().unwrap();
    // The real Windows build when this run has one; else a stand-in beside duel, which shows
    // that the file beside duel is what the packages attach (DUEL_REQUIRE_WINDOWS=1 insists
    // on the real build).
    let real = windows_build();
    let (beside, built_in) = match real.clone() {
        Some((bytes, true)) => (b"MZ not this one: duel has its own".to_vec(), Some(bytes)),
        Some((bytes, false)) => (bytes, None),
        None => {
            skip::unless_required(
                false,
                "no Windows build of ioiwari2 here: a stand-in is attached instead",
                "build duel with DUEL_IOIWARI2_EXE naming one, as .ci/test does, or set \
                 DUEL_WINDOWS_BIN",
                "DUEL_REQUIRE_WINDOWS",
            );
            (b"MZ stand-in".to_vec(), None)
        }
    };
    let windows = built_in.unwrap_or_else(|| beside.clone());
    let duel = duel_in(&work.path().join("bin"), true, Some(&beside));
    let linux = fs::read(env!("CARGO_BIN_EXE_ioiwari2")).unwrap();
    assert!(
        linux.starts_with(b"\x7fELF"),
        "the Linux tool is an ELF program"
    );
    if real.is_some() {
        assert!(is_pe(&windows), "the Windows tool is a PE program");
    }
    let testing_tool = duel_export::attachments::files(Task::Ioiwari)
        .into_iter()
        .find(|(name, _)| name == "testing_tool.py")
        .unwrap()
        .1;
    let packages = every_package(&duel, &work.path().join("out"));
    assert!(packages.len() >= 5);
    for package in packages {
        let at = &package.at;
        assert_eq!(package.warnings, Vec::<String>::new(), "{at}");
        let names: Vec<&str> = package.tools.iter().map(|(n, _, _)| n.as_str()).collect();
        assert_eq!(names, TOOLS, "{at}");
        for (name, contents, mode) in &package.tools {
            let (expected, program) = match name.as_str() {
                "ioiwari2" => (&linux, true),
                "ioiwari2.exe" => (&windows, true),
                _ => (&testing_tool, false),
            };
            assert!(
                contents == expected,
                "{at}: {name} is not the expected build"
            );
            if program {
                assert_eq!(mode, &0o755, "{at}: {name} is executable");
            }
        }
    }
    // The kit of the same duel holds the same two programs.
    let kit = work.path().join("kit");
    let made = Command::new(&duel)
        .args(["kit", "ioiwari"])
        .arg(&kit)
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    assert_eq!(fs::read(kit.join("ioiwari/ioiwari2")).unwrap(), linux);
    assert!(fs::read(kit.join("ioiwari/ioiwari2.exe")).unwrap() == windows);
}

#[test]
fn an_export_missing_a_build_of_ioiwari2_says_how_to_get_it_in_one_line_and_attaches_the_rest() {
    let work = tempfile::tempdir().unwrap();
    let built_in = windows_build().is_some_and(|(_, built_in)| built_in);
    let exe_how = duel_kit::IOIWARI2_EXE_HOW;
    let linux_how = duel_export::attachments::IOIWARI2_HOW;
    // A duel with its Linux tool but no Windows one (unless built in).
    let duel = duel_in(&work.path().join("linux-only"), true, None);
    let out = work.path().join("linux-only-out");
    let output = export_with(&duel, "kattis", &out, "ioiwari", &[]);
    let attached = tools_in_dir(&out.join("ioiwari/attachments"));
    let names: Vec<&str> = attached.iter().map(|(n, _, _)| n.as_str()).collect();
    if built_in {
        assert_eq!(warnings(&output), Vec::<String>::new());
        assert_eq!(names, TOOLS);
    } else {
        assert_eq!(
            warnings(&output),
            [format!(
                "duel: warning: {exe_how}; the ioiwari packages are written without it"
            )]
        );
        assert_eq!(names, ["ioiwari2", "testing_tool.py"]);
    }
    // Pooh-Eeyore-sticks attaches no tool: nothing to say.
    let mis = export_with(&duel, "kattis", &work.path().join("mis"), "mis", &[]);
    assert_eq!(mis.stderr, b"");
    // A duel alone: the Linux tool is named too, a line each.
    let alone = duel_in(&work.path().join("alone"), false, None);
    let out = work.path().join("alone-out");
    let output = export_with(&alone, "icpc", &out, "ioiwari", &[]);
    let mut expected = vec![format!(
        "duel: warning: {linux_how}; the ioiwari packages are written without it"
    )];
    if !built_in {
        expected.push(format!(
            "duel: warning: {exe_how}; the ioiwari packages are written without it"
        ));
    }
    assert_eq!(warnings(&output), expected);
    let attached = tools_in_dir(&out.join("ioiwari/attachments"));
    assert!(attached.iter().any(|(n, _, _)| n == "testing_tool.py"));
    assert!(!attached.iter().any(|(n, _, _)| n == "ioiwari2"));
}

/// The tools `text` names, in the order of [`TOOLS`]: each name as a word of its own
/// (`./ioiwari2` too; `ioiwari2.exe` does not name `ioiwari2`).
fn tools_named(text: &str) -> Vec<&'static str> {
    let words: Vec<&str> = text
        .split(|c: char| {
            c.is_whitespace() || matches!(c, ',' | ';' | ':' | '`' | '(' | ')' | '{' | '}')
        })
        .collect();
    TOOLS
        .into_iter()
        .filter(|name| {
            words
                .iter()
                .any(|word| word.trim_start_matches("./") == *name)
        })
        .collect()
}

/// Fails unless `text`, an Ioiwari statement as contestants read it (`at` names it), names
/// exactly the tools `programs` (what its package attaches, as
/// [`duel_export::attachments::Tools::programs`] lists them).
pub(crate) fn assert_names_the_tools(text: &str, programs: &[(&str, &str)], at: &str) {
    let attached: Vec<&str> = programs.iter().map(|(name, _)| *name).collect();
    assert_eq!(tools_named(text), attached, "{at}");
}

/// The builds of `ioiwari2` the packages of this test run's `duel` attach (the `duel` that
/// `duel!()` and `export` run): those beside it, or built into it.
fn tools_beside_this_duel() -> duel_export::attachments::Tools {
    let dir = Path::new(env!("CARGO_BIN_EXE_duel")).parent().unwrap();
    duel_export::attachments::Tools::from_dir(dir).unwrap()
}

/// The programs to try a player with that the packages of this test run's `duel` attach.
pub(crate) fn tools_of_this_duel() -> Vec<(&'static str, &'static str)> {
    tools_beside_this_duel().programs()
}

/// The source of `task`'s statement in `language` in the `format` package that this test
/// run's `duel` writes (its Tools section naming the builds that duel has).
pub(crate) fn source_of_this_duel(format: Format, task: Task, language: Locale) -> String {
    let rules = duel_export::statement::Rules::with_tools(format, task, &tools_beside_this_duel());
    duel_export::statement::source_with(task, language, rules)
}

#[test]
fn every_statement_names_exactly_the_tools_its_package_attaches_whichever_builds_duel_has() {
    let work = tempfile::tempdir().unwrap();
    let built_in = windows_build().is_some_and(|(_, built_in)| built_in);
    let typesetting = need_tool_on_path("lualatex").is_some() && need("g++", "DUEL_REQUIRE_FPC");
    // A stand-in for the Windows build beside duel: what is named follows what is attached.
    let stand_in: &[u8] = b"MZ stand-in";
    for (linux, windows) in [
        (true, Some(stand_in)),
        (true, None),
        (false, Some(stand_in)),
        (false, None),
    ] {
        if built_in && windows.is_none() {
            continue; // This duel carries ioiwari2.exe: it cannot lack it.
        }
        let case = format!("linux {linux}, windows {}", windows.is_some());
        let dir = work.path().join(format!("{linux}-{}", windows.is_some()));
        let duel = duel_in(&dir.join("duel"), linux, windows);
        let mut formats = vec![
            (
                "kattis",
                "attachments",
                vec!["problem_statement/problem.en.tex"],
            ),
            ("icpc", "attachments", vec!["statement/problem.en.tex"]),
            ("dmoj", "attachments", vec!["statement.en.md", "README.md"]),
            (
                "polygon",
                "attachments",
                vec!["statements/english/problem.tex"],
            ),
        ];
        if typesetting {
            formats.push((
                "cms",
                "att",
                vec!["statement/statement.en.tex", "README.md"],
            ));
        }
        for (format, attachments, english) in formats {
            let out = dir.join(format);
            export_with(&duel, format, &out, "ioiwari", &[]);
            let package = out.join("ioiwari");
            let attached: Vec<&str> = TOOLS
                .into_iter()
                .filter(|name| package.join(attachments).join(name).is_file())
                .collect();
            // Every language's statement, found from the English one's name.
            let mut texts = Vec::new();
            for file in english {
                for (code, name) in [("en", "english"), ("vi", "vietnamese"), ("pl", "polish")] {
                    let path = package.join(
                        file.replace(".en.", &format!(".{code}."))
                            .replace("english", name),
                    );
                    if !texts.contains(&path) {
                        texts.push(path);
                    }
                }
            }
            for path in texts {
                let text = fs::read_to_string(&path).unwrap().replace("\\_", "_");
                let at = format!("{case}: {}", path.display());
                if path.ends_with("README.md") && format == "cms" {
                    // CMS's README also says which build the duel lacked.
                    for name in &attached {
                        assert!(tools_named(&text).contains(name), "{at}: {name}");
                    }
                } else {
                    assert_eq!(tools_named(&text), attached, "{at}");
                }
                let count = ["a program", "two programs", "three programs"][attached.len() - 1];
                if format != "dmoj" || !path.ends_with("README.md") {
                    let lower = text.to_lowercase().replace('\n', " ");
                    if code_of(&path) == "en" {
                        assert!(lower.contains(count), "{at}: {count}");
                    }
                }
            }
        }
    }
}

/// The language code of a statement's path (`problem.vi.tex`, `statements/polish/...`), `en`
/// for English and for a README.
fn code_of(path: &Path) -> &'static str {
    let text = path.to_string_lossy();
    if text.contains(".vi.") || text.contains("vietnamese") {
        "vi"
    } else if text.contains(".pl.") || text.contains("polish") {
        "pl"
    } else {
        "en"
    }
}

#[test]
fn every_ioiwari_statement_names_the_three_tools_in_every_language() {
    // The sources of every format's statements (the typeset and rendered ones are checked in
    // export_rendered.rs, where they are made).
    // With both builds (stand-ins), as a release's duel has them.
    let both = duel_export::attachments::Tools {
        linux: Some(b"\x7fELF".to_vec()),
        windows: Some(b"MZ".to_vec()),
    };
    for format in Format::ALL {
        for language in Locale::ALL {
            let rules = duel_export::statement::Rules::with_tools(format, Task::Ioiwari, &both);
            let source = duel_export::statement::source_with(Task::Ioiwari, language, rules);
            let at = format!("{format} {}", language.code());
            assert_names_the_tools(&source, &both.programs(), &at);
            // Linux declined in Polish (Linuksa), Python too (Pythonem 3).
            for system in ["Linu", "Windows", "Python"] {
                assert!(source.contains(system), "{at}: {system}");
            }
        }
    }
    // Polygon's LaTeX, as its systems receive it, naming what this program's package attaches.
    let package = duel_export::package(Format::Polygon, Task::Ioiwari);
    let programs = duel_export::attachments::Tools::beside_this_program().programs();
    for language in ["english", "vietnamese", "polish"] {
        let tex = package
            .text(&format!("statements/{language}/problem.tex"))
            .unwrap()
            .replace("\\_", "_");
        assert_names_the_tools(&tex, &programs, &format!("polygon {language}"));
    }
}

#[test]
fn every_dmoj_ioiwari_statement_rendered_as_html_names_the_tools_its_package_attaches() {
    let Some(python) = need_tool("python3") else {
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let root = export("dmoj", "ioiwari", work.path());
    for language in Locale::ALL {
        let file = root.join(format!("statement.{}.md", language.code()));
        // A CommonMark renderer (markdown-it-py, in the tools' environment), to HTML; then
        // the page's text, code included, as a browser shows it.
        let script = "import sys, html, re\n\
            from markdown_it import MarkdownIt\n\
            page = MarkdownIt('commonmark').render(open(sys.argv[1], encoding='utf-8').read())\n\
            print(html.unescape(re.sub(r'<[^>]+>', '', page)))\n";
        let output = Command::new(&python)
            .args(["-c", script])
            .arg(&file)
            .output()
            .unwrap();
        if !output.status.success() && !skip::required("DUEL_REQUIRE_EXPORT_TOOLS") {
            skip::skip(
                "markdown-it-py is not installed in the tools' environment",
                ".ci/setup installs it (DUEL_EXPORT_TOOLS names the environment)",
            );
            return;
        }
        assert!(output.status.success(), "{output:?}");
        let text = String::from_utf8(output.stdout).unwrap();
        assert_names_the_tools(
            &text,
            &tools_of_this_duel(),
            &format!("dmoj {}", language.code()),
        );
    }
}

/// Under Wine, the `ioiwari2.exe` a package attaches plays the games the attached Linux
/// `ioiwari2` plays, from the same moves: the same dialogue and the same log.
#[test]
fn windows_the_attached_ioiwari2_exe_plays_as_the_attached_linux_ioiwari2() {
    let Some(windows) = crate::windows::windows() else {
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let (build, built_in) = windows_build().expect("DUEL_WINDOWS_BIN names a build");
    let duel = duel_in(
        &work.path().join("bin"),
        true,
        (!built_in).then_some(&build[..]),
    );
    let out = work.path().join("out");
    export_with(&duel, "kattis", &out, "ioiwari", &[]);
    let attached = out.join("ioiwari/attachments");
    // Real Windows has bcryptprimitives.dll; Wine 8 takes the tests' stand-in beside the .exe.
    fs::copy(
        windows.bin.join("bcryptprimitives.dll"),
        attached.join("bcryptprimitives.dll"),
    )
    .unwrap();
    for (moves, crlf) in [("2\n5\n5\n", "2\r\n5\r\n5\r\n"), ("3\n", "3\r\n")] {
        let games = tempfile::tempdir().unwrap();
        let linux = output_with_stdin(
            Command::new(attached.join("ioiwari2"))
                .args(["--log", "linux.out"])
                .current_dir(games.path()),
            moves,
        );
        let ran = output_with_stdin(
            windows
                .wine_own(&attached.join("ioiwari2.exe"))
                .args(["--log", "windows.out"])
                .current_dir(games.path()),
            crlf,
        );
        assert_eq!(ran.status.code(), linux.status.code(), "{moves:?}: {ran:?}");
        assert_eq!(
            String::from_utf8_lossy(&ran.stdout),
            String::from_utf8_lossy(&linux.stdout),
            "{moves:?}"
        );
        let log = |name: &str| fs::read_to_string(games.path().join(name)).unwrap();
        assert_eq!(log("windows.out"), log("linux.out"), "{moves:?}");
        assert!(log("linux.out").lines().count() >= 2, "{moves:?}");
    }
}
