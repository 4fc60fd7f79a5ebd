//! The Kattis problem format (legacy), as problemtools' `verifyproblem` checks it.
//!
//! - Ioiwari: a scoring interactive problem. The output validator is the interactor playing
//!   the optimal player 2; a finished game is accepted with score 100 (win), 50 (draw) or 0
//!   (loss), and the secret group averages the tests, so a submission's score is duel's.
//! - Pooh-Eeyore-sticks: a pass-fail problem whose drivers in `include/c`, `include/cpp` and
//!   `include/pascal` link the contestant's module, play duel's adversarial Lolek in the same
//!   process and stream the game to the output validator, which replays and checks it.

use crate::generated::{ioiwari_referee, mis_lolek_header, mis_source};
use crate::statement::{self, Locale};
use crate::{Format, Package, Task};
use duel_ioiwari::Board;

/// The Kattis package of `task`.
pub(crate) fn package(task: Task) -> Package {
    match task {
        Task::Ioiwari => ioiwari(),
        Task::Mis => mis(),
    }
}

/// The `limits` of a legacy `problem.yaml`: the tasks' memory limit (Kattis sets the time
/// limit itself, from the accepted submissions' times).
fn limits_yaml() -> String {
    format!("limits:\n  memory: {}\n", crate::MEMORY_LIMIT_MB)
}

const IOIWARI_PROBLEM: &str = "\
name: Ioiwari
uuid: 3f0f5c8e-6a43-4d6e-9d1e-2b7c1a9e0401
source: IOI 2001
type: scoring
validation: custom interactive score
";

const IOIWARI_GROUP: &str = "\
grading: default
grader_flags: avg
range: 0 100
on_reject: continue
";

const ROOT_GROUP: &str = "\
grading: default
grader_flags: ignore_sample sum
range: 0 100
on_reject: continue
";

fn ioiwari() -> Package {
    let mut package = Package::new("ioiwari");
    package.add(
        "problem.yaml",
        format!("{IOIWARI_PROBLEM}{}", limits_yaml()),
    );
    add_statements(
        &mut package,
        Format::Kattis,
        Task::Ioiwari,
        "problem_statement/problem",
    );
    package.add("data/testdata.yaml", ROOT_GROUP);
    package.add("data/sample/testdata.yaml", IOIWARI_GROUP);
    package.add("data/secret/testdata.yaml", IOIWARI_GROUP);
    add_ioiwari_data(&mut package);
    let table = statement::solved_table();
    package.add(
        "output_validators/interactor/referee.h",
        ioiwari_referee(table),
    );
    package.add(
        "output_validators/interactor/interactor.cpp",
        include_str!("../templates/ioiwari/kattis_interactor.cpp"),
    );
    crate::attachments::add(&mut package, Task::Ioiwari, "attachments");
    for (dir, file) in IOIWARI_SUBMISSIONS {
        package.add(&format!("submissions/{dir}/{}", file.name), file.text);
    }
    package
}

/// Adds Ioiwari's data in the Kattis style (every Kattis-style format shares it): the sample
/// (its board, an empty answer and the `.interaction` of a game duel's solver plays), the 24
/// official boards as secret tests with empty answers, and the input validator.
pub(crate) fn add_ioiwari_data(package: &mut Package) {
    let sample: Board = statement::IOIWARI_SAMPLE_BOARD
        .parse()
        .expect("the statement's board");
    package.add("data/sample/1.in", format!("{sample}\n"));
    package.add("data/sample/1.ans", "");
    package.add(
        "data/sample/1.interaction",
        statement::interaction_file(&statement::ioiwari_sample(statement::solved_table())),
    );
    for (number, board) in Board::official_positions().iter().enumerate() {
        let name = format!("data/secret/{:02}", number + 1);
        package.add(&format!("{name}.in"), format!("{board}\n"));
        package.add(&format!("{name}.ans"), "");
    }
    package.add(
        "input_validators/board/board.cpp",
        include_str!("../templates/ioiwari/input_validator.cpp"),
    );
}

/// Adds the statement of `task`'s package in `format` in every language as
/// `PREFIX.LANG.tex`, LaTeX for problemtools (which shows the samples of `data/sample`
/// itself, after the statement's own sample, move by move).
pub(crate) fn add_statements(package: &mut Package, format: Format, task: Task, prefix: &str) {
    for language in Locale::ALL {
        package.add(
            &format!("{prefix}.{}.tex", language.code()),
            statement::latex(&statement::source(format, task, language), true),
        );
    }
}

/// A submission's source file.
pub(crate) struct Source {
    /// Its path under the task's `templates/<task>/submissions/`; the package puts it under
    /// `submissions/<category>/`.
    pub name: &'static str,
    /// The file's text, built into the binary (`include_str!`).
    pub text: &'static str,
}

macro_rules! source {
    ($dir:literal, $name:literal) => {
        Source {
            name: $name,
            text: include_str!(concat!("../templates/", $dir, "/submissions/", $name)),
        }
    };
}

/// The Ioiwari submissions, by Kattis category.
pub(crate) const IOIWARI_SUBMISSIONS: [(&str, Source); 8] = [
    ("accepted", source!("ioiwari", "perfect.c")),
    ("accepted", source!("ioiwari", "perfect.cpp")),
    ("accepted", source!("ioiwari", "perfect.pas")),
    ("accepted", source!("ioiwari", "perfect.py")),
    ("partially_accepted", source!("ioiwari", "greedy.c")),
    ("wrong_answer", source!("ioiwari", "first_pit.py")),
    ("time_limit_exceeded", source!("ioiwari", "spin.c")),
    ("run_time_error", source!("ioiwari", "crash.cpp")),
];

