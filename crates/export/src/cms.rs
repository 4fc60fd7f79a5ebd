//! CMS tasks in the `italy_yaml` format (what `cmsImportTask` loads from a task directory):
//! `task.yaml`, `statement/statement.pdf` (typeset from `statement/statement.en.tex` by
//! LuaLaTeX; the Vietnamese and Polish ones beside it), `input/inputN.txt` and `output/outputN.txt`, the
//! Communication manager in `check/` (its source, and the compiled `check/manager` that
//! `duel export cms` builds) and, in `sol/`, the stubs and headers.
//!
//! - Ioiwari: a Communication task without stubs whose program talks through its standard
//!   input and output (`user_io: std_io`: CMS connects them to the FIFOs). The manager plays
//!   the optimal player 2; the outcome is 1.0 for a win, 0.5 for a draw, 0.0 otherwise.
//! - Pooh-Eeyore-sticks: a Communication task with stubs `sol/stub.c`, `sol/stub.cpp` and
//!   `sol/stub.pas` (contestants submit `mis.%l`). The stub links the module, plays duel's
//!   adversarial Lolek in the same process and streams the game through the FIFO named by its
//!   second argument; the manager replays and checks every move, as the Kattis validator does.

use crate::generated::{inline_header, ioiwari_referee, mis_lolek_header, mis_source};
use crate::kattis::{
    ioiwari_unflushed, Source, IOIWARI_EXTRA, IOIWARI_SUBMISSIONS, MIS_SUBMISSIONS,
};
use crate::statement::{self, Locale};
use crate::{Format, Package, Task};
use duel_ioiwari::Board;

/// The compiler command that builds `check/manager` from `check/manager.cpp`, run in `check/`
/// (statically linked, like CMS's own C++ builds, so that it runs in any sandbox).
pub const MANAGER_BUILD: [&str; 9] = [
    "g++",
    "-std=gnu++17",
    "-O2",
    "-pipe",
    "-static",
    "-s",
    "-o",
    "manager",
    "manager.cpp",
];

/// The CMS task of `task`.
pub(crate) fn package(task: Task) -> Package {
    match task {
        Task::Ioiwari => ioiwari(),
        Task::Mis => mis(),
    }
}

/// The `task.yaml` of a task: CMS's Sum score type over `tests` tests worth 100 in all, with
/// the tasks' limits ([`crate::TIME_LIMIT_SECONDS`], [`crate::MEMORY_LIMIT_MB`]).
fn task_yaml(name: &str, title: &str, tests: usize, user_io: &str) -> String {
    let time = crate::TIME_LIMIT_SECONDS;
    let memory = crate::MEMORY_LIMIT_MB;
    format!(
        "name: {name}\n\
         title: {title}\n\
         primary_language: en\n\
         time_limit: {time}.0\n\
         memory_limit: {memory}\n\
         n_input: {tests}\n\
         total_value: 100\n\
         score_precision: 2\n\
         token_mode: disabled\n\
         user_io: {user_io}\n"
    )
}

fn makefile(headers: &str) -> String {
    format!(
        "# Builds the manager CMS runs: `make` in this directory.\n\
         manager: manager.cpp {headers}\n\t{}\n",
        MANAGER_BUILD.join(" ")
    )
}

/// Adds the statement sources `statement/statement.LANG.tex`, whole LuaLaTeX documents with
/// the sample inside, which [`crate::build_cms_statements`] typesets into the PDFs.
fn add_statement(package: &mut Package, task: Task) {
    for language in Locale::ALL {
        let body = statement::latex(&statement::source(Format::Cms, task, language), true);
        package.add(
            &format!("statement/statement.{}.tex", language.code()),
            statement::latex_document(&body),
        );
        package.built.push(statement_pdf(language));
    }
}

/// Where [`crate::build_cms_statements`] puts the PDF of `language`: `statement/statement.pdf`
/// for English (the one CMS's loader imports), `statement/statement-LANG.pdf` for the others.
pub(crate) fn statement_pdf(language: Locale) -> String {
    match language {
        Locale::English => "statement/statement.pdf".to_owned(),
        other => format!("statement/statement-{}.pdf", other.code()),
    }
}

