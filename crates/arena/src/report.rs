//! The judge's results: one [`TestResult`] per test, a [`Report`] with the score, and an
//! atomic JSON writer.

use crate::compile::BuildRecord;
use crate::Verdict;
use rustix::fs::{AtFlags, Mode, OFlags};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::io::{self, Read, Write};
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};

/// The result of one judged test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestResult {
    /// The test's number, from 1, in test-set order.
    pub index: usize,
    /// The test's input as text (an Ioiwari board "4 3 2 4 2 3 2", a MIS position "p e B").
    pub input: String,
    /// How the test ended.
    pub verdict: Verdict,
    /// One line explaining every verdict other than `win`.
    pub reason: Option<String>,
    /// The number of moves played, by both sides.
    pub moves: u64,
    /// The moves in order, space-separated, when the game is short enough to list them.
    pub move_list: Option<String>,
    /// A short summary of the final position: the banks "11-9" for Ioiwari (player 1 first).
    pub summary: Option<String>,
    /// The submission's CPU time, in milliseconds.
    pub time_ms: u64,
    /// The wall-clock time the judge waited for the submission, in milliseconds.
    pub wall_ms: u64,
    /// The submission's peak resident memory, in KiB; `None` (`null` in JSON) where no figure
    /// is known: the built-in player runs inside the judge, a test not run used nothing, a
    /// module's gain over its host's own memory was less than a page. Reports written before
    /// this was an option hold 0 there, which reads as `None`.
    #[serde(default, deserialize_with = "known_kb")]
    pub memory_kb: Option<u64>,
    /// For a loss or draw: the first move that gave away value, and the better alternative.
    pub first_mistake: Option<String>,
}

impl TestResult {
    /// The result of a test that was never played (the source did not compile...).
    ///
    /// ```
    /// use duel_arena::{TestResult, Verdict};
    /// let result = TestResult::unplayed(3, "7 2 3".into(), Verdict::CompileError, "no".into());
    /// assert_eq!((result.index, result.moves, result.points()), (3, 0, 0.0));
    /// ```
    pub fn unplayed(index: usize, input: String, verdict: Verdict, reason: String) -> TestResult {
        TestResult {
            index,
            input,
            verdict,
            reason: Some(reason),
            moves: 0,
            move_list: None,
            summary: None,
            time_ms: 0,
            wall_ms: 0,
            memory_kb: None,
            first_mistake: None,
        }
    }

    /// The share of the test this result earns: 1 for a win, ½ for a draw, 0 otherwise.
    pub fn points(&self) -> f64 {
        points(self.verdict)
    }
}

/// A measured peak in KiB from bytes, `None` below 1 KiB: a run's measured peak is never that
/// small, so such a figure means nothing was measured apart.
///
/// ```
/// use duel_arena::report::measured_kb;
/// assert_eq!(measured_kb(3 << 20), Some(3072));
/// assert_eq!(measured_kb(1023), None);
/// ```
pub fn measured_kb(bytes: u64) -> Option<u64> {
    Some(bytes / 1024).filter(|&kb| kb > 0)
}

/// Reads `memory_kb`: a number, `null`, or the 0 that older reports wrote for "not known".
fn known_kb<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<u64>, D::Error> {
    let kb: Option<u64> = Option::deserialize(deserializer)?;
    Ok(kb.filter(|&kb| kb > 0))
}

/// The share of a test a verdict earns: 1 for a win, ½ for a draw, 0 otherwise.
///
/// ```
/// use duel_arena::{report::points, Verdict};
/// assert_eq!(points(Verdict::Win), 1.0);
/// assert_eq!(points(Verdict::Draw), 0.5);
/// assert_eq!(points(Verdict::TimeLimit), 0.0);
/// ```
pub fn points(verdict: Verdict) -> f64 {
    match verdict {
        Verdict::Win => 1.0,
        Verdict::Draw => 0.5,
        _ => 0.0,
    }
}