/// Ioiwari submissions that do not flush, made from the perfect players by removing their
/// flush line: a C program (a time limit everywhere, duel's judge included) and the Pascal
/// program the 2001 statement described (`Writeln` alone), which every contest system times
/// out, and duel's judge too (`--pascal-flush` plays it to a win, as IOI 2001's judge did). The pass-fail packages
/// (DOMjudge, ICPC) carry them, where the systems' tools stop at the first time limit, and so
/// do the DMOJ self-tests (with a short time limit, as DMOJ waits out every test) and the CMS
/// task's `sol/`; in the scoring Kattis package `verifyproblem` would wait out every test of
/// each. Each is `(category, name, text)`.
pub(crate) fn ioiwari_unflushed() -> [(&'static str, &'static str, String); 2] {
    let without = |source: &Source, flush: &str, header: &str| {
        let (first, rest) = source.text.split_once('\n').expect("a source has lines");
        assert!(first.starts_with("/*") || first.starts_with('{'), "{first}");
        assert!(
            rest.contains(flush),
            "{} flushes with {flush:?}",
            source.name
        );
        format!("{header}\n{}", rest.replacen(flush, "", 1))
    };
    let [(_, c), _, (_, pascal), ..] = &IOIWARI_SUBMISSIONS;
    [
        (
            "time_limit_exceeded",
            "unflushed.c",
            without(
                c,
                "        fflush(stdout);\n",
                "/* Ioiwari player 1 that plays best pits but never flushes: on a pipe its moves stay in\n \
                 * stdio's buffer, so every judge, duel's included, waits for them until the time runs out. */",
            ),
        ),
        (
            "time_limit_exceeded",
            "writeln_only.pas",
            without(
                pascal,
                "    Flush(Output);\n",
                "{ Ioiwari player 1 as the 2001 statement told Pascal contestants to write it: Writeln\n  \
                 without Flush. Every judge, duel's included, leaves the line in Free Pascal's buffer\n  \
                 (it flushes only a terminal), and the game times out; duel ioiwari judge\n  \
                 --pascal-flush plays it to a win, as the IOI 2001 judge did. }",
            ),
        ),
    ]
}

/// Ioiwari submissions only the DMOJ and CMS packages carry: their judges run no Python, and
/// this C program plays the wrong answer `first_pit.py` plays in the Kattis package.
pub(crate) const IOIWARI_EXTRA: [(&str, Source); 1] =
    [("wrong_answer", source!("ioiwari", "first_pit.c"))];

/// The Pooh-Eeyore-sticks submissions, by Kattis category (the Pascal one is a unit, so it
/// sits in a directory of its own).
pub(crate) const MIS_SUBMISSIONS: [(&str, Source); 7] = [
    ("accepted", source!("mis", "bolek.c")),
    ("accepted", source!("mis", "bolek.cpp")),
    ("accepted", source!("mis", "pascal/mis.pas")),
    ("wrong_answer", source!("mis", "simple.c")),
    ("wrong_answer", source!("mis", "no_bound.cpp")),
    ("time_limit_exceeded", source!("mis", "spin.c")),
    ("run_time_error", source!("mis", "crash.c")),
];

const MIS_PROBLEM: &str = "\
name: Pooh-Eeyore-sticks
uuid: 9b2d7e41-58c3-4f0a-8e6b-c4d1f2a3b502
source: Polish Olympiad in Informatics 2004
validation: custom
";

fn mis() -> Package {
    let mut package = Package::new("mis");
    package.add(
        "problem.yaml",
        format!("{MIS_PROBLEM}{}  output: 64\n", limits_yaml()),
    );
    add_statements(
        &mut package,
        Format::Kattis,
        Task::Mis,
        "problem_statement/problem",
    );
    // No data/sample: the game's record is a compact stream of digits, which problemtools could
    // not show usefully in the statement; the statement's own example (its first secret test)
    // stands for it.
    for test in duel_mis::official_tests() {
        let name = format!("data/secret/{:02}", test.number);
        package.add(&format!("{name}.in"), format!("{}\n", test.start));
        package.add(&format!("{name}.ans"), "");
    }
    let lolek = mis_lolek_header();
    let driver = include_str!("../templates/mis/driver.c");
    let header = duel_mis_abi::MIS_H;
    package.add("input_validators/position/lolek.h", lolek.clone());
    package.add(
        "input_validators/position/position.cpp",
        include_str!("../templates/mis/input_validator.cpp"),
    );
    package.add("output_validators/referee/lolek.h", lolek.clone());
    package.add(
        "output_validators/referee/validator.cpp",
        include_str!("../templates/mis/validator.cpp"),
    );
    for (language, name) in [
        (&duel_languages::C, "driver.c"),
        (&duel_languages::CPP, "driver.cpp"),
    ] {
        let dir = language.systems.kattis;
        package.add(&format!("include/{dir}/{name}"), driver);
        package.add(&format!("include/{dir}/lolek.h"), lolek.clone());
        package.add(&format!("include/{dir}/mis.h"), header);
    }
    package.add(
        &format!("include/{}/main.pas", duel_languages::PASCAL.systems.kattis),
        mis_source(include_str!("../templates/mis/main.pas")),
    );
    crate::attachments::add(&mut package, Task::Mis, "attachments");
    for (dir, file) in MIS_SUBMISSIONS {
        let path = match file.name.split_once('/') {
            Some((_, name)) => format!("submissions/{dir}/bolek_pascal/{name}"),
            None => format!("submissions/{dir}/{}", file.name),
        };
        package.add(&path, file.text);
    }
    package
}
