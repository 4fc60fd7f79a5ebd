//! The rules of play for a Pooh-Eeyore-sticks module (`crates/protocol/RULES.md`, M1 to M5),
//! one test per clause and per attack. Each hostile module (a perfect Bolek, written
//! independently in `tests/mis-players/bolek.c`, with the attack around it) is judged by duel's
//! judge, played by duel's `graj` and by the kit's `graj` built with the kit's own command, and
//! built into every package's driver as each contest system builds it:
//!
//! - Kattis: `include/c`, `include/cpp` or `include/pascal` beside the module, with
//!   problemtools' compile commands; the program reads the test on standard input (a file);
//! - DOMjudge and ICPC: the attached `driver.c`, `driver.cpp` or `main.pas` submitted with the
//!   module, with DOMjudge's compile commands;
//! - Polygon: the module pasted into the one-file driver (C and C++), with problemtools'
//!   commands (p2d's conversion runs it there); its standard input is a pipe the interactor
//!   keeps open, as a testlib interactor does;
//! - CMS: the stub `stub.c`, `stub.cpp` or `stub.pas` with the module as `mis.%l`, with CMS's
//!   commands, run on the two FIFOs with the task's manager;
//!
//! then run under the task's CPU limit and judged by the package's own output validator (CMS:
//! its manager). Every one must give the same verdict on every test: duel's names, a program
//! that fails being `time_limit` or `runtime_error` whatever the validator says. DMOJ's judge
//! runs the C and C++ attacks itself, through its own signature grader and sandbox
//! (`dmoj_judges_the_attacks_as_duels_judge`). Pascal modules are played where the systems
//! take them (Kattis, DOMjudge, CMS). Skipped when a compiler is missing, unless
//! `DUEL_REQUIRE_FPC` is set or the run is complete (`duel_test_support::skip`).

use crate::support::export::*;
use duel_arena::compile::Language;
use duel_test_support::{bin, work_dir};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The tests every attack is judged on: the statement's example and two more, short games.
const TESTS: [&str; 3] = ["7 2 3", "10 7 5", "17 14 5"];

/// A program's wall-clock deadline, which only guards against a hang.
const HANG: Duration = Duration::from_secs(20);

/// A module's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lang {
    C,
    Cpp,
    Pascal,
}

impl Lang {
    /// The module's file name, as the kits and packages name it.
    fn module_file(self) -> &'static str {
        match self {
            Lang::C => "mis.c",
            Lang::Cpp => "mis.cpp",
            Lang::Pascal => "mis.pas",
        }
    }
}

/// A module: its language and its text.
struct Module {
    name: &'static str,
    lang: Lang,
    text: String,
}

/// A perfect Bolek in C (and C++), `tests/mis-players/bolek.c` with its two functions renamed
/// `perfect_start` and `perfect_move` and made static, for `attack` to call: the module is
/// `attack` below it, defining `poczatek` and `ruch_bolka`.
fn c_module(name: &'static str, lang: Lang, attack: &str) -> Module {
    let bolek = include_str!("../mis-players/bolek.c");
    let bolek = bolek[..bolek.find("#ifdef LINE_PLAYER").unwrap()]
        .replace("void poczatek(", "static void perfect_start(")
        .replace("void ruch_bolka(", "static void perfect_move(");
    Module {
        name,
        lang,
        text: format!("#include \"mis.h\"\n{bolek}\n{attack}"),
    }
}

/// A perfect Bolek in Pascal, the unit `mis` of the packages' accepted Pascal submission with
/// its procedures renamed `PerfectStart` and `PerfectMove`; `attack` (declarations, then the
/// bodies of `poczatek` and `ruch_bolka`) follows them in the implementation.
fn pascal_module(name: &'static str, attack: &str) -> Module {
    let unit = include_str!("../../../export/templates/mis/submissions/pascal/mis.pas");
    let (interface, implementation) = unit.split_once("implementation").unwrap();
    let implementation = implementation
        .replace("procedure poczatek(", "procedure PerfectStart(")
        .replace("procedure ruch_bolka(", "procedure PerfectMove(");
    let body = implementation.trim_end().strip_suffix("end.").unwrap();
    Module {
        name,
        lang: Lang::Pascal,
        text: format!("{interface}implementation{body}\n{attack}\nend.\n"),
    }
}

/// The verdict of every test, in each place a module is judged or played.
#[derive(Debug)]
struct Judged {
    /// `(where, a verdict per test, what was said)`.
    places: Vec<(String, Vec<String>, String)>,
}

impl Judged {
    /// Checks that every place gave `expected` on every test, but those named in `apart`,
    /// which must give `apart_verdict` on every test.
    fn assert_all(&self, expected: &[&str], apart: &[&str], apart_verdict: &str) {
        for (place, verdicts, said) in &self.places {
            let want: Vec<&str> = if apart.iter().any(|name| place.starts_with(name)) {
                vec![apart_verdict; TESTS.len()]
            } else {
                expected.to_vec()
            };
            assert_eq!(verdicts, &want, "{place}: {said}");
        }
    }

    /// Checks that every place gave `expected` on every test.
    fn assert_every(&self, expected: &[&str]) {
        self.assert_all(expected, &[], "");
    }
}

/// The compilers every attack needs; `false` (the test is skipped) when one is missing.
fn compilers() -> bool {
    need("g++", "DUEL_REQUIRE_FPC") && need("fpc", "DUEL_REQUIRE_FPC")
}

/// Judges `module` everywhere (see the module's documentation).
fn judged(module: &Module) -> Judged {
    let work = work_dir!();
    let packages = packages();
    let mut places = vec![duel_judge_place(module, work.path())];
    places.push(duel_graj_place(module, work.path()));
    places.push(kit_graj_place(module, work.path()));
    for form in Form::ALL {
        if let Some(place) = form.judge(module, packages, work.path()) {
            places.push(place);
        }
    }
    Judged { places }
}

/// The module's source at `dir/NAME/FILE`, as a contestant would save it.
fn source_file(module: &Module, dir: &Path) -> PathBuf {
    let dir = dir.join(format!("source-{}", module.name));
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join(module.lang.module_file());
    fs::write(&path, &module.text).unwrap();
    path
}

/// A file of the [`TESTS`], one a line.
fn tests_file(dir: &Path) -> PathBuf {
    let path = dir.join("tests.txt");
    fs::write(&path, TESTS.join("\n") + "\n").unwrap();
    path
}