fn add_submissions(package: &mut Package, submissions: &[(&str, Source)]) {
    for (category, file) in submissions {
        let path = match file.name.split_once('/') {
            Some((_, name)) => format!("sol/{category}/bolek_pascal/{name}"),
            None => format!("sol/{category}/{}", file.name),
        };
        package.add(&path, file.text);
    }
}

fn ioiwari() -> Package {
    let mut package = Package::new("ioiwari");
    let boards = Board::official_positions();
    package.add(
        "task.yaml",
        task_yaml("ioiwari", "Ioiwari", boards.len(), "std_io"),
    );
    add_statement(&mut package, Task::Ioiwari);
    for (i, board) in boards.iter().enumerate() {
        package.add(&format!("input/input{i}.txt"), format!("{board}\n"));
        package.add(&format!("output/output{i}.txt"), "");
    }
    package.add(
        "check/referee.h",
        ioiwari_referee(statement::solved_table()),
    );
    package.add(
        "check/manager_io.h",
        include_str!("../templates/cms/manager_io.h"),
    );
    package.add(
        "check/manager.cpp",
        include_str!("../templates/ioiwari/cms_manager.cpp"),
    );
    package.add("check/Makefile", makefile("referee.h manager_io.h"));
    package.built.push("check/manager".to_owned());
    add_submissions(&mut package, &IOIWARI_SUBMISSIONS);
    add_submissions(&mut package, &IOIWARI_EXTRA);
    for (category, name, text) in ioiwari_unflushed() {
        package.add(&format!("sol/{category}/{name}"), text);
    }
    crate::attachments::add(&mut package, Task::Ioiwari, "att");
    let attachments = attachments_item(crate::attachments::Tools::beside_this_program());
    package.add(
        "README.md",
        crate::generated::fill(
            include_str!("../templates/cms/ioiwari.md"),
            &[("ATTACHMENTS", &attachments)],
        ),
    );
    package
}

/// The README's item on `att/`: the skeletons, and the programs to try a player with that
/// `tools` lets the package attach, wrapped as the README's lines are.
fn attachments_item(tools: &crate::attachments::Tools) -> String {
    let programs = tools.programs();
    let names: Vec<String> = programs
        .iter()
        .map(|&(name, system)| match name {
            "testing_tool.py" => format!("`{name}` ({system})"),
            _ => format!("`{name}` for {system}"),
        })
        .collect();
    let list = crate::attachments::and_list(&names);
    let (count, plural) = match programs.len() {
        3 => ("three programs", true),
        2 => ("two programs", true),
        _ => ("a program", false),
    };
    let (play, log) = if plural {
        ("play", "log")
    } else {
        ("plays", "logs")
    };
    let builds = if programs.len() > 1 {
        "the task's tool "
    } else {
        ""
    };
    let missing: Vec<String> = [
        (tools.linux.is_none(), duel_kit::IOIWARI2),
        (tools.windows.is_none(), duel_kit::IOIWARI2_EXE),
    ]
    .into_iter()
    .filter(|&(gone, _)| gone)
    .map(|(_, name)| format!("`{name}`"))
    .collect();
    let after = if missing.is_empty() {
        "`duel export` says when the duel that wrote the package lacked one of the two builds, \
         and how to get it."
            .to_owned()
    } else {
        format!(
            "The duel that wrote the package lacked {} (`duel export` said how to get {it}), \
             so neither the package nor its statements have {it}.",
            crate::attachments::and_list(&missing),
            it = if missing.len() > 1 { "them" } else { "it" },
        )
    };
    let text = format!(
        "- `att/` holds what contestants download: the skeleton players, and {count} that {play} \
         the optimal player 2 against a program and {log} the game: {builds}{list}. {after}"
    );
    wrap(&text, 95, "  ")
}

