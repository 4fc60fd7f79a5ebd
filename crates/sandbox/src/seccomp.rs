//! The system-call filter of submissions: no sockets, no io_uring, no new user namespaces,
//! no kernel state shared with the machine.
//!
//! Under bubblewrap it takes the place of a network namespace of its own (which costs a
//! submission about a millisecond to make and tear down at every start): a program that
//! cannot make a socket cannot reach any network, the loopback and abstract Unix sockets
//! included. `socketpair` stays allowed: it connects a program only to itself. io_uring is
//! refused because it could make sockets past the filter. Making a user namespace is refused
//! because inside one a program holds every capability there, a wide door into the kernel.
//!
//! Refused too, because each reaches state the kernel shares with the whole machine or with
//! other processes, and no supported language (C, C++, Pascal, Python, Rust, Go, their
//! compilers) needs it: the key calls (`add_key`, `keyctl`, `request_key`: the keyrings of
//! the session, the user and the persistent one outlive a run and may hold the organiser's
//! keys), `io_setup` (the machine's whole pool of asynchronous I/O events), `perf_event_open`,
//! `memfd_secret`, `pidfd_open`, `kcmp` and `ptrace`. Go's runtime and the `go` tool try
//! `pidfd_open` and fall back to plain process calls when it fails with `ENOSYS`.
//!
//! Every refused call fails with `ENOSYS`, as a kernel without it would: `clone3` must fail so
//! for the C library to fall back to `clone`, which the filter then checks. The filter is
//! compiled by seccompiler for the machine's own architecture (x86_64, aarch64); a program of
//! another architecture (a 32-bit one on x86_64) is killed at its first system call. On other
//! architectures there is no filter, and bubblewrap makes a network namespace instead.

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch,
};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The filter, compiled once; `None` on an architecture it is not made for.
pub(crate) fn program() -> Option<&'static BpfProgram> {
    static PROGRAM: OnceLock<Option<BpfProgram>> = OnceLock::new();
    PROGRAM.get_or_init(compile).as_ref()
}

/// The filter as bubblewrap's `--seccomp` reads it: the instructions' bytes, in the machine's
/// order.
pub(crate) fn program_bytes() -> Option<&'static [u8]> {
    static BYTES: OnceLock<Option<Vec<u8>>> = OnceLock::new();
    BYTES
        .get_or_init(|| {
            program().map(|program| {
                program
                    .iter()
                    .flat_map(|instruction| {
                        let mut bytes = Vec::with_capacity(8);
                        bytes.extend(instruction.code.to_ne_bytes());
                        bytes.push(instruction.jt);
                        bytes.push(instruction.jf);
                        bytes.extend(instruction.k.to_ne_bytes());
                        bytes
                    })
                    .collect()
            })
        })
        .as_deref()
}

#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
fn compile() -> Option<BpfProgram> {
    #[cfg(target_arch = "x86_64")]
    let arch = TargetArch::x86_64;
    #[cfg(target_arch = "aarch64")]
    let arch = TargetArch::aarch64;
    let refused_always = [
        libc::SYS_socket,
        libc::SYS_io_uring_setup,
        libc::SYS_io_uring_enter,
        libc::SYS_io_uring_register,
        libc::SYS_clone3,
        libc::SYS_add_key,
        libc::SYS_keyctl,
        libc::SYS_request_key,
        libc::SYS_io_setup,
        libc::SYS_perf_event_open,
        libc::SYS_memfd_secret,
        libc::SYS_pidfd_open,
        libc::SYS_kcmp,
        libc::SYS_ptrace,
    ];
    let new_user_namespace = SeccompRule::new(vec![SeccompCondition::new(
        0,
        SeccompCmpArgLen::Qword,
        SeccompCmpOp::MaskedEq(libc::CLONE_NEWUSER as u64),
        libc::CLONE_NEWUSER as u64,
    )
    .ok()?])
    .ok()?;
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    for call in refused_always {
        rules.insert(call, Vec::new());
    }
    for call in [libc::SYS_unshare, libc::SYS_clone] {
        rules.insert(call, vec![new_user_namespace.clone()]);
    }
    // The x32 ABI's numbers for the same calls (x86_64's architecture tag, bit 30 set), for
    // kernels built with it.
    #[cfg(target_arch = "x86_64")]
    for call in refused_always
        .into_iter()
        .chain([libc::SYS_unshare, libc::SYS_clone])
    {
        rules.insert(call | 0x4000_0000, Vec::new());
    }
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::ENOSYS as u32),
        arch,
    )
    .ok()?;
    filter.try_into().ok()
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
fn compile() -> Option<BpfProgram> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filter_compiles_here_and_its_bytes_are_its_instructions() {
        let program = program().expect("x86_64 and aarch64 have the filter");
        assert!(
            program.len() > 10 && program.len() < 200,
            "{}",
            program.len()
        );
        assert_eq!(program_bytes().unwrap().len(), program.len() * 8);
    }
}
