//! `duel export polygon`: a full Codeforces Polygon package of Ioiwari, read back by tools no
//! one here wrote. Python's `xml.etree` reads `problem.xml` (every file it names exists, the
//! limits in ms and bytes are the task's 1 s and 32 MB, one `main` solution); the validator,
//! the interactor and the checker compile against the `testlib.h` p2d's wheel ships, and
//! the validator accepts every test and refuses a bad board; p2d converts the package to a
//! DOMjudge package, and problemtools' `verifyproblem` judges every solution in the category
//! its tag says, with 0 errors (on the parts p2d converts: the data and the submissions; it
//! carries neither the LaTeX statements nor the validators). `--testlib` copies a file (a
//! missing one or a directory is refused), `--zip` writes the package as a zip, and a link
//! in the way is refused as for every format.

use crate::support::export::*;
use duel_test_support::duel;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn duel_export(dir: &Path, extra: &[&str]) -> Output {
    duel_export_task(dir, "ioiwari", extra)
}

fn duel_export_task(dir: &Path, task: &str, extra: &[&str]) -> Output {
    duel!()
        .args(["export", "polygon"])
        .arg(dir)
        .args(["--task", task])
        .args(extra)
        .output()
        .expect("duel runs")
}

fn exported(dir: &Path, extra: &[&str]) -> PathBuf {
    exported_task(dir, "ioiwari", extra)
}

fn exported_task(dir: &Path, task: &str, extra: &[&str]) -> PathBuf {
    let output = duel_export_task(dir, task, extra);
    assert!(output.status.success(), "{output:?}");
    dir.join(task)
}

/// Both tasks exported once for the tests that only read the packages: `DIR/ioiwari` and
/// `DIR/mis`.
fn shared() -> &'static Path {
    static SHARED: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    SHARED
        .get_or_init(|| {
            let dir = tempfile::tempdir().unwrap();
            let output = duel!()
                .args(["export", "polygon"])
                .arg(dir.path())
                .output()
                .expect("duel runs");
            assert!(output.status.success(), "{output:?}");
            dir
        })
        .path()
}

/// What Python's `xml.etree` reads in `problem.xml`: `key value` lines.
fn problem_xml_facts(root: &Path) -> Vec<(String, String)> {
    let script = "import sys, xml.etree.ElementTree as ET\n\
        p = ET.parse(sys.argv[1]).getroot()\n\
        print('short-name', p.get('short-name'))\n\
        t = p.find('judging/testset')\n\
        for key in ['time-limit', 'memory-limit', 'test-count', 'input-path-pattern', 'answer-path-pattern']:\n\
        \x20   print(key, t.find(key).text)\n\
        print('tests', len(t.findall('tests/test')))\n\
        for e in p.iter():\n\
        \x20   if e.get('path'): print('path', e.get('path'))\n\
        for s in p.findall('assets/solutions/solution'):\n\
        \x20   print('solution', s.get('tag') + ' ' + s.find('source').get('path'))\n\
        print('checker', p.find('assets/checker').get('type'))\n\
        print('interactor', p.find('assets/interactor/source').get('path'))\n";
    let output = Command::new("python3")
        .args(["-c", script])
        .arg(root.join("problem.xml"))
        .output()
        .expect("python3 runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let (key, value) = line.split_once(' ').unwrap();
            (key.to_owned(), value.to_owned())
        })
        .collect()
}

fn fact<'a>(facts: &'a [(String, String)], key: &str) -> Vec<&'a str> {
    facts
        .iter()
        .filter(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .collect()
}

