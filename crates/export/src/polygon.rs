//! Codeforces Polygon packages (a "full" package: `problem.xml`, `files/`, `tests/`,
//! `statements/<language>/`, `solutions/`), what Codeforces gyms, VNOJ, ejudge and DOMjudge
//! (through the `p2d` converter) import.
//!
//! Ioiwari is an interactive problem: `files/interactor.cpp`, a testlib interactor written for
//! this package (duel's referee inlined: the optimal player 2 and the value table), plays the
//! game and writes its outcome to `tout`; `files/check.cpp`, the checker, reads it;
//! `files/validator.cpp` validates the tests (the 24 official boards). The package is
//! pass-fail, a test passed only for a win: Polygon scores a test with points only in
//! contests that use points, and the systems that import the package (DOMjudge through p2d,
//! whose testlib opens no `tout`, so that the interactor's verdict is the test's) do not
//! score interactive problems; the Kattis, DMOJ and CMS packages keep the partial scores (a
//! draw half a win). The statements (English, Vietnamese, Polish) are in Polygon's LaTeX
//! form, `statements/<language>/problem.tex` (the board drawn as a picture, for the PDF) with
//! `problem-properties.json` (its legend, what converters make HTML of, with the board as a
//! table of the ring); the solutions carry the tags of the verdicts duel gives them.
//!
//! `testlib.h` is not written by duel: [`package_with_testlib`] copies one the organiser
//! names into `files/` (`duel export polygon --testlib PATH`); without it, the package's
//! README says where Polygon and the importing systems supply it.
//!
//! Pooh-Eeyore-sticks is a function-call task whose judge plays in the contestant's process.
//! A Polygon solution is one source file, and the systems importing the package take that
//! file alone (p2d copies only each solution's source), so no grader travels with it: the
//! package holds the task in its closest faithful form, that of the ICPC and DOMjudge packages
//! ([`crate::mis_submitted`]) made one file. Contestants paste their module (C or C++) after
//! the driver attached as `solution.c` or `solution.cpp` (`mis.h` and duel's adversarial
//! Lolek written in) and submit that file; the driver reads the test from the interactor and
//! streams every move, and `files/interactor.cpp`, the other packages' output validator built
//! as a testlib interactor, replays the game, Lolek's moves included, and writes a win to
//! `tout` for the same checker. No Pascal: a unit and the program using it cannot be one
//! file. The README and the statements say why.

use crate::generated::{inline_header, ioiwari_referee, mis_lolek_header};
use crate::kattis::{ioiwari_unflushed, IOIWARI_SUBMISSIONS, MIS_SUBMISSIONS};
use crate::mis_submitted::{drivers, one_file_driver, weak_lolek_driver, with_module};
use crate::statement::{self, BoardForm, Locale};
use crate::{Format, Package, Task};
use duel_ioiwari::Board;
use std::fmt::Write;

/// The package of `task` without `testlib.h` (see [`package_with_testlib`]).
pub(crate) fn package(task: Task) -> Package {
    package_with_testlib(task, None)
}

