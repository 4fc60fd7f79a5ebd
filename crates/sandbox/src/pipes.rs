//! Non-blocking reads, writes and polls on the pipes to a program.

use rustix::event::{PollFd, PollFlags, Timespec};
use rustix::io::Errno;
use std::io;
use std::os::fd::AsFd;
use std::time::Duration;

pub(crate) fn set_nonblocking(fd: impl AsFd) -> io::Result<()> {
    rustix::io::ioctl_fionbio(fd, true)?;
    Ok(())
}

/// Waits at most `timeout` (at least 1 ms unless zero) for one of `fds`; returns how many are
/// ready (0 on timeout or error).
pub(crate) fn poll(fds: &mut [PollFd<'_>], timeout: Duration) -> usize {
    let millis = timeout.as_millis().max(u128::from(!timeout.is_zero()));
    let millis = millis.min(i32::MAX as u128) as i64;
    let timeout = Timespec {
        tv_sec: millis / 1000,
        tv_nsec: (millis % 1000) * 1_000_000,
    };
    rustix::event::poll(fds, Some(&timeout)).unwrap_or(0)
}

/// A poll entry waiting for `fd` to be readable.
pub(crate) fn readable(fd: &impl AsFd) -> PollFd<'_> {
    PollFd::new(fd, PollFlags::IN)
}

/// A poll entry waiting for `fd` to be writable.
pub(crate) fn writable(fd: &impl AsFd) -> PollFd<'_> {
    PollFd::new(fd, PollFlags::OUT)
}

pub(crate) enum ReadResult {
    Data(usize),
    End,
    Nothing,
}

pub(crate) fn read_fd(fd: impl AsFd, buffer: &mut [u8]) -> ReadResult {
    loop {
        match rustix::io::read(&fd, &mut *buffer) {
            Ok(0) => return ReadResult::End,
            Ok(n) => return ReadResult::Data(n),
            Err(Errno::INTR) => continue,
            Err(Errno::AGAIN) => return ReadResult::Nothing,
            // Any other error on our own pipe: treat the stream as ended.
            Err(_) => return ReadResult::End,
        }
    }
}

pub(crate) enum WriteResult {
    Wrote(usize),
    Full,
    Closed,
}

pub(crate) fn write_fd(fd: impl AsFd, data: &[u8]) -> WriteResult {
    loop {
        match rustix::io::write(&fd, data) {
            Ok(n) => return WriteResult::Wrote(n),
            Err(Errno::AGAIN) => return WriteResult::Full,
            Err(Errno::INTR) => continue,
            // EPIPE and anything else: the program will not read any more.
            Err(_) => return WriteResult::Closed,
        }
    }
}
