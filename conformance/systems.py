#!/usr/bin/env python3
"""Judges the conformance corpus with each contest system's own tool, on the packages
`duel export` writes, and compares every test's verdict with the manifest
(conformance/corpus.toml): the rules' verdict, or the system's own where the manifest records
one, mapped to the system's words by the manifest's `[systems.NAME]` table.

    systems.py --duel PATH --tools DIR --work DIR SYSTEM...   # kattis icpc icpc-draft dmoj polygon
    systems.py --compare cms READINGS.json                    # .ci/cms.sh's readings of real CMS

Each system's package is cut down to the corpus's chosen tests, each test in a group of its
own (so that every tool reports each test's verdict), and every program of the corpus that
the system takes is added as a submission in the form the system takes it. Exit status 0
when every system gave every test what the manifest expects, 1 on any disagreement (a table
lists them), 2 when a tool could not be run. Standard library only (Python 3.11+)."""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def manifest():
    with open(HERE / "corpus.toml", "rb") as f:
        return tomllib.load(f)


ONLY = None  # a regular expression: only the programs whose paths it finds (--only)


def programs(data, task):
    return [p for p in data["program"] if p["task"] == task
            and (ONLY is None or re.search(ONLY, p["path"]))]


def stem(program):
    """The submission's name: the file's name, or a Pascal module's directory's."""
    parts = program["path"].split("/")
    return parts[1]


def expected(data, system, program):
    """The system's readings that agree with the verdicts the manifest expects, a list a
    test, or None when the system does not take the program's language."""
    table = data["systems"][system][program["task"]]
    if program["language"] not in table["languages"]:
        return None
    words = program.get("systems", {}).get(system, {}).get("expect", program["expect"])
    accepted = []
    for either in words:  # "a|b": the system decides between them (a race of its own)
        readings = []
        for word in either.split("|"):
            reading = table["verdicts"][word]
            readings += reading if isinstance(reading, list) else [reading]
        accepted.append(readings)
    return accepted


def log(message):
    print(message, flush=True)


def run(command, **kwargs):
    """Runs a command, returning its output (stdout and stderr together)."""
    log("$ " + " ".join(str(c) for c in command))
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, **kwargs)
    return done.returncode, done.stdout.decode(errors="replace")


def without_colours(text):
    return re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", text)


def test_groups(data_dir, numbers, input_name, answer_name):
    """Keeps only the chosen tests of data_dir/secret, each in a group of its own (tNN), and
    drops the samples: a tool then reports each test's verdict as its group's."""
    shutil.rmtree(data_dir / "sample", ignore_errors=True)
    secret = data_dir / "secret"
    for number in numbers:
        group = secret / f"t{number:02}"
        group.mkdir()
        for name in (input_name(number), answer_name(number)):
            shutil.move(secret / name, group / name)
    for path in secret.iterdir():
        if path.is_file() and path.suffix in (".in", ".ans", ".interaction"):
            path.unlink()


def set_yaml_key(path, key, value):
    """Sets `key: value` in a flat YAML file (replacing the line, or adding one)."""
    lines = path.read_text().splitlines() if path.is_file() else []
    lines = [line for line in lines if not line.startswith(f"{key}:")]
    lines.append(f"{key}: {value}")
    path.write_text("\n".join(lines) + "\n")


# --- The submissions, in each system's form ---------------------------------------------

def module_body(program):
    """A C or C++ module without its include of mis.h (for the one-file Polygon form)."""
    text = (HERE / program["path"]).read_text()
    return "".join(line for line in text.splitlines(True) if line.strip() != '#include "mis.h"')


def add_kattis_submission(category_dir, program):
    """Kattis: an Ioiwari program as a file; a module as a file, a Pascal one as a directory
    holding mis.pas (the package's include/ directories add the driver)."""
    source = HERE / program["path"]
    if program["language"] == "pascal" and program["task"] == "mis":
        target = category_dir / stem(program)
        target.mkdir()
        shutil.copy(source, target / "mis.pas")
    else:
        shutil.copy(source, category_dir / stem(program))