/// All the results of one judging run, with the score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The game: "ioiwari" or "mis".
    pub game: String,
    /// The command judged.
    pub player: String,
    /// The score out of 100: every planned test weighs the same, a win earns its full share, a
    /// draw half. Tests that never finished (an interrupted run) earn nothing.
    pub score: f64,
    /// How many tests were to be judged.
    pub planned: usize,
    /// True when judging was interrupted (Ctrl-C): `tests` holds only the finished tests.
    pub interrupted: bool,
    /// The finished tests, in test order.
    pub tests: Vec<TestResult>,
    /// How the submission was built, when it was judged from source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub build: Option<BuildRecord>,
}

impl Report {
    /// A report of `tests` out of `planned`, with its score computed.
    pub fn new(
        game: impl Into<String>,
        player: impl Into<String>,
        planned: usize,
        tests: Vec<TestResult>,
        interrupted: bool,
    ) -> Report {
        Report {
            game: game.into(),
            player: player.into(),
            score: score(&tests, planned),
            planned,
            interrupted,
            tests,
            build: None,
        }
    }

    /// The report as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report always serializes") + "\n"
    }

    /// Writes the JSON report to `path` atomically (see [`write_atomically`]).
    pub fn write_json(&self, path: &Path) -> Result<(), ReportError> {
        write_atomically(path, self.to_json().as_bytes()).map_err(|source| ReportError {
            path: path.to_owned(),
            source,
        })
    }
}

/// One submission's line in a ranking.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// From 1; equal scores share a rank (1, 2, 2, 4...).
    pub rank: usize,
    /// The submission, as its report names it.
    pub submission: String,
    /// Its score out of 100.
    pub score: f64,
    /// How many of its tests ended with each verdict (verdicts that occurred only).
    pub verdicts: BTreeMap<String, usize>,
    /// Its CPU time over all tests, in milliseconds.
    pub time_ms: u64,
}

/// Ranks reports by score, highest first. Equal scores share a rank and keep the order given
/// (so a ranking does not change with the machine's speed).
///
/// ```
/// use duel_arena::report::{rank, Report};
/// let report = |name: &str, tests| Report::new("ioiwari", name, 2, tests, false);
/// let standings = rank(&[report("a", vec![]), report("b", vec![]), report("c", vec![])]);
/// let ranks: Vec<usize> = standings.iter().map(|s| s.rank).collect();
/// assert_eq!(ranks, [1, 1, 1]);
/// ```
pub fn rank(reports: &[Report]) -> Vec<Standing> {
    let mut standings: Vec<Standing> = reports
        .iter()
        .map(|report| {
            let mut verdicts = BTreeMap::new();
            for test in &report.tests {
                *verdicts.entry(test.verdict.name().to_owned()).or_insert(0) += 1;
            }
            Standing {
                rank: 0,
                submission: report.player.clone(),
                score: report.score,
                verdicts,
                time_ms: report.tests.iter().map(|t| t.time_ms).sum(),
            }
        })
        .collect();
    // A stable sort keeps the given order among equals.
    standings.sort_by(|a, b| b.score.total_cmp(&a.score));
    for at in 0..standings.len() {
        standings[at].rank = if at > 0 && standings[at - 1].score == standings[at].score {
            standings[at - 1].rank
        } else {
            at + 1
        };
    }
    standings
}

/// The report of several submissions judged together: the ranking and every report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BatchReport {
    /// The game: "ioiwari" or "mis".
    pub game: String,
    /// How many tests every submission was to meet.
    pub planned: usize,
    /// True when judging was interrupted (Ctrl-C).
    pub interrupted: bool,
    /// The ranking, best first.
    pub ranking: Vec<Standing>,
    /// Each submission's full report, in the order the submissions were given.
    pub submissions: Vec<Report>,
}

impl BatchReport {
    /// The batch report of these reports (ranked here).
    pub fn new(game: impl Into<String>, planned: usize, submissions: Vec<Report>) -> BatchReport {
        BatchReport {
            game: game.into(),
            planned,
            interrupted: submissions.iter().any(|r| r.interrupted),
            ranking: rank(&submissions),
            submissions,
        }
    }

