#!/usr/bin/env python3
"""Writes the table of differences between the rules of play and what a contest system
decides itself, from the conformance corpus's manifest (conformance/corpus.toml): every
program that has a `[program.systems.NAME]` entry gives one row. The table goes into the last
section of crates/protocol/RULES.md and into docs/differences.md.

    python3 conformance/differences.py          # writes both
    python3 conformance/differences.py --check  # exit status 1 when either differs

Standard library only (Python 3.11 or later, for tomllib)."""

import sys
import textwrap
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "conformance" / "corpus.toml"
RULES = ROOT / "crates" / "protocol" / "RULES.md"
DOC = ROOT / "docs" / "differences.md"
HEADING = "## What the contest systems decide themselves"


def verdicts(words):
    """A test-by-test list of verdicts, shortened to one when all are the same ("a|b", the
    system's choice between two, shown as "a or b")."""
    words = [word.replace("|", " or ") for word in words]
    return words[0] if len(set(words)) == 1 else ", ".join(words)


def table(manifest):
    systems = manifest["systems"]
    rows = []
    for program in manifest["program"]:
        for name, entry in sorted(program.get("systems", {}).items()):
            clauses = ", ".join(program["clauses"]) or "-"
            rows.append(
                f"| `{program['path']}` | {clauses} | {verdicts(program['expect'])} "
                f"| {systems[name]['title']} | {verdicts(entry['expect'])} | {entry['why']} |"
            )
    tests = manifest["tests"]
    head = [
        "| program (`conformance/`) | clauses | the rules (duel's judge) | system | the system "
        "| why no package can change it |",
        "|---|---|---|---|---|---|",
    ]
    if not rows:
        rows = ["| (none) | | | | | |"]
    intro = (
        "Where a contest system decides a thing itself (its own wall clock, its sandbox, how it "
        "orders a program's end and the referee's verdict), no package can change it. Each row "
        "is a program of the conformance corpus that such a system judges otherwise than these "
        "rules, with the verdicts on the corpus's chosen tests (Ioiwari's official tests "
        f"{', '.join(map(str, tests['ioiwari']))}; Pooh-Eeyore-sticks' "
        f"{', '.join(map(str, tests['mis']))}), in duel's words. Every system gives every other "
        "program of the corpus what these rules give it, test by test (`.ci/conformance.sh` "
        "checks it with each system's own tool). Where a system would give a program more than "
        "these rules, duel's judge gives it what the rules give; where one would give it less, "
        "the judge says so in the test's reason when it sees the cause: a process that outlives "
        "the program's first process (\"note: its first process ended ...\"), a sleep "
        "(\"note: it slept ...\", which DMOJ's sandbox forbids; a sleep shorter than the "
        "judge's 50 ms look may go unseen). Generated from `conformance/corpus.toml` by "
        "`conformance/differences.py`; `conformance/README.md` says how."
    )
    return textwrap.fill(intro, 96) + "\n\n" + "\n".join(head + rows) + "\n"


def rules_text(current, generated):
    at = current.index(HEADING)
    return current[:at] + HEADING + "\n\n" + generated


def doc_text(generated):
    intro = (
        "The rules of play between a judge and a submission are "
        "[`crates/protocol/RULES.md`](../crates/protocol/RULES.md): duel's judge, the packages "
        "`duel export` writes and the kits' tools all obey them. This page is the table of that "
        "page's last section."
    )
    return (
        "# Where the contest systems differ from the rules of play\n\n"
        + textwrap.fill(intro, 96) + "\n\n" + generated
    )


def main():
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] not in ([], ["--check"]):
        sys.exit("usage: differences.py [--check]")
    with open(MANIFEST, "rb") as f:
        generated = table(tomllib.load(f))
    wanted = {
        RULES: rules_text(RULES.read_text(), generated),
        DOC: doc_text(generated),
    }
    stale = [path for path, text in wanted.items() if not path.is_file() or path.read_text() != text]
    if check:
        for path in stale:
            print(f"{path.relative_to(ROOT)} does not hold the table the corpus gives")
        sys.exit(1 if stale else 0)
    for path in stale:
        path.write_text(wanted[path])
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
