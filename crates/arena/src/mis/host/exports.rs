//! The judge's own look at a module file, before any of the module's code runs: is it a
//! shared library, and does it define `poczatek` and `ruch_bolka`?
//!
//! The module host reports load failures too, but its words cannot be trusted: the module's
//! constructors run inside the host before it writes them, and may write anything on the
//! host's pipes. So the one-line errors that stop a judge before its first test come from
//! here, and whatever the host says afterwards is treated as the module's doing (a verdict).

use crate::mis::MisError;
use object::{Object, ObjectKind, ObjectSymbol};
use std::io::Read;
use std::path::Path;

/// The largest module file read (its zero-initialised data takes no room in the file).
pub const MAX_MODULE_BYTES: u64 = 256 << 20;

/// The task's two functions, which a module must define and export.
const FUNCTIONS: [&str; 2] = ["poczatek", "ruch_bolka"];

/// Checks that `library` is a shared library that defines both of the task's functions.
///
/// A file reached through a symbolic link is read with the rights the runner gives such a
/// file ([`link_reader`](duel_sandbox::link_reader): the link owner's), never as root, so a
/// planted link cannot make the judge look into a file its submitter may not read.
pub fn check_exports(library: &Path) -> Result<(), MisError> {
    let shown = library.display();
    let data = match duel_sandbox::link_reader(library) {
        Some((uid, gid)) => {
            duel_sandbox::read_as(library, uid, gid, MAX_MODULE_BYTES).map_err(|error| {
                MisError::Module(format!(
                    "cannot read module {shown} through its symbolic link with the link \
                     owner's rights: {error}"
                ))
            })?
        }
        None => read_module(library)?,
    };
    if data.len() as u64 > MAX_MODULE_BYTES {
        return Err(MisError::Module(format!(
            "cannot load module {shown}: larger than {} MB",
            MAX_MODULE_BYTES >> 20
        )));
    }
    let not_a_library = |why: &str| MisError::Module(format!("cannot load module {shown}: {why}"));
    let object = object::File::parse(&*data).map_err(|error| match header_name(library) {
        Some(name) => MisError::Module(format!(
            "{shown} is the header {name}, not a module: give the module's source (mis.c, \
             mis.cpp or the unit mis.pas), which is built with it, or the shared library built \
             from that source"
        )),
        None => not_a_library(&format!("not a shared library ({error})")),
    })?;
    if object.kind() != ObjectKind::Dynamic {
        return Err(not_a_library(
            "not a shared library (build it with -shared -fPIC)",
        ));
    }
    if let Some(name) = undefined_function(&object) {
        return Err(MisError::Unexported(format!(
            "module {shown} does not export `{name}` (a C++ module needs extern \"C\": see mis.h)"
        )));
    }
    match driver_name(&object) {
        Some(name) => Err(MisError::DriverName(format!(
            "module {shown} defines `{name}`, which the task's driver defines: it would not \
             link with the driver (a module has no main; see mis.h)"
        ))),
        None => Ok(()),
    }
}

/// The names every driver of the task defines with external linkage (the rules of play,
/// `crates/protocol/RULES.md`, M3): the C and C++ drivers define `main` alone; a Pascal
/// program defines `main` and `PASCALMAIN`, which a Pascal unit can only take by naming them
/// with `public name`.
const DRIVER_NAMES: [&str; 2] = ["main", "PASCALMAIN"];

/// The first of the [`DRIVER_NAMES`] that `object` defines and exports.
fn driver_name(object: &object::File) -> Option<&'static str> {
    DRIVER_NAMES.into_iter().find(|name| {
        object.dynamic_symbols().any(|symbol| {
            symbol.is_definition() && symbol.is_global() && symbol.name() == Ok(*name)
        })
    })
}

/// The file name of `library` when it names a C or C++ header (`mis.h`, `x.hpp`...).
fn header_name(library: &Path) -> Option<String> {
    let name = library.file_name()?.to_str()?;
    let (_, extension) = name.rsplit_once('.')?;
    let headers = ["h", "hh", "hpp", "hxx", "h++"];
    headers
        .contains(&extension.to_ascii_lowercase().as_str())
        .then(|| name.to_owned())
}

/// Reads at most [`MAX_MODULE_BYTES`] + 1 bytes of `library` with the judge's own rights.
fn read_module(library: &Path) -> Result<Vec<u8>, MisError> {
    let shown = library.display();
    let file = std::fs::File::open(library).map_err(|error| match error.kind() {
        std::io::ErrorKind::NotFound => MisError::Module(format!("no such module: {shown}")),
        _ => MisError::Module(format!("cannot read module {shown}: {error}")),
    })?;
    let mut data = Vec::new();
    file.take(MAX_MODULE_BYTES + 1)
        .read_to_end(&mut data)
        .map_err(|error| MisError::Module(format!("cannot read module {shown}: {error}")))?;
    Ok(data)
}

/// The first of the task's functions that `object` does not define and export.
fn undefined_function(object: &object::File) -> Option<&'static str> {
    FUNCTIONS.into_iter().find(|name| {
        !object.dynamic_symbols().any(|symbol| {
            symbol.is_definition() && symbol.is_global() && symbol.name() == Ok(*name)
        })
    })
}

/// For a library the judge has just built: the first of the task's functions it does not
/// export (`None` when both are there, or when the file cannot be parsed: the load says why).
pub(crate) fn unexported_function(library: &Path) -> Option<&'static str> {
    let data = std::fs::read(library).ok()?;
    let object = object::File::parse(&*data).ok()?;
    undefined_function(&object)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_file_and_a_text_file_are_named() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("libnone.so");
        let message = check_exports(&missing).unwrap_err().to_string();
        assert!(message.contains("no such module"), "{message}");
        let text = dir.path().join("libtext.so");
        std::fs::write(&text, "hello").unwrap();
        let message = check_exports(&text).unwrap_err().to_string();
        assert!(message.contains("cannot load module"), "{message}");
    }

    #[test]
    fn a_header_is_named_as_a_header() {
        let dir = tempfile::tempdir().unwrap();
        let header = dir.path().join("mis.h");
        std::fs::write(&header, duel_mis_abi::MIS_H).unwrap();
        let message = check_exports(&header).unwrap_err().to_string();
        assert!(
            message.contains("is the header mis.h, not a module: give the module's source"),
            "{message}"
        );
        assert!(
            !message.contains('\n') && !message.contains("file magic"),
            "{message}"
        );
    }

    #[test]
    fn an_executable_is_not_a_module() {
        // The test binary itself: an ELF file, but no library of the task's functions.
        let me = std::env::current_exe().unwrap();
        assert!(check_exports(&me).is_err());
    }
}
