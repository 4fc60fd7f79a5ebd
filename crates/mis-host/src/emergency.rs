//! The host's last words: when the module crashes, aborts or calls `exit`, the moves not yet
//! sent still reach the judge, so its report names the move at which the module died.
//!
//! The pending batch is published (pointer and length) after every move; a handler for the
//! fatal signals, on its own stack, and an `atexit` hook write it out as a `C` frame (the
//! judge replays it like an `M` frame but forgives it being garbled, and reads nothing after
//! it) with plain `write(2)` calls, which are async-signal-safe. Nothing here can make the
//! judge believe a false result: it replays every move it receives.

use duel_mis_wire::frame::{FRAME_HEAD_BYTES, TAG_LAST_MOVES};
use std::os::fd::RawFd;
use std::sync::atomic::{AtomicI32, AtomicPtr, AtomicUsize, Ordering};

static FD: AtomicI32 = AtomicI32::new(-1);
static PENDING: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
static PENDING_LEN: AtomicUsize = AtomicUsize::new(0);

const FATAL_SIGNALS: [libc::c_int; 6] = [
    libc::SIGSEGV,
    libc::SIGBUS,
    libc::SIGFPE,
    libc::SIGILL,
    libc::SIGABRT,
    libc::SIGXCPU,
];

/// Sets up the handlers; pending moves will be written to `fd`.
pub(crate) fn arm(fd: RawFd) {
    FD.store(fd, Ordering::Relaxed);
    // The alternate stack lives as long as the process: a crash may come from a blown stack.
    let stack: &'static mut [u8] = Box::leak(vec![0u8; 1 << 16].into_boxed_slice());
    // SAFETY: the structs are fully initialised, the stack is valid and never freed, and the
    // handlers only use async-signal-safe calls.
    unsafe {
        let alt = libc::stack_t {
            ss_sp: stack.as_mut_ptr().cast(),
            ss_flags: 0,
            ss_size: stack.len(),
        };
        libc::sigaltstack(&alt, std::ptr::null_mut());
        for signal in FATAL_SIGNALS {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction =
                on_fatal_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            action.sa_flags = libc::SA_ONSTACK | libc::SA_RESETHAND;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
        libc::atexit(on_exit);
    }
}

/// The batch being built: `bytes` is a whole `M` frame.
pub(crate) fn publish(bytes: &[u8]) {
    PENDING.store(bytes.as_ptr().cast_mut(), Ordering::Relaxed);
    PENDING_LEN.store(bytes.len(), Ordering::Relaxed);
}

/// The batch was sent normally: nothing is pending, so a crash before the next [`publish`]
/// writes no `C` frame.
pub(crate) fn clear() {
    PENDING_LEN.store(0, Ordering::Relaxed);
}

fn write_pending() {
    let fd = FD.load(Ordering::Relaxed);
    let len = PENDING_LEN.swap(0, Ordering::Relaxed);
    let start = PENDING.load(Ordering::Relaxed);
    if fd < 0 || len <= FRAME_HEAD_BYTES || start.is_null() {
        return;
    }
    // SAFETY: `start..start + len` is the published batch buffer, which is never freed while
    // published (it is cleared before being reused); write(2) is async-signal-safe.
    unsafe {
        write_all(fd, &TAG_LAST_MOVES, 1);
        write_all(fd, start.add(1), len - 1);
    }
}

unsafe fn write_all(fd: RawFd, mut data: *const u8, mut len: usize) {
    while len > 0 {
        // SAFETY: the caller passes a valid buffer.
        let n = unsafe { libc::write(fd, data.cast(), len) };
        if n <= 0 {
            return;
        }
        len -= n as usize;
        // SAFETY: stays within the buffer.
        data = unsafe { data.add(n as usize) };
    }
}

extern "C" fn on_fatal_signal(signal: libc::c_int) {
    write_pending();
    // SA_RESETHAND restored the default action: die of the same signal, for the judge to see.
    // SAFETY: raise is async-signal-safe.
    unsafe {
        libc::raise(signal);
    }
}

extern "C" fn on_exit() {
    write_pending();
}
