//! What several of these tests share.

use duel_sandbox::{ProgramCommand, Sandbox};
use duel_test_support::skip;

/// The system's python running `script` (one under root's home would not be reachable by a
/// box user).
pub fn python(script: &str) -> ProgramCommand {
    let python = if std::path::Path::new("/usr/bin/python3").exists() {
        "/usr/bin/python3"
    } else {
        "python3"
    };
    ProgramCommand::Argv(vec![python.into(), "-c".into(), script.into()])
}

/// The sandboxes a submission may run in here: `Sandbox::None` (what `--sandbox none`
/// means) and bubblewrap where it works.
pub fn sandboxes() -> Vec<Sandbox> {
    let mut sandboxes = vec![Sandbox::None];
    if skip::unless(
        Sandbox::Auto.uses_bwrap(),
        "bubblewrap does not work here: its case is left out",
        ".ci/setup installs bubblewrap; it needs user namespaces or root",
    ) {
        sandboxes.push(Sandbox::Bwrap);
    }
    sandboxes
}
