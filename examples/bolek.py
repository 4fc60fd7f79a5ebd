"""A Pooh-Eeyore-sticks Bolek in Python 3, speaking the line protocol of `graj --player` and
`duel mis judge --player`.

The protocol: read `p e B` once; then, before each of Bolek's moves, read the pool `p e` and
answer `bp be` (the poohsticks and eeyoresticks taken) on a line of its own, flushed.

The strategy: with m = B + 1, the side to move loses exactly when the residues
(p mod m, e mod m), smaller one first, are a Wythoff pair (floor(k*phi), floor(k*phi) + k).
Bolek looks for a move to such a position, trying every amount up to the residues: O(B) a
move, fine for small PE-bounds. From a lost position it takes one stick.
"""
import math
import sys


def lost(p, e, bound):
    """Whether the side to move loses from the pool (p, e)."""
    low, high = sorted((p % (bound + 1), e % (bound + 1)))
    k = high - low
    return low == (k + math.isqrt(5 * k * k)) // 2


def move(p, e, bound):
    """A winning move from (p, e), or one stick if there is none."""
    r, s = p % (bound + 1), e % (bound + 1)
    for k in range(1, r + 1):
        if lost(p - k, e, bound):
            return k, 0
    for k in range(1, s + 1):
        if lost(p, e - k, bound):
            return 0, k
    for k in range(1, min(r, s) + 1):
        if lost(p - k, e - k, bound):
            return k, k
    return (1, 0) if p > 0 else (0, 1)


def main():
    bound = int(sys.stdin.readline().split()[2])
    while True:
        line = sys.stdin.readline()
        if not line:
            return  # the game is over: the driver closed our input
        p, e = map(int, line.split())
        print(*move(p, e, bound), flush=True)


main()
