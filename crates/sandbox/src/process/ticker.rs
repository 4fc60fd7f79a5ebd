//! A periodic signal to one thread, so that it can block in a plain `read` of the program's
//! output and still wake up every [`TICK`](super::TICK) for the judge's checks.
//!
//! Waiting with `poll` costs a line-protocol round trip a second system call, a timer armed
//! and disarmed in the kernel and a wait queue entry per descriptor: about a tenth of a plain
//! pipe ping-pong. A POSIX timer armed once per game instead sends [`tick_signal`] to the
//! judging thread every tick; its handler only counts, and it is installed without
//! `SA_RESTART`, so a `read` that is blocked when it arrives returns `EINTR`. The thread then
//! does what a poll's timeout did (limits, stderr, the wall clock, cancellation) and reads
//! again. A signal that arrives just before the `read` starts is not lost for long: the next
//! one comes a tick later.
//!
//! Other system calls of that thread may see `EINTR` too while the timer runs; the runner's
//! own loops retry them, and so does the standard library's I/O.

// System calls: every unsafe block says why it is sound.
#![allow(unsafe_code)]

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::Duration;

/// How many tick signals this process has received, from any thread's [`Ticker`].
static TICKS: AtomicU64 = AtomicU64::new(0);

/// How many tick signals this process has received so far. The count is shared by every
/// thread's ticker, so a change means some thread's tick came: with N judging threads a
/// thread may run its checks up to N times a tick, which costs a few cgroup reads each.
pub(super) fn ticks() -> u64 {
    TICKS.load(Ordering::Relaxed)
}

/// The real-time signal the tickers send: one the C library leaves free, away from the first
/// few, which programs that use real-time signals tend to take.
fn tick_signal() -> libc::c_int {
    libc::SIGRTMIN() + 6
}

extern "C" fn on_tick(_signal: libc::c_int) {
    // An atomic increment only: async-signal-safe.
    TICKS.fetch_add(1, Ordering::Relaxed);
}

/// Installs [`on_tick`] for [`tick_signal`] once; `false` when the signal has a disposition
/// of someone else's, which is then left alone (and no ticker is made).
fn handler_installed() -> bool {
    static INSTALLED: OnceLock<bool> = OnceLock::new();
    *INSTALLED.get_or_init(|| {
        let signal = tick_signal();
        if signal > libc::SIGRTMAX() {
            return false;
        }
        // rustix offers sigaction only as an unsafe call too; libc's is used directly.
        // SAFETY: `sigaction` is plain data (integers, a signal set, a handler address) for
        // which all zero bytes is a valid value (an empty mask, no flags, SIG_DFL).
        let mut current: libc::sigaction = unsafe { std::mem::zeroed() };
        // SAFETY: with a null new action, sigaction only writes the current disposition into
        // `current`, a valid, exclusively borrowed struct.
        let read = unsafe { libc::sigaction(signal, std::ptr::null(), &mut current) };
        if read != 0 || current.sa_sigaction != libc::SIG_DFL {
            return false;
        }
        // SAFETY: as above, all zero bytes is a valid `sigaction`.
        let mut action: libc::sigaction = unsafe { std::mem::zeroed() };
        action.sa_sigaction = on_tick as extern "C" fn(libc::c_int) as libc::sighandler_t;
        // No SA_RESTART: interrupting a blocked read is the point.
        action.sa_flags = 0;
        // SAFETY: sigaction reads the fully initialised `action` and writes nothing (null old
        // action); the handler it installs only increments an atomic.
        unsafe { libc::sigaction(signal, &action, std::ptr::null_mut()) == 0 }
    })
}

/// Whether this thread blocks [`tick_signal`] (a thread started by one that blocked it
/// inherits the mask): its ticks would never end a read, so it must poll.
fn tick_blocked_here() -> bool {
    // SAFETY: `sigset_t` is plain data; all zero bytes is a valid (empty) set.
    let mut blocked: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: with a null new set, pthread_sigmask only writes this thread's mask into
    // `blocked`, a valid, exclusively borrowed local.
    let read = unsafe { libc::pthread_sigmask(libc::SIG_BLOCK, std::ptr::null(), &mut blocked) };
    // SAFETY: sigismember reads the set just filled.
    read != 0 || unsafe { libc::sigismember(&blocked, tick_signal()) } != 0
}

/// Whether a ticker could not be made once: then none is tried again (the judge polls).
static UNAVAILABLE: AtomicBool = AtomicBool::new(false);

/// A timer sending [`tick_signal`] to the thread that made it every `period`, until dropped.
#[derive(Debug)]
pub(super) struct Ticker {
    /// The C library's timer id (an opaque handle, kept as an integer).
    timer: usize,
    /// The thread the signals go to (see [`this_thread`]).
    thread: u64,
}

