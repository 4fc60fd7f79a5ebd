//! The CMS tasks agree with duel. CMS itself cannot run here, so a harness does what CMS's
//! Communication task type does: it creates the two FIFOs, starts the task's `check/manager`
//! with the FIFOs as arguments (from the program, then to it) and the test's input on
//! standard input, compiles the contestant's program with CMS's own commands (with the stub
//! when the task has one) and runs it on the FIFOs (as standard input and output, or as
//! arguments: from the manager, then to it) under the task's CPU limit, and takes the outcome
//! from the manager's standard output and the text from its standard error; a program that
//! fails scores 0 whatever the manager says. For every official test and every example
//! program, that result is duel's own judge's, but for the Pascal Ioiwari player that uses
//! `Writeln` without `Flush`: duel's judge adds a flush unit and it wins there, CMS cannot and
//! it times out, as the task's statement and README say (the players that never flush are
//! played on two boards, with a short wall-clock limit).

use crate::support::export::*;
use duel_test_support::duel;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// The task's CPU limit (`time_limit` in both `task.yaml` files).
const TIME_LIMIT: u64 = 1;

/// How the program talks to the manager (`user_io` in `task.yaml`).
#[derive(Clone, Copy)]
enum UserIo {
    /// Standard input and output are the FIFOs.
    Std,
    /// The FIFOs' names are the arguments.
    Fifo,
}

/// A program compiled as CMS compiles it: its command line and the directory it runs in.
struct Program {
    name: String,
    run: Vec<String>,
    dir: PathBuf,
}

/// Compiles `sources` (file names in `dir`, the stub first when there is one, as CMS lists
/// them) into the executable `executable` with CMS's command for the language
/// (cms/grading/languages: C11 / gcc, C++17 / g++, Pascal / fpc, Python 3 / CPython, whose
/// archive is written here by Python's zipfile rather than `zip`).
fn cms_compile(name: &str, dir: &Path, sources: &[&str], executable: &str) -> Program {
    let extension = Path::new(sources[0])
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default();
    let run_binary = vec![dir.join(executable).display().to_string()];
    let in_dir = |program: &str| {
        let mut command = Command::new(program);
        command.current_dir(dir);
        command
    };
    let run = match extension {
        "c" | "cpp" => {
            let (compiler, standard) = if extension == "c" {
                ("gcc", "-std=gnu11")
            } else {
                ("g++", "-std=gnu++17")
            };
            let mut command = in_dir(compiler);
            command
                .args(["-DEVAL", standard, "-O2", "-pipe", "-static", "-s", "-o"])
                .arg(executable)
                .args(sources);
            if extension == "c" {
                command.arg("-lm");
            }
            compile(&mut command);
            run_binary
        }
        "pas" => {
            compile(
                in_dir("fpc")
                    .args(["-dEVAL", "-O2", "-XSs"])
                    .arg(format!("-o{executable}"))
                    .arg(sources[0])
                    .stdout(Stdio::null()),
            );
            run_binary
        }
        "py" => {
            compile(in_dir("python3").args(["-m", "compileall", "-b", "-q", "."]));
            let stem = sources[0].trim_end_matches(".py");
            fs::rename(dir.join(format!("{stem}.pyc")), dir.join("__main__.pyc")).unwrap();
            // CMS runs `zip`; Python's own zipfile writes the same archive.
            let archive = format!("{executable}.pyz");
            compile(in_dir("python3").args(["-m", "zipfile", "-c", &archive, "__main__.pyc"]));
            vec![
                "python3".to_owned(),
                dir.join(archive).display().to_string(),
            ]
        }
        other => panic!("no CMS language for {other:?}"),
    };
    Program {
        name: name.to_owned(),
        run,
        dir: dir.to_owned(),
    }
}

fn mkfifo(path: &Path) {
    let mode = rustix::fs::Mode::from_raw_mode(0o666);
    rustix::fs::mkfifoat(rustix::fs::CWD, path, mode)
        .unwrap_or_else(|error| panic!("mkfifo {}: {error}", path.display()));
}

/// What CMS records for one evaluation.
#[derive(Debug, Clone)]
struct Evaluation {
    /// The outcome (0.0 when the program failed).
    outcome: f64,
    /// duel's verdict name: the program's failure (`time_limit`, `runtime_error`) when it
    /// failed, else the first word of the manager's text.
    verdict: String,
    /// The manager's text (CMS ignores it when the program failed).
    text: String,
}

