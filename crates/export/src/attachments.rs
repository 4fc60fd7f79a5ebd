//! What contestants download with the task, wherever the system can attach files: the kit's
//! skeletons (duel's contestant kit, `duel_kit`), for Pooh-Eeyore-sticks `mis.h` and the
//! `graj` drivers, and for Ioiwari the three programs that play the optimal player 2 against
//! a contestant's program and log the game in the `ioiwari.out` format: `ioiwari2` (the task's
//! tool, built for Linux), `ioiwari2.exe` (the same tool built for Windows) and
//! `testing_tool.py` (Python 3, any system).
//!
//! The two builds of `ioiwari2` are programs, not sources: [`Tools`] takes them from where
//! `duel kit ioiwari` takes them. A package is written without a build this duel does not
//! have, and [`Tools::missing`] says how to get it (`duel export` prints that as a warning).
//! The statements' "Tools" section ([`crate::statement::Rules`]) and the READMEs that list
//! the programs name exactly those the package attaches ([`Tools::programs`]).

use crate::Task;
use duel_kit::{KitError, IOIWARI2, IOIWARI2_EXE};
use std::path::Path;
use std::sync::OnceLock;

/// How to get the Linux `ioiwari2` when it is not beside the running duel.
pub const IOIWARI2_HOW: &str = "ioiwari2 (the tool for Linux) is not beside this duel: \
build it with `cargo build --release` (it belongs next to duel), or take it from duel's Linux \
release archive (duel-VERSION-x86_64-linux.tar.gz)";

/// The builds of Ioiwari's `ioiwari2` tool that packages attach beside `testing_tool.py`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tools {
    /// `ioiwari2`, the tool built for Linux (an ELF program).
    pub linux: Option<Vec<u8>>,
    /// `ioiwari2.exe`, the tool built for Windows (a PE program).
    pub windows: Option<Vec<u8>>,
}

impl Tools {
    /// The tools as `duel kit ioiwari` finds them for a duel in `dir`, by one rule
    /// ([`duel_kit::ioiwari2_builds`]): the build for the system duel runs on is the file
    /// beside it, the other the copy embedded in this build (as `.ci/dist` builds a release)
    /// or else the file beside.
    ///
    /// ```
    /// let dir = tempfile::tempdir()?;
    /// std::fs::write(dir.path().join("ioiwari2"), b"\x7fELF...")?;
    /// let tools = duel_export::attachments::Tools::from_dir(dir.path())?;
    /// assert_eq!(tools.linux.as_deref(), Some(&b"\x7fELF..."[..]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_dir(dir: &Path) -> Result<Tools, KitError> {
        let (linux, windows) = duel_kit::ioiwari2_builds(dir)?;
        Ok(Tools { linux, windows })
    }

    /// The tools beside the running program (as [`Tools::from_dir`] finds them in its
    /// directory), read once: what [`files`], and so every package, attaches. A tool that
    /// cannot be read counts as missing.
    pub fn beside_this_program() -> &'static Tools {
        static TOOLS: OnceLock<Tools> = OnceLock::new();
        TOOLS.get_or_init(|| {
            let exe = std::env::current_exe().ok();
            let dir = exe
                .as_deref()
                .and_then(Path::parent)
                .unwrap_or(Path::new(""));
            Tools::from_dir(dir).unwrap_or_default()
        })
    }

    /// For each build that is missing, one line saying which and how to get it: empty when
    /// the packages are complete.
    pub fn missing(&self) -> Vec<&'static str> {
        let mut missing = Vec::new();
        if self.linux.is_none() {
            missing.push(IOIWARI2_HOW);
        }
        if self.windows.is_none() {
            missing.push(duel_kit::IOIWARI2_EXE_HOW);
        }
        missing
    }
}

impl Tools {
    /// The programs an Ioiwari package with these tools attaches to try a player at home,
    /// each with the system it runs on: the builds of `ioiwari2` there are, then
    /// `testing_tool.py` (always there).
    ///
    /// ```
    /// let tools = duel_export::attachments::Tools { linux: None, windows: Some(vec![]) };
    /// assert_eq!(
    ///     tools.programs(),
    ///     [("ioiwari2.exe", "Windows"), ("testing_tool.py", "Python 3")]
    /// );
    /// ```
    pub fn programs(&self) -> Vec<(&'static str, &'static str)> {
        let mut programs = Vec::new();
        if self.linux.is_some() {
            programs.push((IOIWARI2, "Linux"));
        }
        if self.windows.is_some() {
            programs.push((IOIWARI2_EXE, "Windows"));
        }
        programs.push(("testing_tool.py", "Python 3"));
        programs
    }
}

