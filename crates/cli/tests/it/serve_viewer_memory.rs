//! `duel serve`'s viewer holds bounded memory whatever is uploaded to it: sixteen documents
//! with 15 MB names leave the server's resident memory, as the kernel counts it, under
//! 100 MB, and never took it there (a viewer that kept the names whole held some 700 MB; one
//! that read each body whole before clipping its name, 61 to 185 MB: the server now clips a
//! name while the body arrives, and holds about 20 MB).

use crate::support::serve::Server;

/// The resident memory limit the issue sets for the server, in KiB.
const LIMIT_KB: u64 = 100 << 10;

/// A field (in KiB) of `/proc/PID/status`, as the kernel reports it.
fn status_kb(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|line| line.strip_prefix(field))
        .and_then(|rest| rest.trim().strip_suffix("kB"))
        .and_then(|number| number.trim().parse().ok())
        .unwrap_or_else(|| panic!("no {field} in {status}"))
}

#[test]
fn sixteen_documents_with_15_mb_names_leave_the_server_under_100_mb() {
    let server = Server::start(&[]);
    let name = "n".repeat(15 << 20);
    let report = serde_json::json!({
        "game": "ioiwari", "player": "a.out", "score": 0.0, "planned": 1,
        "interrupted": false, "tests": []
    });
    for _ in 0..16 {
        let body = serde_json::json!({ "name": name, "text": report.to_string() }).to_string();
        let (status, answer) = server.request("POST", "/api/viewer/open", Some(&body));
        assert_eq!(
            status,
            200,
            "{}",
            String::from_utf8_lossy(&answer[..answer.len().min(300)])
        );
    }
    let (resident, peak) = (
        status_kb(server.pid(), "VmRSS:"),
        status_kb(server.pid(), "VmHWM:"),
    );
    eprintln!("resident {resident} KiB, peak {peak} KiB");
    assert!(
        resident < LIMIT_KB,
        "the server holds {resident} KiB after the uploads (peak {peak} KiB)"
    );
    assert!(
        peak < LIMIT_KB,
        "the server held {peak} KiB at its peak (holds {resident} KiB now)"
    );
    let (status, answer) = server.request("GET", "/api/viewer", None);
    assert_eq!(status, 200);
    assert!(answer.len() < 1 << 20, "the list is {} bytes", answer.len());
}
