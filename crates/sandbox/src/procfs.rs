//! Reading `/proc` to find, measure and kill a program's whole process tree.

use std::time::Duration;

/// The fields of `/proc/<pid>/stat` the judge uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ProcStat {
    pub pid: i32,
    pub ppid: i32,
    pub pgrp: i32,
    pub session: i32,
    /// utime + stime + cutime + cstime, in clock ticks: the process and its reaped children.
    pub cpu_ticks: u64,
    pub vsize_bytes: u64,
    pub rss_pages: u64,
    /// Dead but not yet reaped: it cannot be killed and uses no CPU any more.
    pub zombie: bool,
}

/// Parses one `/proc/<pid>/stat` line. The command name may hold spaces and parentheses, so
/// the fields are counted from the last `)`.
pub(crate) fn parse_stat(text: &str) -> Option<ProcStat> {
    let open = text.find('(')?;
    let close = text.rfind(')')?;
    let pid = text[..open].trim().parse().ok()?;
    // Fields after the name, numbered from 0: state is field 3 of stat(5), so field n is [n - 3].
    let fields: Vec<&str> = text.get(close + 1..)?.split_whitespace().collect();
    let field = |n: usize| fields.get(n - 3).and_then(|f| f.parse::<i64>().ok());
    let ticks = |n: usize| field(n).map(|t| t.max(0) as u64);
    Some(ProcStat {
        pid,
        ppid: field(4)? as i32,
        pgrp: field(5)? as i32,
        session: field(6)? as i32,
        // Saturating: four fields near i64::MAX must not overflow the sum.
        cpu_ticks: [ticks(14)?, ticks(15)?, ticks(16)?, ticks(17)?]
            .into_iter()
            .fold(0u64, u64::saturating_add),
        vsize_bytes: field(23)?.max(0) as u64,
        rss_pages: field(24)?.max(0) as u64,
        zombie: matches!(fields.first(), Some(&"Z") | Some(&"X")),
    })
}

/// The kernel's per-task flag set when a task begins to exit (`include/linux/sched.h`).
const PF_EXITING: i64 = 0x4;

/// Whether the process whose `/proc/<pid>/stat` line is `text` is ending: dead, or its last
/// thread has begun to exit (`PF_EXITING`), which nothing stops once begun. A main thread
/// that ends alone while other threads go on is not an ending process. `None`: no stat line.
pub(crate) fn ending(text: &str) -> Option<bool> {
    let close = text.rfind(')')?;
    let fields: Vec<&str> = text.get(close + 1..)?.split_whitespace().collect();
    let field = |n: usize| fields.get(n - 3).and_then(|f| f.parse::<i64>().ok());
    let dead = matches!(fields.first(), Some(&"Z") | Some(&"X"));
    let exiting = field(9)? & PF_EXITING != 0;
    Some((dead || exiting) && field(20)? <= 1)
}

/// Every process currently visible in `/proc`.
pub(crate) fn all_processes() -> Vec<ProcStat> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter(|entry| {
            entry
                .file_name()
                .as_encoded_bytes()
                .iter()
                .all(u8::is_ascii_digit)
        })
        .filter_map(|entry| read_stat(&entry.path().join("stat")))
        .collect()
}

/// The stat line of process `pid`, parsed, with whether it is [`ending`], if it exists (one
/// read, so both describe the same moment).
pub(crate) fn stat_and_ending_of(pid: i32) -> Option<(ProcStat, bool)> {
    let text = read_stat_text(std::path::Path::new(&format!("/proc/{pid}/stat")))?;
    Some((parse_stat(&text)?, ending(&text)?))
}

/// The judge's own stat line (`/proc/self`, which names the caller whatever its pid).
pub(crate) fn own_stat() -> Option<ProcStat> {
    read_stat(std::path::Path::new("/proc/self/stat"))
}

/// One open and one read: a stat line is far below 1 KiB... unless the name is odd, so a
/// larger buffer is used; a truncated line fails to parse and the process is skipped.
fn read_stat(path: &std::path::Path) -> Option<ProcStat> {
    parse_stat(&read_stat_text(path)?)
}

/// The stat line at `path`, read in one read of at most 2 KiB.
fn read_stat_text(path: &std::path::Path) -> Option<String> {
    use std::io::Read;
    let mut buffer = [0u8; 2048];
    let mut file = std::fs::File::open(path).ok()?;
    let n = file.read(&mut buffer).ok()?;
    String::from_utf8(buffer[..n].to_vec()).ok()
}