/// The last number [`this_thread`] gave a thread.
static THREADS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// This thread's number from [`THREADS`] (0: none yet).
    static THREAD: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// A number of the calling thread that no other thread of the process ever gets (kept per
/// thread, as the check runs once a move). Neither a thread-local's address nor the kernel's
/// thread id would do: a thread started after another ended may get the same address or, once
/// the ids wrap around, the same id, but never the signals of the other's timer, which follow
/// the thread and not its number.
fn this_thread() -> u64 {
    THREAD.with(|thread| {
        if thread.get() == 0 {
            thread.set(THREADS.fetch_add(1, Ordering::Relaxed) + 1);
        }
        thread.get()
    })
}

impl Ticker {
    /// A ticker for this thread, or `None` when the system gives none (then wait with `poll`).
    pub(super) fn start(period: Duration) -> Option<Ticker> {
        if UNAVAILABLE.load(Ordering::Relaxed) || tick_blocked_here() {
            // (A blocked signal is this thread's business: others may still tick.)
            return None;
        }
        let ticker = Ticker::create(period);
        if ticker.is_none() {
            UNAVAILABLE.store(true, Ordering::Relaxed);
        }
        ticker
    }

    fn create(period: Duration) -> Option<Ticker> {
        if !handler_installed() {
            return None;
        }
        // SAFETY: `sigevent` is plain data (integers and a union holding one); all zero bytes
        // is a valid value.
        let mut event: libc::sigevent = unsafe { std::mem::zeroed() };
        event.sigev_notify = libc::SIGEV_THREAD_ID;
        event.sigev_signo = tick_signal();
        // The kernel keeps the thread itself, not its id, as the signals' target.
        event.sigev_notify_thread_id = rustix::thread::gettid().as_raw_nonzero().get();
        let mut timer: libc::timer_t = std::ptr::null_mut();
        // SAFETY: timer_create reads the initialised `event` and writes the new timer's id
        // into `timer`, a local; a SIGEV_THREAD_ID timer runs no code but the signal handler.
        if unsafe { libc::timer_create(libc::CLOCK_MONOTONIC, &mut event, &mut timer) } != 0 {
            return None;
        }
        let ticker = Ticker {
            timer: timer as usize,
            thread: this_thread(),
        };
        let interval = libc::timespec {
            tv_sec: period.as_secs() as libc::time_t,
            tv_nsec: period.subsec_nanos() as libc::c_long,
        };
        let spec = libc::itimerspec {
            it_interval: interval,
            it_value: interval,
        };
        // SAFETY: the timer id is the one just created (deleted only by `drop`); the call
        // reads `spec` and writes nothing (null old value).
        let armed = unsafe { libc::timer_settime(timer, 0, &spec, std::ptr::null_mut()) };
        // On failure `ticker` is dropped here, deleting the timer.
        (armed == 0).then_some(ticker)
    }

    /// Whether the signals go to the calling thread.
    pub(super) fn on_this_thread(&self) -> bool {
        self.thread == this_thread()
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        // SAFETY: the id is a timer this ticker created and nothing else deletes. A signal it
        // sent and that is still pending is delivered to its thread (counted, harmlessly).
        unsafe { libc::timer_delete(self.timer as libc::timer_t) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn a_ticker_interrupts_a_blocked_read_of_its_thread() {
        let (reader, _writer) = std::io::pipe().unwrap();
        let Some(ticker) = Ticker::start(Duration::from_millis(20)) else {
            // No POSIX timers here: the judge polls instead.
            return;
        };
        assert!(ticker.on_this_thread());
        let before = ticks();
        let started = Instant::now();
        let mut byte = [0u8; 1];
        // Nothing is ever written: only the signal can end this read.
        let read = rustix::io::read(&reader, &mut byte);
        assert_eq!(read, Err(rustix::io::Errno::INTR));
        assert!(ticks() > before);
        assert!(started.elapsed() < Duration::from_secs(10));
        drop(ticker);
    }

    #[test]
    fn a_thread_that_blocks_the_signal_gets_no_ticker() {
        let made = std::thread::spawn(|| {
            // SAFETY: plain data, filled by sigemptyset/sigaddset before use.
            let mut set: libc::sigset_t = unsafe { std::mem::zeroed() };
            // SAFETY: the calls write only the local set and this new thread's mask.
            unsafe {
                libc::sigemptyset(&mut set);
                libc::sigaddset(&mut set, tick_signal());
                libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
            }
            Ticker::start(Duration::from_millis(20)).is_some()
        });
        assert!(!made.join().unwrap());
    }

    #[test]
    fn a_ticker_belongs_to_the_thread_that_made_it() {
        let Some(ticker) = Ticker::start(Duration::from_millis(50)) else {
            return;
        };
        let elsewhere = std::thread::spawn(move || ticker.on_this_thread());
        assert!(!elsewhere.join().unwrap());
    }
}
