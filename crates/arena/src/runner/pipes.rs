//! Non-blocking reads, writes and polls on the pipes to a program.

use std::io;
use std::os::fd::RawFd;
use std::time::Duration;

pub(crate) fn set_nonblocking(fd: RawFd) -> io::Result<()> {
    // SAFETY: fcntl on an fd we own, with integer arguments only.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

pub(crate) fn pollfd(fd: RawFd, events: libc::c_short) -> libc::pollfd {
    libc::pollfd {
        fd,
        events,
        revents: 0,
    }
}

/// Waits at most `timeout` (at least 1 ms unless zero) for one of `fds`; returns how many are
/// ready (0 on timeout or error).
pub(crate) fn poll(fds: &mut [libc::pollfd], timeout: Duration) -> usize {
    let millis = timeout.as_millis().max(u128::from(!timeout.is_zero()));
    // SAFETY: `fds` is a valid array of `fds.len()` pollfd structures.
    let ready = unsafe {
        libc::poll(
            fds.as_mut_ptr(),
            fds.len() as libc::nfds_t,
            millis.min(i32::MAX as u128) as libc::c_int,
        )
    };
    ready.max(0) as usize
}

pub(crate) enum ReadResult {
    Data(usize),
    End,
    Nothing,
}

pub(crate) fn read_fd(fd: RawFd, buffer: &mut [u8]) -> ReadResult {
    loop {
        // SAFETY: `buffer` is valid for `buffer.len()` bytes; fd is our open, non-blocking pipe.
        let n = unsafe { libc::read(fd, buffer.as_mut_ptr().cast(), buffer.len()) };
        if n > 0 {
            return ReadResult::Data(n as usize);
        }
        if n == 0 {
            return ReadResult::End;
        }
        match io::Error::last_os_error().raw_os_error() {
            Some(libc::EINTR) => continue,
            Some(libc::EAGAIN) => return ReadResult::Nothing,
            // Any other error on our own pipe: treat the stream as ended.
            _ => return ReadResult::End,
        }
    }
}

pub(crate) enum WriteResult {
    Wrote(usize),
    Full,
    Closed,
}

pub(crate) fn write_fd(fd: RawFd, data: &[u8]) -> WriteResult {
    loop {
        // SAFETY: `data` is a valid buffer of `data.len()` bytes; fd is our open pipe.
        let n = unsafe { libc::write(fd, data.as_ptr().cast(), data.len()) };
        if n >= 0 {
            return WriteResult::Wrote(n as usize);
        }
        match io::Error::last_os_error().raw_os_error() {
            Some(libc::EAGAIN) => return WriteResult::Full,
            Some(libc::EINTR) => continue,
            // EPIPE and anything else: the program will not read any more.
            _ => return WriteResult::Closed,
        }
    }
}