def add_icpc_submission(category_dir, program, attachments):
    """ICPC 2025-09 (BAPCtools): an Ioiwari program as a file; a module as a directory with
    the files the package attaches for its language, unchanged."""
    source = HERE / program["path"]
    if program["task"] == "ioiwari":
        shutil.copy(source, category_dir / stem(program))
        return
    target = category_dir / stem(program).replace(".", "_")
    target.mkdir()
    if program["language"] == "pascal":
        shutil.copy(source, target / "mis.pas")
        shutil.copy(attachments / "main.pas", target / "main.pas")
    else:
        shutil.copy(source, target / stem(program))
        shutil.copy(attachments / "mis.h", target / "mis.h")
        driver = "driver.c" if program["language"] == "c" else "driver.cpp"
        shutil.copy(attachments / driver, target / driver)


def add_polygon_submission(category_dir, program, attachments):
    """Polygon: an Ioiwari program as a file; a module pasted after the attached one-file
    driver of its language, without its include of mis.h."""
    source = HERE / program["path"]
    if program["task"] == "ioiwari":
        shutil.copy(source, category_dir / stem(program))
        return
    driver = "solution.c" if program["language"] == "c" else "solution.cpp"
    text = (attachments / driver).read_text() + "\n" + module_body(program)
    (category_dir / stem(program)).write_text(text)


# --- problemtools' verifyproblem (Kattis, the ICPC draft, Polygon through p2d) -----------

def verifyproblem(tools, problem, names):
    """Runs verifyproblem on the submissions of `problem` and reads its table of results:
    for each submission's name, its verdict on each test group (AC, AC(score), WA, TLE, RTE,
    or CE for a submission that did not compile)."""
    code, said = run(
        [tools / "verifyproblem", problem, "-p", "submissions", "-t", "1", "-j", "2"],
        env=dict(os.environ, PATH=f"{tools}{os.pathsep}{os.environ['PATH']}"),
    )
    said = without_colours(said)
    readings = {}
    lines = said.splitlines()
    for at, line in enumerate(lines):
        if line.strip() == "Submission results:":
            header = lines[at + 1].split()
            groups = [h for h in header[1:] if re.fullmatch(r"t\d+", h)]
            for row in lines[at + 2:]:
                cells = row.split()
                if not cells or not row.startswith("   ") or cells[0] not in names:
                    break
                readings[cells[0]] = [c.split(":")[0] for c in cells[1:1 + len(groups)]]
    for line in lines:
        found = re.match(r"ERROR Compile error for \w+/(\S+) \(", line)
        if found:
            readings[found.group(1)] = ["CE"] * 3
    if not readings:
        log(said)
        raise SystemExit(f"verifyproblem gave no results for {problem} (status {code})")
    return readings, said


def verifyproblem_judges(data, tools, problem, system, task, add):
    """Cuts `problem` down to the chosen tests, replaces its submissions by the corpus's
    programs the system takes (`add(directory, program)` puts one there) and has
    verifyproblem judge them: each program's readings."""
    numbers = data["tests"][task]
    test_groups(problem / "data", numbers, lambda n: f"{n:02}.in", lambda n: f"{n:02}.ans")
    set_yaml_key(problem / "data" / "secret" / "testdata.yaml", "on_reject", "continue")
    for extra in ("submissions", "python_submissions"):
        shutil.rmtree(problem / extra, ignore_errors=True)
    accepted = problem / "submissions" / "accepted"
    accepted.mkdir(parents=True)
    taken = [p for p in programs(data, task) if expected(data, system, p) is not None]
    for program in taken:
        add(accepted, program)
    readings, said = verifyproblem(tools, problem, {stem(p) for p in taken})
    return {p["path"]: readings.get(stem(p)) for p in taken}, said


def kattis(data, tools, exported, work, task):
    problem = work / "kattis" / task
    shutil.copytree(exported / "kattis" / task, problem)
    return verifyproblem_judges(data, tools, problem, "kattis", task, add_kattis_submission)


def icpc_draft(data, tools, exported, work, task):
    """The ICPC package as release 2023-07-draft, which problemtools checks: the programs
    BAPCtools cannot run (Python, as the package's python_submissions/ README says)."""
    problem = work / "icpc-draft" / task
    shutil.copytree(exported / "icpc" / task, problem)
    yaml = problem / "problem.yaml"
    yaml.write_text(yaml.read_text().replace(
        "problem_format_version: 2025-09\n", "problem_format_version: 2023-07-draft\n", 1))
    return verifyproblem_judges(data, tools, problem, "icpc-draft", task, add_kattis_submission)


