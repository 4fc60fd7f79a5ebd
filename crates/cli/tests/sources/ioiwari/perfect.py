"""A perfect Ioiwari player 1 in Python 3: negamax over bank differences, memoised."""
import sys
from functools import lru_cache


def sow(board, start):
    """Sows pit `start` (0..6): the new board and the mover's gain minus the opponent's."""
    p = list(board)
    hand, pit, mine, theirs = p[start], start, 0, 0
    p[start] = 0
    while hand > 0:
        pit = (pit + 1) % 7
        if hand > 1:
            if p[pit] == 5:
                p[pit] -= 1
                mine += 1
            else:
                p[pit] += 1
                hand -= 1
        else:
            if 1 <= p[pit] <= 4:
                mine += p[pit] + 1
                p[pit] = 0
            else:
                theirs += 1
            hand = 0
    return tuple(p), mine - theirs


@lru_cache(maxsize=None)
def value(board):
    if not any(board):
        return 0
    best = -100
    for i in range(7):
        if board[i]:
            after, gain = sow(board, i)
            best = max(best, gain - value(after))
    return best


def choose(board):
    best, pit = -100, -1
    for i in range(7):
        if board[i]:
            after, gain = sow(board, i)
            if gain - value(after) > best:
                best, pit = gain - value(after), i
    return pit


def main():
    board = tuple(int(x) for x in sys.stdin.readline().split())
    while any(board):
        mine = choose(board)
        print(mine + 1, flush=True)
        board, _ = sow(board, mine)
        if not any(board):
            break
        theirs = int(sys.stdin.readline())
        board, _ = sow(board, theirs - 1)


main()
