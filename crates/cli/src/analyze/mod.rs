//! `duel ioiwari analyze`, `duel ioiwari table` and `duel mis analyze`: what the solvers know,
//! as text for people or (`--json`) as the documents of `crates/web/API.md`.

pub mod ioiwari;
pub mod mis;
pub mod table;

use std::io::Write;

/// Prints `doc` as pretty JSON followed by a newline.
pub(crate) fn print_json(doc: &impl serde::Serialize) -> anyhow::Result<()> {
    let mut text = serde_json::to_string_pretty(doc)?;
    text.push('\n');
    print_text(&text)
}

/// Prints `text` to standard output. A reader that stops early (`| head`) is not an error:
/// the rest is simply not wanted.
pub(crate) fn print_text(text: &str) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        result => Ok(result?),
    }
}

/// `+2`, `0`, `-3`.
pub(crate) fn signed(value: impl Into<i64>) -> String {
    let value = value.into();
    if value > 0 {
        format!("+{value}")
    } else {
        value.to_string()
    }
}

/// `win by 2`, `draw`, `loss by 3`.
pub(crate) fn margin_words(margin: impl Into<i64>) -> String {
    match margin.into() {
        m if m > 0 => format!("win by {m}"),
        m if m < 0 => format!("loss by {}", -m),
        _ => "draw".to_string(),
    }
}
