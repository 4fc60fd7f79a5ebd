//! Pooh-Eeyore-sticks' C interface as files, owned here and nowhere else: the header `mis.h`
//! that declares the task's `poczatek` and `ruch_bolka`, the drivers `graj` of the task's kit
//! rewritten in C, C++ and Pascal, and the Pascal unit `mis.pas` through which the Pascal driver
//! links the C library. `duel-mis-ffi` implements the header; the contestants' kits
//! (`duel-kit`) and the contest-system packages (`duel-export`) ship these files; C compilers
//! read them from [`include_dir`] and [`drivers_dir`].
//!
//! This crate holds data only: no code runs, nothing is linked but these strings.
//!
//! ```
//! assert!(duel_mis_abi::MIS_H.contains("void ruch_bolka(int p, int e, int *bp, int *be);"));
//! assert!(duel_mis_abi::include_dir().join("mis.h").is_file());
//! assert!(duel_mis_abi::GRAJ_C.contains("#include \"mis.h\""));
//! ```

use std::path::Path;

/// `include/mis.h`: the task's module interface.
pub const MIS_H: &str = include_str!("../include/mis.h");

/// `drivers/graj.c`: the C driver, compiled with a module and `mis.h`.
pub const GRAJ_C: &str = include_str!("../drivers/graj.c");

/// `drivers/graj.cpp`: the C++ driver.
pub const GRAJ_CPP: &str = include_str!("../drivers/graj.cpp");

/// `drivers/graj.pas`: the Pascal driver, which uses the unit `mis`.
pub const GRAJ_PAS: &str = include_str!("../drivers/graj.pas");

/// `drivers/mis.pas`: the Pascal unit that declares the C library's two functions.
pub const MIS_PAS: &str = include_str!("../drivers/mis.pas");

/// The `graj` driver of the language whose sources have the file extension `extension` (`c`,
/// `cpp`, `pas`), as `(file name, text)`: the kit's driver, which duel's judge also links a
/// module's source with, as the kit's build does, to refuse a module that no driver links
/// with (one that defines `main`; the rules of play, M3).
///
/// ```
/// let (name, text) = duel_mis_abi::graj_driver("cpp").unwrap();
/// assert_eq!((name, text), ("graj.cpp", duel_mis_abi::GRAJ_CPP));
/// assert!(duel_mis_abi::graj_driver("py").is_none());
/// ```
pub fn graj_driver(extension: &str) -> Option<(&'static str, &'static str)> {
    match extension {
        "c" => Some(("graj.c", GRAJ_C)),
        "cpp" => Some(("graj.cpp", GRAJ_CPP)),
        "pas" => Some(("graj.pas", GRAJ_PAS)),
        _ => None,
    }
}

/// The directory holding `mis.h`, for a compiler's `-I` (in the source tree this crate was
/// built from).
pub fn include_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/include"))
}

/// The directory holding the drivers and `mis.pas` (in the source tree this crate was built
/// from).
pub fn drivers_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/drivers"))
}
