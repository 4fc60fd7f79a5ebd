//! The few small pieces of the Linux-only crates (`duel-sandbox`, `duel-arena`) that the
//! commands needing no isolation use: from those crates when the `judge` feature brings them,
//! else (the Windows build) the same source files compiled here, and a plain replacement of the
//! link-safe file writer.

#[cfg(feature = "judge")]
pub use duel_arena::ioiwari::forward_reason;
#[cfg(feature = "judge")]
pub use duel_arena::report::{write_atomically, write_atomically_with};
#[cfg(feature = "judge")]
pub use duel_sandbox::untrusted::clip_line;

#[cfg(not(feature = "judge"))]
#[allow(dead_code)]
#[path = "../../sandbox/src/untrusted.rs"]
mod untrusted;
#[cfg(not(feature = "judge"))]
pub use untrusted::clip_line;

#[cfg(not(feature = "judge"))]
#[allow(dead_code)]
#[path = "../../arena/src/ioiwari/mistake.rs"]
mod mistake;
#[cfg(not(feature = "judge"))]
pub use mistake::forward_reason;

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
