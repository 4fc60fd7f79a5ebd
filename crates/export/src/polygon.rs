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
//! form, `statements/<language>/problem.tex` with `problem-properties.json`; the solutions
//! carry the tags of the verdicts duel gives them.
//!
//! `testlib.h` is not written by duel: [`package_with_testlib`] copies one the organiser
//! names into `files/` (`duel export polygon --testlib PATH`); without it, the package's
//! README says where Polygon and the importing systems supply it.
//!
//! Pooh-Eeyore-sticks is a function-call task whose judge plays in the contestant's process;
//! a Polygon problem takes one source file a submission and its graders are not carried by
//! the importing systems, so the package holds no problem: its README says so and names the
//! exports that carry the task faithfully (ICPC and DOMjudge with the driver submitted beside
//! the module, Kattis, DMOJ and CMS with graders).

use crate::generated::{inline_header, ioiwari_referee};
use crate::kattis::{ioiwari_unflushed, IOIWARI_SUBMISSIONS};
use crate::statement::{self, Language};
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
    if task == Task::Mis {
        package.add("README.md", MIS_README);
        return package;
    }
    let referee = ioiwari_referee(statement::solved_table());
    let interactor = inline_header(
        include_str!("../templates/polygon/interactor.cpp"),
        "referee.h",
        &referee,
    );
    package.add("files/interactor.cpp", interactor);
    package.add(
        "files/check.cpp",
        include_str!("../templates/polygon/check.cpp"),
    );
    package.add(
        "files/validator.cpp",
        include_str!("../templates/polygon/validator.cpp"),
    );
    let has_testlib = testlib.is_some();
    if let Some(bytes) = testlib {
        package.add_bytes("files/testlib.h", bytes);
    }
    let boards = Board::official_positions();
    for (i, board) in boards.iter().enumerate() {
        package.add(&format!("tests/{:02}", i + 1), format!("{board}\n"));
        package.add(&format!("tests/{:02}.a", i + 1), "win\n");
    }
    for language in Language::ALL {
        let dir = format!("statements/{}", polygon_language(language));
        let source = statement::source(Format::Polygon, Task::Ioiwari, language);
        let body = statement::latex(&source, true);
        // The title is the `problem` environment's.
        let body = body
            .split_once("\n\n")
            .map_or(body.as_str(), |(_, rest)| rest);
        package.add(&format!("{dir}/problem.tex"), problem_tex(language, body));
        package.add(
            &format!("{dir}/problem-properties.json"),
            properties(language, body),
        );
    }
    let solutions = solutions();
    for (_, name, text) in &solutions {
        package.add(&format!("solutions/{name}"), text.as_str());
    }
    crate::attachments::add(&mut package, Task::Ioiwari, "attachments");
    let attachments: Vec<String> = package
        .files
        .iter()
        .filter(|file| file.path.starts_with("attachments/"))
        .map(|file| file.path.clone())
        .collect();
    package.add(
        "problem.xml",
        problem_xml(boards.len(), has_testlib, &solutions, &attachments),
    );
    package.add("README.md", IOIWARI_README);
    package
}

/// Polygon's name of a statement language.
pub fn polygon_language(language: Language) -> &'static str {
    match language {
        Language::English => "english",
        Language::Vietnamese => "vietnamese",
        Language::Polish => "polish",
    }
}

/// The time limit in milliseconds, as `problem.xml` states it.
pub const TIME_LIMIT_MS: u32 = crate::TIME_LIMIT_SECONDS * 1000;

/// The memory limit in bytes, as `problem.xml` states it.
pub const MEMORY_LIMIT_BYTES: u64 = crate::MEMORY_LIMIT_MB as u64 * 1024 * 1024;

/// A statement in Polygon's LaTeX form (`olymp.sty`'s `problem` environment).
fn problem_tex(language: Language, body: &str) -> String {
    let (input, output, second, megabytes) = match language {
        Language::English => ("standard input", "standard output", "second", "megabytes"),
        Language::Vietnamese => ("đầu vào chuẩn", "đầu ra chuẩn", "giây", "megabyte"),
        Language::Polish => (
            "standardowe wejście",
            "standardowe wyjście",
            "sekunda",
            "megabajtów",
        ),
    };
    format!(
        "\\begin{{problem}}{{Ioiwari}}{{{input}}}{{{output}}}{{{} {second}}}{{{} {megabytes}}}\n\n\
         {body}\\end{{problem}}\n",
        crate::TIME_LIMIT_SECONDS,
        crate::MEMORY_LIMIT_MB
    )
}

