//! The host's side: load the module, play Bolek (the module) against Lolek in this process,
//! and stream the moves out in batches.

use crate::batch::Batch;
use duel_mis::{lolek, Move, Position};
use duel_mis_wire::frame::{self, TAG_END, TAG_ERROR, TAG_READY};
use duel_mis_wire::HostRequest;
use libloading::{Library, Symbol};
use std::ffi::c_int;
use std::io::{self, Write};
use std::path::PathBuf;

type Poczatek = unsafe extern "C" fn(c_int, c_int, c_int);
type RuchBolka = unsafe extern "C" fn(c_int, c_int, *mut c_int, *mut c_int);

/// Runs the host: writes the header, loads the module (an `E` frame if that fails), then
/// plays the requested game, writing every move, and the `Z` frame. Returns write errors only (a judge that went
/// away); everything the module does wrong is left for the judge to find in the moves. The
/// module is never unloaded.
///
/// # Safety of the module
/// Loading and calling the module runs arbitrary native code in this process. That is the
/// point of the host: it is a separate, limited process, so whatever the module does (crash,
/// hang, scribble over memory) cannot harm the judge, which trusts nothing it reads from here.
pub fn serve(request: &HostRequest, out: &mut dyn Write) -> io::Result<()> {
    out.write_all(&frame::header(resident_kb()))?;
    out.flush()?;
    let library = match load(request) {
        Ok(library) => library,
        Err(error) => {
            out.write_all(&frame::frame(TAG_ERROR, error.to_string().as_bytes()))?;
            return out.flush();
        }
    };
    let symbols = resolve(&library, request);
    let (poczatek, ruch_bolka) = match symbols {
        Ok(symbols) => symbols,
        Err(error) => {
            out.write_all(&frame::frame(TAG_ERROR, error.to_string().as_bytes()))?;
            return out.flush();
        }
    };
    out.write_all(&frame::frame(TAG_READY, b""))?;
    out.flush()?;
    if let Some((start, kind)) = request.game {
        play(start, kind, *poczatek, *ruch_bolka, out)?;
    }
    // The module stays loaded for the life of the process: a thread it started may still be
    // running its code, which unloading would pull from under it (a crash after the game).
    std::mem::forget(library);
    out.write_all(&frame::frame(TAG_END, b""))?;
    out.flush()
}

/// Why the module cannot be played: the message of the host's `E` frame.
#[derive(Debug, thiserror::Error)]
enum LoadError {
    /// Nothing is at the path.
    #[error("no such module: {}", .0.display())]
    Missing(PathBuf),
    /// The system's loader refused it.
    #[error("cannot load module {}: {}", .library.display(), one_line(&.source.to_string()))]
    Refused {
        /// The module.
        library: PathBuf,
        /// What the loader said.
        source: libloading::Error,
    },
    /// It does not export one of the task's functions.
    #[error(
        "module {} does not export `{function}` (C++ needs extern \"C\", see mis.h)",
        .library.display()
    )]
    Unexported {
        /// The module.
        library: PathBuf,
        /// The function it lacks.
        function: &'static str,
    },
}

fn load(request: &HostRequest) -> Result<Library, LoadError> {
    if !request.library.exists() {
        return Err(LoadError::Missing(request.library.clone()));
    }
    // SAFETY: see `serve`: running the module's code is what this process is for.
    unsafe { Library::new(&request.library) }.map_err(|source| LoadError::Refused {
        library: request.library.clone(),
        source,
    })
}

fn resolve<'lib>(
    library: &'lib Library,
    request: &HostRequest,
) -> Result<(Symbol<'lib, Poczatek>, Symbol<'lib, RuchBolka>), LoadError> {
    let missing = |function: &'static str| LoadError::Unexported {
        library: request.library.clone(),
        function,
    };
    // SAFETY: the types are the task's prototypes; a module that defines them otherwise
    // breaks only this process.
    let poczatek =
        unsafe { library.get::<Poczatek>(b"poczatek\0") }.map_err(|_| missing("poczatek"))?;
    // SAFETY: as for `poczatek`.
    let ruch_bolka =
        unsafe { library.get::<RuchBolka>(b"ruch_bolka\0") }.map_err(|_| missing("ruch_bolka"))?;
    Ok((poczatek, ruch_bolka))
}

fn play(
    start: Position,
    kind: duel_mis::LolekKind,
    poczatek: Poczatek,
    ruch_bolka: RuchBolka,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut lolek = lolek(kind);
    let mut batch = Batch::new();
    // Every pile is at most 10^7: it fits.
    let as_int = |n: u32| n as c_int;
    // SAFETY: as in `serve`.
    unsafe { poczatek(as_int(start.p()), as_int(start.e()), as_int(start.bound())) };
    let mut position = start;
    loop {
        let (mut take_p, mut take_e): (c_int, c_int) = (0, 0);
        // SAFETY: as in `serve`; the pointers are to live locals.
        unsafe {
            ruch_bolka(
                as_int(position.p()),
                as_int(position.e()),
                &mut take_p,
                &mut take_e,
            )
        };
        if batch.push(take_p, take_e) {
            batch.flush_to(out)?;
        }
        let taken = match (u32::try_from(take_p), u32::try_from(take_e)) {
            (Ok(take_p), Ok(take_e)) => Move { take_p, take_e },
            _ => break, // negative: illegal, the judge will say so
        };
        match position.play(taken) {
            Ok(after) if !after.is_over() => position = after,
            _ => break, // illegal or the last stick: the game is over
        }
        let reply = lolek.choose(&position);
        let Ok(after) = position.play(reply) else {
            break; // cannot happen; the judge would notice the game stopping short
        };
        // Lolek's piles are at most 10^7: they fit.
        if batch.push(reply.take_p as c_int, reply.take_e as c_int) {
            batch.flush_to(out)?;
        }
        if after.is_over() {
            break;
        }
        position = after;
    }
    batch.flush_to(out)
}

/// This process's resident memory in kB, from /proc (0 if unreadable).
fn resident_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