/// `duel mis judge --module SOURCE` on the [`TESTS`].
fn duel_judge_place(module: &Module, work: &Path) -> (String, Vec<String>, String) {
    let source = source_file(module, work);
    let report = work.join("report.json");
    let verdicts = duel_judge(
        &[
            "mis",
            "judge",
            "--module",
            source.to_str().unwrap(),
            "--tests",
            tests_file(work).to_str().unwrap(),
            "--wall-limit",
            "20",
        ],
        &report,
    );
    let said = fs::read_to_string(&report).unwrap();
    ("duel mis judge".to_owned(), verdicts, said)
}

/// The verdict word of a `graj` run: its result line's (`result: win after 5 moves`) when the
/// exit status is the line's (0 a win, 1 a loss, 3 anything else), or `runtime_error` when
/// graj died of a signal without a result line.
fn graj_verdict(output: &std::process::Output) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let code = output.status.code();
    match stdout
        .lines()
        .find_map(|line| line.strip_prefix("result: "))
    {
        Some(result) => {
            let word = result.split_whitespace().next().unwrap_or("").to_owned();
            let status = match word.as_str() {
                "win" => 0,
                "loss" => 1,
                _ => 3,
            };
            match code {
                Some(code) if code == status => word,
                _ => format!("{word}, but exit status {code:?}"),
            }
        }
        None if code.is_none() => "runtime_error".to_owned(),
        None => "no result line".to_owned(),
    }
}

/// duel's `graj --quiet --module SOURCE P E B` on each of the [`TESTS`] (the simple Lolek; a
/// perfect Bolek beats every Lolek).
fn duel_graj_place(module: &Module, work: &Path) -> (String, Vec<String>, String) {
    let source = source_file(module, work);
    let mut said = String::new();
    let verdicts = TESTS
        .iter()
        .map(|test| {
            let output = bin!("graj")
                .arg("--quiet")
                .arg("--module")
                .arg(&source)
                .args(test.split_whitespace())
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            said += &format!("{test}: {:?} {stderr}\n", output.status.code());
            if output.status.code() == Some(2) && stderr.contains("cannot build") {
                return "compile_error".to_owned();
            }
            graj_verdict(&output)
        })
        .collect();
    ("duel's graj".to_owned(), verdicts, said)
}

/// The kit's `graj` of the module's language, built by the kit's own command (the one its
/// README gives, from `duel-languages`) in a directory holding the kit's files, then run as
/// `./graj -q P E B` on each of the [`TESTS`].
fn kit_graj_place(module: &Module, work: &Path) -> (String, Vec<String>, String) {
    let dir = work.join("kit");
    fs::create_dir_all(&dir).unwrap();
    let (language, driver, sources) = match module.lang {
        Lang::C => (Language::C, "graj.c", "graj.c mis.c"),
        Lang::Cpp => (Language::CPP, "graj.cpp", "graj.cpp mis.cpp"),
        Lang::Pascal => (Language::PASCAL, "graj.pas", "graj.pas"),
    };
    let (_, text) = duel_mis_abi::graj_driver(driver.rsplit('.').next().unwrap()).unwrap();
    fs::write(dir.join(driver), text).unwrap();
    fs::write(dir.join("mis.h"), duel_mis_abi::MIS_H).unwrap();
    fs::write(dir.join(module.lang.module_file()), &module.text).unwrap();
    let build = language.definition().module.as_ref().unwrap();
    let line = build.kit_line("graj", sources);
    let built = Command::new("sh")
        .args(["-c", &line])
        .current_dir(&dir)
        .output()
        .unwrap();
    let place = format!("the kit's graj ({line})");
    if !built.status.success() {
        let said = String::from_utf8_lossy(&built.stdout).into_owned()
            + &String::from_utf8_lossy(&built.stderr);
        return (place, vec!["compile_error".to_owned(); TESTS.len()], said);
    }
    let mut said = String::new();
    let verdicts = TESTS
        .iter()
        .map(|test| {
            let mut command = Command::new(dir.join("graj"));
            command.arg("-q").args(test.split_whitespace());
            let output = command.stdin(Stdio::null()).output().unwrap();
            said += &format!("{test}: {:?}\n", output.status);
            graj_verdict(&output)
        })
        .collect();
    (place, verdicts, said)
}

/// The exported packages the forms build from, written once per test binary, with the
/// Kattis output validator and the CMS manager built.
struct Packages {
    /// Kept for the life of the test binary.
    _dir: tempfile::TempDir,
    kattis: PathBuf,
    icpc: PathBuf,
    polygon: PathBuf,
    cms: PathBuf,
    /// The Kattis output validator, built.
    validator: PathBuf,
}

fn packages() -> &'static Packages {
    static PACKAGES: OnceLock<Packages> = OnceLock::new();
    PACKAGES.get_or_init(|| {
        let dir = work_dir!();
        let write = |format| {
            duel_export::package(format, duel_export::Task::Mis)
                .write_into(&dir.path().join(format!("{format:?}")))
                .expect("the package is written")
        };
        let kattis = write(duel_export::Format::Kattis);
        let icpc = write(duel_export::Format::Icpc);
        let polygon = write(duel_export::Format::Polygon);
        let cms = write(duel_export::Format::Cms);
        duel_export::build_cms_manager(&cms).expect("g++ builds the manager");
        let referee = kattis.join("output_validators/referee");
        let validator = dir.path().join("validator");
        cpp(&[referee.join("validator.cpp")], &referee, &validator);
        Packages {
            _dir: dir,
            kattis,
            icpc,
            polygon,
            cms,
            validator,
        }
    })
}

/// A package's form of the function-call task, as a contest system builds and runs it.
#[derive(Clone, Copy, Debug)]
enum Form {
    /// Kattis: the driver of `include/LANG` beside the module, problemtools' commands.
    Kattis,
    /// DOMjudge (and ICPC): the attached driver submitted with the module, DOMjudge's
    /// commands.
    Domjudge,
    /// Polygon: the module pasted into the one-file driver, problemtools' commands (p2d's).
    Polygon,
    /// CMS: the stub with the module as `mis.%l`, CMS's commands, the FIFOs and the manager.
    Cms,
}

impl Form {
    const ALL: [Form; 4] = [Form::Kattis, Form::Domjudge, Form::Polygon, Form::Cms];