/// `items` as English lists them: `a`, `a and b`, `a, b and c`.
pub(crate) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Whether the attachment called `name` is a program to run as it is (the `ioiwari2`
/// builds), written with its executable bit where a package keeps modes.
pub fn is_program(name: &str) -> bool {
    name == IOIWARI2 || name == IOIWARI2_EXE
}

/// The files contestants download for `task`, by file name, with the tools beside the
/// running program ([`Tools::beside_this_program`]).
pub fn files(task: Task) -> Vec<(String, Vec<u8>)> {
    files_with(task, Tools::beside_this_program())
}

/// The files contestants download for `task`, by file name (the names are distinct, so
/// systems that keep attachments in one flat list, like CMS, take them as they are): the
/// kit's files, then for Ioiwari the builds of `tools` that are there and `testing_tool.py`.
pub fn files_with(task: Task, tools: &Tools) -> Vec<(String, Vec<u8>)> {
    let kit = match task {
        Task::Ioiwari => duel_kit::ioiwari_kit(),
        Task::Mis => duel_kit::mis_kit(),
    };
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    for file in kit {
        let name = file
            .path
            .rsplit('/')
            .next()
            .unwrap_or(&file.path)
            .to_owned();
        // The skeletons and drivers; the kit's README speaks of its own layout, its
        // STATEMENT.md is the package's own statement again, and the boards are the tests
        // themselves.
        let wanted = !matches!(name.as_str(), "README.md" | "STATEMENT.md")
            && !file.path.contains("/tests/");
        if wanted && !files.iter().any(|(known, _)| *known == name) {
            files.push((name, file.contents));
        }
    }
    if task == Task::Ioiwari {
        for (name, build) in [(IOIWARI2, &tools.linux), (IOIWARI2_EXE, &tools.windows)] {
            if let Some(contents) = build {
                files.push((name.to_owned(), contents.clone()));
            }
        }
        files.push((
            "testing_tool.py".to_owned(),
            include_str!("../templates/ioiwari/testing_tool.py")
                .as_bytes()
                .to_vec(),
        ));
    }
    files
}

/// Adds the attachments of `task` under `dir/` in `package`.
pub(crate) fn add(package: &mut crate::Package, task: Task, dir: &str) {
    add_where(package, task, dir, |_| true);
}

/// Adds the attachments of `task` whose names `keep` accepts under `dir/` in `package`, the
/// programs executable.
pub(crate) fn add_where(
    package: &mut crate::Package,
    task: Task,
    dir: &str,
    keep: impl Fn(&str) -> bool,
) {
    for (name, contents) in files(task) {
        if keep(&name) {
            package.add_bytes(&format!("{dir}/{name}"), contents);
            if let Some(file) = package.files.last_mut() {
                file.executable = is_program(&name);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(task: Task, tools: &Tools) -> Vec<String> {
        files_with(task, tools)
            .into_iter()
            .map(|(n, _)| n)
            .collect()
    }

    #[test]
    fn ioiwari_gets_the_four_skeletons_both_tools_and_the_testing_tool() {
        let tools = Tools {
            linux: Some(b"\x7fELF linux".to_vec()),
            windows: Some(b"MZ windows".to_vec()),
        };
        assert_eq!(
            names(Task::Ioiwari, &tools),
            [
                "player.c",
                "player.cpp",
                "player.pas",
                "player.py",
                "ioiwari2",
                "ioiwari2.exe",
                "testing_tool.py"
            ]
        );
        let files = files_with(Task::Ioiwari, &tools);
        assert_eq!(files[4].1, b"\x7fELF linux");
        assert_eq!(files[5].1, b"MZ windows");
        assert!(tools.missing().is_empty());
    }

    #[test]
    fn a_missing_tool_is_left_out_and_named_with_how_to_get_it() {
        let tools = Tools {
            linux: Some(b"\x7fELF linux".to_vec()),
            windows: None,
        };
        assert!(!names(Task::Ioiwari, &tools).contains(&"ioiwari2.exe".to_owned()));
        assert_eq!(tools.missing(), [duel_kit::IOIWARI2_EXE_HOW]);
        let none = Tools::default();
        assert_eq!(
            names(Task::Ioiwari, &none),
            [
                "player.c",
                "player.cpp",
                "player.pas",
                "player.py",
                "testing_tool.py"
            ]
        );
        assert_eq!(none.missing(), [IOIWARI2_HOW, duel_kit::IOIWARI2_EXE_HOW]);
    }

    #[test]
    fn the_tools_come_from_the_directory_or_the_build() {
        let dir = tempfile::tempdir().unwrap();
        let empty = Tools::from_dir(dir.path()).unwrap();
        assert_eq!(empty.linux, None);
        std::fs::write(dir.path().join("ioiwari2"), b"\x7fELF here").unwrap();
        std::fs::write(dir.path().join("ioiwari2.exe"), b"MZ here").unwrap();
        let tools = Tools::from_dir(dir.path()).unwrap();
        assert_eq!(tools.linux.as_deref(), Some(&b"\x7fELF here"[..]));
        // The embedded build, when there is one, wins over the file beside duel.
        let embedded = empty.windows.is_some();
        let expected: &[u8] = if embedded {
            empty.windows.as_deref().unwrap()
        } else {
            b"MZ here"
        };
        assert_eq!(tools.windows.as_deref(), Some(expected));
    }

    #[test]
    fn mis_gets_the_header_the_skeletons_and_the_drivers_once_each() {
        let mut names = names(Task::Mis, &Tools::default());
        names.sort();
        assert_eq!(
            names,
            ["graj.c", "graj.cpp", "graj.pas", "mis.c", "mis.cpp", "mis.h", "mis.pas"]
        );
        // No tools for Pooh-Eeyore-sticks, whichever are there.
        let tools = Tools {
            linux: Some(vec![1]),
            windows: Some(vec![2]),
        };
        assert_eq!(files_with(Task::Mis, &tools).len(), 7);
    }

    #[test]
    fn only_the_tools_are_programs() {
        for (name, _) in files_with(Task::Mis, &Tools::default()) {
            assert!(!is_program(&name), "{name}");
        }
        assert!(is_program("ioiwari2") && is_program("ioiwari2.exe"));
        assert!(!is_program("testing_tool.py"));
    }
}