/// The Polygon package of `task`, with `testlib` (the bytes of a `testlib.h`) as
/// `files/testlib.h` if given.
pub fn package_with_testlib(task: Task, testlib: Option<Vec<u8>>) -> Package {
    let mut package = Package::new(task.name());
    let (interactor, validator) = match task {
        Task::Ioiwari => (
            inline_header(
                include_str!("../templates/polygon/interactor.cpp"),
                "referee.h",
                &ioiwari_referee(statement::solved_table()),
            ),
            include_str!("../templates/polygon/validator.cpp").to_owned(),
        ),
        Task::Mis => mis_interactor_and_validator(),
    };
    package.add("files/interactor.cpp", interactor);
    package.add(
        "files/check.cpp",
        include_str!("../templates/polygon/check.cpp"),
    );
    package.add("files/validator.cpp", validator);
    let has_testlib = testlib.is_some();
    if let Some(bytes) = testlib {
        package.add_bytes("files/testlib.h", bytes);
    }
    let tests: Vec<String> = match task {
        Task::Ioiwari => Board::official_positions()
            .iter()
            .map(|board| format!("{board}\n"))
            .collect(),
        Task::Mis => duel_mis::official_tests()
            .iter()
            .map(|test| format!("{}\n", test.start))
            .collect(),
    };
    for (i, test) in tests.iter().enumerate() {
        package.add(&format!("tests/{:02}", i + 1), test.as_str());
        package.add(&format!("tests/{:02}.a", i + 1), "win\n");
    }
    let mut names = Vec::new();
    for language in Locale::ALL {
        let dir = format!("statements/{}", polygon_language(language));
        let source = statement::source(Format::Polygon, task, language);
        let title = source
            .lines()
            .next()
            .and_then(|line| line.strip_prefix("# "))
            .expect("a statement starts with its title")
            .to_owned();
        // The title is the `problem` environment's. Polygon typesets `problem.tex` into its
        // PDF, where the board is a picture; the legend is what converters turn into HTML
        // (Polygon's, VNOJ's import), where it is the ring as a table. Neither holds TeX
        // that a converter would show as text.
        let body = |form| {
            let latex = statement::latex_with(&source, true, form);
            latex
                .split_once("\n\n")
                .map_or(latex.clone(), |(_, rest)| rest.to_owned())
        };
        package.add(
            &format!("{dir}/problem.tex"),
            problem_tex(language, &title, &body(BoardForm::Picture)),
        );
        package.add(
            &format!("{dir}/problem-properties.json"),
            properties(language, &title, &body(BoardForm::Table)),
        );
        names.push((language, title));
    }
    let solutions = match task {
        Task::Ioiwari => ioiwari_solutions(),
        Task::Mis => mis_solutions(),
    };
    for (_, name, text) in &solutions {
        package.add(&format!("solutions/{name}"), text.as_str());
    }
    // The one-file form takes no Pascal (see the module's documentation).
    crate::attachments::add_where(&mut package, task, "attachments", |name| {
        task == Task::Ioiwari || !name.ends_with(".pas")
    });
    if task == Task::Mis {
        for (name, text) in one_file_drivers() {
            package.add(&format!("attachments/{name}"), text);
        }
    }
    let attachments: Vec<String> = package
        .files
        .iter()
        .filter(|file| file.path.starts_with("attachments/"))
        .map(|file| file.path.clone())
        .collect();
    package.add(
        "problem.xml",
        problem_xml(
            task,
            &names,
            tests.len(),
            has_testlib,
            &solutions,
            &attachments,
        ),
    );
    let (readme, importing) = match task {
        Task::Ioiwari => (IOIWARI_README, IOIWARI_IMPORTING),
        Task::Mis => (MIS_README, MIS_IMPORTING),
    };
    package.add("README.md", format!("{readme}{TESTLIB_README}{importing}"));
    package
}

/// The Pooh-Eeyore-sticks interactor (the output validator of the other packages built as a
/// testlib interactor, duel's Lolek written in) and input validator.
fn mis_interactor_and_validator() -> (String, String) {
    let lolek = mis_lolek_header();
    let replay = inline_header(
        include_str!("../templates/mis/validator.cpp"),
        "lolek.h",
        &lolek,
    );
    (
        inline_header(
            include_str!("../templates/polygon/mis_interactor.cpp"),
            "validator.cpp",
            &replay,
        ),
        inline_header(
            include_str!("../templates/polygon/mis_validator.cpp"),
            "lolek.h",
            &lolek,
        ),
    )
}

/// The one-file drivers contestants paste their module into: `(file name, text)`, C and
/// C++.
fn one_file_drivers() -> Vec<(&'static str, String)> {
    drivers()
        .into_iter()
        .filter_map(|(language, _, text)| match language {
            "c" => Some(("solution.c", one_file_driver(&text))),
            "cpp" => Some(("solution.cpp", one_file_driver(&text))),
            _ => None,
        })
        .collect()
}

/// Polygon's name of a statement language.
pub fn polygon_language(language: Locale) -> &'static str {
    match language {
        Locale::English => "english",
        Locale::Vietnamese => "vietnamese",
        Locale::Polish => "polish",
    }
}

/// The time limit in milliseconds, as `problem.xml` states it.
pub const TIME_LIMIT_MS: u32 = crate::TIME_LIMIT_SECONDS * 1000;

/// The memory limit in bytes, as `problem.xml` states it.
pub const MEMORY_LIMIT_BYTES: u64 = crate::MEMORY_LIMIT_MB as u64 * 1024 * 1024;

