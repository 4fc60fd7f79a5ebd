"""The conformance corpus in real CMS, with CMS's own code (run by .ci/cms.sh with CMS's Python
and CMS_CONFIG set):

    corpus.py contest ID_FILE               # adds the contest; writes its id into ID_FILE
    corpus.py cut TASK_DIR TASK             # keeps the corpus's chosen tests of an exported task
    corpus.py submit CONTEST_ID USERNAME    # every program of the corpus, as a submission
    corpus.py wait CONTEST_ID READINGS      # waits for every evaluation, writes each test's

A test's reading is CMS's outcome and a word: the manager's (the first word of its text, one of
duel's verdicts) when the program ran to its end, else CMS's own reason (TLE for its time
limits, signal when the sandbox killed the program, nonzero for a status other than 0), or CE
for a program that did not compile."""

import json
import shutil
import sys
import time
import tomllib
from datetime import datetime
from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent.parent / "conformance"

# CMS's names of the corpus's languages (cms/grading/languages).
LANGUAGES = {
    "c": "C11 / gcc",
    "cpp": "C++17 / g++",
    "pascal": "Pascal / fpc",
    "python": "Python 3 / CPython",
}
EXTENSIONS = {"c": "c", "cpp": "cpp", "pascal": "pas", "python": "py"}


def manifest():
    with open(CORPUS / "corpus.toml", "rb") as f:
        return tomllib.load(f)


def taken(data):
    """The programs CMS takes: those whose language its task accepts."""
    return [p for p in data["program"]
            if p["language"] in data["systems"]["cms"][p["task"]]["languages"]]


def contest(id_file):
    from cms.db import Contest, SessionGen
    with SessionGen() as session:
        made = Contest(name="conformance", description="duel's conformance corpus",
                       languages=list(LANGUAGES.values()))
        session.add(made)
        session.commit()
        Path(id_file).write_text(f"{made.id}\n")


def cut(task_dir, task):
    """Keeps the chosen official tests (numbered from 1) as the task's tests 0, 1, 2."""
    task_dir = Path(task_dir)
    numbers = manifest()["tests"][task]
    for kind in ("input", "output"):
        folder = task_dir / kind
        kept = [(folder / f"{kind}{n - 1}.txt").read_bytes() for n in numbers]
        shutil.rmtree(folder)
        folder.mkdir()
        for at, content in enumerate(kept):
            (folder / f"{kind}{at}.txt").write_bytes(content)
    yaml = task_dir / "task.yaml"
    lines = [f"n_input: {len(numbers)}" if line.startswith("n_input:") else line
             for line in yaml.read_text().splitlines()]
    yaml.write_text("\n".join(lines) + "\n")


def submit(contest_id, username):
    from cms.db import File, Participation, SessionGen, Submission, Task, User
    from cms.db.filecacher import FileCacher
    cacher = FileCacher()
    with SessionGen() as session:
        participation = (session.query(Participation).join(Participation.user)
                         .filter(Participation.contest_id == int(contest_id))
                         .filter(User.username == username).one())
        for program in taken(manifest()):
            task = (session.query(Task).filter(Task.contest_id == int(contest_id))
                    .filter(Task.name == program["task"]).one())
            name = f"{program['task']}.%l"
            digest = cacher.put_file_from_path(str(CORPUS / program["path"]),
                                               f"conformance {program['path']}")
            submission = Submission(datetime.utcnow(), LANGUAGES[program["language"]],
                                    participation=participation, task=task,
                                    comment=program["path"])
            session.add(File(name, digest, submission=submission))
            session.add(submission)
        session.commit()


# CMS's own words for a program that did not run to its end (cms/grading/steps/evaluation.py).
REASONS = {
    "Execution timed out": "TLE",
    "Execution timed out (wall clock limit exceeded)": "TLE",
    "Execution killed (could be triggered by violating memory limits)": "signal",
    "Execution failed because the return code was nonzero": "nonzero",
}


def reading(evaluation):
    text = evaluation.text or [""]
    word = REASONS.get(text[0]) or (text[0].split(":")[0].split() or ["?"])[0]
    return f"{float(evaluation.outcome):g} {word}"


def wait(contest_id, readings_path, limit_s=1500):
    from cms.db import Contest, SessionGen, Submission
    started = time.monotonic()
    while True:
        with SessionGen() as session:
            submissions = (session.query(Submission).join(Submission.task)
                           .filter(Submission.task.has(contest_id=int(contest_id))).all())
            pending, readings, failures = 0, {}, []
            for submission in submissions:
                result = submission.get_result()
                if result is None or not result.compiled():
                    pending += 1
                    continue
                if result.compilation_failed():
                    readings[submission.comment] = ["CE"] * 3
                    continue
                if not result.evaluated():
                    if result.evaluation_tries >= 3:
                        failures.append(submission.comment)
                    pending += 1
                    continue
                by_test = sorted(result.evaluations, key=lambda e: e.codename)
                readings[submission.comment] = [reading(e) for e in by_test]
        elapsed = time.monotonic() - started
        if pending == 0:
            Path(readings_path).write_text(json.dumps(readings, indent=1))
            print(f"cms: {len(readings)} submissions evaluated in {elapsed:.0f} s")
            return
        if failures or elapsed > limit_s:
            print(f"cms: {pending} submissions not evaluated after {elapsed:.0f} s "
                  f"(CMS gave up on: {', '.join(failures) or 'none'})")
            sys.exit(1)
        time.sleep(5)


def main():
    command, args = sys.argv[1], sys.argv[2:]
    {"contest": contest, "cut": cut, "submit": submit, "wait": wait}[command](*args)


if __name__ == "__main__":
    main()