    /// The form's verdicts for `module` on the [`TESTS`]; `None` where the system takes no
    /// module of its language (Polygon's Pascal).
    fn judge(
        self,
        module: &Module,
        packages: &Packages,
        work: &Path,
    ) -> Option<(String, Vec<String>, String)> {
        let dir = work.join(format!("{self:?}"));
        fs::create_dir_all(&dir).unwrap();
        let built = match self {
            Form::Kattis => kattis_build(module, packages, &dir),
            Form::Domjudge => domjudge_build(module, packages, &dir),
            Form::Polygon => polygon_build(module, packages, &dir)?,
            Form::Cms => cms_build(module, packages, &dir),
        };
        let place = format!("{self:?} ({})", module.lang.module_file());
        let program = match built {
            Ok(program) => program,
            Err(said) => return Some((place, vec!["compile_error".to_owned(); TESTS.len()], said)),
        };
        // The tests at once: a CMS manager waits up to 20 s for a program that never opens
        // its FIFO.
        let numbered: Vec<(usize, &str)> = TESTS.iter().copied().enumerate().collect();
        let runs = parallel(&numbered, TESTS.len(), |&(i, test)| {
            let run = dir.join(format!("run-{i}"));
            match self {
                Form::Cms => cms_run(&program, packages, test, &run),
                Form::Polygon => stream_run(&program, packages, test, &run, true),
                _ => stream_run(&program, packages, test, &run, false),
            }
        });
        let said = TESTS
            .iter()
            .zip(&runs)
            .map(|(test, (verdict, text))| format!("{test}: {verdict}: {text}\n"))
            .collect();
        let verdicts = runs.into_iter().map(|(verdict, _)| verdict).collect();
        Some((place, verdicts, said))
    }
}

/// Runs a compiler command line in `dir`: `Err` with its words when it fails.
fn build_in(dir: &Path, line: &str) -> Result<(), String> {
    let output = Command::new("sh")
        .args(["-c", line])
        .current_dir(dir)
        .output()
        .expect("sh runs");
    if output.status.success() {
        return Ok(());
    }
    Err(format!(
        "{line}:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    ))
}

/// Copies the files of `from` into `to`.
fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
}

/// problemtools' compile commands (its `languages.yaml`), for `files` in the directory.
fn problemtools_command(lang: Lang, files: &str) -> String {
    match lang {
        Lang::C => format!("gcc -g -O2 -std=gnu17 -static -o prog {files} -lm"),
        Lang::Cpp => format!(
            "g++ -g -O2 -std=gnu++23 -static -o prog {files} -lrt -Wl,--whole-archive -lpthread \
             -Wl,--no-whole-archive"
        ),
        Lang::Pascal => "fpc -o\"prog\" -O2 -XS -Xt \"main.pas\" >/dev/null".to_owned(),
    }
}

/// Kattis: the submission directory holds the module and the files of `include/LANG`, every
/// `*.c` (or `*.cpp`) compiled together; for Pascal, the main file `main.pas`.
fn kattis_build(module: &Module, packages: &Packages, dir: &Path) -> Result<PathBuf, String> {
    let include = match module.lang {
        Lang::C => "c",
        Lang::Cpp => "cpp",
        Lang::Pascal => "pascal",
    };
    copy_dir(&packages.kattis.join("include").join(include), dir);
    fs::write(dir.join(module.lang.module_file()), &module.text).unwrap();
    let files = match module.lang {
        Lang::C => "driver.c mis.c",
        Lang::Cpp => "driver.cpp mis.cpp",
        Lang::Pascal => "",
    };
    build_in(dir, &problemtools_command(module.lang, files))?;
    Ok(dir.join("prog"))
}

/// DOMjudge (and ICPC, whose attachments are the same): the contestant submits the module with
/// the attached driver and `mis.h`; C and C++ compile every submitted file (`mis.h` too, as the
/// language), Free Pascal the file holding the `program` line.
fn domjudge_build(module: &Module, packages: &Packages, dir: &Path) -> Result<PathBuf, String> {
    let attachments = packages.icpc.join("attachments");
    let (driver, line) = match module.lang {
        Lang::C => (
            "driver.c",
            "gcc -x c -Wall -O2 -static -pipe -o prog driver.c mis.c mis.h -lm",
        ),
        Lang::Cpp => (
            "driver.cpp",
            "g++ -x c++ -Wall -O2 -static -pipe -o prog driver.cpp mis.cpp mis.h",
        ),
        Lang::Pascal => (
            "main.pas",
            "fpc -viwn -O2 -Sg -XS -oprog main.pas >/dev/null",
        ),
    };
    fs::copy(attachments.join(driver), dir.join(driver)).unwrap();
    fs::copy(attachments.join("mis.h"), dir.join("mis.h")).unwrap();
    fs::write(dir.join(module.lang.module_file()), &module.text).unwrap();
    build_in(dir, line)?;
    Ok(dir.join("prog"))
}

/// The line of a Polygon one-file driver after which the module is pasted.
const PASTE_BELOW: &str = "pasted below this line without its line #include \"mis.h\". */\n";

/// Polygon: the module pasted into the one-file driver (the driver of the package's own
/// solutions, their module cut off), without its line `#include "mis.h"`; `None` for Pascal.
fn polygon_build(
    module: &Module,
    packages: &Packages,
    dir: &Path,
) -> Option<Result<PathBuf, String>> {
    let (solution, name) = match module.lang {
        Lang::C => ("bolek.c", "solution.c"),
        Lang::Cpp => ("bolek.cpp", "solution.cpp"),
        Lang::Pascal => return None,
    };
    let text = fs::read_to_string(packages.polygon.join("solutions").join(solution)).unwrap();
    let at = text
        .find(PASTE_BELOW)
        .expect("the one-file driver's last line")
        + PASTE_BELOW.len();
    let pasted = module.text.replacen("#include \"mis.h\"\n", "", 1);
    fs::write(dir.join(name), format!("{}{pasted}", &text[..at])).unwrap();
    Some(build_in(dir, &problemtools_command(module.lang, name)).map(|()| dir.join("prog")))
}

/// CMS: the stub and the headers of `sol/` beside the module, submitted as `mis.%l`, built
/// with CMS's commands into `mis`.
fn cms_build(module: &Module, packages: &Packages, dir: &Path) -> Result<PathBuf, String> {
    let sol = packages.cms.join("sol");
    fs::copy(sol.join("mis.h"), dir.join("mis.h")).unwrap();
    fs::write(dir.join(module.lang.module_file()), &module.text).unwrap();
    let line = match module.lang {
        Lang::C => "gcc -DEVAL -std=gnu11 -O2 -pipe -static -s -o mis stub.c mis.c -lm",
        Lang::Cpp => "g++ -DEVAL -std=gnu++17 -O2 -pipe -static -s -o mis stub.cpp mis.cpp",
        Lang::Pascal => "fpc -dEVAL -O2 -XSs -omis stub.pas >/dev/null",
    };
    let stub = format!(
        "stub.{}",
        module.lang.module_file().rsplit('.').next().unwrap()
    );
    fs::copy(sol.join(&stub), dir.join(&stub)).unwrap();
    build_in(dir, line)?;
    Ok(dir.join("mis"))
}

/// The verdict of a program that failed: `time_limit` (out of CPU, or past the wall-clock
/// deadline) or `runtime_error` (a nonzero status, a signal); `None` for status 0.
fn failure(ended: &Ended) -> Option<&'static str> {
    match ended {
        Ended::TimedOut => Some("time_limit"),
        ended if ended.out_of_cpu() => Some("time_limit"),
        Ended::Status(status) if !status.success() => Some("runtime_error"),
        Ended::Status(_) => None,
    }
}