/// A statement in Polygon's LaTeX form (`olymp.sty`'s `problem` environment).
fn problem_tex(language: Locale, title: &str, body: &str) -> String {
    let (input, output, second, megabytes) = match language {
        Locale::English => ("standard input", "standard output", "second", "megabytes"),
        Locale::Vietnamese => ("đầu vào chuẩn", "đầu ra chuẩn", "giây", "megabyte"),
        Locale::Polish => (
            "standardowe wejście",
            "standardowe wyjście",
            "sekunda",
            "megabajtów",
        ),
    };
    format!(
        "\\begin{{problem}}{{{title}}}{{{input}}}{{{output}}}{{{} {second}}}{{{} {megabytes}}}\n\n\
         {body}\\end{{problem}}\n",
        crate::TIME_LIMIT_SECONDS,
        crate::MEMORY_LIMIT_MB
    )
}

/// `problem-properties.json`: the statement's name, its text as the legend, the limits.
fn properties(language: Locale, title: &str, body: &str) -> String {
    format!(
        "{{\n  \"name\": {},\n  \"language\": \"{}\",\n  \"inputFile\": \"stdin\",\n  \
         \"outputFile\": \"stdout\",\n  \"timeLimit\": {TIME_LIMIT_MS},\n  \"memoryLimit\": \
         {MEMORY_LIMIT_BYTES},\n  \"legend\": {}\n}}\n",
        json_string(title),
        polygon_language(language),
        json_string(body)
    )
}

/// `text` as the value of an XML attribute.
fn xml_attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `text` as a JSON string.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A solution of a package: `(tag, file name, text)`.
type Solution = (&'static str, &'static str, String);

/// The tag of a submission in duel's (Kattis) `category`, in a pass-fail package whose
/// solutions so far are `solutions` (the first perfect one is `main`); `None` for a crash:
/// Polygon has no tag for a run-time error, and its catch-all tags (`rejected`, `failed`)
/// say no verdict a tool could confirm.
fn tag(category: &str, solutions: &[Solution]) -> Option<&'static str> {
    match category {
        "accepted" if solutions.is_empty() => Some("main"),
        "accepted" => Some("accepted"),
        // Ioiwari's one-move look-ahead player draws or loses most boards: not every game won.
        "partially_accepted" | "wrong_answer" => Some("wrong-answer"),
        "time_limit_exceeded" => Some("time-limit-exceeded"),
        _ => None,
    }
}

/// Ioiwari's solutions, tagged with the verdicts duel gives them in this pass-fail package.
fn ioiwari_solutions() -> Vec<Solution> {
    let mut solutions = Vec::new();
    for (category, file) in IOIWARI_SUBMISSIONS {
        if let Some(tag) = tag(category, &solutions) {
            solutions.push((tag, file.name, file.text.to_owned()));
        }
    }
    for (_, name, text) in ioiwari_unflushed() {
        solutions.push(("time-limit-exceeded", name, text));
    }
    solutions
}

/// Pooh-Eeyore-sticks' solutions, each a module pasted into its language's one-file driver
/// as contestants submit it, tagged with duel's verdicts (the Pascal module left out: see the
/// module's documentation); and `weak_lolek.c`, the simple module in a driver whose Lolek
/// gives way, a wrong answer because the interactor checks Lolek's moves too.
fn mis_solutions() -> Vec<Solution> {
    let drivers = one_file_drivers();
    let driver = |name: &str| {
        let wanted = if name.ends_with(".cpp") {
            "solution.cpp"
        } else {
            "solution.c"
        };
        let (_, text) = drivers
            .iter()
            .find(|(file, _)| *file == wanted)
            .expect("a one-file driver for C and C++");
        text.as_str()
    };
    let mut solutions = Vec::new();
    for (category, file) in MIS_SUBMISSIONS {
        if file.name.contains('/') {
            continue; // the Pascal unit
        }
        if let Some(tag) = tag(category, &solutions) {
            let text = with_module(driver(file.name), file.text);
            solutions.push((tag, file.name, text));
        }
    }
    let simple = MIS_SUBMISSIONS
        .iter()
        .find(|(_, file)| file.name == "simple.c")
        .map(|(_, file)| file.text)
        .expect("the simple module");
    let (_, _, c_driver) = drivers_of("c");
    let weak = one_file_driver(&weak_lolek_driver(&c_driver));
    solutions.push(("wrong-answer", "weak_lolek.c", with_module(&weak, simple)));
    solutions
}

