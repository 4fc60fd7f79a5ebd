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

Your program's lines are read as the judges read them: a line ends at a line feed and holds
at most 4096 bytes; a move is blanks (space, tab, carriage return), an optional sign, digits,
blanks, and nothing else (no other white space, no NUL). After the game your program's input
ends; it may write only blanks and line feeds, its output must end within a second, and it
must exit with status 0.

This is a tool for testing, not the judge: it does not measure CPU time or memory. It needs
only Python 3 (any system); your program runs as the command you give.
"""
import argparse
import os
import queue
import subprocess
import sys
import threading
import time
from functools import lru_cache

PITS = 7

# The rule every judge of the task follows (the duel project's RULES.md).
MAX_LINE_BYTES = 4096
BLANKS = b" \t\r"
QUOTED_BYTES = 40
CLOSE_WITHIN = 1.0


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


class Fault(Exception):
    """Player 1 broke the rule: the judges' verdict name and their reason."""

    def __init__(self, verdict, reason):
        super().__init__(reason)
        self.verdict = verdict
        self.reason = reason


def quoted(text):
    """The first 40 bytes of `text` as the judges quote them: printable ASCII as it is, a
    quote, an apostrophe and a backslash after a backslash, \\t \\r \\n, any other byte as
    \\xNN, then an ellipsis when bytes were left out."""
    shown = []
    for byte in text[:QUOTED_BYTES]:
        if byte in b"\t\r\n":
            shown.append({9: "\\t", 13: "\\r", 10: "\\n"}[byte])
        elif byte in b"'\"\\":
            shown.append("\\" + chr(byte))
        elif 0x20 <= byte <= 0x7E:
            shown.append(chr(byte))
        else:
            shown.append("\\x%02x" % byte)
    return "".join(shown) + ("\u2026" if len(text) > QUOTED_BYTES else "")


def read_move(line, board):
    """Player 1's pit from one line (its bytes before the line feed) on `board`."""
    text = line.strip(BLANKS)
    if not text:
        raise Fault("protocol_error", "expected a pit number, got an empty line")
    digits = text[1:] if text[:1] in (b"+", b"-") else text
    if not digits or any(not 48 <= byte <= 57 for byte in digits):
        raise Fault("protocol_error", 'expected a pit number, got "%s"' % quoted(text))
    significant = digits.lstrip(b"0")
    if text[:1] == b"-" or len(significant) != 1 or not 1 <= significant[0] - 48 <= PITS:
        raise Fault("illegal_move",
                    "there is no pit %s; pits are numbered 1 to %d" % (quoted(text), PITS))
    pit = significant[0] - 48
    if board[pit - 1] == 0:
        raise Fault("illegal_move", "pit %d is empty at %s" % (pit, show(board)))
    return pit


class Output:
    """Player 1's output: bytes from `source(timeout)`, which gives some bytes, b"" at the
    end, or None when `timeout` seconds (None: no bound) passed first."""

    def __init__(self, source):
        self.source = source
        self.buffer = b""
        self.ended = False

    def fill(self, timeout):
        """Whether bytes are buffered now (False at the end); None after the timeout."""
        if self.buffer:
            return True
        if self.ended:
            return False
        got = self.source(timeout)
        if got is None:
            return None
        if not got:
            self.ended = True
            return False
        self.buffer = got
        return True

    def line(self, timeout):
        """The next line's bytes before its line feed (an unended last line too); None at the
        end of the output; False when no line came within `timeout` seconds."""
        line = b""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            filled = self.fill(left)
            if filled is None:
                return False
            if not filled:
                return line if line else None
            end = self.buffer.find(b"\n")
            piece = self.buffer if end < 0 else self.buffer[:end]
            if len(line) + len(piece) > MAX_LINE_BYTES:
                raise Fault("protocol_error", "wrote a line longer than %d bytes" % MAX_LINE_BYTES)
            line += piece
            if end >= 0:
                self.buffer = self.buffer[end + 1:]
                return line
            self.buffer = b""

    def after_game(self, within):
        """Reads the rest to the end: blanks and line feeds may come, for `within` seconds.
        The output is read to its end even after a byte it refuses, so that a program that
        then ends has ended first (its exit status comes first, as in the judges)."""
        deadline = time.monotonic() + within
        refused = False
        while True:
            filled = self.fill(max(0.0, deadline - time.monotonic()))
            if refused and filled is not True:
                raise Fault("protocol_error",
                            "after the game: it wrote more than blanks and line feeds")
            if filled is None:
                raise Fault("protocol_error", "after the game: its output was still open 1 s later")
            if not filled:
                return
            refused = refused or bool(self.buffer.strip(BLANKS + b"\n"))
            self.buffer = b""