/// A stream form's test: the program reads the test on standard input (a file; for Polygon a
/// pipe kept open until the program ends, as an interactor keeps it) under the task's CPU
/// limit, writes to a file, and the Kattis output validator reads that file. The verdict and
/// what the validator (or the program's end) said.
// The program is waited for in `wait_until`.
#[allow(clippy::zombie_processes)]
fn stream_run(
    program: &Path,
    packages: &Packages,
    test: &str,
    dir: &Path,
    open_input: bool,
) -> (String, String) {
    fs::create_dir_all(dir.join("feedback")).unwrap();
    let input = dir.join("input");
    fs::write(&input, format!("{test}\n")).unwrap();
    let output = dir.join("output");
    let mut command = cpu_limited(Command::new(program), 1);
    command
        .current_dir(dir)
        .stdout(fs::File::create(&output).unwrap())
        .stderr(fs::File::create(dir.join("stderr")).unwrap());
    if open_input {
        command.stdin(Stdio::piped());
    } else {
        command.stdin(fs::File::open(&input).unwrap());
    }
    let mut child = command.spawn().unwrap();
    // The interactor's end stays open (held here) until the program has ended; a program that
    // ended at once (in a constructor) left no reader, and the line goes nowhere.
    let held = child.stdin.take().map(|mut pipe| {
        let _ = pipe.write_all(format!("{test}\n").as_bytes());
        pipe
    });
    let ended = wait_until(&mut child, Instant::now() + HANG);
    drop(held);
    if let Some(failed) = failure(&ended) {
        return (failed.to_owned(), format!("{ended:?}"));
    }
    let status = Command::new(&packages.validator)
        .arg(&input)
        .arg(&input)
        .arg(dir.join("feedback"))
        .stdin(fs::File::open(&output).unwrap())
        .status()
        .unwrap();
    let message = fs::read_to_string(dir.join("feedback/judgemessage.txt")).unwrap_or_default();
    assert!(
        matches!(status.code(), Some(42 | 43)),
        "the validator failed: {status:?} {message}"
    );
    (verdict_word(&message), message.trim().to_owned())
}

/// CMS's Communication task: the FIFOs, the manager (the test on its standard input) and the
/// program with the FIFOs as arguments under the task's CPU limit; the program's failure or
/// else the first word of the manager's text.
// Both processes are waited for in `wait_both_within`.
#[allow(clippy::zombie_processes)]
fn cms_run(program: &Path, packages: &Packages, test: &str, dir: &Path) -> (String, String) {
    fs::create_dir_all(dir).unwrap();
    let input = dir.join("input.txt");
    fs::write(&input, format!("{test}\n")).unwrap();
    let from_program = dir.join("u0_to_m");
    let to_program = dir.join("m_to_u0");
    for fifo in [&from_program, &to_program] {
        let mode = rustix::fs::Mode::from_raw_mode(0o666);
        rustix::fs::mkfifoat(rustix::fs::CWD, fifo, mode).unwrap();
    }
    let mut manager = Command::new(packages.cms.join("check/manager"))
        .arg(&from_program)
        .arg(&to_program)
        .current_dir(dir)
        .stdin(fs::File::open(&input).unwrap())
        .stdout(fs::File::create(dir.join("manager.out")).unwrap())
        .stderr(fs::File::create(dir.join("manager.err")).unwrap())
        .spawn()
        .unwrap();
    let mut command = Command::new(program);
    command.arg(&to_program).arg(&from_program);
    // CMS gives a program of fifo_io a standard input it never writes (its sandbox's pipe).
    let mut user = cpu_limited(command, 1)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(fs::File::create(dir.join("stderr")).unwrap())
        .spawn()
        .unwrap();
    let held = user.stdin.take();
    let (user_end, manager_end) = wait_both_within(&mut user, &mut manager, HANG);
    drop(held);
    assert!(
        matches!(manager_end, Ended::Status(status) if status.success()),
        "the manager failed: {manager_end:?}"
    );
    let text = fs::read_to_string(dir.join("manager.err")).unwrap_or_default();
    match failure(&user_end) {
        Some(failed) => (failed.to_owned(), format!("{user_end:?}; manager: {text}")),
        None => (verdict_word(&text), text.trim().to_owned()),
    }
}

// --- the attacks: each a perfect Bolek (see `c_module`, `pascal_module`) with one rule broken ---

fn prints_c() -> Module {
    c_module(
        "prints_c",
        Lang::C,
        "#include <stdio.h>\n\
         void poczatek(int p, int e, int peb) { printf(\"start %d %d %d\\n\", p, e, peb); perfect_start(p, e, peb); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { printf(\"at %d %d; \", p, e); perfect_move(p, e, bp, be); }\n",
    )
}

fn prints_cpp() -> Module {
    c_module(
        "prints_cpp",
        Lang::Cpp,
        "#include <iostream>\n\
         void poczatek(int p, int e, int peb) { std::cout << \"start \" << p << std::endl; perfect_start(p, e, peb); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { std::cout << p << ' ' << e << std::endl; perfect_move(p, e, bp, be); }\n",
    )
}

