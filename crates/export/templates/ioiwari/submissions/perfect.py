"""Ioiwari player 1: a memoised negamax over the boards it reaches."""
import sys
from functools import lru_cache


def sow(board, pit):
    """The board after sowing `pit` (1..7) and the mover's gain minus the opponent's."""
    pits = list(board)
    at, hand, gain = pit - 1, pits[pit - 1], 0
    pits[at] = 0
    while True:
        at = (at + 1) % 7
        if hand > 1:
            if pits[at] == 5:
                pits[at] -= 1
                gain += 1
            else:
                pits[at] += 1
                hand -= 1
        else:
            if 1 <= pits[at] <= 4:
                gain += pits[at] + 1
                pits[at] = 0
            else:
                gain -= 1
            return tuple(pits), gain


@lru_cache(maxsize=None)
def value(board):
    if not any(board):
        return 0
    best = -100
    for pit in range(1, 8):
        if board[pit - 1]:
            after, gain = sow(board, pit)
            best = max(best, gain - value(after))
    return best


def best_pit(board):
    target = value(board)
    for pit in range(1, 8):
        if board[pit - 1]:
            after, gain = sow(board, pit)
            if gain - value(after) == target:
                return pit
    return 0


def main():
    sys.setrecursionlimit(10000)
    board = tuple(int(x) for x in sys.stdin.readline().split())
    while any(board):
        pit = best_pit(board)
        print(pit, flush=True)
        board = sow(board, pit)[0]
        if not any(board):
            break
        line = sys.stdin.readline()
        if not line:
            return
        board = sow(board, int(line))[0]


main()
