"""A perfect Bolek speaking graj's line protocol, written independently of the duel crates.

The judge writes `p e B` once, then `p e` before each of Bolek's moves; we answer `bp be`.
With m = B + 1, (p, e) is lost for the side to move exactly when (p mod m, e mod m) is a
Wythoff pair (floor(k*phi), floor(k*phi) + k) in either order; we move to such a position.
"""
import math
import sys


def lower(k):
    """floor(k * phi), exactly."""
    return (k + math.isqrt(5 * k * k)) // 2


def partner(n):
    """The other member of n's Wythoff pair (0 for 0)."""
    if n == 0:
        return 0
    guess = n * 618034 // 1000000
    for k in range(max(1, guess - 3), guess + 4):
        if lower(k) == n:
            return n + k
    guess = n * 381966 // 1000000
    for k in range(max(1, guess - 3), guess + 4):
        if lower(k) + k == n:
            return lower(k)
    raise AssertionError(n)


def losing(p, e, bound):
    m = bound + 1
    return partner(p % m) == e % m


def move(p, e, bound):
    m = bound + 1
    a, b = p % m, e % m
    t = partner(b)
    if t < m:
        k = (a - t) % m
        if 1 <= k <= p and losing(p - k, e, bound):
            return k, 0
    t = partner(a)
    if t < m:
        k = (b - t) % m
        if 1 <= k <= e and losing(p, e - k, bound):
            return 0, k
    d = (a - b) % m
    for x in ([0] if d == 0 else [lower(d) + d, lower(m - d)]):
        k = (a - x) % m
        if 1 <= k <= min(p, e) and losing(p - k, e - k, bound):
            return k, k
    return (1, 0) if p > 0 else (0, 1)


def main():
    _, _, bound = map(int, sys.stdin.readline().split())
    for line in sys.stdin:
        p, e = map(int, line.split())
        bp, be = move(p, e, bound)
        sys.stdout.write(f"{bp} {be}\n")
        sys.stdout.flush()


main()
