//! The output files' policy: the log directory (its manifest, one log per test,
//! `compile.txt`) and the files named on the command line, replaced atomically.

use anyhow::{bail, Context};
use duel_arena::compile::BuildRecord;
use duel_arena::output::{OutputDir, OutputFile};
use duel_sandbox::untrusted::escape_path;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// The list, in a log directory, of every file and subdirectory a judge run may write there,
/// one relative path a line (a subdirectory's ends with `/`). The next run there removes
/// exactly those before it writes its own, and touches nothing else.
pub const LOG_MANIFEST: &str = ".duel-logs";

/// Writes one dialogue log per test into a directory: `test-01.out`, ..., for people, and
/// beside each the record of every move for programs, `test-01.moves` (`duel_ioiwari::record`,
/// `duel_mis::record`; what `duel serve --report` replays), and `compile.txt`. The directory is opened when the run starts and every file is replaced
/// within it by name ([`OutputDir::replace`]): nothing planted there during the run is
/// followed.
pub struct LogDir {
    dir: OutputDir,
    shown: PathBuf,
    width: usize,
    first_error: Option<anyhow::Error>,
}

impl LogDir {
    /// Opens (creating it if needed) the log directory of a run of `planned` tests, so that it
    /// holds exactly this run's logs beside whatever else is there: the logs an earlier run
    /// listed in [`LOG_MANIFEST`] are removed first, and a file or directory of a name this
    /// run writes that no earlier run wrote is an error (it is left as it is).
    pub fn create(dir: &Path, planned: usize) -> anyhow::Result<LogDir> {
        let mut logs = LogDir::create_all(dir, None, planned)?;
        Ok(logs.remove(0))
    }

    /// [`LogDir::create`] for several submissions: one subdirectory of `root` per name of
    /// `names` (which [`crate::judge::batch::log_names`] made safe and unique).
    pub fn create_per_submission(
        root: &Path,
        names: &[String],
        planned: usize,
    ) -> anyhow::Result<Vec<LogDir>> {
        LogDir::create_all(root, Some(names), planned)
    }

    fn create_all(
        path: &Path,
        subdirs: Option<&[String]>,
        planned: usize,
    ) -> anyhow::Result<Vec<LogDir>> {
        let shown = path.display();
        let root = OutputDir::create(path)
            .with_context(|| format!("cannot create the log directory {shown}"))?;
        let width = planned.to_string().len().max(2);
        let files = log_files(planned, width);
        let mut entries: Vec<String> = Vec::new();
        match subdirs {
            None => entries.extend(files.iter().cloned()),
            Some(names) => {
                for name in names {
                    entries.push(format!("{name}/"));
                    entries.extend(files.iter().map(|file| format!("{name}/{file}")));
                }
            }
        }
        remove_earlier_logs(&root, path)?;
        for entry in &entries {
            let top = match entry.split_once('/') {
                None => entry.as_str(),
                Some((dir, "")) => dir,
                Some(_) => continue, // inside a directory this run creates
            };
            let exists = root
                .entry_kind(OsStr::new(top))
                .with_context(|| format!("cannot read the log directory {shown}"))?
                .is_some();
            if exists {
                bail!(
                    "the log directory {shown} holds {top}, which no earlier judge run there wrote \
                     (it is not listed in {shown}/{LOG_MANIFEST}): move it away or give another directory"
                );
            }
        }
        let mut manifest = entries.join("\n");
        manifest.push('\n');
        root.replace(OsStr::new(LOG_MANIFEST), manifest.as_bytes())
            .with_context(|| format!("cannot write in the log directory {shown}"))?;
        let log_dir = |dir: OutputDir, shown: PathBuf| LogDir {
            dir,
            shown,
            width,
            first_error: None,
        };
        match subdirs {
            None => Ok(vec![log_dir(root, path.to_owned())]),
            Some(names) => names
                .iter()
                .map(|name| {
                    let sub = root.subdir(OsStr::new(name)).with_context(|| {
                        format!(
                            "cannot create the log directory {}",
                            path.join(name).display()
                        )
                    })?;
                    Ok(log_dir(sub, path.join(name)))
                })
                .collect(),
        }
    }

    /// The log file of test `index`.
    pub fn path(&self, index: usize) -> PathBuf {
        self.shown.join(self.name(index, "out"))
    }

    fn name(&self, index: usize, extension: &str) -> String {
        format!("test-{index:0width$}.{extension}", width = self.width)
    }

    /// Writes `bytes` as the file `name`; the first failure is kept for the end.
    fn write_file(&mut self, name: &str, bytes: &[u8]) {
        if let Err(error) = self.dir.replace(OsStr::new(name), bytes) {
            let path = self.shown.join(name);
            self.first_error.get_or_insert(
                anyhow::Error::new(error).context(format!("cannot write {}", path.display())),
            );
        }
    }

    /// Writes the log of test `index` (atomically); the first failure is kept for the end.
    pub fn write(&mut self, index: usize, log: &str) {
        self.write_file(&self.name(index, "out"), log.as_bytes());
    }

    /// Writes `compile.txt`, what building the submission said ([`compile_text`]).
    pub fn write_compile(&mut self, build: &BuildRecord) {
        self.write_file("compile.txt", compile_text(build).as_bytes());
    }