#[test]
fn problem_xml_names_files_that_exist_and_the_tasks_limits() {
    let root = shared().join("ioiwari");
    let facts = problem_xml_facts(&root);
    assert_eq!(fact(&facts, "short-name"), ["ioiwari"]);
    // The task's limits: 1 s a test and 32 MB (duel's judge's, README's).
    assert_eq!(fact(&facts, "time-limit"), ["1000"]);
    assert_eq!(fact(&facts, "memory-limit"), ["33554432"]);
    assert_eq!(fact(&facts, "input-path-pattern"), ["tests/%02d"]);
    assert_eq!(fact(&facts, "answer-path-pattern"), ["tests/%02d.a"]);
    // The 24 official boards, each test and answer a file.
    assert_eq!(fact(&facts, "test-count"), ["24"]);
    assert_eq!(fact(&facts, "tests"), ["24"]);
    for i in 1..=24 {
        assert!(root.join(format!("tests/{i:02}")).is_file(), "{i}");
        assert!(root.join(format!("tests/{i:02}.a")).is_file(), "{i}");
    }
    // Every file problem.xml names exists: statements, sources, attachments.
    let paths = fact(&facts, "path");
    assert!(paths.len() > 10, "{paths:?}");
    for path in &paths {
        assert!(root.join(path).is_file(), "{path}");
    }
    for language in ["english", "vietnamese", "polish"] {
        let statement = format!("statements/{language}/problem.tex");
        assert!(paths.contains(&statement.as_str()), "{language}");
        let tex = fs::read_to_string(root.join(&statement)).unwrap();
        assert!(tex.starts_with("\\begin{problem}{Ioiwari}"), "{tex}");
        assert!(root
            .join(format!("statements/{language}/problem-properties.json"))
            .is_file());
    }
    assert_eq!(fact(&facts, "checker"), ["testlib"]);
    assert_eq!(fact(&facts, "interactor"), ["files/interactor.cpp"]);
    // One main solution, a perfect player; the others tagged by duel's verdicts.
    let solutions = fact(&facts, "solution");
    let main: Vec<&&str> = solutions
        .iter()
        .filter(|s| s.starts_with("main "))
        .collect();
    assert_eq!(main.len(), 1, "{solutions:?}");
    assert!(main[0].contains("perfect"), "{main:?}");
    for (tag, name) in [
        ("accepted", "perfect.py"),
        ("wrong-answer", "greedy.c"),
        ("wrong-answer", "first_pit.py"),
        ("time-limit-exceeded", "spin.c"),
        ("time-limit-exceeded", "writeln_only.pas"),
    ] {
        assert!(
            solutions.contains(&format!("{tag} solutions/{name}").as_str()),
            "{tag} {name}: {solutions:?}"
        );
    }
    // No testlib.h of duel's: the README says where it comes from.
    assert!(!root.join("files/testlib.h").exists());
    let readme = fs::read_to_string(root.join("README.md")).unwrap();
    assert!(readme.contains("--testlib PATH") && readme.contains("p2d/testlib/testlib.h"));
    assert!(readme.contains("pass-fail"), "{readme}");
}

