//! The ICPC problem package format, release 2025-09, as BAPCtools checks it (`bt validate`,
//! `bt run`).
//!
//! - Ioiwari: `type: interactive`, pass-fail (a game is accepted only when the submission
//!   wins): the format also allows `type: [interactive, scoring]`, but no tool here can check
//!   such a package: BAPCtools (2026.10.0), the checker of this release, stops at it with
//!   "problem.yaml: unrecognized value for `type`: scoring" (it knows pass-fail, interactive
//!   and multi-pass), and problemtools rejects the release ("'2025-09' is not a valid
//!   FormatVersion"). The package keeps to what BAPCtools proves; the scoring form is the
//!   Kattis package's, which problemtools checks. The interactor is the Kattis one accepting
//!   only wins, one file in `output_validator/`; the statements in three languages are in
//!   `statement/`, the sample with its `.interaction` and the files contestants download for
//!   it (`.in.download`, `.ans.download`) in `data/sample/`. With its
//!   `problem_format_version` set to `2023-07-draft`, the same files are a package
//!   problemtools checks (duel's tests run the Python submissions, which BAPCtools cannot
//!   run, there).
//! - Pooh-Eeyore-sticks is not exported: its module needs the drivers of `include/`, which
//!   BAPCtools ignores, so nothing here could prove the package.

use crate::domjudge::add_pass_fail_ioiwari;
use crate::generated::inline_header;
use crate::{Package, Task};

/// Why Pooh-Eeyore-sticks has no ICPC package.
pub const MIS_UNSUPPORTED: &str = "its module needs the drivers of include/, which BAPCtools \
     (the checker of the 2025-09 format) ignores, so the package could not be proved: use the \
     Kattis, DMOJ or CMS export";

const PROBLEM: &str = "\
problem_format_version: 2025-09
type: interactive
name:
  en: Ioiwari
  vi: Ioiwari
  pl: Ioiwari
uuid: 5e0b7d12-9c4a-4b3f-8f61-0a2d3c4e5f07
source: IOI 2001
";

/// The ICPC package of `task` (only Ioiwari has one; see [`MIS_UNSUPPORTED`]).
pub(crate) fn package(task: Task) -> Package {
    debug_assert_eq!(task, Task::Ioiwari, "crate::package answers for the others");
    let mut package = Package::new(task.name());
    package.add(
        "problem.yaml",
        format!(
            "{PROBLEM}limits:\n  memory: {}\n  time_limit: {}.0\n",
            crate::MEMORY_LIMIT_MB,
            crate::TIME_LIMIT_SECONDS
        ),
    );
    add_pass_fail_ioiwari(&mut package, "statement/problem", "output_validator");
    // The interactor is one file: problemtools, which checks the 2023-07-draft release of the
    // same layout, compiles each file of `output_validator/` alone.
    let text = |file: Option<crate::PackageFile>| {
        String::from_utf8(file.expect("the pass-fail parts have it").contents)
            .expect("generated sources are UTF-8")
    };
    let referee = text(package.remove("output_validator/referee.h"));
    let interactor = text(package.remove("output_validator/interactor.cpp"));
    package.add(
        "output_validator/interactor.cpp",
        inline_header(&interactor, "referee.h", &referee),
    );
    // What contestants download for the sample: its input, and no answer (interactive).
    let input = package
        .text("data/sample/1.in")
        .expect("the sample has an input")
        .to_owned();
    package.add("data/sample/1.in.download", input);
    package.add("data/sample/1.ans.download", "");
    package
}