    /// The report as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report always serializes") + "\n"
    }

    /// The ranking as CSV: `rank,submission,score,time_ms` and one column per verdict.
    ///
    /// ```
    /// use duel_arena::report::{BatchReport, Report};
    /// let batch = BatchReport::new("mis", 0, vec![Report::new("mis", "a, \"b\"", 0, vec![], false)]);
    /// let csv = batch.to_csv();
    /// assert!(csv.starts_with("rank,submission,score,time_ms,win,"));
    /// assert!(csv.lines().nth(1).unwrap().starts_with("1,\"a, \"\"b\"\"\",0.00,0,0,"));
    /// ```
    pub fn to_csv(&self) -> String {
        let mut csv = String::from("rank,submission,score,time_ms");
        for verdict in Verdict::ALL {
            csv.push(',');
            csv.push_str(verdict.name());
        }
        csv.push('\n');
        for standing in &self.ranking {
            csv.push_str(&format!(
                "{},{},{:.2},{}",
                standing.rank,
                csv_field(&standing.submission),
                standing.score,
                standing.time_ms
            ));
            for verdict in Verdict::ALL {
                let count = standing.verdicts.get(verdict.name()).copied().unwrap_or(0);
                csv.push_str(&format!(",{count}"));
            }
            csv.push('\n');
        }
        csv
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// The score out of 100 of these results when `planned` tests were to be judged.
///
/// ```
/// use duel_arena::report::{score, TestResult};
/// use duel_arena::Verdict;
/// let result = |verdict| TestResult {
///     index: 1, input: String::new(), verdict, reason: None, moves: 0, move_list: None,
///     summary: None, time_ms: 0, wall_ms: 0, memory_kb: None, first_mistake: None,
/// };
/// let tests = [result(Verdict::Win), result(Verdict::Draw), result(Verdict::Loss), result(Verdict::Win)];
/// assert_eq!(score(&tests, 4), 62.5);
/// assert_eq!(score(&tests, 8), 31.25);
/// ```
pub fn score(tests: &[TestResult], planned: usize) -> f64 {
    if planned == 0 {
        return 0.0;
    }
    let earned: f64 = tests.iter().map(TestResult::points).sum();
    100.0 * earned / planned as f64
}

/// The report could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {source}", path.display())]
pub struct ReportError {
    /// The file being written.
    pub path: PathBuf,
    /// The underlying error.
    #[source]
    pub source: io::Error,
}

/// Replaces `path` with `bytes` so that readers see the old file or the whole new one, never a
/// part: the bytes go to a new temporary file in the same directory, which is flushed to disk
/// and then renamed over `path`. A symbolic link at `path` is replaced itself, never followed.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("report.json");
/// duel_arena::report::write_atomically(&path, b"{}")?;
/// assert_eq!(std::fs::read(&path)?, b"{}");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomically_with(path, |file| file.write_all(bytes))
}

/// [`write_atomically`] with what `write` writes (see [`OutputDir::replace_with`]): the one
/// way duel replaces a file it was asked to write, reports, tables and pictures alike.
///
/// ```
/// use std::io::Write;
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("table.bin");
/// duel_arena::report::write_atomically_with(&path, |file| {
///     let mut buffered = std::io::BufWriter::new(file);
///     buffered.write_all(b"many bytes")?;
///     buffered.flush()
/// })?;
/// assert_eq!(std::fs::read(&path)?, b"many bytes");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut std::fs::File) -> io::Result<()>,
) -> io::Result<()> {
    let (dir, name) = split(path)?;
    OutputDir::open(&dir)?.replace_with(&name, write)
}

/// The directory and the last component of `path` (`.` when it names none).
fn split(path: &Path) -> io::Result<(PathBuf, OsString)> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_owned(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file path"))?;
    Ok((dir, name.to_owned()))
}

/// A directory the judge writes into, opened once (when named, before anything untrusted
/// runs) and then reached through its descriptor only: renaming the directory, or planting a
/// symbolic link in place of it or of any file in it, changes nothing of where the judge
/// writes. Files are created, replaced and removed by name inside it, and a name there that
/// is a symbolic link is replaced or removed itself, never followed.
#[derive(Debug)]
pub struct OutputDir {
    dir: OwnedFd,
}

