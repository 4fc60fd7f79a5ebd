//! No output silently replaces another: the files named on the command line (`--report`,
//! `--csv`, `--csv-tests`, `--logs`) are checked against each other and against what the run
//! reads (the test file, the submissions) before the first test, and a clash is refused
//! naming both.

use anyhow::bail;
use duel_sandbox::untrusted::escape_path;
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};

/// A file named on the command line: its flag (`--report`) and its path.
#[derive(Debug, Clone, Copy)]
pub struct Named<'a> {
    /// The flag, or what the file is ("the test file", "the submission").
    pub what: &'a str,
    /// The path as the user gave it (compared after resolving, shown as given).
    pub path: &'a Path,
}

/// The places `path` stands for: where its name lies (its directory resolved, its own name
/// kept: an output replaces a link there rather than follow it) and what it leads to, when it
/// is read (`read`) or is a FIFO (which an output is written through). `None` for a character
/// device (`/dev/null`, a terminal, `/dev/stdout`), which any number of outputs may share.
fn places(path: &Path, read: bool) -> Option<Vec<PathBuf>> {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut places = Vec::new();
    if let (Some(parent), Some(name)) = (absolute.parent(), absolute.file_name()) {
        let parent = parent
            .canonicalize()
            .unwrap_or_else(|_| parent.to_path_buf());
        places.push(parent.join(name));
    } else {
        places.push(absolute.clone());
    }
    if let Ok(meta) = std::fs::metadata(&absolute) {
        if meta.file_type().is_char_device() {
            return None;
        }
        if read || meta.file_type().is_fifo() {
            if let Ok(target) = absolute.canonicalize() {
                places.push(target);
            }
        }
    }
    Some(places)
}

/// Refuses, before anything is judged or written (exit status 2):
///
/// - two of `outputs` naming the same file;
/// - an output inside the `--logs` directory `logs` (a report at a log's name would be
///   listed as a log and removed by the next run), or the directory itself;
/// - an output that is one of the files the run reads (`read`);
/// - a `--logs` directory `logs` that names one of the files the run reads.
pub fn refuse_clashes(
    outputs: &[Named],
    logs: Option<&Path>,
    read: &[Named],
) -> anyhow::Result<()> {
    if let Some(logs) = logs {
        let dir = places(logs, true).unwrap_or_default();
        for input in read {
            if places(input.path, true).is_some_and(|places| places.iter().any(|p| dir.contains(p)))
            {
                bail!(
                    "--logs {} is {} {}, which the run reads: name a directory for the logs",
                    escape_path(logs),
                    input.what,
                    escape_path(input.path)
                );
            }
        }
    }
    let placed: Vec<(Named, Vec<PathBuf>)> = outputs
        .iter()
        .filter_map(|named| places(named.path, false).map(|places| (*named, places)))
        .collect();
    let same = |a: &[PathBuf], b: &[PathBuf]| a.iter().any(|place| b.contains(place));
    for (at, (first, first_places)) in placed.iter().enumerate() {
        for (second, second_places) in &placed[at + 1..] {
            if same(first_places, second_places) {
                bail!(
                    "{} {} and {} {} name the same file: one would replace the other",
                    first.what,
                    escape_path(first.path),
                    second.what,
                    escape_path(second.path)
                );
            }
        }
        if let Some(logs) = logs {
            let dir = places(logs, true).unwrap_or_default();
            if first_places
                .iter()
                .any(|place| dir.iter().any(|dir| place.starts_with(dir)))
            {
                bail!(
                    "{} {} lies in --logs {}, whose files the judge writes and the next run \
                     removes: name a file outside it",
                    first.what,
                    escape_path(first.path),
                    escape_path(logs)
                );
            }
        }
        for input in read {
            let Some(input_places) = places(input.path, true) else {
                continue;
            };
            if same(first_places, &input_places) {
                bail!(
                    "{} {} is {} {}, which the run reads: name another file",
                    first.what,
                    escape_path(first.path),
                    input.what,
                    escape_path(input.path)
                );
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named<'a>(what: &'a str, path: &'a Path) -> Named<'a> {
        Named { what, path }
    }

    #[test]
    fn the_same_file_by_two_names_is_a_clash_and_dev_null_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let report = dir.path().join("r.json");
        let sub = dir.path().join("sub");
        std::fs::create_dir(&sub).unwrap();
        let roundabout = sub.join("../r.json");
        let error = refuse_clashes(
            &[named("--report", &report), named("--csv", &roundabout)],
            None,
            &[],
        )
        .unwrap_err()
        .to_string();
        assert!(
            error.contains("--report") && error.contains("--csv"),
            "{error}"
        );
        let null = Path::new("/dev/null");
        refuse_clashes(&[named("--report", null), named("--csv", null)], None, &[]).unwrap();
        refuse_clashes(
            &[
                named("--report", &report),
                named("--csv", &sub.join("r.csv")),
            ],
            Some(&dir.path().join("logs")),
            &[],
        )
        .unwrap();
    }
}
