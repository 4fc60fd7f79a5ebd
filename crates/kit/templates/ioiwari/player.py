"""player.py - your solution of the task Ioiwari: the program that plays player 1.

It reads the start board (7 numbers), then, until all pits are empty, writes its pit on a
line of its own, flushes, and reads the opponent's pit. The board and the banks are kept up
to date with the task's rules in play(). This skeleton plays the first non-empty pit: legal,
but it does not try to win. Put your strategy in choose(). Run it with python3.
"""
import sys


def play(pits, banks, start, who):
    """Player `who` (0 for player 1, 1 for player 2) plays pit `start` (1..7)."""
    hand = pits[start]
    pits[start] = 0
    at = start
    while True:
        at = at % 7 + 1
        if hand > 1:
            if pits[at] == 5:
                pits[at] -= 1  # a full pit gives one bead to the mover's bank
                banks[who] += 1
            else:
                pits[at] += 1
                hand -= 1
        else:
            if 1 <= pits[at] <= 4:
                banks[who] += pits[at] + 1  # the last bead takes the pit's beads
                pits[at] = 0
            else:
                banks[1 - who] += 1  # the last bead goes to the opponent's bank
            return


def choose(pits, banks):
    """Your strategy: return a non-empty pit (1..7)."""
    return next(i for i in range(1, 8) if pits[i] > 0)


def main():
    pits = [0] + [int(word) for word in sys.stdin.readline().split()]
    banks = [0, 0]
    while any(pits):
        mine = choose(pits, banks)
        print(mine, flush=True)  # the opponent only sees the move once it is flushed
        play(pits, banks, mine, 0)
        if not any(pits):
            break
        line = sys.stdin.readline()
        if not line:
            sys.exit(1)  # the input ended before the game did
        theirs = int(line)
        if not 1 <= theirs <= 7 or pits[theirs] == 0:
            sys.exit(1)
        play(pits, banks, theirs, 1)


main()
