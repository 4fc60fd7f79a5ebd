"""A flawed Ioiwari player 1 in Python 3: always the lowest-numbered non-empty pit."""
import sys


def sow(p, start):
    hand, pit = p[start], start
    p[start] = 0
    while hand > 0:
        pit = (pit + 1) % 7
        if hand > 1:
            if p[pit] == 5:
                p[pit] -= 1
            else:
                p[pit] += 1
                hand -= 1
        else:
            if 1 <= p[pit] <= 4:
                p[pit] = 0
            hand = 0


def main():
    board = [int(x) for x in sys.stdin.readline().split()]
    while any(board):
        mine = next(i for i in range(7) if board[i])
        print(mine + 1, flush=True)
        sow(board, mine)
        if not any(board):
            break
        sow(board, int(sys.stdin.readline()) - 1)


main()
