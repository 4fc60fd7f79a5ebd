//! Waiting for the program, charged to the wall clock, in one of two ways.
//!
//! - **Blocking**, for the next line of a program that is running and quiet on stderr: a plain
//!   `read` of stdout, as cheap as a pipe ping-pong gets. The [`Ticker`](super::Ticker)'s
//!   signal interrupts it every [`TICK`]; the checks a poll's timeout would run then run
//!   (CPU, memory, exit, stderr drained, cancellation). Close to the wall-clock limit, after
//!   the program's exit (something it started may hold the pipes) and while it writes to
//!   stderr, the judge polls instead.
//! - **Polling**: one poll of its pipes and pidfd at a time, and the non-blocking reads that
//!   follow it.

use super::{ticker, Process, Ticker, STDERR_TAIL_BYTES, TICK};
use crate::pipes::{self, ReadResult};
use crate::{wait, Halt};
use rustix::io::Errno;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The most stdout bytes one blocking read takes (a move's answer is a few bytes).
const BLOCKING_CHUNK: usize = 512;

/// The most stderr reads one drain makes, so that a program flooding stderr cannot keep the
/// judge there.
const STDERR_READS: usize = 16;

impl Process {
    /// Whether the judge was asked to stop (its cancel flag is set).
    pub(super) fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|cancel| cancel.load(Ordering::Relaxed))
    }

    /// Whether the next wait for output may be a blocking read (see the module's
    /// documentation); starts this thread's ticker when it has none.
    pub(super) fn blocking_wait_possible(&mut self) -> bool {
        if self.discard_output || self.raw_output || self.exited || !self.stderr_quiet {
            return false;
        }
        // A blocked read notices the wall-clock limit only at a tick: keep a margin of ticks.
        let remaining = self.limits.wall_time.saturating_sub(self.waited);
        if remaining < 3 * TICK {
            return false;
        }
        if self.ticker.as_ref().is_some_and(Ticker::on_this_thread) {
            return true;
        }
        if self.no_ticker {
            return false;
        }
        // None yet, or one for the thread that used this process before.
        self.ticker = None;
        self.ticker = Ticker::start(TICK);
        self.no_ticker = self.ticker.is_none();
        self.seen_ticks = ticker::ticks();
        self.ticker.is_some()
    }

    /// One blocking read of stdout, or the periodic checks when a tick has come since they
    /// last ran. A tick ends a blocked read; the caller comes back for the next step.
    pub(super) fn wait_blocking(&mut self) -> Result<(), Halt> {
        if self.cancelled() {
            return Err(Halt::Cancelled);
        }
        let ticks = ticker::ticks();
        if ticks != self.seen_ticks {
            self.seen_ticks = ticks;
            self.check_progress()?;
            self.stderr_quiet = !self.read_stderr();
            return Ok(());
        }
        let Some(fd) = self.stdout.as_ref() else {
            return Ok(());
        };
        if !self.stdout_blocking {
            if rustix::io::ioctl_fionbio(fd, false).is_err() {
                // Never seen on a pipe; then the judge polls, for good.
                self.ticker = None;
                self.no_ticker = true;
                return Ok(());
            }
            self.stdout_blocking = true;
        }
        let mut chunk = [0u8; BLOCKING_CHUNK];
        let room = self.lines.room().min(chunk.len());
        let started = Instant::now();
        let read = rustix::io::read(fd, &mut chunk[..room]);
        self.waited += started.elapsed();
        match read {
            Ok(0) => self.stdout = None,
            Ok(n) => self.lines.extend(&chunk[..n]),
            // A tick (or another signal): the next step runs the checks.
            Err(Errno::INTR | Errno::AGAIN) => {}
            // Any other error on our own pipe: treat the stream as ended.
            Err(_) => self.stdout = None,
        }
        Ok(())
    }

    /// Puts stdout back in non-blocking mode, for the reads that follow a poll or none.
    pub(super) fn leave_blocking(&mut self) {
        if !self.stdout_blocking {
            return;
        }
        self.stdout_blocking = false;
        if let Some(fd) = self.stdout.as_ref() {
            if pipes::set_nonblocking(fd).is_err() {
                // A blocking stdout could hang a later read: treat the stream as ended.
                self.stdout = None;
            }
        }
    }

    /// Stops the ticker (the conversation is over, or no longer by lines) and leaves
    /// blocking mode.
    pub(super) fn stop_ticker(&mut self) {
        self.ticker = None;
        self.leave_blocking();
    }

    /// Waits until the direct child has exited, discarding its output meanwhile.
    pub(super) fn wait_for_exit(&mut self) -> Result<(), Halt> {
        self.stop_ticker();
        self.release_first();
        self.discard_output = true;
        loop {
            if self.exited || self.reaped.is_some() {
                return Ok(());
            }
            if !self.read_stdout() {
                self.wait_step(false)?;
            }
        }
    }

    /// One wait of at most [`TICK`] for output (or room to write), charged to the wall clock,
    /// followed by the periodic checks.
    pub(super) fn wait_step(&mut self, want_write: bool) -> Result<(), Halt> {
        if self.cancelled() {
            return Err(Halt::Cancelled);
        }
        let remaining = self.limits.wall_time.saturating_sub(self.waited);
        if remaining.is_zero() {
            return Err(self.wall_limit_fault(want_write).into());
        }
        let timeout = if self.exited {
            Duration::ZERO
        } else {
            remaining.min(TICK)
        };
        let stdout_wanted = self.discard_output || self.lines.room() > 0;
        let (ready, stdout_ready) = self.poll_once(timeout, stdout_wanted, want_write);
        if stdout_ready {
            self.read_stdout();
        }
        if self.exited && ready == 0 {
            // The program is gone but something it started still holds the pipes open:
            // nothing more is coming.
            self.stdout = None;
            self.stdin = None;
        }
        if ready == 0 || self.last_sample.elapsed() >= TICK {
            self.check_progress()?;
        }
        Ok(())
    }

    /// One poll of the program's pipes (stdout when `stdout_wanted`, stderr, stdin when
    /// `want_write`), of its pidfd and, under bubblewrap, of its first process's (see
    /// `first`'s `FirstProcess::end_watch`), at most `timeout`, charged to the wall clock: stderr
    /// is drained and the exit noticed. How many were ready, and whether stdout was.
    pub(super) fn poll_once(
        &mut self,
        timeout: Duration,
        stdout_wanted: bool,
        want_write: bool,
    ) -> (usize, bool) {
        // The entries in this order, each there only when waited for.
        let entries = [
            self.stdout
                .as_ref()
                .filter(|_| stdout_wanted)
                .map(pipes::readable),
            self.stderr.as_ref().map(pipes::readable),
            self.stdin
                .as_ref()
                .filter(|_| want_write)
                .map(pipes::writable),
            self.pidfd
                .as_ref()
                .filter(|_| !self.exited)
                .map(pipes::readable),
            self.first.end_watch().map(pipes::readable),
        ];
        let waited_for = entries.each_ref().map(Option::is_some);
        let mut fds: Vec<_> = entries.into_iter().flatten().collect();
        let started = Instant::now();
        let ready = pipes::poll(&mut fds, timeout);
        self.waited += started.elapsed();
        let mut revents = fds.iter().map(|fd| !fd.revents().is_empty());
        let [stdout_ready, stderr_ready, _, pidfd_ready, first_ended] =
            waited_for.map(|waited| waited && revents.next().unwrap_or(false));
        drop(fds);
        if first_ended {
            self.first.end_seen();
        }
        if stderr_ready {
            self.read_stderr();
        }
        // A wait that found stderr empty lets the next one block again.
        self.stderr_quiet = !stderr_ready;
        if pidfd_ready {
            self.exited = wait::has_exited(self.pid);
        }
        (ready, stdout_ready)
    }

    /// Reads what stdout has now, without waiting. Returns whether anything was read (or the
    /// end of the stream was reached).
    pub(super) fn read_stdout(&mut self) -> bool {
        let Some(fd) = self.stdout.as_ref() else {
            return false;
        };
        if self.raw_output && !self.discard_output {
            // The caller reads it (read_bytes).
            return false;
        }
        let mut chunk = [0u8; 4096];
        let room = if self.discard_output {
            chunk.len()
        } else {
            self.lines.room().min(chunk.len())
        };
        if room == 0 {
            return false;
        }
        match pipes::read_fd(fd, &mut chunk[..room]) {
            ReadResult::Data(n) => {
                if !self.discard_output {
                    self.lines.extend(&chunk[..n]);
                }
                true
            }
            ReadResult::End => {
                self.stdout = None;
                true
            }
            ReadResult::Nothing => false,
        }
    }

    /// Drains what stderr has now into the bounded tail; says whether anything was read.
    pub(super) fn read_stderr(&mut self) -> bool {
        let Some(fd) = self.stderr.as_ref() else {
            return false;
        };
        let mut chunk = [0u8; 4096];
        for reads in 0..STDERR_READS {
            match pipes::read_fd(fd, &mut chunk) {
                ReadResult::Data(n) => {
                    self.stderr_tail.extend_from_slice(&chunk[..n]);
                    let excess = self.stderr_tail.len().saturating_sub(STDERR_TAIL_BYTES);
                    self.stderr_tail.drain(..excess);
                }
                ReadResult::End => {
                    self.stderr = None;
                    return reads > 0;
                }
                ReadResult::Nothing => return reads > 0,
            }
        }
        true
    }
}