impl OutputDir {
    /// Opens the directory `path` (following links in `path` itself, which its caller named).
    pub fn open(path: &Path) -> io::Result<OutputDir> {
        let dir = rustix::fs::openat(
            rustix::fs::CWD,
            path,
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        )?;
        Ok(OutputDir { dir })
    }

    /// Creates the directory `path` and its parents as needed, and opens it.
    pub fn create(path: &Path) -> io::Result<OutputDir> {
        std::fs::create_dir_all(path)?;
        OutputDir::open(path)
    }

    /// The subdirectory `name`, created if missing; a symbolic link there is not followed
    /// (an error).
    pub fn subdir(&self, name: &OsStr) -> io::Result<OutputDir> {
        match rustix::fs::mkdirat(&self.dir, name, Mode::from_raw_mode(0o777)) {
            Ok(()) | Err(rustix::io::Errno::EXIST) => {}
            Err(error) => return Err(error.into()),
        }
        let dir = rustix::fs::openat(
            &self.dir,
            name,
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
            Mode::empty(),
        )?;
        Ok(OutputDir { dir })
    }

    /// The existing subdirectory `name`; `None` when there is none (or a link or a file is
    /// there: it is not followed).
    pub fn existing_subdir(&self, name: &OsStr) -> io::Result<Option<OutputDir>> {
        match rustix::fs::openat(
            &self.dir,
            name,
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
            Mode::empty(),
        ) {
            Ok(dir) => Ok(Some(OutputDir { dir })),
            Err(rustix::io::Errno::NOENT | rustix::io::Errno::NOTDIR | rustix::io::Errno::LOOP) => {
                Ok(None)
            }
            Err(error) => Err(error.into()),
        }
    }

    /// Replaces the entry `name` with a regular file holding `bytes`, atomically: readers
    /// see the old entry or the whole new file. Whatever `name` was (a file, a symbolic link
    /// to anything, a hard link) is replaced, never written through; a directory there is an
    /// error.
    pub fn replace(&self, name: &OsStr, bytes: &[u8]) -> io::Result<()> {
        self.replace_with(name, |file| file.write_all(bytes))
    }

    /// [`replace`](Self::replace) with what `write` writes into the new file (through a
    /// buffer of its own if it wants one, flushed before it returns), for contents too large
    /// to hold in memory twice.
    pub fn replace_with(
        &self,
        name: &OsStr,
        write: impl FnOnce(&mut std::fs::File) -> io::Result<()>,
    ) -> io::Result<()> {
        let (temp, file) = self.create_temporary(name)?;
        let written = (|| {
            let mut file = std::fs::File::from(file);
            write(&mut file)?;
            file.sync_all()?;
            rustix::fs::renameat(&self.dir, &temp, &self.dir, name)?;
            Ok(())
        })();
        if written.is_err() {
            let _ = rustix::fs::unlinkat(&self.dir, &temp, AtFlags::empty());
            return written;
        }
        // Make the rename itself durable; not every file system lets a directory be synced.
        let _ = rustix::fs::fsync(&self.dir);
        Ok(())
    }

    /// Checks that files can be created here, by creating and removing one.
    pub fn check_writable(&self) -> io::Result<()> {
        let (temp, _file) = self.create_temporary(OsStr::new("probe"))?;
        rustix::fs::unlinkat(&self.dir, &temp, AtFlags::empty())?;
        Ok(())
    }

    /// A new file of a name no one else uses, created here (never through a link).
    fn create_temporary(&self, name: &OsStr) -> io::Result<(OsString, OwnedFd)> {
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        loop {
            let unique = COUNTER.fetch_add(1, Ordering::Relaxed);
            let temp = OsString::from(format!(
                ".{}.{}.{unique}.tmp",
                name.to_string_lossy(),
                std::process::id()
            ));
            match rustix::fs::openat(
                &self.dir,
                &temp,
                OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC,
                Mode::from_raw_mode(0o666),
            ) {
                Ok(file) => return Ok((temp, file)),
                // Someone made that name: try the next.
                Err(rustix::io::Errno::EXIST) => continue,
                Err(error) => return Err(error.into()),
            }
        }
    }