def play(board, output, send, note, timeout=None):
    """Plays one game from `board`: player 1's lines from `output`, player 2's pits through
    `send`, each move given to `note`. Returns the judges' verdict, its reason and the number
    of moves; a move that does not come within `timeout` seconds is a time limit."""
    banks = [0, 0]
    moves = 0
    player = 1
    try:
        send(show(board))
        while any(board):
            if player == 1:
                line = output.line(timeout)
                if line is False:
                    return ("time_limit", "player 1 wrote no move within %g s (does it flush "
                            "after every move?)" % timeout, moves)
                if line is None:
                    return "early_exit", "ended its output before the game was over", moves
                pit = read_move(line, board)
            else:
                pit = first_best_pit(board)
            board, mover, opponent = sow(board, pit)
            banks[player - 1] += mover
            banks[2 - player] += opponent
            moves += 1
            note(player, pit, board, banks)
            if player == 2:
                send(str(pit))
            player = 3 - player
        send(None)
        output.after_game(CLOSE_WITHIN)
    except Fault as fault:
        return fault.verdict, fault.reason, moves
    if banks[0] > banks[1]:
        return "win", "player 1 wins %d-%d" % (banks[0], banks[1]), moves
    if banks[0] < banks[1]:
        return "loss", "player 2 wins %d-%d" % (banks[1], banks[0]), moves
    return "draw", "draw %d-%d" % (banks[0], banks[1]), moves


def pipe_source(stream):
    """A source (see Output) reading `stream` in a thread of its own, so that a wait can end."""
    chunks = queue.Queue()

    def pump():
        while True:
            try:
                chunk = os.read(stream.fileno(), 4096)
            except OSError:
                chunk = b""
            chunks.put(chunk)
            if not chunk:
                return

    threading.Thread(target=pump, daemon=True).start()

    def source(timeout):
        try:
            return chunks.get(timeout=timeout)
        except queue.Empty:
            return None

    return source


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

    def line(text):
        log.write(text + "\n")
        log.flush()
        print(text, file=sys.stderr, flush=True)

    # Judges do not unbuffer Python's output: neither does this tool.
    environment = dict(os.environ)
    environment.pop("PYTHONUNBUFFERED", None)
    try:
        program = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   env=environment)
    except OSError as error:
        print(f"cannot start {command[0]}: {error}", file=sys.stderr)
        return 2

    def send(text):
        """A line to the program; None closes its input (the game is over)."""
        try:
            if text is None:
                program.stdin.close()
            else:
                program.stdin.write(text.encode() + b"\n")
                program.stdin.flush()
        except (BrokenPipeError, OSError):
            pass  # it stopped reading: its output says what it did

    numbers = iter(range(1, 1000))

    def note(player, pit, after, banks):
        line(f"{next(numbers)}. player {player} plays {pit} -> {show(after)} "
             f"banks {banks[0]} {banks[1]}")

    line(f"start {show(board)} banks 0 0")
    output = Output(pipe_source(program.stdout))
    verdict, reason, _ = play(board, output, send, note, args.timeout)
    finished = verdict in ("win", "draw", "loss")
    if finished or reason.startswith("after the game: "):
        # The game is over: the program must exit with status 0, and its end comes first.
        # Once its output is still open a second after the game, it has its chance no more.
        try:
            status = program.wait(timeout=args.timeout) if output.ended else program.poll()
            if status is not None and status != 0:
                verdict = "runtime_error"
                reason = f"after the game: it ended with status {status}"
        except subprocess.TimeoutExpired:
            if finished:
                verdict = "time_limit"
                reason = f"after the game: it was still running {args.timeout:g} s later"
    result = {"win": "result: " + reason,
              "draw": "result: " + reason,
              "loss": "result: " + reason}.get(verdict, f"aborted: player 1: {verdict}: {reason}")
    line(result)
    send(None)
    if program.poll() is None:
        program.kill()
    program.wait()
    log.close()
    return 0 if verdict == "win" else 1


if __name__ == "__main__":
    sys.exit(main())