/// The processes that belong to the run started as `root` (its pid, process group and session):
/// members of its process group or session, and live descendants of `root` (which covers
/// children that left the session, e.g. under bubblewrap's `--new-session`).
pub(crate) fn members(root: i32, all: &[ProcStat]) -> Vec<ProcStat> {
    let mut inside: Vec<ProcStat> = all
        .iter()
        .filter(|p| p.pid == root || p.pgrp == root || p.session == root)
        .copied()
        .collect();
    // Grow by parent links until nothing new joins; trees are shallow, this is quick.
    loop {
        let before = inside.len();
        for process in all {
            let is_child = inside.iter().any(|parent| parent.pid == process.ppid);
            if is_child && !inside.iter().any(|p| p.pid == process.pid) {
                inside.push(*process);
            }
        }
        if inside.len() == before {
            return inside;
        }
    }
}

/// One measurement of a run's process tree.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct TreeSample {
    pub processes: usize,
    pub cpu: Duration,
    pub rss_bytes: u64,
    pub max_vsize_bytes: u64,
}

/// Measures a run's processes (see [`members`]) as they are now.
pub(crate) fn summarize(members: &[ProcStat]) -> TreeSample {
    let ticks: u64 = members.iter().map(|p| p.cpu_ticks).sum();
    let pages: u64 = members.iter().map(|p| p.rss_pages).sum();
    TreeSample {
        processes: members.len(),
        cpu: ticks_to_duration(ticks),
        rss_bytes: pages.saturating_mul(page_size()),
        max_vsize_bytes: members.iter().map(|p| p.vsize_bytes).max().unwrap_or(0),
    }
}

/// The number `/proc/<pid>/syscall` gives `clock_nanosleep` on this architecture (the call
/// C's `sleep`, `usleep` and `nanosleep`, Python's `time.sleep` and Rust's `thread::sleep`
/// make through glibc); `None` where it is not known here.
const CLOCK_NANOSLEEP: Option<&str> = if cfg!(target_arch = "x86_64") {
    Some("230")
} else if cfg!(target_arch = "aarch64") {
    Some("115")
} else {
    None
};

/// Whether process `pid` is waiting in `clock_nanosleep` now, as its `/proc/<pid>/syscall`
/// says (the call's number first while it is blocked in one; `running` while it runs).
/// `false` when the file cannot be read (the process is gone, or the kernel has no such file).
pub(crate) fn in_clock_nanosleep(pid: i32) -> bool {
    let Some(number) = CLOCK_NANOSLEEP else {
        return false;
    };
    read_stat_text(std::path::Path::new(&format!("/proc/{pid}/syscall")))
        .is_some_and(|text| text.split_whitespace().next() == Some(number))
}

/// The anonymous resident memory of process `pid` (its own pages: heap, stack, what it
/// touched; not the files it maps, which the page cache shares), from `/proc/<pid>/statm`
/// (resident less shared). `None`: it is gone.
pub(crate) fn anonymous_bytes(pid: i32) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/statm")).ok()?;
    let mut fields = text
        .split_whitespace()
        .skip(1)
        .map(|f| f.parse::<u64>().ok());
    let (resident, shared) = (fields.next()??, fields.next()??);
    Some(resident.saturating_sub(shared).saturating_mul(page_size()))
}

fn ticks_to_duration(ticks: u64) -> Duration {
    let per_second = rustix::param::clock_ticks_per_second().max(1);
    Duration::from_nanos(ticks.saturating_mul(1_000_000_000) / per_second)
}