    /// What the entry `name` is, without following a link: `None` when there is none.
    pub fn entry_kind(&self, name: &OsStr) -> io::Result<Option<EntryKind>> {
        match rustix::fs::statat(&self.dir, name, AtFlags::SYMLINK_NOFOLLOW) {
            Ok(stat) => Ok(Some(
                match rustix::fs::FileType::from_raw_mode(stat.st_mode) {
                    rustix::fs::FileType::Directory => EntryKind::Directory,
                    _ => EntryKind::Other,
                },
            )),
            Err(rustix::io::Errno::NOENT) => Ok(None),
            Err(error) => Err(error.into()),
        }
    }

    /// The contents of the regular file `name` (a link there is not followed: an error);
    /// `None` when there is no such entry.
    pub fn read(&self, name: &OsStr) -> io::Result<Option<Vec<u8>>> {
        let file = match rustix::fs::openat(
            &self.dir,
            name,
            OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC,
            Mode::empty(),
        ) {
            Ok(file) => file,
            Err(rustix::io::Errno::NOENT) => return Ok(None),
            Err(error) => return Err(error.into()),
        };
        let mut file = std::fs::File::from(file);
        if !file.metadata()?.is_file() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "not a regular file",
            ));
        }
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        Ok(Some(bytes))
    }

    /// Removes the entry `name` if it is not a directory (a link is removed itself); a
    /// missing one is no error.
    pub fn remove_file(&self, name: &OsStr) -> io::Result<()> {
        match rustix::fs::unlinkat(&self.dir, name, AtFlags::empty()) {
            Ok(()) | Err(rustix::io::Errno::NOENT) => Ok(()),
            Err(error) => Err(error.into()),
        }
    }

    /// Removes the subdirectory `name` if it is empty; returns whether it is gone.
    pub fn remove_empty_dir(&self, name: &OsStr) -> io::Result<bool> {
        match rustix::fs::unlinkat(&self.dir, name, AtFlags::REMOVEDIR) {
            Ok(()) | Err(rustix::io::Errno::NOENT) => Ok(true),
            Err(rustix::io::Errno::NOTEMPTY | rustix::io::Errno::EXIST) => Ok(false),
            Err(error) => Err(error.into()),
        }
    }
}

/// What an entry of an [`OutputDir`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    /// A directory.
    Directory,
    /// Anything else: a file, a link, a device...
    Other,
}

/// A file the judge writes at the end of a run (its report, its CSV), resolved and opened
/// when it is named, at the start, before anything untrusted runs:
///
/// - a regular file, a new name, a symbolic link to a regular file or to nothing, or a link
///   that another user made (a submission's, before this run): replaced atomically at the
///   end, within its directory opened at the start ([`OutputDir::replace`]): a link found
///   there, at the start or planted during the run, is replaced itself and never followed;
/// - a character device (`/dev/null`, a terminal), or a link to one that root or the judge's
///   own user made: opened at the start and written at the end through that descriptor;
/// - a FIFO (or such a link to one): held from the start and opened for writing at the end
///   through that hold, never through its name (the open waits for a reader, as a FIFO's
///   does);
/// - a name through `/proc/*/fd` (`/dev/stdout`, `/dev/fd/3`) to a regular file: opened at the
///   start for appending, so `--report /dev/stdout > file` adds the report to that file;
/// - a directory, a block device or a socket: refused.
#[derive(Debug)]
pub struct OutputFile {
    path: PathBuf,
    target: Target,
}

#[derive(Debug)]
enum Target {
    Replace { dir: OutputDir, name: OsString },
    Open(std::fs::File),
    Fifo(OwnedFd),
}

/// Why an output file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The path names a directory.
    #[error("cannot write {}: it is a directory", .0.display())]
    Directory(PathBuf),
    /// The path names a block device or a socket.
    #[error("cannot write {}: it is a block device or a socket, not something the judge writes to", .0.display())]
    Unusable(PathBuf),
    /// Opening or probing failed.
    #[error("cannot write {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        #[source]
        source: io::Error,
    },
}