/// `problem-properties.json`: the statement's name, its text as the legend, the limits.
fn properties(language: Language, body: &str) -> String {
    format!(
        "{{\n  \"name\": \"Ioiwari\",\n  \"language\": \"{}\",\n  \"inputFile\": \"stdin\",\n  \
         \"outputFile\": \"stdout\",\n  \"timeLimit\": {TIME_LIMIT_MS},\n  \"memoryLimit\": \
         {MEMORY_LIMIT_BYTES},\n  \"legend\": {}\n}}\n",
        polygon_language(language),
        json_string(body)
    )
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

/// The solutions: `(tag, file name, text)`, the tag being the verdict duel gives the program
/// in this pass-fail package (the first perfect player is `main`).
fn solutions() -> Vec<(&'static str, &'static str, String)> {
    let mut solutions = Vec::new();
    for (category, file) in IOIWARI_SUBMISSIONS {
        let tag = match category {
            "accepted" if solutions.is_empty() => "main",
            "accepted" => "accepted",
            // The one-move look-ahead player draws or loses most boards: not every game won.
            "partially_accepted" | "wrong_answer" => "wrong-answer",
            "time_limit_exceeded" => "time-limit-exceeded",
            // A crash: Polygon has no tag for a run-time error, and its catch-all tags
            // (`rejected`, `failed`) say no verdict a tool could confirm.
            _ => continue,
        };
        solutions.push((tag, file.name, file.text.to_owned()));
    }
    for (_, name, text) in ioiwari_unflushed() {
        solutions.push(("time-limit-exceeded", name, text));
    }
    solutions
}

/// Polygon's language type of a source file.
fn source_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("c") => "c.gcc",
        Some("cpp") => "cpp.g++17",
        Some("pas") => "pas.fpc",
        Some("py") => "python.3",
        _ => unreachable!("no solution is written in another language: {name}"),
    }
}

/// `problem.xml`: names and statements in three languages, the test set with its limits and
/// path patterns, the checker, interactor and validator, the tagged solutions and the
/// attachments (and `files/testlib.h` as a resource when the package has it).
fn problem_xml(
    tests: usize,
    testlib: bool,
    solutions: &[(&str, &str, String)],
    attachments: &[String],
) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n\
         <problem revision=\"1\" short-name=\"ioiwari\" url=\"\">\n  <names>\n",
    );
    for language in Language::ALL {
        let _ = writeln!(
            xml,
            "    <name language=\"{}\" value=\"Ioiwari\"/>",
            polygon_language(language)
        );
    }
    xml.push_str("  </names>\n  <statements>\n");
    for language in Language::ALL {
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

## testlib.h

The interactor, checker and validator include `testlib.h`, which duel does not write.
`duel export polygon DIR --testlib PATH` copies the one at PATH into `files/`. Without it:
Polygon adds its own testlib to every problem; VNOJ's `import_polygon_package.py` and
ejudge compile against the testlib they are installed with; p2d copies the `testlib.h` its
wheel ships (`p2d/testlib/testlib.h`, or the one in the directory `TESTLIB_PATH` names) next
to the interactor of the DOMjudge package it writes.

## Importing

- Polygon: upload the package (or its zip, `duel export polygon DIR --zip`) as a new problem.
- VNOJ: `import_polygon_package.py` takes the zip; the interactor is already the testlib
  `.cpp` it requires.
- DOMjudge: `p2d --code A -o ioiwari-domjudge.zip DIR/ioiwari` converts it; the interactor
  then gives the verdict itself (p2d's testlib opens no `tout`): only a win is accepted.
";

const MIS_README: &str = "\
# Pooh-Eeyore-sticks: no Polygon package (generated by `duel export polygon`)

Pooh-Eeyore-sticks is a function-call task: the contestant's module is linked with the
judge's driver, which plays Lolek inside the same process. A Polygon problem takes one
source file a submission, and the graders Polygon can attach are not carried by the systems
that import its packages (p2d and VNOJ leave them out), so no Polygon package of this task
would judge it faithfully. Use `duel export icpc` or `duel export domjudge` (the driver
submitted beside the module), or `duel export kattis`, `dmoj` or `cms` (graders).
";