def polygon(data, tools, exported, work, task):
    """The Polygon package converted by p2d (as DOMjudge imports it), then judged by
    verifyproblem."""
    zipped = work / "polygon" / f"{task}-p2d.zip"
    zipped.parent.mkdir(parents=True, exist_ok=True)
    code, said = run(
        [tools / "p2d", "--code", "A", "-y", "-o", zipped, exported / "polygon" / task],
        env=dict(os.environ, PATH=f"{tools}{os.pathsep}{os.environ['PATH']}"),
    )
    if code != 0 or not zipped.is_file():
        log(said)
        raise SystemExit(f"p2d failed on the {task} package")
    problem = work / "polygon" / task
    with zipfile.ZipFile(zipped) as archive:
        archive.extractall(problem)
    attachments = exported / "polygon" / task / "attachments"
    return verifyproblem_judges(
        data, tools, problem, "polygon", task,
        lambda directory, program: add_polygon_submission(directory, program, attachments))


# --- BAPCtools (ICPC 2025-09) -------------------------------------------------------------

def icpc(data, tools, exported, work, task):
    contest = work / "icpc" / task
    problem = contest / task
    shutil.copytree(exported / "icpc" / task, problem)
    (contest / "contest.yaml").write_text("name: duel conformance\n")
    (contest / "problems.yaml").write_text(f"- id: {task}\n  label: A\n")
    numbers = data["tests"][task]
    test_groups(problem / "data", numbers, lambda n: f"{n:02}.in", lambda n: f"{n:02}.ans")
    for extra in ("submissions", "python_submissions"):
        shutil.rmtree(problem / extra, ignore_errors=True)
    accepted = problem / "submissions" / "accepted"
    accepted.mkdir(parents=True)
    taken = [p for p in programs(data, task) if expected(data, "icpc", p) is not None]
    names = {}
    for program in taken:
        add_icpc_submission(accepted, program, problem / "attachments")
        name = stem(program) if task == "ioiwari" else stem(program).replace(".", "_")
        names[name] = program["path"]
    code, said = run(
        [tools / "bt", "run", "--no-bar", "-aa", "-j", "2"],
        cwd=problem,
        env=dict(os.environ, PATH=f"{tools}{os.pathsep}{os.environ['PATH']}",
                 XDG_CONFIG_HOME=str(work / "icpc" / "bt-config")),
    )
    said = without_colours(said)
    readings = {}
    groups = [f"secret/t{n:02}/{n:02}" for n in numbers]
    for name, path in names.items():
        verdicts = []
        summary = re.search(rf"^accepted/{re.escape(name)}:\s+(\w+) ", said, re.M)
        if re.search(rf"accepted/{re.escape(name)}\s+Failed", said):
            readings[path] = ["CE"] * len(numbers)
            continue
        if summary is None:
            readings[path] = None
            continue
        for group in groups:
            failed = re.search(
                rf"^accepted/{re.escape(name)}:\s+(\w+) [\d.]+s @ {re.escape(group)}\b", said, re.M)
            verdicts.append(failed.group(1) if failed else "AC")
        readings[path] = verdicts
    return readings, said


# --- DMOJ's judge ---------------------------------------------------------------------------

DMOJ_LANGUAGES = {"c": "C", "cpp": "CPP17", "pascal": "PAS", "python": "PY3"}


