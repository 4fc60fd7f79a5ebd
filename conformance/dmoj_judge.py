"""Grades programs with DMOJ's own judge (the code `dmoj-cli test` runs), recording each test
case's result: its code (AC, WA, TLE, MLE, RTE, IR, OLE, IE), with the points it earned
(`AC 2`, `AC 1`, `WA 0`), or CE for a program that did not compile. Run by systems.py with the
Python of DMOJ's environment:

    python3 dmoj_judge.py JUDGE.YML PROBLEM JOBS.json RESULTS.json LANGUAGES

JOBS.json lists {path, source, language}; RESULTS.json gets {path: [reading per case]}."""

import json
import sys


def main():
    config, problem, jobs_path, results_path, languages = sys.argv[1:6]
    sys.argv = [sys.argv[0], "-c", config, "--no-ansi", "-e", languages]
    from dmoj import contrib, executors, judgeenv
    from dmoj.judge import Judge, Submission
    from dmoj.testsuite import TestManager

    judgeenv.load_env(cli=True)
    executors.load_executors()
    contrib.load_contrib_modules()

    class Recorder(TestManager):
        """Keeps every case's result instead of checking it against expectations."""

        def __init__(self):
            self.cases = {}
            self.compile_error = False
            self.internal_error = None

        def test_case_status_packet(self, position, result):
            code = result.readable_codes()[0]
            self.cases[position] = f"{code} {result.points:g}"

        def compile_error_packet(self, log):
            self.compile_error = True

        def internal_error_packet(self, message):
            self.internal_error = message

    recorder = Recorder()
    judge = Judge(recorder)
    results = {}
    for number, job in enumerate(json.load(open(jobs_path)), 1):
        recorder.cases, recorder.compile_error, recorder.internal_error = {}, False, None
        print(f"grading {job['path']} ({job['language']})", flush=True)
        judge.begin_grading(
            Submission(number, problem, job["language"], job["source"], 1, 32768, False, {}),
            blocking=True,
            report=lambda line: print("    " + line, flush=True),
        )
        if recorder.compile_error:
            results[job["path"]] = "CE"
        elif recorder.internal_error is not None:
            print(recorder.internal_error, flush=True)
            results[job["path"]] = "IE"
        else:
            results[job["path"]] = [recorder.cases.get(n) for n in sorted(recorder.cases)]
    with open(results_path, "w") as f:
        json.dump(results, f)


if __name__ == "__main__":
    main()