/// `text` broken into lines of at most `width` characters at spaces outside code spans (a
/// longer word keeps a line of its own), every line after the first starting with `indent`.
fn wrap(text: &str, width: usize, indent: &str) -> String {
    // The words, a code span with its spaces counting as one.
    let mut words: Vec<String> = Vec::new();
    let mut in_code = false;
    for piece in text.split(' ') {
        match words.last_mut() {
            Some(last) if in_code => {
                last.push(' ');
                last.push_str(piece);
            }
            _ => words.push(piece.to_owned()),
        }
        if piece.matches('`').count() % 2 == 1 {
            in_code = !in_code;
        }
    }
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in words {
        if line.is_empty() {
            line = word;
        } else if line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::replace(&mut line, format!("{indent}{word}")));
        } else {
            line.push(' ');
            line.push_str(&word);
        }
    }
    lines.push(line);
    lines.join("\n")
}

fn mis() -> Package {
    let mut package = Package::new("mis");
    let tests = duel_mis::official_tests();
    package.add(
        "task.yaml",
        task_yaml("mis", "Pooh-Eeyore-sticks", tests.len(), "fifo_io"),
    );
    add_statement(&mut package, Task::Mis);
    for (i, test) in tests.iter().enumerate() {
        package.add(&format!("input/input{i}.txt"), format!("{}\n", test.start));
        package.add(&format!("output/output{i}.txt"), "");
    }
    let lolek = mis_lolek_header();
    package.add("check/lolek.h", lolek.clone());
    package.add(
        "check/manager_io.h",
        include_str!("../templates/cms/manager_io.h"),
    );
    package.add(
        "check/manager.cpp",
        format!(
            "#define DUEL_CMS 1\n{}",
            include_str!("../templates/mis/validator.cpp")
        ),
    );
    package.add("check/Makefile", makefile("lolek.h manager_io.h"));
    package.built.push("check/manager".to_owned());
    let stub = format!(
        "#define DUEL_CMS 1\n{}",
        inline_header(include_str!("../templates/mis/driver.c"), "lolek.h", &lolek)
    );
    package.add("sol/stub.c", stub.clone());
    package.add("sol/stub.cpp", stub);
    package.add(
        "sol/stub.pas",
        format!(
            "{{$define DUEL_CMS}}\n{}",
            mis_source(include_str!("../templates/mis/main.pas"))
        ),
    );
    let header = duel_mis_abi::MIS_H;
    package.add("sol/mis.h", header);
    crate::attachments::add(&mut package, Task::Mis, "att");
    add_submissions(&mut package, &MIS_SUBMISSIONS);
    package.add("README.md", include_str!("../templates/cms/mis.md"));
    package
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attachments::Tools;

    #[test]
    fn the_readme_names_the_programs_the_package_attaches_in_lines_like_its_own() {
        let both = Tools {
            linux: Some(vec![1]),
            windows: Some(vec![2]),
        };
        // With both builds, the item as the README has always had it.
        assert_eq!(
            attachments_item(&both),
            "- `att/` holds what contestants download: the skeleton players, and three programs \
that play\n  the optimal player 2 against a program and log the game: the task's tool `ioiwari2` \
for\n  Linux, `ioiwari2.exe` for Windows and `testing_tool.py` (Python 3). `duel export` says \
when\n  the duel that wrote the package lacked one of the two builds, and how to get it."
        );
        let linux = Tools {
            windows: None,
            ..both.clone()
        };
        // The item as one paragraph, its line breaks undone.
        let flat = |tools: &Tools| attachments_item(tools).replace("\n  ", " ");
        let item = flat(&linux);
        assert!(item.contains("two programs that play"), "{item}");
        assert!(
            item.contains("`ioiwari2` for Linux and `testing_tool.py`"),
            "{item}"
        );
        assert!(
            item.contains("lacked `ioiwari2.exe` (`duel export` said how to get it)"),
            "{item}"
        );
        let item = flat(&Tools::default());
        assert!(item.contains("a program that plays"), "{item}");
        assert!(
            item.contains("logs the game: `testing_tool.py` (Python 3)."),
            "{item}"
        );
        assert!(
            item.contains("lacked `ioiwari2` and `ioiwari2.exe`"),
            "{item}"
        );
        assert!(item.contains("get them"), "{item}");
        let item = attachments_item(&linux) + "\n" + &attachments_item(&Tools::default());
        // Lines of the README's width, a code span never broken.
        for line in item.lines() {
            assert!(line.chars().count() <= 95, "{line}");
            assert_eq!(line.matches('`').count() % 2, 0, "{line}");
        }
    }
}
