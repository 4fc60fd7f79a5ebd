//! What the commands needing no isolation take from elsewhere, on every system: the note on a
//! player's first mistake (`duel-ioiwari`), and the file writer: the judge's link-safe one where
//! the `judge` feature brings it, else (the Windows build) a plain write-then-rename.

#[cfg(feature = "judge")]
pub use duel_arena::report::{write_atomically, write_atomically_with};
pub use duel_ioiwari::mistake::forward_reason;

/// Replaces `path` with what `write` writes: a new file beside it, renamed over it (which
/// replaces the old file on Windows too).
#[cfg(not(feature = "judge"))]
pub fn write_atomically_with(
    path: &std::path::Path,
    write: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a file path"))?;
    let temporary = path.with_file_name(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let written = std::fs::File::create(&temporary)
        .and_then(|mut file| write(&mut file).and_then(|()| file.sync_all()))
        .and_then(|()| std::fs::rename(&temporary, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// [`write_atomically_with`] of `bytes`.
#[cfg(not(feature = "judge"))]
pub fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomically_with(path, |file| std::io::Write::write_all(file, bytes))
}
