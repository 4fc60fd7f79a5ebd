//! DMOJ problem directories, checked by the DMOJ judge's own self-tests (`dmoj-cli`, command
//! `test`): every example submission is listed in `init.yml` under `tests:` with the result
//! duel gives it, test by test.
//!
//! - Ioiwari: an interactive problem (the `testlib` contract): 2 points a test, a win earns 2,
//!   a draw 1 (partial points), a loss 0; an illegal move or unreadable output is a wrong
//!   answer.
//! - Pooh-Eeyore-sticks: a `signature_grader` problem: the contestant submits the module
//!   (C or C++ with `mis.h`); the driver is the entry point and streams the game to a bridged
//!   checker that replays it. DMOJ's signature grading has no Pascal.

use crate::generated::{inline_header, ioiwari_referee, mis_lolek_header, mis_source};
use crate::kattis::{ioiwari_unflushed, IOIWARI_EXTRA, IOIWARI_SUBMISSIONS, MIS_SUBMISSIONS};
use crate::statement::{self, Locale};
use crate::{Format, Package, Task};
use duel_ioiwari::{greedy_move, Board, Outcome, Player, Position as Game, Table};
use duel_mis::{AdversarialLolek, Move, Position, Strategy};
use std::fmt::Write;

/// The DMOJ problem of `task`.
pub(crate) fn package(task: Task) -> Package {
    match task {
        Task::Ioiwari => ioiwari(),
        Task::Mis => mis(),
    }
}

/// One self-test: a submission's file, its DMOJ language, its expected result.
struct SelfTest {
    source: &'static str,
    text: String,
    language: &'static str,
    /// The time limit in seconds (DMOJ kills a program at 3 times it of wall clock).
    time: &'static str,
    expect: String,
}

/// The time limit, in seconds, of the self-tests that expect a time limit: DMOJ lets a
/// program run until 3 times it of wall clock has passed, test by test, so a short one keeps
/// the self-tests quick; a program that never answers exceeds any limit.
const TIME_LIMIT_SELF_TEST: &str = "0.25";

/// The DMOJ executor of a source file, as its language's definition names it (`CPP17`);
/// `None` for a language whose submissions DMOJ's self-tests leave out (Python).
fn language(name: &str) -> Option<&'static str> {
    duel_languages::from_file_name(name).and_then(|language| language.systems.dmoj)
}

/// DMOJ's Pascal executor: no signature grading (and, as everywhere, no unit that would flush
/// `Output` after every `Writeln`).
const PASCAL: Option<&str> = duel_languages::PASCAL.systems.dmoj;

fn write_tests(yaml: &mut String, package: &mut Package, tests: &[SelfTest]) {
    yaml.push_str("tests:\n");
    for test in tests {
        let file = test.source.rsplit('/').next().unwrap_or(test.source);
        let path = format!("self-tests/{file}");
        package.add(&path, test.text.as_str());
        let _ = writeln!(
            yaml,
            "  - label: {file}\n    source: {path}\n    language: {}\n    time: {}\n    memory: {}\n{}",
            test.language,
            test.time,
            crate::MEMORY_LIMIT_MB * 1024,
            test.expect
        );
    }
}

/// Adds `statement.LANG.md`: the statement in each language as Markdown to paste into the
/// site's problem description (the judge's problem directory holds no statement).
fn add_statements(package: &mut Package, task: Task) {
    for language in Locale::ALL {
        package.add(
            &format!("statement.{}.md", language.code()),
            statement::dmoj_markdown(&statement::source(Format::Dmoj, task, language)),
        );
    }
}

/// A problem's README: its template, then the limits the organiser sets on the site (DMOJ
/// keeps them there, not in the problem directory).
fn readme(template: &str) -> String {
    format!(
        "{template}\n## The statement\n\n\
         `statement.en.md`, `statement.vi.md` and `statement.pl.md` are the statement in \
         English, Vietnamese and Polish, in DMOJ's Markdown (math between `~`), ready to paste \
         into the problem's description on the site.\n\
         \n## Files for contestants\n\n\
         `attachments/` holds what contestants download: the skeletons and, for \
         Pooh-Eeyore-sticks, `mis.h` and the `graj` drivers; for Ioiwari, {tools}. The \
         judge's problem directory cannot hand files out: attach them to the problem on the \
         site.\n\
         \n## Limits to set on the site\n\n\
         DMOJ keeps a problem's limits on the site, not in this directory: when you create the \
         problem, set\n\n\
         - **Time limit: {time} s** (the task's CPU time per test);\n\
         - **Memory limit: {memory} MB**, that is **{kb} KB** in DMOJ's field (the task's);\n\n\
         and no per-language multipliers. The self-tests in `init.yml` use the same memory \
         limit; they give the examples that should finish 2 or 3 s, so that a loaded judge \
         does not turn one of them into a time limit, and those that should not finish \
         {short} s (DMOJ lets a program run to 3 times its limit of wall clock, test by \
         test).\n",
        time = crate::TIME_LIMIT_SECONDS,
        memory = crate::MEMORY_LIMIT_MB,
        kb = crate::MEMORY_LIMIT_MB * 1024,
        short = TIME_LIMIT_SELF_TEST,
        tools = ioiwari_tools(crate::attachments::Tools::beside_this_program()),
    )
}

