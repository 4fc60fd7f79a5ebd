//! What the kernel keeps for a whole login reaches neither a submission's compiler nor its
//! program, under the default isolation and `--sandbox none` alike: a judge started in a
//! login's session, whose keyring holds the organiser's key, shows none of it.

use crate::support::hostile::{one_board, read_report};
use duel_test_support::{duel, skip, work_dir};

/// The two isolations a contest uses: the default (bubblewrap where it works) and none.
const MODES: [&str; 2] = ["auto", "none"];

/// The key calls the login's set-up needs, in this test's thread (the thread that starts
/// the judge, which inherits its keyrings).
mod keys {
    #![allow(unsafe_code)]

    const KEYCTL_JOIN_SESSION_KEYRING: libc::c_long = 1;
    const KEYCTL_LINK: libc::c_long = 8;
    const SESSION: libc::c_long = -3;
    const USER: libc::c_long = -4;

    /// System call `nr` with five arguments: its result.
    ///
    /// # Safety
    /// Every pointer among `args` points to memory that lives through the call and holds
    /// what the call reads there (these calls only read).
    unsafe fn call(nr: libc::c_long, args: [libc::c_long; 5]) -> libc::c_long {
        // SAFETY: the caller's promise.
        unsafe { libc::syscall(nr, args[0], args[1], args[2], args[3], args[4]) }
    }

    /// Makes this thread's session keyring a new one named `duel-login`, with the user
    /// keyring linked in (as `pam_keyinit` makes a login's) and a `user` key `name` holding
    /// `payload` in it; false where the kernel has no keyrings.
    pub fn login_with(name: &std::ffi::CStr, payload: &[u8]) -> bool {
        let ring = c"duel-login".as_ptr() as libc::c_long;
        // SAFETY: the keyring's name is a NUL-terminated string.
        if unsafe {
            call(
                libc::SYS_keyctl,
                [KEYCTL_JOIN_SESSION_KEYRING, ring, 0, 0, 0],
            )
        } < 0
        {
            return false;
        }
        // SAFETY: integers only.
        let linked = unsafe { call(libc::SYS_keyctl, [KEYCTL_LINK, USER, SESSION, 0, 0]) };
        assert!(linked >= 0, "link @u into @s");
        let (kind, name) = (
            c"user".as_ptr() as libc::c_long,
            name.as_ptr() as libc::c_long,
        );
        let (bytes, len) = (
            payload.as_ptr() as libc::c_long,
            payload.len() as libc::c_long,
        );
        // SAFETY: the type and name are NUL-terminated strings, the payload a live slice of
        // the length passed.
        let key = unsafe { call(libc::SYS_add_key, [kind, name, bytes, len, SESSION]) };
        assert!(key > 0, "add the key");
        true
    }
}

#[test]
fn a_compiler_sees_none_of_a_login_sessions_keys() {
    // The name is unique to this test: `/proc/keys` shows every key its reader may view.
    let name = format!("organiser{}", std::process::id());
    let c_name = std::ffi::CString::new(name.clone()).unwrap();
    if !skip::unless(
        keys::login_with(&c_name, b"the-organisers-secret"),
        "this kernel has no keyrings",
        "a kernel built with CONFIG_KEYS, as CI's is",
    ) || !skip::unless(
        std::fs::read_to_string("/proc/keys").is_ok_and(|keys| keys.contains(&name)),
        "/proc/keys does not show this session's keys here",
        "a kernel with /proc/keys (CONFIG_KEYS), as CI's has",
    ) {
        return;
    }
    for mode in MODES {
        let dir = work_dir!();
        // Rust's compiler reads a file into the program as it is, to its end (a C compiler
        // takes a file in /proc, whose size is 0, for empty): the program exits with 7 when
        // the list of keys its compiler could view held the organiser's.
        let source = dir.path().join("keys.rs");
        std::fs::write(
            &source,
            format!(
                "fn main() {{\n    let keys = include_str!(\"/proc/keys\");\n    \
                 if keys.contains(\"{name}\") {{ std::process::exit(7) }}\n}}\n"
            ),
        )
        .unwrap();
        let report = dir.path().join("report.json");
        let output = duel!()
            .args(["ioiwari", "judge", "--sandbox", mode, "--player"])
            .arg(&source)
            .args(["--tests", &one_board(dir.path())])
            .arg("--report")
            .arg(&report)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        if output.status.code() == Some(2) && stderr.contains("rustc") {
            // No Rust compiler a box user may run here (rustup's under /root, without
            // bubblewrap), or none at all. Under `none` that is CI's own machine (Rust
            // through rustup, as root): one of the exceptions of the skipping policy.
            let what = format!("{mode}: no Rust compiler a submission may use here");
            let how =
                "rustc where a box user may run it, in /usr/bin rather than rustup's under /root";
            if mode == "none" {
                skip::exempt(&what, how);
            } else {
                skip::skip(&what, how);
            }
            continue;
        }
        let test = &read_report(&report)["tests"][0];
        // It compiled, ran, found no key, and wrote no move.
        assert_eq!(test["verdict"], "early_exit", "{mode}: {test}\n{stderr}");
    }
}
