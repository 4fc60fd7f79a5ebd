//! Embeds the Windows build of the `ioiwari2` tool when `DUEL_IOIWARI2_EXE` names it (as
//! `.ci/dist` does for a release), so that `duel kit ioiwari` writes `ioiwari2.exe` beside
//! `ioiwari2` wherever duel runs. Without the variable nothing is embedded, and the kit looks
//! for `ioiwari2.exe` beside the running duel instead (see `windows_ioiwari2`).

use std::path::PathBuf;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(duel_embedded_ioiwari2_exe)");
    println!("cargo:rerun-if-env-changed=DUEL_IOIWARI2_EXE");
    let Some(path) = std::env::var_os("DUEL_IOIWARI2_EXE").filter(|path| !path.is_empty()) else {
        return;
    };
    let path = PathBuf::from(path);
    println!("cargo:rerun-if-changed={}", path.display());
    let bytes = std::fs::read(&path).unwrap_or_else(|error| {
        panic!(
            "DUEL_IOIWARI2_EXE names {}, which cannot be read: {error}",
            path.display()
        )
    });
    assert!(
        bytes.starts_with(b"MZ"),
        "DUEL_IOIWARI2_EXE names {}, which is not a Windows program",
        path.display()
    );
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out_dir.join("ioiwari2.exe"), bytes).expect("OUT_DIR is writable");
    println!("cargo:rustc-cfg=duel_embedded_ioiwari2_exe");
}