/// What the README says of Ioiwari's programs to try a player with: those that `tools` lets
/// the package attach.
fn ioiwari_tools(tools: &crate::attachments::Tools) -> String {
    let programs = tools.programs();
    let names: Vec<String> = programs
        .iter()
        .map(|(name, system)| format!("`{name}` ({system})"))
        .collect();
    let builds = if programs.len() > 1 {
        "the task's tool "
    } else {
        ""
    };
    let verbs = if programs.len() > 1 {
        "play the optimal player 2 against a program and log"
    } else {
        "plays the optimal player 2 against a program and logs"
    };
    format!(
        "{builds}{}, which {verbs} the game",
        crate::attachments::and_list(&names)
    )
}

/// A YAML map from test numbers (from 1) to `values`.
fn by_case(values: &[impl std::fmt::Display]) -> String {
    let entries: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(i, value)| format!("{}: {value}", i + 1))
        .collect();
    format!("{{{}}}", entries.join(", "))
}

/// Points per Ioiwari test: a win earns them all, a draw half.
const IOIWARI_POINTS: u32 = 2;

/// Per test, the points duel's judge gives the one-move look-ahead player (`greedy.c` plays
/// [`greedy_move`]) against the first-optimal player 2.
fn greedy_points(table: &Table, boards: &[Board]) -> Vec<u32> {
    boards
        .iter()
        .map(|&board| {
            let mut game = Game::start(board);
            while !game.is_over() {
                let pit = match game.to_move {
                    Player::One => greedy_move(game.board),
                    Player::Two => table.first_best_move(game.board),
                }
                .expect("a board with beads has a move");
                game = game.play(pit).expect("both players move legally");
            }
            match Outcome::from_banks(game.banks) {
                Outcome::Win(Player::One) => IOIWARI_POINTS,
                Outcome::Draw => IOIWARI_POINTS / 2,
                Outcome::Win(Player::Two) => 0,
            }
        })
        .collect()
}

fn ioiwari() -> Package {
    let mut package = Package::new("ioiwari");
    let boards = Board::official_positions();
    let mut yaml = String::from("test_cases:\n");
    for (i, board) in boards.iter().enumerate() {
        let name = format!("{:02}.in", i + 1);
        package.add(&name, format!("{board}\n"));
        let _ = writeln!(yaml, "  - {{in: {name}, points: {IOIWARI_POINTS}}}");
    }
    yaml.push_str(
        "interactive:\n  files: [interactor.cpp]\n  lang: CPP17\n  type: testlib\n  feedback: true\n",
    );
    let table = statement::solved_table();
    let interactor = inline_header(
        include_str!("../templates/ioiwari/dmoj_interactor.cpp"),
        "referee.h",
        &ioiwari_referee(table),
    )
    .replace("@@DRAW_POINTS@@", &(IOIWARI_POINTS / 2).to_string());
    package.add("interactor.cpp", interactor);
    let greedy = greedy_points(table, &boards);
    let mut tests = Vec::new();
    for (category, file) in IOIWARI_SUBMISSIONS.iter().chain(&IOIWARI_EXTRA) {
        let Some(language) = language(file.name) else {
            continue; // Python: see the README of the export
        };
        let expect = match *category {
            "accepted" => format!("    expect: AC\n    score: {IOIWARI_POINTS}"),
            "partially_accepted" => {
                format!("    expect: AC\n    score_cases: {}", by_case(&greedy))
            }
            "wrong_answer" => "    expect: WA".to_owned(),
            "time_limit_exceeded" => "    expect: TLE".to_owned(),
            _ => "    expect: RTE".to_owned(),
        };
        let time = if *category == "time_limit_exceeded" {
            TIME_LIMIT_SELF_TEST
        } else {
            "2"
        };
        tests.push(SelfTest {
            source: file.name,
            text: file.text.to_owned(),
            language,
            time,
            expect,
        });
    }
    // The players that never flush wait for the interactor's reply until DMOJ kills them at 3
    // times the time limit of wall clock, on every test: they are time-limit self-tests too.
    for (_, name, text) in ioiwari_unflushed() {
        let language = language(name).expect("the players that never flush are C and Pascal");
        let expect = if Some(language) == PASCAL {
            "    # Writeln without Flush(Output): a time limit in duel's own judge too (Free\n    \
             # Pascal flushes only a terminal); its --pascal-flush plays it to a win, as the\n    \
             # IOI 2001 judge did. The statement tells contestants to flush.\n    \
             expect: TLE"
        } else {
            "    expect: TLE"
        };
        tests.push(SelfTest {
            source: name,
            text,
            language,
            time: TIME_LIMIT_SELF_TEST,
            expect: expect.to_owned(),
        });
    }
    write_tests(&mut yaml, &mut package, &tests);
    package.add("init.yml", yaml);
    add_statements(&mut package, Task::Ioiwari);
    crate::attachments::add(&mut package, Task::Ioiwari, "attachments");
    package.add(
        "README.md",
        readme(include_str!("../templates/dmoj/ioiwari.md")),
    );
    package
}