/// The driver of `language` (`c`, `cpp` or `pascal`) the other packages attach.
fn drivers_of(language: &str) -> (&'static str, &'static str, String) {
    drivers()
        .into_iter()
        .find(|(lang, _, _)| *lang == language)
        .expect("a driver for each language")
}

/// Polygon's language type of a source file.
fn source_type(name: &str) -> &'static str {
    duel_languages::from_file_name(name)
        .and_then(|language| language.systems.polygon)
        .unwrap_or_else(|| unreachable!("no solution is written in another language: {name}"))
}

/// `problem.xml`: names and statements in three languages, the test set with its limits and
/// path patterns, the checker, interactor and validator, the tagged solutions and the
/// attachments (and `files/testlib.h` as a resource when the package has it).
fn problem_xml(
    task: Task,
    names: &[(Locale, String)],
    tests: usize,
    testlib: bool,
    solutions: &[Solution],
    attachments: &[String],
) -> String {
    let mut xml = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n\
         <problem revision=\"1\" short-name=\"{}\" url=\"\">\n  <names>\n",
        task.name()
    );
    for (language, name) in names {
        let _ = writeln!(
            xml,
            "    <name language=\"{}\" value=\"{}\"/>",
            polygon_language(*language),
            xml_attribute(name)
        );
    }
    xml.push_str("  </names>\n  <statements>\n");
    for language in Locale::ALL {
        let name = polygon_language(language);
        let _ = writeln!(
            xml,
            "    <statement charset=\"UTF-8\" language=\"{name}\" mathjax=\"true\" \
             path=\"statements/{name}/problem.tex\" type=\"application/x-tex\"/>"
        );
    }
    let _ = write!(
        xml,
        "  </statements>\n  <judging input-file=\"\" output-file=\"\" run-count=\"1\">\n    \
         <testset name=\"tests\">\n      <time-limit>{TIME_LIMIT_MS}</time-limit>\n      \
         <memory-limit>{MEMORY_LIMIT_BYTES}</memory-limit>\n      \
         <test-count>{tests}</test-count>\n      \
         <input-path-pattern>tests/%02d</input-path-pattern>\n      \
         <answer-path-pattern>tests/%02d.a</answer-path-pattern>\n      <tests>\n"
    );
    for _ in 0..tests {
        xml.push_str("        <test method=\"manual\"/>\n");
    }
    xml.push_str("      </tests>\n    </testset>\n  </judging>\n  <files>\n    <resources>\n");
    if testlib {
        xml.push_str("      <file path=\"files/testlib.h\" type=\"h.g++\"/>\n");
    }
    xml.push_str("    </resources>\n    <attachments>\n");
    for path in attachments {
        let _ = writeln!(xml, "      <file path=\"{path}\"/>");
    }
    xml.push_str(
        "    </attachments>\n  </files>\n  <assets>\n    \
         <checker name=\"check.cpp\" type=\"testlib\">\n      \
         <source path=\"files/check.cpp\" type=\"cpp.g++17\"/>\n    </checker>\n    \
         <interactor>\n      <source path=\"files/interactor.cpp\" type=\"cpp.g++17\"/>\n    \
         </interactor>\n    <validators>\n      <validator>\n        \
         <source path=\"files/validator.cpp\" type=\"cpp.g++17\"/>\n      </validator>\n    \
         </validators>\n    <solutions>\n",
    );
    for (tag, name, _) in solutions {
        let _ = writeln!(
            xml,
            "      <solution tag=\"{tag}\">\n        <source path=\"solutions/{name}\" \
             type=\"{}\"/>\n      </solution>",
            source_type(name)
        );
    }
    xml.push_str("    </solutions>\n  </assets>\n</problem>\n");
    xml
}

const IOIWARI_README: &str = "\
# Ioiwari for Codeforces Polygon (generated by `duel export polygon`)

