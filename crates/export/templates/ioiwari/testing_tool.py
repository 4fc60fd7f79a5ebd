#!/usr/bin/env python3
"""Ioiwari testing tool: plays the optimal player 2 against your program and logs the game.

Usage:
    python3 testing_tool.py [--board "4 3 2 4 2 3 2"] [--log ioiwari.out] -- ./your_program [args]
    python3 testing_tool.py -- python3 your_program.py

It starts your program, writes the start board to its standard input, reads its pits from
its standard output (one a line), answers each with the first optimal pit (in order 1..7, as
the judge's player 2 does) and writes every move, the board after it and the banks to the
log (and to standard error). The last line says how the game ended: player 1 wins, draw,
player 2 wins, or what went wrong (an illegal move, unreadable output, output that ended
mid-game, no move within --timeout seconds: the usual sign of a program that does not
flush). Exit status: 0 when your program won, 1 otherwise, 2 on bad usage.

This is a tool for testing, not the judge: it does not measure CPU time or memory. It needs
only Python 3 (any system); your program runs as the command you give.
"""
import argparse
import os
import subprocess
import sys
import threading
from functools import lru_cache

PITS = 7


def sow(board, pit):
    """The board after sowing `pit` (1..7), the mover's beads banked, the opponent's."""
    pits = list(board)
    at, hand = pit - 1, pits[pit - 1]
    pits[at] = 0
    mover = opponent = 0
    while True:
        at = (at + 1) % PITS
        if hand > 1:
            if pits[at] == 5:
                pits[at] -= 1
                mover += 1
            else:
                pits[at] += 1
                hand -= 1
        else:
            if 1 <= pits[at] <= 4:
                mover += pits[at] + 1
                pits[at] = 0
            else:
                opponent += 1
            return tuple(pits), mover, opponent


@lru_cache(maxsize=None)
def value(board):
    """The best final bank difference the side to move can force from `board`."""
    if not any(board):
        return 0
    best = None
    for pit in range(1, PITS + 1):
        if board[pit - 1]:
            after, mover, opponent = sow(board, pit)
            score = mover - opponent - value(after)
            best = score if best is None else max(best, score)
    return best


def first_best_pit(board):
    target = value(board)
    for pit in range(1, PITS + 1):
        if board[pit - 1]:
            after, mover, opponent = sow(board, pit)
            if mover - opponent - value(after) == target:
                return pit
    raise AssertionError("a board with beads has a move")


def show(board):
    return " ".join(str(beads) for beads in board)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--board", default="4 3 2 4 2 3 2", help="the start board")
    parser.add_argument("--log", default="ioiwari.out", help="where to log the game")
    parser.add_argument("--timeout", type=float, default=10.0,
                        help="seconds to wait for each move (default 10)")
    parser.add_argument("program", nargs=argparse.REMAINDER, help="-- your program and its arguments")
    args = parser.parse_args()
    command = args.program[1:] if args.program[:1] == ["--"] else args.program
    if not command:
        parser.error("give your program after --")
    try:
        board = tuple(int(word) for word in args.board.split())
    except ValueError:
        parser.error("the board is seven numbers")
    if len(board) != PITS or any(not 0 <= beads <= 5 for beads in board) or not any(board):
        parser.error("the board is seven numbers from 0 to 5, not all 0")
    sys.setrecursionlimit(10000)

    log = open(args.log, "w", encoding="utf-8")

    def note(line):
        log.write(line + "\n")
        log.flush()
        print(line, file=sys.stderr, flush=True)

    # Judges do not unbuffer Python's output: neither does this tool.
    environment = dict(os.environ)
    environment.pop("PYTHONUNBUFFERED", None)
    try:
        program = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   universal_newlines=True, bufsize=1, env=environment)
    except OSError as error:
        print(f"cannot start {command[0]}: {error}", file=sys.stderr)
        return 2

    def read_move():
        """A line of the program's output, None at its end, or False after the timeout."""
        got = []
        reader = threading.Thread(target=lambda: got.append(program.stdout.readline()),
                                  daemon=True)
        reader.start()
        reader.join(args.timeout)
        if not got:
            return False
        return got[0] if got[0] else None

    banks = [0, 0]
    note(f"start {show(board)} banks 0 0")
    result = None
    number = 0
    try:
        program.stdin.write(show(board) + "\n")
        program.stdin.flush()
        player = 1
        while any(board):
            number += 1
            if player == 1:
                line = read_move()
                if line is False:
                    result = (f"aborted: player 1 wrote no move within {args.timeout:g} s "
                              "(does it flush after every move?)")
                    break
                if line is None:
                    result = f"aborted: player 1's output ended before the game was over, at {show(board)}"
                    break
                text = line.strip()
                if not text.lstrip("+").isdigit():
                    result = f"aborted: player 1 wrote {text[:40]!r}, not a pit number"
                    break
                pit = int(text)
                if not 1 <= pit <= PITS or board[pit - 1] == 0:
                    result = f"aborted: player 1's move {pit} is illegal at {show(board)}"
                    break
            else:
                pit = first_best_pit(board)
            board, mover, opponent = sow(board, pit)
            banks[player - 1] += mover
            banks[2 - player] += opponent
            note(f"{number}. player {player} plays {pit} -> {show(board)} banks {banks[0]} {banks[1]}")
            if player == 2:
                program.stdin.write(f"{pit}\n")
                program.stdin.flush()
            player = 3 - player
    except BrokenPipeError:
        result = "aborted: player 1 stopped reading before the game was over"
    if result is None:
        if banks[0] > banks[1]:
            result = f"result: player 1 wins {banks[0]}-{banks[1]}"
        elif banks[0] < banks[1]:
            result = f"result: player 2 wins {banks[1]}-{banks[0]}"
        else:
            result = f"result: draw {banks[0]}-{banks[1]}"
    note(result)
    try:
        program.stdin.close()
    except BrokenPipeError:
        pass
    try:
        program.wait(timeout=args.timeout)
    except subprocess.TimeoutExpired:
        program.kill()
        program.wait()
    log.close()
    return 0 if result.startswith("result: player 1 wins") else 1


if __name__ == "__main__":
    sys.exit(main())