impl OutputFile {
    /// Resolves and opens `path` for writing at the end (see [`OutputFile`]); fails now if it
    /// could not be written then.
    pub fn open(path: &Path) -> Result<OutputFile, OutputError> {
        use std::os::unix::fs::FileTypeExt;
        let io_error = |source: io::Error| OutputError::Io {
            path: path.to_owned(),
            source,
        };
        let kind = match std::fs::symlink_metadata(path) {
            Ok(meta) => Some(meta.file_type()),
            Err(error) if error.kind() == io::ErrorKind::NotFound => None,
            Err(error) => return Err(io_error(error)),
        };
        // What a link leads to, resolved now, and whether it leads through a process's
        // descriptors (as /dev/stdout does). A link someone else made (a submission's user,
        // before this run) is not followed at all: it is replaced like a new name.
        let (kind, through_descriptors) = match kind {
            Some(kind) if kind.is_symlink() => {
                let chain = LinkChain::of(path);
                match std::fs::metadata(path) {
                    Ok(target) if chain.through_descriptors || chain.trusted => {
                        (Some(target.file_type()), chain.through_descriptors)
                    }
                    // A link to nothing, or one an untrusted user made: replaced itself.
                    _ => (None, false),
                }
            }
            kind => (kind, false),
        };
        let target = match kind {
            Some(kind) if kind.is_dir() => return Err(OutputError::Directory(path.to_owned())),
            Some(kind) if kind.is_char_device() => Target::Open(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(io_error)?,
            ),
            Some(kind) if kind.is_fifo() => Target::Fifo(
                rustix::fs::openat(
                    rustix::fs::CWD,
                    path,
                    OFlags::PATH | OFlags::CLOEXEC,
                    Mode::empty(),
                )
                .map_err(|error| io_error(error.into()))?,
            ),
            Some(kind) if kind.is_file() && through_descriptors => Target::Open(
                std::fs::OpenOptions::new()
                    .append(true)
                    .open(path)
                    .map_err(io_error)?,
            ),
            Some(kind) if !kind.is_file() && !kind.is_symlink() => {
                return Err(OutputError::Unusable(path.to_owned()))
            }
            _ => {
                let (dir, name) = split(path).map_err(io_error)?;
                let dir = OutputDir::open(&dir).map_err(io_error)?;
                dir.check_writable().map_err(io_error)?;
                Target::Replace { dir, name }
            }
        };
        Ok(OutputFile {
            path: path.to_owned(),
            target,
        })
    }

    /// The path it was named by.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `bytes` as the file's whole contents (see [`OutputFile`] for how).
    pub fn write(&self, bytes: &[u8]) -> io::Result<()> {
        match &self.target {
            Target::Replace { dir, name } => dir.replace(name, bytes),
            Target::Open(file) => {
                let mut file: &std::fs::File = file;
                file.write_all(bytes)?;
                file.flush()
            }
            Target::Fifo(hold) => {
                use std::os::fd::AsRawFd;
                let reopened = format!("/proc/self/fd/{}", hold.as_raw_fd());
                let mut file = std::fs::OpenOptions::new().write(true).open(reopened)?;
                file.write_all(bytes)?;
                file.flush()
            }
        }
    }
}

/// What following the links of `path` meets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct LinkChain {
    /// It passes through a process's descriptor directory (`/proc/PID/fd`, as `/dev/stdout`
    /// and `/dev/fd/N` do).
    through_descriptors: bool,
    /// Every link on the way belongs to root or to the judge's own user.
    trusted: bool,
}

impl LinkChain {
    fn of(path: &Path) -> LinkChain {
        use std::os::unix::fs::MetadataExt;
        let me = rustix::process::geteuid().as_raw();
        let mut chain = LinkChain {
            through_descriptors: false,
            trusted: true,
        };
        let mut current = path.to_path_buf();
        for _ in 0..40 {
            let parent = match current.parent() {
                Some(dir) if !dir.as_os_str().is_empty() => dir.to_owned(),
                _ => PathBuf::from("."),
            };
            if std::fs::canonicalize(&parent).is_ok_and(|dir| is_descriptor_dir(&dir)) {
                chain.through_descriptors = true;
                return chain;
            }
            match std::fs::symlink_metadata(&current) {
                Ok(meta) if meta.file_type().is_symlink() => {
                    chain.trusted &= meta.uid() == 0 || meta.uid() == me;
                }
                _ => return chain,
            }
            match std::fs::read_link(&current) {
                Ok(next) => current = parent.join(next),
                Err(_) => return chain,
            }
        }
        chain
    }
}