fn prints_pas() -> Module {
    pascal_module(
        "prints_pas",
        "procedure poczatek(p, e, peb: LongInt);\nbegin\n  Writeln('start ', p, ' ', e);\n  \
         Flush(Output);\n  PerfectStart(p, e, peb);\nend;\n\
         procedure ruch_bolka(p, e: LongInt; var bp, be: LongInt);\nbegin\n  Write(p, ' ', e, '; ');\n  \
         PerfectMove(p, e, bp, be);\nend;\n",
    )
}

fn reads_c() -> Module {
    c_module(
        "reads_c",
        Lang::C,
        "static int saw;\n\
         void poczatek(int p, int e, int peb) { saw = getchar() != EOF; perfect_start(p, e, peb); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) {\n\
           if (saw || getchar() != EOF) { *bp = 0; *be = 0; return; }\n\
           perfect_move(p, e, bp, be); }\n",
    )
}

fn reads_cpp() -> Module {
    c_module(
        "reads_cpp",
        Lang::Cpp,
        "#include <iostream>\n#include <string>\n\
         static bool saw;\n\
         void poczatek(int p, int e, int peb) { std::string word; saw = static_cast<bool>(std::cin >> word); perfect_start(p, e, peb); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { if (saw) { *bp = 0; *be = 0; return; } perfect_move(p, e, bp, be); }\n",
    )
}

fn reads_pas() -> Module {
    pascal_module(
        "reads_pas",
        "var\n  saw: Boolean;\n\
         procedure poczatek(p, e, peb: LongInt);\nbegin\n  saw := not Eof(Input);\n  PerfectStart(p, e, peb);\nend;\n\
         procedure ruch_bolka(p, e: LongInt; var bp, be: LongInt);\nbegin\n  \
         if saw then begin bp := 0; be := 0; Exit; end;\n  PerfectMove(p, e, bp, be);\nend;\n",
    )
}

fn main_c() -> Module {
    c_module(
        "main_c",
        Lang::C,
        "void poczatek(int p, int e, int peb) { perfect_start(p, e, peb); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { perfect_move(p, e, bp, be); }\n\
         int main(void) { poczatek(7, 2, 3); return 0; }\n",
    )
}

fn main_cpp() -> Module {
    c_module(
        "main_cpp",
        Lang::Cpp,
        "void poczatek(int p, int e, int peb) { perfect_start(p, e, peb); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { perfect_move(p, e, bp, be); }\n\
         int main() { return 0; }\n",
    )
}

fn main_pas() -> Module {
    pascal_module(
        "main_pas",
        "procedure MyMain; cdecl; public name 'main';\nbegin\nend;\n\
         procedure poczatek(p, e, peb: LongInt);\nbegin\n  PerfectStart(p, e, peb);\nend;\n\
         procedure ruch_bolka(p, e: LongInt; var bp, be: LongInt);\nbegin\n  PerfectMove(p, e, bp, be);\nend;\n",
    )
}

fn undefined_c() -> Module {
    c_module(
        "undefined_c",
        Lang::C,
        "void helper_defined_nowhere(void);\n\
         void poczatek(int p, int e, int peb) { if (p < 0) helper_defined_nowhere(); perfect_start(p, e, peb); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { perfect_move(p, e, bp, be); }\n",
    )
}

fn inner_names_c() -> Module {
    c_module(
        "inner_names_c",
        Lang::C,
        "int usage, played, game;\n\
         void finish(void) { usage++; }\n\
         void Say(void) { played++; }\n\
         void Finish(void) { game++; }\n\
         void poczatek(int p, int e, int peb) { finish(); perfect_start(p, e, peb); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { Say(); Finish(); perfect_move(p, e, bp, be); }\n",
    )
}

fn mis_name_c() -> Module {
    c_module(
        "mis_name_c",
        Lang::C,
        "int mis_stream;\n\
         void poczatek(int p, int e, int peb) { mis_stream = 1; perfect_start(p, e, peb); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { perfect_move(p, e, bp, be); }\n",
    )
}

fn exit0_c() -> Module {
    c_module(
        "exit0_c",
        Lang::C,
        "#include <stdlib.h>\nstatic int moves;\n\
         void poczatek(int p, int e, int peb) { perfect_start(p, e, peb); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { if (++moves == 2) exit(0); perfect_move(p, e, bp, be); }\n",
    )
}

fn exit1_c() -> Module {
    c_module(
        "exit1_c",
        Lang::C,
        "#include <stdlib.h>\nstatic int moves;\n\
         void poczatek(int p, int e, int peb) { perfect_start(p, e, peb); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { if (++moves == 2) exit(1); perfect_move(p, e, bp, be); }\n",
    )
}

fn abort_c() -> Module {
    c_module(
        "abort_c",
        Lang::C,
        "#include <stdlib.h>\nstatic int moves;\n\
         void poczatek(int p, int e, int peb) { perfect_start(p, e, peb); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { if (++moves == 2) abort(); perfect_move(p, e, bp, be); }\n",
    )
}

fn halt_pas() -> Module {
    pascal_module(
        "halt_pas",
        "var\n  moves: LongInt = 0;\n\
         procedure poczatek(p, e, peb: LongInt);\nbegin\n  PerfectStart(p, e, peb);\nend;\n\
         procedure ruch_bolka(p, e: LongInt; var bp, be: LongInt);\nbegin\n  Inc(moves);\n  \
         if moves = 2 then Halt(0);\n  PerfectMove(p, e, bp, be);\nend;\n",
    )
}

fn constructor_exit_c() -> Module {
    c_module(
        "constructor_exit_c",
        Lang::C,
        "#include <stdlib.h>\n\
         __attribute__((constructor)) static void leave(void) { exit(0); }\n\
         void poczatek(int p, int e, int peb) { perfect_start(p, e, peb); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { perfect_move(p, e, bp, be); }\n",
    )
}

fn atexit_abort_c() -> Module {
    c_module(
        "atexit_abort_c",
        Lang::C,
        "#include <stdlib.h>\n\
         void poczatek(int p, int e, int peb) { atexit(abort); perfect_start(p, e, peb); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { perfect_move(p, e, bp, be); }\n",
    )
}

fn finalization_pas() -> Module {
    pascal_module(
        "finalization_pas",
        "procedure poczatek(p, e, peb: LongInt);\nbegin\n  PerfectStart(p, e, peb);\nend;\n\
         procedure ruch_bolka(p, e: LongInt; var bp, be: LongInt);\nbegin\n  PerfectMove(p, e, bp, be);\nend;\n\
         finalization\n  Halt(7);\n",
    )
}