/// Whether the kit's simple Bolek (`simple.c`: one poohstick if any, else one eeyorestick)
/// beats duel's adversarial Lolek from `start`.
fn simple_bolek_wins(start: Position) -> bool {
    let mut lolek = AdversarialLolek::new();
    let mut at = start;
    loop {
        let mv = if at.p() > 0 {
            Move::pooh(1)
        } else {
            Move::eeyore(1)
        };
        at = at
            .play(mv)
            .expect("one stick is always legal in a non-empty pool");
        if at.is_over() {
            return true;
        }
        let reply = lolek.choose(&at);
        at = at.play(reply).expect("Lolek moves legally");
        if at.is_over() {
            return false;
        }
    }
}

fn mis() -> Package {
    let mut package = Package::new("mis");
    let tests = duel_mis::official_tests();
    let mut yaml = String::from("test_cases:\n");
    for test in &tests {
        let name = format!("{:02}", test.number);
        package.add(&format!("{name}.in"), format!("{}\n", test.start));
        package.add(&format!("{name}.out"), "");
        let _ = writeln!(yaml, "  - {{in: {name}.in, out: {name}.out, points: 1}}");
    }
    let lolek = mis_lolek_header();
    package.add(
        "driver.c",
        inline_header(include_str!("../templates/mis/driver.c"), "lolek.h", &lolek),
    );
    package.add("mis.h", duel_mis_abi::MIS_H);
    let checker = inline_header(
        &mis_source(include_str!("../templates/mis/validator.cpp")),
        "lolek.h",
        &lolek,
    );
    package.add("checker.cpp", format!("#define DUEL_DMOJ 1\n{checker}"));
    yaml.push_str(
        "signature_grader:\n  entry: driver.c\n  header: mis.h\n  allow_main: true\n\
         checker:\n  name: bridged\n  args:\n    files: checker.cpp\n    lang: CPP17\n    type: default\n    feedback: true\n\
         output_limit_length: 33554432\n",
    );
    let simple: Vec<&str> = tests
        .iter()
        .map(|test| {
            if simple_bolek_wins(test.start) {
                "AC"
            } else {
                "WA"
            }
        })
        .collect();
    let mut self_tests = Vec::new();
    for (category, file) in &MIS_SUBMISSIONS {
        let Some(language) = language(file.name).filter(|l| Some(*l) != PASCAL) else {
            continue; // DMOJ cannot grade Pascal modules
        };
        let expect = match (*category, file.name) {
            ("accepted", _) => "    expect: AC".to_owned(),
            ("wrong_answer", "simple.c") => format!("    cases: {}", by_case(&simple)),
            // A floating-point Wythoff player: wrong on some tests, its exact results are
            // checked against duel by the Kattis package's tests.
            ("wrong_answer", _) => "    expect: [AC, WA]".to_owned(),
            ("time_limit_exceeded", _) => "    expect: TLE".to_owned(),
            _ => "    expect: RTE".to_owned(),
        };
        let time = if *category == "time_limit_exceeded" {
            TIME_LIMIT_SELF_TEST
        } else {
            "3"
        };
        self_tests.push(SelfTest {
            source: file.name,
            text: file.text.to_owned(),
            language,
            time,
            expect,
        });
    }
    write_tests(&mut yaml, &mut package, &self_tests);
    package.add("init.yml", yaml);
    add_statements(&mut package, Task::Mis);
    crate::attachments::add(&mut package, Task::Mis, "attachments");
    package.add(
        "README.md",
        readme(include_str!("../templates/dmoj/mis.md")),
    );
    package
}