#[test]
fn the_mis_package_is_the_module_pasted_into_the_driver_with_the_tasks_limits() {
    let root = shared().join("mis");
    let facts = problem_xml_facts(&root);
    assert_eq!(fact(&facts, "short-name"), ["mis"]);
    // The task's limits: the original task's 32 MB and duel's judge's 1 s.
    assert_eq!(fact(&facts, "time-limit"), ["1000"]);
    assert_eq!(fact(&facts, "memory-limit"), ["33554432"]);
    // Every official test, each a file holding "p e B", each answer "win".
    let count = duel_mis::official_tests().len();
    assert_eq!(fact(&facts, "test-count"), [count.to_string()]);
    assert_eq!(fact(&facts, "tests"), [count.to_string()]);
    for (i, test) in duel_mis::official_tests().iter().enumerate() {
        let text = fs::read_to_string(root.join(format!("tests/{:02}", i + 1))).unwrap();
        assert_eq!(text, format!("{}\n", test.start));
        let answer = fs::read_to_string(root.join(format!("tests/{:02}.a", i + 1))).unwrap();
        assert_eq!(answer, "win\n");
    }
    let paths = fact(&facts, "path");
    for path in &paths {
        assert!(root.join(path).is_file(), "{path}");
    }
    for (language, title) in [
        ("english", "Pooh-Eeyore-sticks"),
        ("vietnamese", "Que Pooh và que Eeyore"),
        ("polish", "Patyczki Puchatka i Kłapouchego"),
    ] {
        let statement = format!("statements/{language}/problem.tex");
        assert!(paths.contains(&statement.as_str()), "{language}");
        let tex = fs::read_to_string(root.join(&statement)).unwrap();
        assert!(
            tex.starts_with(&format!("\\begin{{problem}}{{{title}}}")),
            "{tex}"
        );
        // The statement says what to submit: the attached one-file driver with the module.
        assert!(
            tex.contains("solution.c") && tex.contains("solution.cpp"),
            "{language}"
        );
        assert!(
            !tex.contains("Pascal") && !tex.contains("driver.c"),
            "{language}"
        );
    }
    assert_eq!(fact(&facts, "checker"), ["testlib"]);
    assert_eq!(fact(&facts, "interactor"), ["files/interactor.cpp"]);
    // Each solution is what a contestant submits: the attached one-file driver of its
    // language followed by the module, which is the kit's module without its include line.
    let solutions = fact(&facts, "solution");
    assert_eq!(
        solutions,
        [
            "main solutions/bolek.c",
            "accepted solutions/bolek.cpp",
            "wrong-answer solutions/simple.c",
            "wrong-answer solutions/no_bound.cpp",
            "time-limit-exceeded solutions/spin.c",
            "wrong-answer solutions/weak_lolek.c",
        ]
    );
    let attached = |name: &str| fs::read_to_string(root.join("attachments").join(name)).unwrap();
    let (c, cpp) = (attached("solution.c"), attached("solution.cpp"));
    assert!(c.contains("int main(") && c.contains("void ruch_bolka("));
    for solution in &solutions[..5] {
        let path = solution.split_once(' ').unwrap().1;
        let text = fs::read_to_string(root.join(path)).unwrap();
        let driver = if path.ends_with(".cpp") { &cpp } else { &c };
        let module = text.strip_prefix(driver.as_str()).expect(path);
        assert!(!module.contains("#include \"mis.h\""), "{path}");
        assert!(module.contains("ruch_bolka"), "{path}");
    }
    // No Pascal anywhere: a unit and its program cannot be one file; the README says why.
    assert!(
        !paths.iter().any(|path| path.ends_with(".pas")),
        "{paths:?}"
    );
    let readme = fs::read_to_string(root.join("README.md")).unwrap();
    for said in [
        "one source file",
        "p2d",
        "Pascal",
        "solution.c",
        "pass-fail",
    ] {
        assert!(readme.contains(said), "{said}: {readme}");
    }
}

/// The `testlib.h` p2d's wheel ships, found through p2d's own module.
fn p2d_testlib() -> Option<PathBuf> {
    let p2d = need_tool("p2d")?;
    let python = p2d.parent().unwrap().join("python3");
    let output = Command::new(python)
        .args(["-c", "import p2d, os; print(os.path.dirname(p2d.__file__))"])
        .output()
        .ok()?;
    let dir = String::from_utf8(output.stdout).ok()?;
    let path = Path::new(dir.trim()).join("testlib/testlib.h");
    assert!(path.is_file(), "{path:?}");
    Some(path)
}