fn scribbles_c() -> Module {
    c_module(
        "scribbles_c",
        Lang::C,
        "#include <unistd.h>\nstatic int moves;\n\
         void poczatek(int p, int e, int peb) { perfect_start(p, e, peb); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) {\n\
           if (++moves == 2) for (int fd = 3; fd < 64; fd++) if (write(fd, \"x\\n\", 2)) {}\n\
           perfect_move(p, e, bp, be); }\n",
    )
}

fn floods_c() -> Module {
    c_module(
        "floods_c",
        Lang::C,
        "#include <string.h>\nstatic char line[1000];\n\
         void poczatek(int p, int e, int peb) {\n\
           memset(line, 'x', sizeof line - 2); line[sizeof line - 2] = '\\n';\n\
           for (int i = 0; i < 20000; i++) fputs(line, stderr);\n\
           perfect_start(p, e, peb); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { fputs(line, stderr); perfect_move(p, e, bp, be); }\n",
    )
}

fn spins_c() -> Module {
    c_module(
        "spins_c",
        Lang::C,
        "static volatile unsigned long spins;\n\
         void poczatek(int p, int e, int peb) { for (;;) spins++; perfect_start(p, e, peb); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { perfect_move(p, e, bp, be); }\n",
    )
}

// --- M1: standard output ---

/// What a module prints on standard output goes to standard error and changes nothing: a
/// perfect module that prints a line at the start and a word at every move (C's `printf`,
/// never flushed) wins everywhere; before, it won in duel's judge and was a wrong answer
/// ("a byte of the stream is not a digit of a number") in every package.
#[test]
fn m1_a_c_module_that_prints_on_standard_output_wins_everywhere() {
    if !compilers() {
        return;
    }
    let module = prints_c();
    judged(&module).assert_every(&["win"; 3]);
}

/// The same with C++'s `std::cout` and `std::endl`, which flushes every line.
#[test]
fn m1_a_cpp_module_that_prints_with_cout_wins_everywhere() {
    if !compilers() {
        return;
    }
    let module = prints_cpp();
    judged(&module).assert_every(&["win"; 3]);
}

/// The same with Pascal's `Writeln` and `Flush(Output)`.
#[test]
fn m1_a_pascal_module_that_writes_on_output_wins_everywhere() {
    if !compilers() {
        return;
    }
    let module = prints_pas();
    judged(&module).assert_every(&["win"; 3]);
}

// --- M2: standard input ---

/// A module's standard input is empty: a module that reads it and moves illegally (takes
/// nothing) if it gets a byte, perfectly if it meets the end, wins everywhere; before, it was
/// a time limit in duel's judge (which held the pipe open), a win in Kattis, ICPC and DMOJ
/// (whose standard input was the test, already read) and a time limit in Polygon and CMS.
#[test]
fn m2_a_c_module_that_reads_standard_input_meets_its_end_everywhere() {
    if !compilers() {
        return;
    }
    let module = reads_c();
    judged(&module).assert_every(&["win"; 3]);
}

/// The same with C++'s `std::cin`.
#[test]
fn m2_a_cpp_module_that_reads_cin_meets_its_end_everywhere() {
    if !compilers() {
        return;
    }
    let module = reads_cpp();
    judged(&module).assert_every(&["win"; 3]);
}

/// The same with Pascal's `Input`: `Eof` is true at once.
#[test]
fn m2_a_pascal_module_that_reads_input_meets_its_end_everywhere() {
    if !compilers() {
        return;
    }
    let module = reads_pas();
    judged(&module).assert_every(&["win"; 3]);
}

// --- M3: the driver's names ---

/// A module that defines `main` links with no driver: `compile_error` everywhere (a failed
/// build); before, duel's judge built it as a shared library and scored it 100.
#[test]
fn m3_a_c_module_that_defines_main_is_refused_everywhere() {
    if !compilers() {
        return;
    }
    let module = main_c();
    let judged = judged(&module);
    judged.assert_every(&["compile_error"; 3]);
    let (_, _, report) = &judged.places[0];
    assert!(
        report.contains("defines `main`, which the task's driver defines"),
        "{report}"
    );
}

/// The same in C++ (`main` has C linkage whatever the file says).
#[test]
fn m3_a_cpp_module_that_defines_main_is_refused_everywhere() {
    if !compilers() {
        return;
    }
    let module = main_cpp();
    judged(&module).assert_every(&["compile_error"; 3]);
}

/// A Pascal unit cannot clash with the program's names but by giving a routine the public
/// name `main`: refused everywhere the systems take Pascal.
#[test]
fn m3_a_pascal_unit_that_names_a_routine_main_is_refused_everywhere() {
    if !compilers() {
        return;
    }
    let module = main_pas();
    judged(&module).assert_every(&["compile_error"; 3]);
}

/// A module that uses a function nothing defines (never called, so a shared library loaded
/// lazily would play on) links with no driver: `compile_error` everywhere.
#[test]
fn m3_a_module_that_uses_a_name_nothing_defines_is_refused_everywhere() {
    if !compilers() {
        return;
    }
    let module = undefined_c();
    judged(&module).assert_every(&["compile_error"; 3]);
}

/// Every other name of a driver is internal: a module that defines, as global names, those
/// the drivers use inside (graj.c's `usage`, `finish` and `played`, graj.cpp's `Say` and
/// `Finish`, the stream's `game`) wins everywhere, the one-file form included.
#[test]
fn m3_a_module_that_defines_the_drivers_inner_names_wins_everywhere() {
    if !compilers() {
        return;
    }
    let module = inner_names_c();
    judged(&module).assert_every(&["win"; 3]);
}

/// The one difference M3 names: in Polygon's one-file form the driver's own names, all
/// beginning with `mis_` or `MIS_`, share the module's file. A module that defines a global
/// `mis_stream` wins wherever it is linked with a driver, and does not compile in Polygon's
/// form alone.
#[test]
fn m3_a_module_that_takes_a_mis_name_fails_only_in_polygons_one_file_form() {
    if !compilers() {
        return;
    }
    let module = mis_name_c();
    judged(&module).assert_all(&["win"; 3], &["Polygon"], "compile_error");
}

// --- M4: ending the process ---

