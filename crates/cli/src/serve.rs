//! `duel serve`: the local web page and its JSON API (see the `duel-web` crate).

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use duel_web::{App, Server};

/// Arguments of `duel serve`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  duel serve               # then open http://127.0.0.1:8080/\n  duel serve --port 9000\n  duel serve --port 0      # any free port; the first line printed names it\n  duel ioiwari judge --player ./a.out --report r.json && duel serve --report r.json\n  duel serve --report logs/test-01.moves # a game's record of moves, kept by --logs\n  duel ioiwari variants --pits 13 --save tables/n13.bin && duel serve --tables tables\n\nThe text logs (test-01.out) are for people; the viewer replays the record of moves beside\neach (test-01.moves), which holds every move of the game: naming the log opens that record.\n\nThe page's Viewer tab shows the reports and records given here, and opens others from disk."
)]
pub struct ServeArgs {
    /// Port on 127.0.0.1 to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// A judge report (`--report` of `duel ... judge`) or a game's record of moves (`--logs`
    /// keeps `test-NN.moves` beside each `test-NN.out`) to open in the
    /// viewer; may be given several times.
    #[arg(long = "report", value_name = "FILE")]
    pub reports: Vec<std::path::PathBuf>,
    /// A directory of tables saved by `duel ioiwari variants --save`: the Variants tab and the
    /// variant API answer those variants from them, whatever their size (each file is read in
    /// place and checked at start; every file in DIR must be such a table). A file changed,
    /// truncated, replaced or removed while the server runs is never answered from: its
    /// requests get 503 naming it (the other tables serve on) until the server is started again.
    #[arg(long, value_name = "DIR")]
    pub tables: Option<std::path::PathBuf>,
}

/// Largest report or record read (a 2·10^7-stick game's record is at most 26 MB).
const MAX_REPORT_BYTES: u64 = 256 * 1024 * 1024;

/// The bytes of a file, at most [`MAX_REPORT_BYTES`] of them.
fn read_bounded(path: &std::path::Path) -> anyhow::Result<Vec<u8>> {
    use std::io::Read;
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(MAX_REPORT_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {}", path.display()))?;
    if bytes.len() as u64 > MAX_REPORT_BYTES {
        anyhow::bail!("{} is larger than {MAX_REPORT_BYTES} bytes", path.display());
    }
    Ok(bytes)
}

/// Opens `path` in the viewer: a report, or a record of moves. A `--logs` text log is for
/// people: the record of moves beside it (`test-NN.moves`) is opened in its place.
fn open(app: &App, path: &std::path::Path) -> anyhow::Result<()> {
    let beside = path.with_extension("moves");
    let path = if path.extension().is_some_and(|ext| ext == "out") && beside.is_file() {
        beside
    } else {
        path.to_path_buf()
    };
    let bytes = read_bounded(&path)?;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    );
    let record = bytes.starts_with(&duel_ioiwari::record::MAGIC)
        || bytes.starts_with(&duel_mis::record::MAGIC);
    let opened = if record {
        app.open_record(&name, bytes)
    } else {
        let text = String::from_utf8(bytes).map_err(|_| {
            anyhow::anyhow!("{}: neither a JSON report nor a record", path.display())
        })?;
        app.open(&name, &text)
    };
    opened.map(drop).map_err(anyhow::Error::from)
}

/// Solves the games, binds 127.0.0.1 and serves until interrupted.
///
/// The first line on standard output is `listening on http://127.0.0.1:PORT/`, printed once
/// the tables are solved and the port is bound, so scripts can wait for it.
pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    // Saved tables are checked first: a bad --tables is refused before anything is solved.
    let saved = match &args.tables {
        Some(dir) => duel_web::tables::SavedTables::open(dir)?,
        None => duel_web::tables::SavedTables::default(),
    };
    let app = App::new().with_saved_tables(saved);
    for path in &args.reports {
        open(&app, path)?;
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