A full Polygon package of an interactive problem: `problem.xml`, the tests in `tests/` (the
24 official boards), `files/interactor.cpp` (a testlib interactor playing the optimal player
2), `files/check.cpp` (the checker reading the outcome the interactor writes to `tout`),
`files/validator.cpp`, the statements in English, Vietnamese and Polish in
`statements/<language>/`, the solutions in `solutions/` with the tags of the verdicts duel
gives them, and what contestants download in `attachments/`. (duel's crashing example is
left out: Polygon has no tag for a run-time error.)

Limits: 1 second of CPU time (1000 ms) and 32 MB (33554432 bytes) of memory a test.

Scoring: pass-fail. A test is passed only when the submission wins its game, and a
submission is accepted only when it wins every game. Polygon gives a test points only in
contests that use points, and the systems that import this package (DOMjudge through p2d)
do not score interactive problems; duel's Kattis, DMOJ and CMS packages keep the partial
scores (a draw half a win).

";

const IOIWARI_IMPORTING: &str = "\
- VNOJ: `import_polygon_package.py` takes the zip; the interactor is already the testlib
  `.cpp` it requires.
- DOMjudge: `p2d --code A -o ioiwari-domjudge.zip DIR/ioiwari` converts it; the interactor
  then gives the verdict itself (p2d's testlib opens no `tout`): only a win is accepted.
";

const MIS_README: &str = "\
# Pooh-Eeyore-sticks for Codeforces Polygon (generated by `duel export polygon`)

Pooh-Eeyore-sticks is a function-call task: the contestant writes a module that the judge's
driver calls, and the driver plays Lolek inside the same process. A Polygon solution is one
source file, and the systems that import Polygon packages take each solution's own source
alone (p2d copies that one file), so no grader travels with a submission. This package takes
the task in its closest faithful form, the one of duel's ICPC and DOMjudge packages with the
driver submitted beside the module, made one file: contestants download
`attachments/solution.c` (C) or `attachments/solution.cpp` (C++), which hold `mis.h` and the
driver with duel's adversarial Lolek, paste their module after its last line (without the
module's `#include \"mis.h\"`), and submit that one source file. The statements say so in
every language. Pascal is not offered: a Pascal unit and the program that uses it cannot be
one file (duel's ICPC, DOMjudge, Kattis and CMS packages take Pascal).

The program reads the test's line `p e B` from the interactor and streams every move, Bolek's
and Lolek's, to its standard output. `files/interactor.cpp`, a testlib interactor, sends the
line, replays the whole stream (every move checked against the rules, Lolek's against duel's
Lolek, so a changed driver cannot turn a loss into a win: see `solutions/weak_lolek.c`) and
reads it to its end; a win is written to `tout` for `files/check.cpp`. `files/validator.cpp`
checks each test is a position Bolek can win. The tests in `tests/` are the official ones;
the solutions in `solutions/` are duel's modules pasted into the driver, with the tags of the
verdicts duel gives them (duel's crashing module is left out: Polygon has no tag for a
run-time error).

Limits: 1 second of CPU time (1000 ms) and 32 MB (33554432 bytes) of memory a test, the
task's own memory limit.

Scoring: pass-fail. A test is passed only when Bolek wins its game, and a submission is
accepted only when it wins every game.

";

const MIS_IMPORTING: &str = "\
- VNOJ: `import_polygon_package.py` takes the zip.
- DOMjudge: `p2d --code B -o mis-domjudge.zip DIR/mis` converts it; the interactor then gives
  the verdict itself (p2d's testlib opens no `tout`): only a win is accepted.
";

/// The README's part common to both tasks: where `testlib.h` comes from, and the first
/// lines on importing.
const TESTLIB_README: &str = "\
## testlib.h

The interactor, checker and validator include `testlib.h`, which duel does not write.
`duel export polygon DIR --testlib PATH` copies the one at PATH into `files/`. Without it:
Polygon adds its own testlib to every problem; VNOJ's `import_polygon_package.py` and
ejudge compile against the testlib they are installed with; p2d copies the `testlib.h` its
wheel ships (`p2d/testlib/testlib.h`, or the one in the directory `TESTLIB_PATH` names) next
to the interactor of the DOMjudge package it writes.

## Importing

- Polygon: upload the package (or its zip, `duel export polygon DIR --zip`) as a new problem.
";
