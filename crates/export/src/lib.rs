//! Packages of duel's two tasks for the contest systems organisers run: Kattis (the legacy
//! problem format), ICPC (release 2025-09), DOMjudge, DMOJ, CMS (the `italy_yaml` task
//! format) and Codeforces Polygon.
//!
//! Every package carries duel's referees, generated from the same rules and strategies as
//! `duel`'s own judge: the Ioiwari referee's value table is written out by duel's solver
//! ([`duel_ioiwari::Table`]), and the Pooh-Eeyore-sticks referee plays duel's adversarial
//! Lolek ([`duel_mis::AdversarialLolek`]) with duel's fixed-point constant
//! ([`duel_mis::theory::INV_PHI_FIXED`]). The tests of this crate check, for every official
//! test and every submission in a package, that the package's verdict is duel's.
//!
//! ```
//! use duel_export::{Format, Task};
//! let package = duel_export::package(Format::Kattis, Task::Mis);
//! assert!(package.file("problem.yaml").is_some());
//! assert!(package.file("include/pascal/main.pas").is_some());
//! let dir = tempfile::tempdir()?;
//! let root = package.write_into(dir.path())?;
//! assert!(root.join("output_validators/referee/validator.cpp").is_file());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]

pub mod attachments;
mod cms;
mod dmoj;
pub mod domjudge;
pub mod generated;
mod icpc;
mod kattis;
pub mod mis_submitted;
mod package;
pub mod polygon;
pub mod statement;
mod zip;

pub use cms::MANAGER_BUILD as CMS_MANAGER_BUILD;
pub use package::{
    build_cms_manager, build_cms_statements, check_dir, check_file_into, typeset, write_file_into,
    ExportError, Package, PackageFile, CMS_STATEMENT_BUILD,
};

pub use duel_report::{ParseTaskError, Task};
use std::fmt;

/// A contest system's package format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// The Kattis problem format (legacy), checked by problemtools' `verifyproblem`.
    Kattis,
    /// A DMOJ problem directory, checked by the DMOJ judge's self-tests (`dmoj-cli`).
    Dmoj,
    /// A CMS task directory in the `italy_yaml` format, with Communication managers (checked
    /// by `crates/cli/tests/it/export_cms.rs`, with a harness speaking CMS's FIFO protocol).
    Cms,
    /// A DOMjudge problem zip (pass-fail; Pooh-Eeyore-sticks with the drivers submitted
    /// beside the module, see [`mis_submitted`]).
    Domjudge,
    /// An ICPC problem package, release 2025-09 (pass-fail; Pooh-Eeyore-sticks with the
    /// drivers submitted beside the module, see [`mis_submitted`]), checked by BAPCtools.
    Icpc,
    /// A Codeforces Polygon package (pass-fail, with a testlib interactor; Pooh-Eeyore-sticks
    /// with the module pasted into the driver, one file; see [`polygon`]), checked through
    /// the `p2d` converter and problemtools.
    Polygon,
}

impl Format {
    /// Every format, in the order `duel export --help` lists them.
    pub const ALL: [Format; 6] = [
        Format::Kattis,
        Format::Icpc,
        Format::Domjudge,
        Format::Dmoj,
        Format::Cms,
        Format::Polygon,
    ];

    /// The format's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Kattis => "kattis",
            Format::Dmoj => "dmoj",
            Format::Cms => "cms",
            Format::Domjudge => "domjudge",
            Format::Icpc => "icpc",
            Format::Polygon => "polygon",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The memory limit of both tasks, in MiB: [`Task::memory_limit_mib`], the one definition
/// duel's judges take too (`--memory-limit`'s default).
pub const MEMORY_LIMIT_MB: u32 = Task::Mis.memory_limit_mib();

/// The CPU time limit per test of both tasks, in seconds: [`Task::time_limit`] (duel's
/// judges' `--time-limit`).
pub const TIME_LIMIT_SECONDS: u32 = Task::Mis.time_limit().as_secs() as u32;

// The packages give both tasks one figure each: the tasks' definitions must agree.
const _: () = assert!(
    Task::Ioiwari.memory_limit_mib() == Task::Mis.memory_limit_mib()
        && Task::Ioiwari.time_limit().as_secs() == Task::Mis.time_limit().as_secs()
        && Task::Mis.time_limit().subsec_nanos() == 0
);

/// The package of `task` in `format`, in memory (see [`Package::write_into`]). Every task has
/// one in every format: where a system has no `include/` (ICPC 2025-09, DOMjudge),
/// Pooh-Eeyore-sticks goes in the closest faithful form, [`mis_submitted`]; in Polygon's,
/// whose solutions are one file each, the module pasted into that driver (see [`polygon`]).
pub fn package(format: Format, task: Task) -> Package {
    match format {
        Format::Kattis => kattis::package(task),
        Format::Dmoj => dmoj::package(task),
        Format::Cms => cms::package(task),
        Format::Domjudge => domjudge::package(task),
        Format::Icpc => icpc::package(task),
        Format::Polygon => polygon::package(task),
    }
}