/// A module that calls `exit(0)` during its second move ends the game: `early_exit`
/// everywhere, the kit's `graj` included (it printed no result line and exited 0, which
/// reads as a win).
#[test]
fn m4_a_module_that_exits_with_status_0_mid_game_is_an_early_exit_everywhere() {
    if !compilers() {
        return;
    }
    let module = exit0_c();
    judged(&module).assert_every(&["early_exit"; 3]);
}

/// `exit(1)` mid-game: `runtime_error` everywhere.
#[test]
fn m4_a_module_that_exits_with_status_1_mid_game_is_a_runtime_error_everywhere() {
    if !compilers() {
        return;
    }
    let module = exit1_c();
    judged(&module).assert_every(&["runtime_error"; 3]);
}

/// `abort()` mid-game: `runtime_error` everywhere (the kit's `graj` dies of the signal with
/// the module).
#[test]
fn m4_a_module_that_aborts_mid_game_is_a_runtime_error_everywhere() {
    if !compilers() {
        return;
    }
    let module = abort_c();
    judged(&module).assert_every(&["runtime_error"; 3]);
}

/// A Pascal module that calls `Halt(0)` mid-game: `early_exit` everywhere.
#[test]
fn m4_a_pascal_module_that_halts_mid_game_is_an_early_exit_everywhere() {
    if !compilers() {
        return;
    }
    let module = halt_pas();
    judged(&module).assert_every(&["early_exit"; 3]);
}

/// A module that ends the process in its constructor, before the game began, leaves no move:
/// `early_exit` in duel's judge and every package (the validators read an empty output so).
/// The kits' `graj` run after the constructors and are left out.
#[test]
fn m4_a_module_that_exits_in_its_constructor_is_an_early_exit_everywhere() {
    if !compilers() {
        return;
    }
    let module = constructor_exit_c();
    judged(&module).assert_all(&["early_exit"; 3], &["the kit's graj"], "no result line");
}

/// Once the game is over the driver ends at once: a module that registers an exit handler
/// that aborts (which would turn a finished win into a runtime error) wins everywhere.
#[test]
fn m4_an_exit_handler_left_by_the_module_changes_no_finished_game() {
    if !compilers() {
        return;
    }
    let module = atexit_abort_c();
    judged(&module).assert_every(&["win"; 3]);
}

/// The same with a Pascal unit whose finalization halts with code 7. The kit's Pascal `graj`,
/// built from portable units only, ends with `Halt`, which runs the unit's finalization: its
/// result line says `win` and its exit status is 7 (RULES.md M4 names it).
#[test]
fn m4_a_units_finalization_changes_no_finished_game() {
    if !compilers() {
        return;
    }
    let module = finalization_pas();
    judged(&module).assert_all(
        &["win"; 3],
        &["the kit's graj"],
        "win, but exit status Some(7)",
    );
}

// --- attacks on the driver ---

/// A module that guesses the driver's stream and writes on every descriptor from 3 up during
/// its second move breaks the stream: `protocol_error` in duel's judge, duel's `graj` and every
/// package. (The kits' `graj` print on a stream no judge reads: the module's bytes land among
/// the game's lines, and the result stands.)
#[test]
fn a_module_writing_on_the_drivers_stream_is_a_protocol_error_everywhere() {
    if !compilers() {
        return;
    }
    let module = scribbles_c();
    judged(&module).assert_all(&["protocol_error"; 3], &["the kit's graj"], "win");
}

/// A module that floods standard error (20 MB before its first move, a line a move) wins
/// everywhere here; DMOJ, which fails a program past 1 MiB of standard error, is the
/// difference RULES.md names (see `dmoj_judges_the_attacks_as_duels_judge`).
#[test]
fn a_module_flooding_standard_error_wins_everywhere() {
    if !compilers() {
        return;
    }
    let module = floods_c();
    judged(&module).assert_every(&["win"; 3]);
}

// --- M5: limits ---

/// A module that never returns from `poczatek` is stopped at the task's CPU limit:
/// `time_limit` everywhere (the kit's `graj` has no limit and is left out).
#[test]
fn m5_a_module_that_spins_is_a_time_limit_everywhere() {
    if !compilers() {
        return;
    }
    let module = spins_c();
    let work = work_dir!();
    let packages = packages();
    let mut places = vec![duel_judge_place(&module, work.path())];
    for form in Form::ALL {
        places.extend(form.judge(&module, packages, work.path()));
    }
    Judged { places }.assert_every(&["time_limit"; 3]);
}

/// The module's limit covers its driver, Lolek included: duel's judge gives a module's host
/// the task's time limit alone, however long the game (no allowance per stick), as every
/// package's driver gets the 1 s of `problem.yaml`, `task.yaml`, `init.yml`.
#[test]
fn m5_a_modules_host_gets_the_tasks_cpu_limit_alone() {
    use duel_arena::mis::judge::game_limits;
    use duel_arena::mis::BolekSource;
    let limits = duel_sandbox::Limits::new(Duration::from_secs(1), 32);
    let module = BolekSource::Module {
        library: "libmis.so".into(),
        host: "mis-host".into(),
    };
    for start in ["7 2 3", "9999999 10000000 1", "10000000 10000000 1000000"] {
        let start: duel_mis::Position = start.parse().unwrap();
        assert_eq!(game_limits(limits, &module, &start), limits, "{start}");
    }
    assert_eq!(duel_export::TIME_LIMIT_SECONDS, 1);
}

// --- issue 40: a header is no module ---

/// `graj --module mis.h` and `duel mis judge --module mis.h` say, in one line, that the file
/// is the task's header and what to give instead, with exit status 2.
#[test]
fn a_header_given_as_the_module_is_named_with_what_to_give() {
    let dir = work_dir!();
    let header = dir.path().join("mis.h");
    fs::write(&header, duel_mis_abi::MIS_H).unwrap();
    let expected = "is the header mis.h, not a module: give the module's source (mis.c, \
                    mis.cpp or the unit mis.pas)";
    let graj = bin!("graj")
        .arg("--module")
        .arg(&header)
        .args(["7", "2", "3"])
        .output()
        .unwrap();
    let judge = duel_test_support::duel!()
        .args(["mis", "judge", "--module"])
        .arg(&header)
        .output()
        .unwrap();
    for output in [graj, judge] {
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        let lines: Vec<&str> = stderr
            .lines()
            .filter(|l| !l.starts_with("duel: isolation"))
            .collect();
        assert_eq!(lines.len(), 1, "{stderr}");
        assert!(lines[0].contains(expected), "{stderr}");
        assert!(!stderr.contains("file magic"), "{stderr}");
    }
}