/// One evaluation as CMS's Communication task type runs it, in the fresh directory `dir`.
// Both processes are waited for in `wait_both`.
#[allow(clippy::zombie_processes)]
fn cms_evaluate(
    manager: &Path,
    program: &Program,
    io: UserIo,
    input: &Path,
    dir: &Path,
    within: Duration,
) -> Evaluation {
    fs::create_dir_all(dir).unwrap();
    let from_program = dir.join("u0_to_m");
    let to_program = dir.join("m_to_u0");
    mkfifo(&from_program);
    mkfifo(&to_program);
    let mut manager = Command::new(manager)
        .arg(&from_program)
        .arg(&to_program)
        .current_dir(dir)
        .stdin(fs::File::open(input).unwrap())
        .stdout(fs::File::create(dir.join("manager.out")).unwrap())
        .stderr(fs::File::create(dir.join("manager.err")).unwrap())
        .spawn()
        .expect("the manager starts");
    let command = match io {
        UserIo::Fifo => {
            let mut command = Command::new(&program.run[0]);
            command
                .args(&program.run[1..])
                .arg(&to_program)
                .arg(&from_program);
            command
        }
        // The sandbox opens the FIFOs as the program's standard input and output before the
        // program starts, as a shell's redirections do.
        UserIo::Std => {
            let mut command = Command::new("sh");
            command
                .arg("-c")
                .arg("exec \"$@\" < \"$DUEL_TO_PROGRAM\" > \"$DUEL_FROM_PROGRAM\"")
                .arg("sh")
                .args(&program.run)
                .env("DUEL_TO_PROGRAM", &to_program)
                .env("DUEL_FROM_PROGRAM", &from_program);
            command
        }
    };
    let mut user = cpu_limited(command, TIME_LIMIT)
        .current_dir(&program.dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the program starts");
    // The CPU limit decides time limits, as in CMS; the wall-clock deadline `within` stands
    // for CMS's wall-clock limit, which stops a program that waits for ever.
    let (user_end, manager_end) = wait_both_within(&mut user, &mut manager, within);
    let Ended::Status(manager_status) = manager_end else {
        panic!(
            "the manager hung against {} on {}",
            program.name,
            input.display()
        );
    };
    assert!(
        manager_status.success(),
        "the manager failed ({manager_status:?}) against {} on {}",
        program.name,
        input.display()
    );
    let outcome_text = fs::read_to_string(dir.join("manager.out")).unwrap();
    let outcome: f64 = outcome_text
        .lines()
        .next()
        .unwrap_or_default()
        .trim()
        .parse()
        .expect("the manager's outcome is a number");
    let text_bytes = fs::read(dir.join("manager.err")).unwrap();
    let text = String::from_utf8(text_bytes).expect("CMS needs the text in UTF-8");
    let text = text.lines().next().unwrap_or_default().to_owned();
    assert!(
        text.bytes().all(|b| (0x20..0x7f).contains(&b)),
        "CMS refuses control characters in the text: {text:?}"
    );
    let failed = match user_end {
        Ended::TimedOut => Some("time_limit"),
        ended if ended.out_of_cpu() => Some("time_limit"),
        Ended::Status(status) if !status.success() => Some("runtime_error"),
        Ended::Status(_) => None,
    };
    match failed {
        Some(failure) => Evaluation {
            outcome: 0.0,
            verdict: failure.to_owned(),
            text,
        },
        None => Evaluation {
            outcome,
            verdict: verdict_word(&text),
            text,
        },
    }
}

/// A wall-clock deadline that only guards against a hang.
const HANG: Duration = Duration::from_secs(60);

/// `program` on every test, two at a time, each in a directory of its own below `work`, with
/// the wall-clock deadline `within`.
fn evaluate_all(
    manager: &Path,
    program: &Program,
    io: UserIo,
    tests: &[PathBuf],
    work: &Path,
    within: Duration,
) -> Vec<Evaluation> {
    let runs = work.join("runs").join(program.name.replace('/', "_"));
    let numbered: Vec<(usize, &PathBuf)> = tests.iter().enumerate().collect();
    parallel(&numbered, 2, |(i, input)| {
        cms_evaluate(
            manager,
            program,
            io,
            input,
            &runs.join(i.to_string()),
            within,
        )
    })
}

/// Whether CMS's result `cms` is duel's verdict `duel`: the same verdict, or a program that
/// failed after the manager had rejected its move for duel's reason (CMS then reports the
/// failure; both score 0).
fn agrees(cms: &Evaluation, duel: &str) -> bool {
    cms.verdict == duel
        || (matches!(duel, "illegal_move" | "protocol_error")
            && cms.verdict == "runtime_error"
            && verdict_word(&cms.text) == duel)
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .map(|entries| entries.map(|entry| entry.unwrap().path()).collect())
        .unwrap_or_default();
    entries.sort();
    entries
}

/// The inputs of a CMS task, in order.
fn inputs(task: &Path) -> Vec<PathBuf> {
    let n_input = fs::read_to_string(task.join("task.yaml"))
        .unwrap()
        .lines()
        .find_map(|line| line.strip_prefix("n_input: "))
        .expect("task.yaml gives n_input")
        .parse::<usize>()
        .unwrap();
    let inputs: Vec<PathBuf> = (0..n_input)
        .map(|i| task.join(format!("input/input{i}.txt")))
        .collect();
    for (i, input) in inputs.iter().enumerate() {
        assert!(input.is_file(), "input {i} is missing");
        assert!(task.join(format!("output/output{i}.txt")).is_file());
    }
    inputs
}

fn tools_present() -> bool {
    need("g++", "DUEL_REQUIRE_FPC") && need("fpc", "DUEL_REQUIRE_FPC")
}

/// The CMS task `name` written into `work` with its manager built as `duel export cms` does,
/// but without typesetting its statements (that needs TeX and time; the loader test below
/// checks them): its directory.
fn cms_task(name: &str, work: &Path) -> PathBuf {
    let task: duel_export::Task = name.parse().unwrap();
    let root = duel_export::package(duel_export::Format::Cms, task)
        .write_into(work)
        .expect("the task is written");
    duel_export::build_cms_manager(&root).expect("g++ builds the manager");
    root
}

/// The CMS task `name` in `work` (see [`cms_task`]): its directory, its built manager and its
/// inputs.
fn exported(name: &str, work: &Path) -> (PathBuf, PathBuf, Vec<PathBuf>) {
    let task = cms_task(name, work);
    let manager = task.join("check/manager");
    assert!(manager.is_file(), "duel export cms builds the manager");
    let tests = inputs(&task);
    (task, manager, tests)
}

#[test]
fn cms_ioiwari_task_agrees_with_duel_on_every_test_and_program() {
    if !tools_present() {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    let (task, manager, tests) = exported("ioiwari", work.path());
    assert_eq!(tests.len(), 24);
    let mut programs = Vec::new();
    for category in sorted_entries(&task.join("sol")) {
        for source in sorted_entries(&category) {
            let file = source.file_name().unwrap().to_string_lossy().into_owned();
            let name = format!("{}/{file}", category.file_name().unwrap().to_string_lossy());
            let extension = file.rsplit('.').next().unwrap();
            let dir = work
                .path()
                .join("build")
                .join(name.replace(['/', '.'], "_"));
            fs::create_dir_all(&dir).unwrap();
            let submitted = format!("ioiwari.{extension}");
            fs::copy(&source, dir.join(&submitted)).unwrap();
            let program = cms_compile(&name, &dir, &[&submitted], "ioiwari");
            programs.push((program, source));
        }
    }
    let languages: std::collections::BTreeSet<String> = programs
        .iter()
        .map(|(p, _)| p.name.rsplit('.').next().unwrap().to_owned())
        .collect();
    assert_eq!(
        languages.into_iter().collect::<Vec<_>>(),
        ["c", "cpp", "pas", "py"]
    );
    let mut seen = std::collections::BTreeSet::new();
    let mut unflushed = Vec::new();
    for (program, source) in &programs {
        if let Some(duel_verdict) = unflushed_verdict(&program.name) {
            // A program that never flushes waits until the wall clock runs out: two boards
            // show it, with short wall-clock limits on both sides; duel's judge gets the
            // source, as a contestant's, and builds it as CMS does.
            let boards: Vec<String> = tests[..2]
                .iter()
                .map(|input| fs::read_to_string(input).unwrap().trim().to_owned())
                .collect();
            let duel = duel_judge_source_briefly(source, &boards, work.path());
            assert_eq!(duel, [duel_verdict; 2], "{}: duel's judge", program.name);
            let within = Duration::from_secs(4);
            let cms = evaluate_all(
                &manager,
                program,
                UserIo::Std,
                &tests[..2],
                work.path(),
                within,
            );
            for result in &cms {
                assert_eq!(
                    (result.verdict.as_str(), result.outcome),
                    ("time_limit", 0.0),
                    "{}: {result:?}",
                    program.name
                );
            }
            unflushed.push(program.name.as_str());
            continue;
        }
        // duel's judge runs the example itself (Python from its source). `exec`: the program is
        // the judged process itself, whatever its path holds (a quoted word makes the command a
        // shell line, which the shell would run as its child).
        let command = if source.extension().is_some_and(|e| e == "py") {
            format!("exec python3 {}", duel_test_support::shell_word(source))
        } else {
            let words: Vec<String> = program
                .run
                .iter()
                .map(duel_test_support::shell_word)
                .collect();
            format!("exec {}", words.join(" "))
        };
        let duel = duel_ioiwari_judge(&command, &work.path().join("report.json"));
        let cms = evaluate_all(&manager, program, UserIo::Std, &tests, work.path(), HANG);
        for (i, (result, duel)) in cms.iter().zip(&duel).enumerate() {
            assert!(
                agrees(result, duel),
                "{} on input {i}: CMS {result:?}, duel {duel}",
                program.name
            );
            let expected = match duel.as_str() {
                "win" => 1.0,
                "draw" => 0.5,
                _ => 0.0,
            };
            assert_eq!(result.outcome, expected, "{} on input {i}", program.name);
            if duel == "draw" || duel == "loss" {
                assert!(
                    result.text.contains("move ") && result.text.contains("was worth"),
                    "the text names the first move that gave value away: {}",
                    result.text
                );
            }
        }
        assert_eq!(cms.len(), duel.len());
        seen.extend(duel);
    }
    assert_reaches(&seen, &IOIWARI_ENDINGS);
    assert_eq!(
        unflushed,
        IOIWARI_UNFLUSHED.map(|(name, _)| format!("time_limit_exceeded/{name}")),
        "the task carries the players that never flush"
    );
}

/// The example modules of the CMS task: C and C++ files, and directories with a Pascal unit.
fn mis_examples(task: &Path) -> Vec<PathBuf> {
    let mut examples = Vec::new();
    for category in sorted_entries(&task.join("sol")) {
        if category.is_dir() {
            examples.extend(sorted_entries(&category));
        }
    }
    examples
}

/// Compiles a module with the task's stub as CMS does: the module submitted as `mis.%l`, the
/// stub and the headers of `sol/` beside it, executable `mis`.
fn build_mis_program(task: &Path, source: &Path, work: &Path) -> Program {
    let name = source
        .strip_prefix(task.join("sol"))
        .unwrap()
        .display()
        .to_string();
    let dir = work.join("build").join(name.replace(['/', '.'], "_"));
    fs::create_dir_all(&dir).unwrap();
    let (module, extension) = if source.is_dir() {
        (source.join("mis.pas"), "pas")
    } else {
        let extension = source.extension().unwrap().to_str().unwrap();
        (source.to_owned(), extension)
    };
    let stub = format!("stub.{extension}");
    let submitted = format!("mis.{extension}");
    fs::copy(task.join("sol").join(&stub), dir.join(&stub)).unwrap();
    fs::copy(task.join("sol/mis.h"), dir.join("mis.h")).unwrap();
    fs::copy(module, dir.join(&submitted)).unwrap();
    cms_compile(&name, &dir, &[&stub, &submitted], "mis")
}

#[test]
fn cms_mis_task_agrees_with_duel_on_every_test_and_module() {
    if !tools_present() {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    let (task, manager, tests) = exported("mis", work.path());
    assert_eq!(tests.len(), duel_arena::mis::official_tests().len());
    let examples = mis_examples(&task);
    assert_eq!(examples.len(), 7);
    let mut seen = std::collections::BTreeSet::new();
    for source in &examples {
        let program = build_mis_program(&task, source, work.path());
        let library = mis_module_library(source, &task.join("sol"), work.path());
        let duel = duel_mis_judge(&library, &work.path().join("report.json"));
        let cms = evaluate_all(&manager, &program, UserIo::Fifo, &tests, work.path(), HANG);
        assert_eq!(cms.len(), duel.len());
        for (i, (result, duel)) in cms.iter().zip(&duel).enumerate() {
            assert_eq!(
                &result.verdict, duel,
                "{} on input {i}: CMS {result:?}",
                program.name
            );
            let expected = if duel == "win" { 1.0 } else { 0.0 };
            assert_eq!(result.outcome, expected, "{} on input {i}", program.name);
        }
        seen.extend(duel);
    }
    assert_reaches(&seen, &MIS_ENDINGS);
}

/// A hostile program: a Python script `body` run as CMS runs a Python program, with the FIFOs
/// (or its standard input and output) and `PAYLOAD` naming the file `payload` holds.
fn hostile(work: &Path, name: &str, body: &str, payload: &[u8]) -> Program {
    let dir = work.join(name);
    fs::create_dir_all(&dir).unwrap();
    let payload_path = dir.join("payload");
    fs::write(&payload_path, payload).unwrap();
    let script = dir.join(format!("{name}.py"));
    fs::write(
        &script,
        format!(
            "import sys\nPAYLOAD = {:?}\n{body}",
            payload_path.display().to_string()
        ),
    )
    .unwrap();
    Program {
        name: name.to_owned(),
        run: vec!["python3".to_owned(), script.display().to_string()],
        dir,
    }
}

/// Reads the start line from the manager, then writes the payload to it, as a stub would.
const MIS_WRITE_PAYLOAD: &str = "\
start = open(sys.argv[1]).readline()
out = open(sys.argv[2], 'wb')
out.write(open(PAYLOAD, 'rb').read())
out.close()
";

/// One hostile evaluation of `task` on the input `input` (a line), with a Python program.
fn attack(task: &str, input: &str, name: &str, body: &str, payload: &[u8]) -> Evaluation {
    if !tools_present() {
        return Evaluation {
            outcome: 0.0,
            verdict: "skipped".into(),
            text: String::new(),
        };
    }
    let work = tempfile::tempdir().unwrap();
    let root = cms_task(task, work.path());
    let input_path = work.path().join("input.txt");
    fs::write(&input_path, format!("{input}\n")).unwrap();
    let program = hostile(work.path(), name, body, payload);
    let io = if task == "mis" {
        UserIo::Fifo
    } else {
        UserIo::Std
    };
    cms_evaluate(
        &root.join("check/manager"),
        &program,
        io,
        &input_path,
        &work.path().join("run"),
        HANG,
    )
}

/// One hostile Pooh-Eeyore-sticks evaluation from the start `start` ("p e B").
fn mis_attack(name: &str, start: &str, body: &str, payload: &[u8]) -> Evaluation {
    attack("mis", start, name, body, payload)
}

fn stream_of(moves: &[(u32, u32)]) -> Vec<u8> {
    let mut stream = duel_export::generated::MIS_STREAM_MAGIC.to_vec();
    for &(take_p, take_e) in moves {
        duel_export::generated::push_move(&mut stream, duel_mis::Move::new(take_p, take_e));
    }
    stream
}

fn skipped(result: &Evaluation) -> bool {
    result.verdict == "skipped"
}

/// Checks that an attack scored 0 with duel's verdict `verdict` (or, when the manager refused
/// it for that reason, the program's failure on the closed FIFO) and a text containing
/// `words`.
fn assert_refused(result: &Evaluation, verdict: &str, words: &str) {
    if skipped(result) {
        return;
    }
    assert_eq!(result.outcome, 0.0, "{result:?}");
    assert!(agrees(result, verdict), "{result:?}: not {verdict}");
    assert!(result.text.contains(words), "{result:?}");
}

#[test]
fn cms_mis_manager_accepts_duels_own_winning_stream() {
    let start: duel_mis::Position = "7 2 3".parse().unwrap();
    let result = mis_attack(
        "honest",
        "7 2 3",
        MIS_WRITE_PAYLOAD,
        &duel_export::generated::mis_stream(start),
    );
    if skipped(&result) {
        return;
    }
    assert_eq!(
        (result.outcome, result.verdict.as_str()),
        (1.0, "win"),
        "{result:?}"
    );
}

#[test]
fn cms_mis_manager_rejects_a_forged_lolek_move() {
    // duel's own game from the statement's example with Lolek's first move changed to
    // another poohstick move: any move but duel's Lolek's is a forgery.
    let start: duel_mis::Position = "7 2 3".parse().unwrap();
    let honest = duel_export::generated::mis_stream(start);
    let mut forged = honest.clone();
    // The second record (one character) is Lolek's first move: 1 poohstick (3, written '3')
    // becomes 2 ('6'), any other becomes 1.
    let magic = duel_export::generated::MIS_STREAM_MAGIC.len();
    let lolek_at = magic + 1;
    forged[lolek_at] = if forged[lolek_at] == b'3' { b'6' } else { b'3' };
    let result = mis_attack("forged", "7 2 3", MIS_WRITE_PAYLOAD, &forged);
    assert_refused(&result, "protocol_error", "Lolek");
}

#[test]
fn cms_mis_manager_stops_at_an_overlong_number() {
    let mut payload = duel_export::generated::MIS_STREAM_MAGIC.to_vec();
    // Digits that all say more follows.
    payload.extend(std::iter::repeat_n(b'P', 1 << 20));
    let result = mis_attack(
        "overlong",
        "10000000 10000000 1",
        MIS_WRITE_PAYLOAD,
        &payload,
    );
    assert_refused(&result, "protocol_error", "too large");
}

#[test]
fn cms_mis_manager_rejects_bytes_after_the_game() {
    let start: duel_mis::Position = "7 2 3".parse().unwrap();
    let mut payload = duel_export::generated::mis_stream(start);
    payload.extend_from_slice(&[3; 64]);
    let result = mis_attack("trailing", "7 2 3", MIS_WRITE_PAYLOAD, &payload);
    assert_refused(&result, "protocol_error", "after the end");
}

#[test]
fn cms_mis_manager_rejects_text_instead_of_the_stream() {
    let result = mis_attack("text", "7 2 3", MIS_WRITE_PAYLOAD, b"1 0\n\x01\xff\xfe\n");
    assert_refused(&result, "protocol_error", "");
}

#[test]
fn cms_mis_manager_rejects_a_character_that_is_no_digit_of_the_stream() {
    // The stream is text, five bits a character ('0' to 'O' end a number, 'P' to 'o' go on):
    // anything else is refused, not read as a move.
    for byte in [b'~', b' ', 0x80, 0] {
        let mut payload = duel_export::generated::MIS_STREAM_MAGIC.to_vec();
        payload.push(byte);
        let result = mis_attack("nodigit", "7 2 3", MIS_WRITE_PAYLOAD, &payload);
        assert_refused(&result, "protocol_error", "not a digit");
    }
}

#[test]
fn cms_mis_manager_rejects_a_stream_that_ends_mid_game() {
    let result = mis_attack("short", "7 2 3", MIS_WRITE_PAYLOAD, &stream_of(&[(1, 0)]));
    assert_refused(&result, "early_exit", "");
}

#[test]
fn cms_mis_manager_does_not_hang_on_a_program_that_never_opens_its_output() {
    // The program reads its start and exits 0 without opening the FIFO to the manager: the
    // manager waits a bounded time for it (less than CMS's wall-clock limit of the manager),
    // then scores 0: an empty stream is a game that ended before it began.
    let result = mis_attack(
        "silent",
        "7 2 3",
        "start = open(sys.argv[1]).readline()\n",
        b"",
    );
    assert_refused(&result, "early_exit", "the output is empty");
}

/// One hostile Ioiwari evaluation on the statement's board.
fn ioiwari_attack(name: &str, body: &str, payload: &[u8]) -> Evaluation {
    attack("ioiwari", "4 3 2 4 2 3 2", name, body, payload)
}

/// Reads the board, then writes the payload as its move.
const IOIWARI_WRITE_PAYLOAD: &str = "\
sys.stdin.readline()
sys.stdout.buffer.write(open(PAYLOAD, 'rb').read())
sys.stdout.buffer.flush()
";

#[test]
fn cms_ioiwari_manager_text_shows_control_bytes_escaped() {
    let result = ioiwari_attack("bytes", IOIWARI_WRITE_PAYLOAD, b"\x1b[2J\xc3\xa9\x7f%s\r\n");
    // cms_evaluate has checked that the text is printable ASCII: the referee quotes every
    // byte outside it as \xNN, as duel's judge does (RULES.md).
    assert_refused(
        &result,
        "protocol_error",
        "expected a pit number, got \"\\x1b[2J\\xc3\\xa9\\x7f%s\"",
    );
}

#[test]
fn cms_ioiwari_manager_stops_at_a_line_without_end() {
    let result = ioiwari_attack("flood", IOIWARI_WRITE_PAYLOAD, &vec![b'1'; 1 << 20]);
    if skipped(&result) {
        return;
    }
    assert_eq!(result.outcome, 0.0);
    assert!(
        result
            .text
            .starts_with("protocol_error: wrote a line longer than 4096 bytes"),
        "{result:?}"
    );
}

#[test]
fn cms_ioiwari_manager_scores_a_program_that_exits_at_once_as_an_early_exit() {
    let result = ioiwari_attack("quit", "", b"");
    assert_refused(&result, "early_exit", "");
}

/// `task.yaml`'s value for `key`.
fn yaml_value(task: &Path, key: &str) -> Option<String> {
    fs::read_to_string(task.join("task.yaml"))
        .unwrap()
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{key}: ")).map(str::to_owned))
}

#[test]
fn cms_tasks_hold_what_the_italy_yaml_loader_reads() {
    if !need("g++", "DUEL_REQUIRE_FPC") || need_tool_on_path("lualatex").is_none() {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    for (name, user_io, stubs) in [("ioiwari", "std_io", false), ("mis", "fifo_io", true)] {
        let task = export("cms", name, work.path());
        // The loader's keys: the short name (also the submission format NAME.%l), the title,
        // the limits (memory in MiB), the number of tests, the statement's language.
        assert_eq!(yaml_value(&task, "name").as_deref(), Some(name));
        assert!(yaml_value(&task, "title").is_some_and(|t| t != name));
        assert_eq!(yaml_value(&task, "time_limit").as_deref(), Some("1.0"));
        let memory = duel_export::MEMORY_LIMIT_MB.to_string();
        assert_eq!(yaml_value(&task, "memory_limit"), Some(memory));
        assert_eq!(yaml_value(&task, "primary_language").as_deref(), Some("en"));
        assert_eq!(yaml_value(&task, "token_mode").as_deref(), Some("disabled"));
        assert_eq!(yaml_value(&task, "user_io").as_deref(), Some(user_io));
        inputs(&task);
        // The statement CMS imports (English) and the two others, typeset by LuaLaTeX.
        for pdf in ["statement.pdf", "statement-vi.pdf", "statement-pl.pdf"] {
            let bytes = fs::read(task.join("statement").join(pdf)).unwrap();
            assert!(bytes.starts_with(b"%PDF-"), "{name}: {pdf}");
        }
        // check/manager makes the task a Communication one; the loader lists sol/.
        let manager = task.join("check/manager");
        use std::os::unix::fs::PermissionsExt;
        assert!(fs::metadata(&manager).unwrap().permissions().mode() & 0o111 != 0);
        assert!(task.join("sol").is_dir());
        for stub in ["stub.c", "stub.cpp", "stub.pas"] {
            assert_eq!(
                task.join("sol").join(stub).is_file(),
                stubs,
                "{name}: {stub}"
            );
        }
        // No grader (that would make it a Batch task) and no checker.
        assert!(!task.join("sol/grader.c").exists() && !task.join("check/checker").exists());
    }
}

#[test]
fn export_help_lists_every_format_and_what_it_supports() {
    let output = duel!().args(["export", "--help"]).output().unwrap();
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).unwrap();
    for words in [
        "kattis",
        "dmoj",
        "cms",
        "include/pascal",
        "Pascal",
        "scoring",
        "stub.pas",
        "mis.%l",
        "win 1.0, draw 0.5",
        "cmsImportTask -L italy_yaml",
    ] {
        assert!(help.contains(words), "`duel export --help` lacks {words:?}");
    }
}
