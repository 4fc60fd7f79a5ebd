//! Pooh-Eeyore-sticks for systems without `include/` (ICPC 2025-09 as BAPCtools checks it,
//! DOMjudge): the closest faithful form of the function-call task. Contestants submit their
//! module together with the files the package attaches for their language, unchanged: `mis.h`
//! and `driver.c` (C), `mis.h` and `driver.cpp` (C++), or `main.pas` beside their unit
//! `mis.pas` (Pascal). The driver is the Kattis package's: it plays duel's adversarial Lolek
//! in the same process and streams every move, and the output validator replays the game and
//! checks every move, Lolek's included, so a changed driver cannot turn a lost game into a
//! win (the package's `wrong_answer/weak_lolek_c` submission, whose Lolek gives way, proves
//! it). The statements say which files to submit, in every language.

use crate::generated::{inline_header, mis_lolek_header, mis_source};
use crate::kattis::MIS_SUBMISSIONS;
use crate::{Format, Package, Task};

/// The driver files contestants submit with their module, as `(language, file name, text)`,
/// the language by its Kattis code (`c`, `cpp`, `pascal`, from its definition):
/// the C driver with duel's Lolek written into it (one file, `lolek.h` inlined), the same
/// text as C++, and the Pascal program `main.pas`.
pub(crate) fn drivers() -> [(&'static str, &'static str, String); 3] {
    let c = inline_header(
        include_str!("../templates/mis/driver.c"),
        "lolek.h",
        &mis_lolek_header(),
    );
    [
        (duel_languages::C.systems.kattis, "driver.c", c.clone()),
        (duel_languages::CPP.systems.kattis, "driver.cpp", c),
        (
            duel_languages::PASCAL.systems.kattis,
            "main.pas",
            mis_source(include_str!("../templates/mis/main.pas")),
        ),
    ]
}

/// The header every C and C++ submission carries.
const HEADER: &str = duel_mis_abi::MIS_H;

/// The line of the C driver where Lolek chooses his reply.
const LOLEK_REPLY: &str =
    "struct mis_move reply = mis_lolek_choose(&lolek, (uint32_t)p, (uint32_t)e, (uint32_t)bound);";

/// The C driver `c_driver` changed so that its Lolek gives way (one poohstick while any is
/// left, else one eeyorestick: always legal, never duel's Lolek's choice on a test Bolek should
/// lose). A test checks that exactly Lolek's line changes.
pub(crate) fn weak_lolek_driver(c_driver: &str) -> String {
    c_driver.replacen(
        LOLEK_REPLY,
        "struct mis_move reply = mis_make_move(p > 0 ? 1u : 0u, p > 0 ? 0u : 1u);\n        \
         (void)lolek;",
        1,
    )
}

/// The line of a module that includes the interface, which the one-file form leaves out.
const INCLUDE_HEADER: &str = "#include \"mis.h\"\n";

/// The end of the one-file driver, after which contestants paste their module.
const PASTE_BELOW: &str =
    "\n/* Your module follows, pasted below this line without its line #include \"mis.h\". */\n";

/// A driver (with `#include "mis.h"`) as one file contestants paste their module into:
/// `mis.h` written in, and a last line saying where the module goes (see
/// [`with_module`]).
pub(crate) fn one_file_driver(driver: &str) -> String {
    inline_header(driver, "mis.h", HEADER) + PASTE_BELOW
}

/// What a contestant submits in the one-file form: `one_file` (a [`one_file_driver`]) with
/// `module` pasted after it, its line `#include "mis.h"` left out.
pub(crate) fn with_module(one_file: &str, module: &str) -> String {
    assert!(module.contains(INCLUDE_HEADER), "a module includes mis.h");
    format!("{one_file}{}", module.replacen(INCLUDE_HEADER, "", 1))
}

/// Adds the function-call task in the submitted-driver form: the statements (with the files to
/// submit) as `STATEMENT.LANG.tex`, the official tests as secret data (each answer `answer`,
/// which the output validator does not read), the input validator,
/// the output validator (one file, Lolek inlined) at `VALIDATOR/validator.cpp`, the
/// attachments (the kit's files and the drivers) and the submissions, each a directory of the
/// files a contestant submits.
pub(crate) fn add(
    package: &mut Package,
    format: Format,
    statement_prefix: &str,
    validator: &str,
    answer: &str,
) {
    crate::kattis::add_statements(package, format, Task::Mis, statement_prefix);
    for test in duel_mis::official_tests() {
        let name = format!("data/secret/{:02}", test.number);
        package.add(&format!("{name}.in"), format!("{}\n", test.start));
        package.add(&format!("{name}.ans"), answer);
    }
    let lolek = mis_lolek_header();
    package.add("input_validators/position/lolek.h", lolek.clone());
    package.add(
        "input_validators/position/position.cpp",
        include_str!("../templates/mis/input_validator.cpp"),
    );
    package.add(
        &format!("{validator}/validator.cpp"),
        inline_header(
            include_str!("../templates/mis/validator.cpp"),
            "lolek.h",
            &lolek,
        ),
    );
    crate::attachments::add(package, Task::Mis, "attachments");
    let drivers = drivers();
    for (_, name, text) in &drivers {
        package.add(&format!("attachments/{name}"), text.clone());
    }
    for (category, file) in MIS_SUBMISSIONS {
        let module = file.name.rsplit('/').next().unwrap_or(file.name);
        let language = duel_languages::from_file_name(file.name)
            .expect("a submission of a known language")
            .systems
            .kattis;
        let stem = module.split('.').next().expect("a file name");
        let pascal = language == duel_languages::PASCAL.systems.kattis;
        let dir = if pascal {
            format!("submissions/{category}/bolek_pascal")
        } else {
            format!("submissions/{category}/{stem}_{language}")
        };
        package.add(&format!("{dir}/{module}"), file.text);
        let (_, driver, text) = drivers
            .iter()
            .find(|(lang, _, _)| *lang == language)
            .expect("a driver for each language");
        package.add(&format!("{dir}/{driver}"), text.clone());
        if !pascal {
            package.add(&format!("{dir}/mis.h"), HEADER);
        }
    }
    let simple = MIS_SUBMISSIONS
        .iter()
        .find(|(_, file)| file.name == "simple.c")
        .map(|(_, file)| file.text)
        .expect("the simple module");
    let dir = "submissions/wrong_answer/weak_lolek_c";
    package.add(&format!("{dir}/simple.c"), simple);
    package.add(&format!("{dir}/driver.c"), weak_lolek_driver(&drivers[0].2));
    package.add(&format!("{dir}/mis.h"), HEADER);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_statement_names_the_files_to_submit() {
        for language in crate::statement::Locale::ALL {
            let text = crate::statement::source(Format::Icpc, Task::Mis, language);
            for name in ["mis.h", "driver.c", "driver.cpp", "main.pas", "mis.pas"] {
                assert!(text.contains(&format!("`{name}`")), "{language:?}: {name}");
            }
        }
    }

    #[test]
    fn the_weak_lolek_driver_differs_from_the_driver_only_in_lolek() {
        let (_, _, driver) = drivers().into_iter().next().unwrap();
        let weak = weak_lolek_driver(&driver);
        let changed: Vec<&str> = weak
            .lines()
            .filter(|line| !driver.lines().any(|l| l == *line))
            .collect();
        assert_eq!(changed.len(), 2, "{changed:?}");
    }
}