/// Whether following the link `path` passes through a process's descriptor directory.
#[cfg(test)]
fn through_descriptors(path: &Path) -> bool {
    LinkChain::of(path).through_descriptors
}

/// `/proc/PID/fd` or `/proc/PID/task/TID/fd`.
fn is_descriptor_dir(dir: &Path) -> bool {
    let parts: Vec<_> = dir.components().map(|c| c.as_os_str().to_owned()).collect();
    let is = |index: usize, text: &str| parts.get(index).is_some_and(|p| p == text);
    is(1, "proc")
        && (parts.len() == 4 && is(3, "fd") || parts.len() == 6 && is(3, "task") && is(5, "fd"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(index: usize, verdict: Verdict) -> TestResult {
        TestResult {
            index,
            input: "4 3 2 4 2 3 2".into(),
            verdict,
            reason: (verdict != Verdict::Win).then(|| "because".into()),
            moves: 6,
            move_list: Some("2 3 5 4 5 7".into()),
            summary: Some("11-9".into()),
            time_ms: 3,
            wall_ms: 4,
            memory_kb: Some(1500),
            first_mistake: None,
        }
    }

    #[test]
    fn the_json_uses_the_verdict_names_and_round_trips() {
        let report = Report::new(
            "ioiwari",
            "./a.out",
            3,
            vec![result(1, Verdict::Win), result(2, Verdict::IllegalMove)],
            true,
        );
        let json = report.to_json();
        assert!(json.contains("\"verdict\": \"illegal_move\""), "{json}");
        assert!(json.contains("\"interrupted\": true"), "{json}");
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert!((value["score"].as_f64().unwrap() - 100.0 / 3.0).abs() < 1e-9);
        let back: Report = serde_json::from_str(&json).unwrap();
        assert_eq!(back, report);
    }

    #[test]
    fn an_unknown_memory_figure_is_null_and_an_older_reports_zero_reads_as_null() {
        let mut unknown = result(1, Verdict::Win);
        unknown.memory_kb = None;
        let report = Report::new("mis", "x", 2, vec![unknown, result(2, Verdict::Win)], false);
        let value: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
        assert!(value["tests"][0]["memory_kb"].is_null(), "{value}");
        assert_eq!(value["tests"][1]["memory_kb"], 1500);
        let older = report
            .to_json()
            .replacen("\"memory_kb\": null", "\"memory_kb\": 0", 1);
        assert!(older.contains("\"memory_kb\": 0"), "{older}");
        let back: Report = serde_json::from_str(&older).unwrap();
        assert_eq!(back, report);
    }

    #[test]
    fn rankings_share_ranks_on_equal_scores() {
        let report = |name: &str, verdicts: &[Verdict]| {
            let tests = verdicts
                .iter()
                .enumerate()
                .map(|(i, v)| result(i + 1, *v))
                .collect();
            Report::new("ioiwari", name, 2, tests, false)
        };
        let reports = [
            report("half", &[Verdict::Win, Verdict::Loss]),
            report("all", &[Verdict::Win, Verdict::Win]),
            report("half too", &[Verdict::Draw, Verdict::Draw]),
            report("none", &[Verdict::CompileError, Verdict::CompileError]),
        ];
        let ranking = rank(&reports);
        let rows: Vec<(usize, &str)> = ranking
            .iter()
            .map(|s| (s.rank, s.submission.as_str()))
            .collect();
        assert_eq!(
            rows,
            [(1, "all"), (2, "half"), (2, "half too"), (4, "none")]
        );
        assert_eq!(ranking[3].verdicts["compile_error"], 2);
        assert_eq!(ranking[0].time_ms, 6);
        let batch = BatchReport::new("ioiwari", 2, reports.to_vec());
        let back: BatchReport = serde_json::from_str(&batch.to_json()).unwrap();
        assert_eq!(back, batch);
        assert_eq!(batch.to_csv().lines().count(), 5);
    }

    #[test]
    fn no_planned_tests_score_zero() {
        assert_eq!(score(&[], 0), 0.0);
    }

    #[test]
    fn atomic_writes_replace_and_leave_no_temporary_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.json");
        write_atomically(&path, b"old").unwrap();
        write_atomically(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        let entries: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(entries.len(), 1);
    }

    #[test]
    fn a_missing_directory_is_an_error_naming_the_file() {
        let report = Report::new("ioiwari", "x", 0, vec![], false);
        let error = report
            .write_json(Path::new("/nonexistent-dir-for-duel/r.json"))
            .unwrap_err();
        assert!(error
            .to_string()
            .contains("/nonexistent-dir-for-duel/r.json"));
    }

    #[test]
    fn replacing_a_link_replaces_the_link_not_its_target() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.txt");
        std::fs::write(&target, "kept").unwrap();
        let link = dir.path().join("out.json");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let out = OutputDir::open(dir.path()).unwrap();
        out.replace(OsStr::new("out.json"), b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "kept");
        assert!(std::fs::symlink_metadata(&link).unwrap().is_file());
        assert_eq!(std::fs::read_to_string(&link).unwrap(), "new");
        // Reading and removing do not follow links either.
        std::os::unix::fs::symlink(&target, dir.path().join("l2")).unwrap();
        assert!(out.read(OsStr::new("l2")).is_err());
        out.remove_file(OsStr::new("l2")).unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "kept");
        assert!(out
            .existing_subdir(OsStr::new("out.json"))
            .unwrap()
            .is_none());
    }

    #[test]
    fn an_output_file_is_resolved_when_named() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(
            OutputFile::open(dir.path()),
            Err(OutputError::Directory(_))
        ));
        // A device is opened now and written at the end.
        let null = OutputFile::open(Path::new("/dev/null")).unwrap();
        assert!(matches!(null.target, Target::Open(_)));
        null.write(b"x").unwrap();
        // A new name is replaced in its directory, even once its directory is renamed.
        let sub = dir.path().join("sub");
        std::fs::create_dir(&sub).unwrap();
        let file = OutputFile::open(&sub.join("r.json")).unwrap();
        let moved = dir.path().join("moved");
        std::fs::rename(&sub, &moved).unwrap();
        std::os::unix::fs::symlink(dir.path(), &sub).unwrap();
        file.write(b"{}").unwrap();
        assert_eq!(std::fs::read(moved.join("r.json")).unwrap(), b"{}");
        assert!(!dir.path().join("r.json").exists());
    }

    #[test]
    fn a_link_to_a_device_made_by_another_user_is_replaced_not_followed() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("report.json");
        std::os::unix::fs::symlink("/dev/null", &link).unwrap();
        // Made by the judge's own user: followed, the device opened.
        assert!(matches!(
            OutputFile::open(&link).unwrap().target,
            Target::Open(_)
        ));
        if !rustix::process::geteuid().is_root() {
            return; // only root can give a link to another user
        }
        std::os::unix::fs::lchown(&link, Some(4_000_000), Some(4_000_000)).unwrap();
        let file = OutputFile::open(&link).unwrap();
        assert!(matches!(file.target, Target::Replace { .. }));
        file.write(b"{}").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().is_file());
        assert!(std::fs::symlink_metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device());
    }

    #[test]
    fn descriptor_links_are_recognised() {
        assert!(is_descriptor_dir(Path::new("/proc/123/fd")));
        assert!(is_descriptor_dir(Path::new("/proc/123/task/124/fd")));
        assert!(!is_descriptor_dir(Path::new("/proc/123")));
        assert!(!is_descriptor_dir(Path::new("/tmp/fd")));
        assert!(through_descriptors(Path::new("/dev/stdout")));
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink("/etc/hostname", &link).unwrap();
        assert!(!through_descriptors(&link));
    }
}