def dmoj(data, tools, exported, work, task):
    problems = work / "dmoj" / "problems"
    problem = problems / task
    shutil.copytree(exported / "dmoj" / task, problem)
    numbers = data["tests"][task]
    init = (problem / "init.yml").read_text()
    # The test cases: the chosen ones, in order; the package's own self-tests dropped.
    cases_end = init.index("\n", init.rindex("  - {in: "))
    head = init[:init.index("test_cases:")]
    rest = init[cases_end + 1:]
    if "\ntests:" in "\n" + rest:
        rest = rest[:("\n" + rest).index("\ntests:")]
    points = re.search(r"points: (\d+)\}", init).group(1)
    cases = "".join(
        f"  - {{in: {n:02}.in{', out: %02d.out' % n if task == 'mis' else ''}, points: {points}}}\n"
        for n in numbers)
    (problem / "init.yml").write_text(head + "test_cases:\n" + cases + rest)
    shutil.rmtree(problem / "self-tests", ignore_errors=True)
    taken = [p for p in programs(data, task) if expected(data, "dmoj", p) is not None]
    code, autoconf = run([tools / "dmoj-autoconf"])
    runtime = autoconf[autoconf.index("runtime:"):] if "runtime:" in autoconf else "runtime:\n"
    if "  python3:" not in runtime and shutil.which("python3", path="/usr/bin"):
        runtime = runtime.replace("runtime:\n", "runtime:\n  python3: /usr/bin/python3\n", 1)
    config = work / "dmoj" / "judge.yml"
    config.write_text(f"problem_storage_globs:\n  - {problems}/*\n" + runtime)
    languages = ",".join(sorted({DMOJ_LANGUAGES[p["language"]] for p in taken} | {"CPP17"}))
    # DMOJ's judge grades one submission at a time: two judges, each half of the programs.
    judges = []
    for half in (0, 1):
        jobs = work / "dmoj" / f"{task}-jobs-{half}.json"
        jobs.write_text(json.dumps([
            {"path": p["path"], "source": (HERE / p["path"]).read_text(),
             "language": DMOJ_LANGUAGES[p["language"]]} for p in taken[half::2]]))
        results = work / "dmoj" / f"{task}-results-{half}.json"
        command = [tools / "python3", HERE / "dmoj_judge.py", config, task, jobs, results,
                   languages]
        log("$ " + " ".join(str(c) for c in command))
        judges.append((results, subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)))
    readings, said = {}, ""
    for results, judge in judges:
        said += judge.communicate()[0].decode(errors="replace")
        if not results.is_file():
            log(said)
            raise SystemExit("DMOJ's judge gave no results")
        readings.update(json.loads(results.read_text()))
    # A test's reading: its code and the points it earned; CE (or IE) for every test when
    # the program did not compile (or the judge failed).
    readings = {path: [cases] * len(numbers) if isinstance(cases, str) else cases
                for path, cases in readings.items()}
    return readings, said


# --- Comparing -------------------------------------------------------------------------------

def compare(data, system, task, readings):
    """Prints the system's verdicts beside the expected ones; returns the disagreements."""
    numbers = data["tests"][task]
    disagreements = []
    rows = []
    for program in programs(data, task):
        want = expected(data, system, program)
        if want is None:
            continue
        got = readings.get(program["path"])
        if got is None:
            got = ["(not judged)"] * len(numbers)
        marks = []
        for number, w, g in zip(numbers, want, got):
            ok = g in w
            marks.append(f"{g:<13}{'' if ok else ' ≠ ' + ' or '.join(w)}")
            if not ok:
                disagreements.append((system, program["path"], number, " or ".join(w), g))
        rows.append(f"  {program['path']:<34} " + " | ".join(f"{m:<30}" for m in marks))
    log(f"\n{data['systems'][system]['title']}, {task} (tests {', '.join(map(str, numbers))}):")
    log("\n".join(rows))
    return disagreements


RUNNERS = {"kattis": kattis, "icpc": icpc, "icpc-draft": icpc_draft, "dmoj": dmoj,
           "polygon": polygon}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--exported", type=Path, help="the packages: EXPORTED/FORMAT/TASK")
    parser.add_argument("--tools", type=Path, help="the directory of the systems' tools")
    parser.add_argument("--work", type=Path, help="a fresh directory to work in")
    parser.add_argument("--compare", nargs=2, metavar=("SYSTEM", "READINGS"))
    parser.add_argument("--only", metavar="REGEX", help="only the programs whose paths match")
    parser.add_argument("systems", nargs="*")
    args = parser.parse_args()
    global ONLY
    ONLY = args.only
    data = manifest()
    disagreements = []
    if args.compare:
        system, path = args.compare
        readings = json.loads(Path(path).read_text())
        for task in ("ioiwari", "mis"):
            disagreements += compare(data, system, task, readings)
    for system in args.systems:
        for task in ("ioiwari", "mis"):
            if not any(expected(data, system, p) for p in programs(data, task)):
                continue
            started = time.monotonic()
            readings, said = RUNNERS[system](data, args.tools, args.exported, args.work, task)
            (args.work / f"{system}-{task}.log").write_text(said)
            disagreements += compare(data, system, task, readings)
            log(f"time: {system} {task}: {time.monotonic() - started:.0f} s")
    if disagreements:
        log(f"\n{len(disagreements)} disagreement(s) with conformance/corpus.toml:")
        log(f"  {'system':<11} {'program':<34} {'test':>4}  {'expected':<14} got")
        for system, path, number, want, got in disagreements:
            log(f"  {system:<11} {path:<34} {number:>4}  {want:<14} {got}")
        sys.exit(1)
    log("\n0 disagreements")


if __name__ == "__main__":
    main()