#[test]
fn testlib_is_copied_from_the_named_file_and_the_sources_build_against_it() {
    let Some(testlib) = p2d_testlib() else {
        return;
    };
    if !need("g++", "DUEL_REQUIRE_FPC") {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    let testlib_arg = testlib.to_str().unwrap();
    let root = exported(work.path(), &["--testlib", testlib_arg]);
    assert_eq!(
        fs::read(root.join("files/testlib.h")).unwrap(),
        fs::read(&testlib).unwrap()
    );
    let facts = problem_xml_facts(&root);
    assert!(fact(&facts, "path").contains(&"files/testlib.h"));
    let files = root.join("files");
    for source in ["validator", "interactor", "check"] {
        compile(
            Command::new("g++")
                .args(["-std=gnu++17", "-O2", "-o"])
                .arg(work.path().join(source))
                .arg(files.join(format!("{source}.cpp"))),
        );
    }
    // The validator accepts every test and refuses a board of 21 beads and a bad line.
    let validate = |text: &str| {
        let mut child = Command::new(work.path().join("validator"))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
        child.wait().unwrap().success()
    };
    for i in 1..=24 {
        let test = fs::read_to_string(root.join(format!("tests/{i:02}"))).unwrap();
        assert!(validate(&test), "test {i}: {test}");
    }
    assert!(!validate("4 3 2 4 2 3 3\n"));
    assert!(!validate("4 3 2 4 2 3 2 \n"));
    assert!(!validate("4 3 2 4 2 3\n"));

    // Pooh-Eeyore-sticks: the same, its validator accepting every official test and refusing
    // a lost start ((1, 2) is Wythoff's first losing pair, B = 5 lets no move escape it),
    // numbers out of range and a short line.
    let root = exported_task(work.path(), "mis", &["--testlib", testlib_arg]);
    assert_eq!(
        fs::read(root.join("files/testlib.h")).unwrap(),
        fs::read(&testlib).unwrap()
    );
    let files = root.join("files");
    for source in ["validator", "interactor", "check"] {
        compile(
            Command::new("g++")
                .args(["-std=gnu++17", "-O2", "-o"])
                .arg(work.path().join(source))
                .arg(files.join(format!("{source}.cpp"))),
        );
    }
    let count = duel_mis::official_tests().len();
    for i in 1..=count {
        let test = fs::read_to_string(root.join(format!("tests/{i:02}"))).unwrap();
        assert!(validate(&test), "test {i}: {test}");
    }
    assert!(validate("1 1 5\n"));
    assert!(!validate("1 2 5\n"));
    assert!(!validate("0 1 5\n"));
    assert!(!validate("1 1 1000001\n"));
    assert!(!validate("1 1\n"));
}

#[test]
fn a_testlib_path_that_is_missing_or_not_a_file_is_refused() {
    let work = tempfile::tempdir().unwrap();
    let missing = work.path().join("missing.h");
    for (path, why) in [
        (missing.as_path(), "No such file"),
        (work.path(), "not a regular file"),
    ] {
        let output = duel_export(
            &work.path().join("out"),
            &["--testlib", path.to_str().unwrap()],
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains(why) && stderr.contains("--testlib"),
            "{stderr}"
        );
        assert!(!work.path().join("out").exists(), "nothing written");
    }
    // And it belongs to polygon alone.
    let output = duel!()
        .args(["export", "kattis"])
        .arg(work.path().join("out"))
        .args(["--zip"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn zip_writes_the_package_as_an_archive() {
    let work = tempfile::tempdir().unwrap();
    // Both tasks at once.
    let output = duel!()
        .args(["export", "polygon"])
        .arg(work.path())
        .arg("--zip")
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    for (task, own) in [
        ("ioiwari", "solutions/perfect.c"),
        ("mis", "attachments/solution.c"),
    ] {
        let zip = work.path().join(format!("{task}.zip"));
        assert!(!work.path().join(task).exists());
        let listed = Command::new("python3")
            .args(["-c", "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print('\\n'.join(z.namelist()))"])
            .arg(&zip)
            .output()
            .unwrap();
        assert!(listed.status.success());
        let names = String::from_utf8(listed.stdout).unwrap();
        for name in [
            "problem.xml",
            "files/interactor.cpp",
            "tests/01",
            "statements/polish/problem.tex",
            own,
        ] {
            assert!(
                names.lines().any(|line| line == name),
                "{task} {name}: {names}"
            );
        }
    }
}

#[test]
fn a_link_in_the_way_of_the_package_or_its_zip_is_refused() {
    let work = tempfile::tempdir().unwrap();
    let outside = work.path().join("outside");
    fs::create_dir(&outside).unwrap();
    let out = work.path().join("out");
    fs::create_dir_all(out.join("ioiwari")).unwrap();
    std::os::unix::fs::symlink(&outside, out.join("ioiwari/files")).unwrap();
    let output = duel_export(&out, &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("is a symbolic link"));
    std::os::unix::fs::symlink(outside.join("x.zip"), out.join("ioiwari.zip")).unwrap();
    let output = duel_export(&out, &["--zip"]);
    assert_eq!(output.status.code(), Some(2));
    // The same for the Pooh-Eeyore-sticks package: a link where its tests go.
    fs::create_dir_all(out.join("mis")).unwrap();
    std::os::unix::fs::symlink(&outside, out.join("mis/tests")).unwrap();
    let output = duel_export_task(&out, "mis", &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("is a symbolic link"));
    assert!(
        fs::read_dir(&outside).unwrap().next().is_none(),
        "nothing written outside"
    );
    assert!(
        !out.join("mis/problem.xml").exists(),
        "nothing half-written"
    );
}

#[test]
fn p2d_converts_the_package_and_problemtools_judges_every_solution_by_its_tag() {
    p2d_and_verifyproblem("ioiwari");
}

#[test]
fn p2d_converts_the_mis_package_and_problemtools_judges_every_solution_by_its_tag() {
    p2d_and_verifyproblem("mis");
}

/// Converts the Polygon package of `task` with p2d and runs `verifyproblem` on the result:
/// 0 errors, every solution in the category its tag says.
fn p2d_and_verifyproblem(task: &str) {
    let (Some(p2d), Some(verifyproblem)) = (need_tool("p2d"), need_tool("verifyproblem")) else {
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let root = shared().join(task);
    let zip = work.path().join(format!("{task}-domjudge.zip"));
    let converted = Command::new(&p2d)
        .args(["--code", "A", "-y", "-o"])
        .arg(&zip)
        .arg(&root)
        .env("PATH", tools_path(&p2d))
        .output()
        .unwrap();
    assert!(
        converted.status.success() && zip.is_file(),
        "p2d: {}",
        String::from_utf8_lossy(&converted.stderr)
    );
    let problem = work.path().join(task);
    let status = Command::new("python3")
        .args([
            "-c",
            "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])",
        ])
        .arg(&zip)
        .arg(&problem)
        .status()
        .unwrap();
    assert!(status.success());
    // p2d put the interactor beside its own testlib.h.
    assert!(problem
        .join("output_validators/interactor/testlib.h")
        .is_file());
    let output = Command::new(&verifyproblem)
        .arg(&problem)
        .args(["-p", "data", "submissions"])
        .env("PATH", tools_path(&verifyproblem))
        .output()
        .expect("verifyproblem runs");
    let said = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    assert!(said.contains(&format!("{task} tested: 0 errors")), "{said}");
    // Every solution, in the category of its tag.
    let xml = problem_xml_facts(&root);
    let solutions = fact(&xml, "solution");
    for solution in &solutions {
        let (tag, path) = solution.split_once(' ').unwrap();
        let name = path.rsplit('/').next().unwrap();
        let category = match tag {
            "main" | "accepted" => "accepted/",
            "wrong-answer" => "wrong_answer/",
            "time-limit-exceeded" => "time_limit_exceeded/",
            other => panic!("a tag no tool confirms: {other}"),
        };
        let verdict = match category {
            "accepted/" => "OK: AC",
            "wrong_answer/" => "OK: WA",
            _ => "OK: TLE",
        };
        assert!(
            said.lines()
                .any(|line| line.contains(&format!("{category}{name}")) && line.contains(verdict)),
            "{tag} {name}:\n{said}"
        );
    }
}
