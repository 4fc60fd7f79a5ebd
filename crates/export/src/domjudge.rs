//! DOMjudge: a zip of a Kattis-style problem, as DOMjudge imports it. DOMjudge reads the
//! problem's type as a single value and does not score interactive problems, so Ioiwari is a
//! pass-fail interactive problem there: the interactor (the Kattis output-validator contract
//! DOMjudge's judge hosts follow: `interactor input answer feedback_dir`, exit 42 accepted,
//! 43 rejected) accepts a game only when the submission wins, the task's own goal. The zip
//! holds the statement's PDF (`problem.pdf`, English, typeset by LuaLaTeX) beside the LaTeX
//! sources of the three languages.
//!
//! Pooh-Eeyore-sticks goes in its closest faithful form (see [`crate::mis_submitted`]):
//! DOMjudge has no `include/`, but it takes a submission of several files, so contestants
//! submit their module with the driver and `mis.h` the package attaches; the output validator
//! (`output_validators/referee`, exit 42 or 43) replays the streamed game and checks every
//! move, Lolek's included. C and C++ (DOMjudge compiles every submitted file) and Pascal
//! (DOMjudge's Free Pascal script compiles the file holding the `program` line, `main.pas`,
//! which finds the unit `mis.pas` beside it). A pass-fail problem, as in the Kattis package.

use crate::generated::ioiwari_referee;
use crate::kattis::{add_ioiwari_data, add_statements, ioiwari_unflushed, IOIWARI_SUBMISSIONS};
use crate::statement::{self, Locale};
use crate::{ExportError, Format, Package, Task};

const PROBLEM: &str = "\
name: Ioiwari
uuid: 7c41e2a9-0b5d-4f8e-a3c6-5d9e8f1b2a03
source: IOI 2001
type: pass-fail
validation: custom interactive
";

const MIS_PROBLEM: &str = "\
name: Pooh-Eeyore-sticks
uuid: 2a6f93c0-4e17-4b8d-9c25-e1f0a7b3d604
source: Polish Olympiad in Informatics 2004
type: pass-fail
validation: custom
";

/// The DOMjudge package of `task` as files.
pub(crate) fn package(task: Task) -> Package {
    let mut package = Package::new(task.name());
    if task == Task::Mis {
        package.add(
            "problem.yaml",
            format!(
                "{MIS_PROBLEM}limits:\n  memory: {}\n  output: 64\n",
                crate::MEMORY_LIMIT_MB
            ),
        );
        package.add(
            "domjudge-problem.ini",
            format!("timelimit = {}\n", crate::TIME_LIMIT_SECONDS),
        );
        crate::mis_submitted::add(
            &mut package,
            Format::Domjudge,
            "problem_statement/problem",
            "output_validators/referee",
            "",
        );
        return package;
    }
    package.add(
        "problem.yaml",
        format!("{PROBLEM}limits:\n  memory: {}\n", crate::MEMORY_LIMIT_MB),
    );
    package.add(
        "domjudge-problem.ini",
        format!("timelimit = {}\n", crate::TIME_LIMIT_SECONDS),
    );
    add_pass_fail_ioiwari(
        &mut package,
        Format::Domjudge,
        "problem_statement/problem",
        "output_validators/interactor",
    );
    package
}

/// Adds the parts of a pass-fail interactive Ioiwari problem in the Kattis style (DOMjudge's
/// and ICPC's): the statements as `STATEMENT.LANG.tex`, the sample (with its
/// `.interaction`) and secret data, the input validator, the interactor (accepting only
/// wins) in `validator/`, the attachments and the submissions (the one-move look-ahead
/// player, which loses or draws most official boards, is a wrong answer here).
pub(crate) fn add_pass_fail_ioiwari(
    package: &mut Package,
    format: Format,
    statement: &str,
    validator: &str,
) {
    add_statements(package, format, Task::Ioiwari, statement);
    add_ioiwari_data(package);
    package.add(
        &format!("{validator}/referee.h"),
        ioiwari_referee(statement::solved_table()),
    );
    package.add(
        &format!("{validator}/interactor.cpp"),
        format!(
            "#define DUEL_PASS_FAIL 1\n{}",
            include_str!("../templates/ioiwari/kattis_interactor.cpp")
        ),
    );
    crate::attachments::add(package, Task::Ioiwari, "attachments");
    for (category, file) in IOIWARI_SUBMISSIONS {
        let category = if category == "partially_accepted" {
            "wrong_answer"
        } else {
            category
        };
        package.add(&format!("submissions/{category}/{}", file.name), file.text);
    }
    for (category, name, text) in ioiwari_unflushed() {
        package.add(&format!("submissions/{category}/{name}"), text);
    }
}

/// The zip DOMjudge imports for `task`: every file of `package` and `problem.pdf`, the
/// statement in `language` typeset by LuaLaTeX (DOMjudge shows one statement a problem; for
/// Pooh-Eeyore-sticks it names the files to submit).
pub fn zip(task: Task, language: Locale) -> Result<Vec<u8>, ExportError> {
    let mut package = package(task);
    let source = statement::source(Format::Domjudge, task, language);
    let tex = statement::latex_document(&statement::latex(&source, true));
    let pdf = crate::package::typeset(tex.as_bytes(), std::path::Path::new("problem.pdf"))?;
    package.add_bytes("problem.pdf", pdf);
    Ok(package.zip())
}
