//! What contestants download with the task, wherever the system can attach files: the kit's
//! skeletons (duel's contestant kit, `duel_kit`), for Pooh-Eeyore-sticks `mis.h` and the
//! `graj` drivers, and for Ioiwari a testing tool (`testing_tool.py`, Python 3 only) that plays
//! the optimal player 2 against the contestant's program and logs the game in the
//! `ioiwari.out` format.

use crate::Task;

/// The files contestants download for `task`, by file name (the names are distinct, so
/// systems that keep attachments in one flat list, like CMS, take them as they are).
pub fn files(task: Task) -> Vec<(String, Vec<u8>)> {
    let kit = match task {
        Task::Ioiwari => duel_kit::ioiwari_kit(),
        Task::Mis => duel_kit::mis_kit(),
    };
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    for file in kit {
        let name = file
            .path
            .rsplit('/')
            .next()
            .unwrap_or(&file.path)
            .to_owned();
        // The skeletons and drivers; the kit's README speaks of its own layout, its
        // STATEMENT.md is the package's own statement again, and the boards are the tests
        // themselves.
        let wanted = !matches!(name.as_str(), "README.md" | "STATEMENT.md")
            && !file.path.contains("/tests/");
        if wanted && !files.iter().any(|(known, _)| *known == name) {
            files.push((name, file.contents));
        }
    }
    if task == Task::Ioiwari {
        files.push((
            "testing_tool.py".to_owned(),
            include_str!("../templates/ioiwari/testing_tool.py")
                .as_bytes()
                .to_vec(),
        ));
    }
    files
}

/// Adds the attachments of `task` under `dir/` in `package`.
pub(crate) fn add(package: &mut crate::Package, task: Task, dir: &str) {
    for (name, contents) in files(task) {
        package.add_bytes(&format!("{dir}/{name}"), contents);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ioiwari_gets_the_four_skeletons_and_the_testing_tool() {
        let names: Vec<String> = files(Task::Ioiwari).into_iter().map(|(n, _)| n).collect();
        assert_eq!(
            names,
            [
                "player.c",
                "player.cpp",
                "player.pas",
                "player.py",
                "testing_tool.py"
            ]
        );
    }

    #[test]
    fn mis_gets_the_header_the_skeletons_and_the_drivers_once_each() {
        let mut names: Vec<String> = files(Task::Mis).into_iter().map(|(n, _)| n).collect();
        names.sort();
        assert_eq!(
            names,
            ["graj.c", "graj.cpp", "graj.pas", "mis.c", "mis.cpp", "mis.h", "mis.pas"]
        );
    }
}
