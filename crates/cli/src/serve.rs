//! `duel serve`: the local web page and its JSON API (see the `duel-web` crate).

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use duel_web::{App, Server};

/// Arguments of `duel serve`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  duel serve               # then open http://127.0.0.1:8080/\n  duel serve --port 9000\n  duel serve --port 0      # any free port; the first line printed names it\n  duel ioiwari judge --player ./a.out --report r.json && duel serve --report r.json\n  duel serve --report logs/test-01.out   # a --logs file, replayed the same way\n\nA Pooh-Eeyore-sticks log whose game was too long to list in full has the record of every move\nbeside it (test-01.moves): it is read too, so every move of the game can be shown.\n\nThe page's Viewer tab shows the reports and logs given here, and opens others from disk."
)]
pub struct ServeArgs {
    /// Port on 127.0.0.1 to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// A judge report (`--report` of `duel ... judge`) or a `--logs` file to open in the
    /// viewer; may be given several times.
    #[arg(long = "report", value_name = "FILE")]
    pub reports: Vec<std::path::PathBuf>,
}

/// Largest report or log file read.
const MAX_REPORT_BYTES: u64 = 256 * 1024 * 1024;

/// Largest move record read (a 2·10^7-stick game's is at most 26 MB).
const MAX_RECORD_BYTES: u64 = 64 * 1024 * 1024;

/// The bytes of a move record, at most [`MAX_RECORD_BYTES`] of them.
fn read_bounded(path: &std::path::Path) -> anyhow::Result<Vec<u8>> {
    use std::io::Read;
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {}", path.display()))?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        anyhow::bail!("{} is larger than {MAX_RECORD_BYTES} bytes", path.display());
    }
    Ok(bytes)
}

/// Solves the games, binds 127.0.0.1 and serves until interrupted.
///
/// The first line on standard output is `listening on http://127.0.0.1:PORT/`, printed once
/// the tables are solved and the port is bound, so scripts can wait for it.
pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let app = App::new();
    for path in &args.reports {
        let size = std::fs::metadata(path)
            .with_context(|| format!("cannot read {}", path.display()))?
            .len();
        if size > MAX_REPORT_BYTES {
            anyhow::bail!("{} is larger than {MAX_REPORT_BYTES} bytes", path.display());
        }
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |name| name.to_string_lossy().into_owned(),
        );
        let record = path.with_extension("moves");
        let moves = (path.extension().is_some_and(|ext| ext == "out") && record.is_file())
            .then(|| read_bounded(&record))
            .transpose()?;
        app.open_with_moves(&name, &text, moves)
            .map_err(anyhow::Error::msg)?;
    }
    let server = Server::bind(args.port, app).with_context(|| {
        format!(
            "cannot listen on 127.0.0.1:{}; choose another port with --port",
            args.port
        )
    })?;
    let banner = format!(
        "listening on {}\nthe page and its JSON API (GET /api lists it); stop with Ctrl-C\n",
        server.url()
    );
    // Whoever started us may stop reading once it has the address: serve on regardless.
    let mut stdout = std::io::stdout();
    let _ = stdout
        .write_all(banner.as_bytes())
        .and_then(|()| stdout.flush());
    server.run().context("the server stopped")?;
    Ok(ExitCode::SUCCESS)
}