/// A shared library that exports `main` (built by someone else, given as a library) is
/// refused as a `compile_error`, as its source would be.
#[test]
fn m3_a_shared_library_that_exports_main_is_a_compile_error() {
    if !need("gcc", "DUEL_REQUIRE_FPC") {
        return;
    }
    let dir = work_dir!();
    let module = main_c();
    let source = source_file(&module, dir.path());
    fs::write(source.with_file_name("mis.h"), duel_mis_abi::MIS_H).unwrap();
    let library = dir.path().join("libmain.so");
    compile(
        Command::new("gcc")
            .args(["-O2", "-shared", "-fPIC", "-o"])
            .arg(&library)
            .arg(&source),
    );
    let verdicts = duel_judge(
        &[
            "mis",
            "judge",
            "--module",
            library.to_str().unwrap(),
            "--tests",
            tests_file(dir.path()).to_str().unwrap(),
        ],
        &dir.path().join("report.json"),
    );
    assert_eq!(verdicts, ["compile_error"; 3]);
    let report = fs::read_to_string(dir.path().join("report.json")).unwrap();
    assert!(report.contains("defines `main`"), "{report}");
}

// --- DMOJ's own judge ---

/// DMOJ's code for duel's verdict: a program's failure, or what the bridged checker says
/// (`WA` for every verdict but a win).
fn dmoj_codes(verdict: &str) -> &'static str {
    match verdict {
        "win" => "AC",
        "time_limit" => "TLE",
        "memory_limit" => "MLE",
        // A nonzero status is DMOJ's `IR` (invalid return), a signal its `RTE`.
        "runtime_error" => "[RTE, IR]",
        "compile_error" => "CE",
        _ => "WA",
    }
}

/// DMOJ's judge (`dmoj-cli test`) runs the C and C++ attacks as self-tests of the exported
/// problem, through its own signature grader, sandbox and the package's bridged checker, on the
/// [`TESTS`]: each gets, test by test, the code of duel's verdict. The one difference RULES.md
/// names: a module writing more than 1 MiB on standard error is DMOJ's `OLE`. Skipped when
/// the judge is missing, unless `DUEL_REQUIRE_EXPORT_TOOLS` is set or the run is complete (CI).
#[test]
fn dmoj_judges_the_attacks_as_duels_judge() {
    let (Some(cli), Some(autoconf)) = (need_tool("dmoj-cli"), need_tool("dmoj-autoconf")) else {
        return;
    };
    if !compilers() {
        return;
    }
    let work = work_dir!();
    let problems = work.path().join("problems");
    let root = export("dmoj", "mis", &problems);
    let init = fs::read_to_string(root.join("init.yml")).unwrap();
    assert!(
        init.contains("signature_grader:\n  entry: driver.c\n  header: mis.h\n  allow_main: true\n"),
        "DMOJ renames a submission's main unless init.yml says allow_main: true (RULES.md M3):\n{init}"
    );
    // The problem as exported, but for its tests (the three of TESTS) and its self-tests.
    let kept: Vec<&str> = init
        .split("\ntests:\n")
        .next()
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with("test_cases:") && !line.starts_with("  - {in:"))
        .collect();
    let mut yaml = String::from("test_cases:\n");
    for (i, test) in TESTS.iter().enumerate() {
        fs::write(root.join(format!("t{i}.in")), format!("{test}\n")).unwrap();
        fs::write(root.join(format!("t{i}.out")), "").unwrap();
        yaml += &format!("  - {{in: t{i}.in, out: t{i}.out, points: 1}}\n");
    }
    yaml += &(kept.join("\n") + "\ntests:\n");
    let attacks: Vec<(Module, &str)> = vec![
        (prints_c(), "win"),
        (prints_cpp(), "win"),
        (reads_c(), "win"),
        (reads_cpp(), "win"),
        (main_c(), "compile_error"),
        (main_cpp(), "compile_error"),
        (undefined_c(), "compile_error"),
        (inner_names_c(), "win"),
        (mis_name_c(), "win"),
        (exit0_c(), "early_exit"),
        (exit1_c(), "runtime_error"),
        (abort_c(), "runtime_error"),
        (constructor_exit_c(), "early_exit"),
        (atexit_abort_c(), "win"),
        (scribbles_c(), "protocol_error"),
        (spins_c(), "time_limit"),
    ];
    let self_tests = root.join("self-tests");
    fs::create_dir_all(&self_tests).unwrap();
    let mut expected = attacks
        .iter()
        .map(|(module, verdict)| (module, dmoj_codes(verdict).to_owned()))
        .collect::<Vec<_>>();
    let floods = floods_c();
    expected.push((&floods, "OLE".to_owned()));
    for (module, code) in &expected {
        // DMOJ prefixes the submission with the line including mis.h itself.
        let file = format!(
            "{}.{}",
            module.name,
            if module.lang == Lang::C { "c" } else { "cpp" }
        );
        fs::write(self_tests.join(&file), &module.text).unwrap();
        let language = if module.lang == Lang::C { "C" } else { "CPP17" };
        let time = if module.name == "spins_c" {
            "0.25"
        } else {
            "3"
        };
        yaml += &format!(
            "  - label: {file}\n    source: self-tests/{file}\n    language: {language}\n    \
             time: {time}\n    memory: 32768\n    expect: {code}\n"
        );
    }
    fs::write(root.join("init.yml"), yaml).unwrap();
    let runtime = Command::new(&autoconf)
        .output()
        .expect("dmoj-autoconf runs");
    assert!(runtime.status.success(), "dmoj-autoconf failed");
    let config = work.path().join("judge.yml");
    fs::write(
        &config,
        format!(
            "problem_storage_globs:\n  - {}/*\n{}",
            problems.display(),
            String::from_utf8_lossy(&runtime.stdout)
        ),
    )
    .unwrap();
    let output = Command::new(&cli)
        .arg("-c")
        .arg(&config)
        .args(["--no-ansi", "-e", "C,CPP17", "test", "mis"])
        .output()
        .expect("dmoj-cli runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && text.contains("All tests passed."),
        "{text}"
    );
    assert_eq!(text.matches(": Success").count(), expected.len(), "{text}");
}