    /// Writes the record of every move of test `index` beside its log, `test-NN.moves`.
    pub fn write_moves(&mut self, index: usize, record: &[u8]) {
        self.write_file(&self.name(index, "moves"), record);
    }

    /// The first write failure, if any.
    pub fn into_error(self) -> Option<anyhow::Error> {
        self.first_error
    }
}

/// Every file one submission's run of `planned` tests may write in its log directory.
fn log_files(planned: usize, width: usize) -> Vec<String> {
    let mut files = vec!["compile.txt".to_owned()];
    for index in 1..=planned {
        for extension in ["out", "moves"] {
            files.push(format!("test-{index:0width$}.{extension}"));
        }
    }
    files
}

/// A line of [`LOG_MANIFEST`] as (its first component, the file inside it): `test-01.out` is
/// `("test-01.out", None)`, `alice.c/` is `("alice.c", None)` and `alice.c/test-01.out` is
/// `("alice.c", Some("test-01.out"))`. Anything else (an absolute path, `..`, deeper paths) is
/// not a line a judge writes: `None`.
fn manifest_entry(line: &str) -> Option<(&str, Option<&str>)> {
    let plain = |name: &str| !name.is_empty() && name != "." && name != ".." && !name.contains('/');
    match line.split_once('/') {
        None => plain(line).then_some((line, None)),
        Some((dir, "")) => plain(dir).then_some((dir, None)),
        Some((dir, file)) => (plain(dir) && plain(file)).then_some((dir, Some(file))),
    }
}

/// Removes what the earlier run in `root` listed in its [`LOG_MANIFEST`]: its files, then
/// its subdirectories that are empty now (one holding anything else stays).
fn remove_earlier_logs(root: &OutputDir, path: &Path) -> anyhow::Result<()> {
    let shown = path.display();
    let Some(manifest) = root
        .read(OsStr::new(LOG_MANIFEST))
        .with_context(|| format!("cannot read {shown}/{LOG_MANIFEST}"))?
    else {
        return Ok(());
    };
    let manifest = String::from_utf8_lossy(&manifest);
    let mut dirs = Vec::new();
    for line in manifest.lines() {
        let removed = match manifest_entry(line) {
            None => Ok(()),
            Some((dir, None)) if line.ends_with('/') => {
                dirs.push(dir);
                Ok(())
            }
            Some((file, None)) => root.remove_file(OsStr::new(file)),
            Some((dir, Some(file))) => match root.existing_subdir(OsStr::new(dir)) {
                Ok(Some(sub)) => sub.remove_file(OsStr::new(file)),
                Ok(None) => Ok(()),
                Err(error) => Err(error),
            },
        };
        removed.with_context(|| format!("cannot remove the old log {shown}/{line}"))?;
    }
    for dir in dirs {
        root.remove_empty_dir(OsStr::new(dir))
            .with_context(|| format!("cannot remove the old log directory {shown}/{dir}"))?;
    }
    Ok(())
}

/// Opens an output file named on the command line (see [`OutputFile`]), before any test runs;
/// `what` names it in the error ("report", "CSV").
pub fn open_output(path: &Path, what: &str) -> anyhow::Result<OutputFile> {
    OutputFile::open(path).with_context(|| format!("the {what}"))
}

/// Writes one of the judge's outputs, opened at the start; `what` names it in the error
/// ("report", "CSV"). A FIFO's wait for its reader that Ctrl-C, SIGTERM or SIGHUP ended
/// ends the judge at once with 128 + the signal, saying what was not written.
pub fn write_output(file: &OutputFile, what: &str, bytes: &[u8]) -> anyhow::Result<()> {
    let shown = escape_path(file.path());
    match file.write(bytes) {
        Err(error)
            if error.kind() == std::io::ErrorKind::Interrupted
                && duel_sandbox::interrupting_signal().is_some() =>
        {
            eprintln!("duel: interrupted; the {what} {shown} was not written (no reader came)");
            std::process::exit(i32::from(super::interrupted_exit_status()));
        }
        written => written.with_context(|| format!("cannot write the {what} {shown}")),
    }
}

/// The `compile.txt` of a log directory: the command and what the compiler said.
pub fn compile_text(build: &BuildRecord) -> String {
    let mut text = format!(
        "source: {}\nlanguage: {}\ncommand: {}\nresult: {}\n",
        build.source,
        build.language,
        build.command,
        if build.succeeded {
            "built"
        } else {
            "compile error"
        }
    );
    for line in &build.output {
        text.push_str(line);
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_lines_name_only_entries_inside_the_directory() {
        assert_eq!(manifest_entry("test-01.out"), Some(("test-01.out", None)));
        assert_eq!(manifest_entry("alice.c/"), Some(("alice.c", None)));
        assert_eq!(
            manifest_entry("alice.c/compile.txt"),
            Some(("alice.c", Some("compile.txt")))
        );
        for bad in [
            "",
            "/etc/passwd",
            "../x",
            "..",
            ".",
            "a/../b",
            "a/b/c",
            "./x",
            "a//b",
        ] {
            assert_eq!(manifest_entry(bad), None, "{bad}");
        }
    }

    #[test]
    fn every_log_a_run_writes_is_listed() {
        let files = log_files(3, 2);
        assert_eq!(
            files,
            [
                "compile.txt",
                "test-01.out",
                "test-01.moves",
                "test-02.out",
                "test-02.moves",
                "test-03.out",
                "test-03.moves"
            ]
        );
    }
}