fn page_size() -> u64 {
    rustix::param::page_size() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stat(pid: i32, ppid: i32, pgrp: i32, session: i32) -> ProcStat {
        ProcStat {
            pid,
            ppid,
            pgrp,
            session,
            cpu_ticks: 1,
            vsize_bytes: 0,
            rss_pages: 0,
            zombie: false,
        }
    }

    #[test]
    fn parses_names_with_spaces_and_parentheses() {
        let line = "4242 (evil) (x y) S 10 4242 4242 0 -1 4194560 1 2 3 4 7 8 9 10 20 0 1 0 \
                    123 5000000 300 18446744073709551615";
        let parsed = parse_stat(line).unwrap();
        assert_eq!(
            (parsed.pid, parsed.ppid, parsed.pgrp, parsed.session),
            (4242, 10, 4242, 4242)
        );
        assert_eq!(parsed.cpu_ticks, 7 + 8 + 9 + 10);
        assert_eq!((parsed.vsize_bytes, parsed.rss_pages), (5_000_000, 300));
        assert!(!parsed.zombie);
        assert_eq!(ending(line), Some(false));
    }

    #[test]
    fn a_process_is_ending_once_its_last_thread_exits() {
        // Fields 3 (state), 9 (flags) and 20 (threads) matter.
        let line = |state: char, flags: i64, threads: i64| {
            let mut fields = [0i64; 22];
            fields[9 - 4] = flags;
            fields[20 - 4] = threads;
            stat_line(7, "a) b", state, &fields)
        };
        assert_eq!(ending(&line('R', 0, 1)), Some(false));
        assert_eq!(ending(&line('R', PF_EXITING, 1)), Some(true));
        assert_eq!(ending(&line('Z', 0, 1)), Some(true));
        // The main thread left, another goes on.
        assert_eq!(ending(&line('Z', PF_EXITING, 2)), Some(false));
        assert_eq!(ending("7 (a) R"), None);
    }

    #[test]
    fn own_stat_is_this_process_and_its_session_is_the_kernels() {
        let own = own_stat().unwrap();
        assert_eq!(own.pid, rustix::process::getpid().as_raw_pid());
        assert_eq!(own.ppid, std::os::unix::process::parent_id() as i32);
        // Where the session's leader is visible, /proc and getsid agree (elsewhere getsid gives
        // 0, which rustix refuses to return, and /proc gives 0 too).
        if own.session != 0 {
            let session = rustix::process::getsid(None).unwrap().as_raw_pid();
            assert_eq!(own.session, session);
        }
    }

    /// A stat line as the kernel writes it: fields 1 to 25 (pid, comm, state, ppid, pgrp,
    /// session, ..., utime, stime, cutime, cstime, ..., vsize, rss), then a few more.
    fn stat_line(pid: i32, comm: &str, state: char, fields: &[i64; 22]) -> String {
        let rest: Vec<String> = fields.iter().map(i64::to_string).collect();
        format!("{pid} ({comm}) {state} {} 0 0", rest.join(" "))
    }

    proptest::proptest! {
        #![proptest_config(duel_test_support::properties::config(256))]

        #[test]
        fn any_bytes_parse_or_are_refused_without_panicking(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..600),
        ) {
            let _ = parse_stat(&String::from_utf8_lossy(&bytes));
        }

        #[test]
        fn any_command_name_and_any_numbers_parse_to_their_fields(
            pid in 1i32..=i32::MAX,
            comm in "\\PC{0,32}",
            state in proptest::sample::select(vec!['R', 'S', 'D', 'Z', 'X', 'T']),
            fields in proptest::array::uniform22(proptest::prelude::any::<i64>()),
        ) {
            let parsed = parse_stat(&stat_line(pid, &comm, state, &fields));
            // Fields from 4 (ppid) on are fields[n - 4].
            let field = |n: usize| fields[n - 4];
            let ticks = (14..=17).fold(0u64, |sum, n| sum.saturating_add(field(n).max(0) as u64));
            proptest::prop_assert_eq!(
                parsed,
                Some(ProcStat {
                    pid,
                    ppid: field(4) as i32,
                    pgrp: field(5) as i32,
                    session: field(6) as i32,
                    cpu_ticks: ticks,
                    vsize_bytes: field(23).max(0) as u64,
                    rss_pages: field(24).max(0) as u64,
                    zombie: matches!(state, 'Z' | 'X'),
                })
            );
        }
    }

    #[test]
    fn members_follow_group_session_and_parent_links() {
        let all = [
            stat(1, 0, 1, 1),
            stat(100, 1, 100, 100),   // the root
            stat(101, 100, 100, 100), // a child
            stat(102, 101, 102, 102), // a grandchild that called setsid
            stat(103, 1, 103, 100),   // orphan that called setpgid
            stat(104, 1, 100, 100),   // orphan in the group
            stat(200, 1, 200, 200),   // unrelated
            stat(201, 200, 200, 200), // unrelated child
        ];
        let mut pids: Vec<i32> = members(100, &all).iter().map(|p| p.pid).collect();
        pids.sort();
        assert_eq!(pids, [100, 101, 102, 103, 104]);
    }

    #[test]
    fn the_current_process_is_measurable() {
        let me = std::process::id() as i32;
        let sample = summarize(
            &all_processes()
                .into_iter()
                .filter(|p| p.pid == me)
                .collect::<Vec<_>>(),
        );
        assert_eq!(sample.processes, 1);
        assert!(sample.rss_bytes > 0);
    }
}
