"""Always plays pit 1, even once it is empty: an illegal move on every test."""
import sys

sys.stdin.readline()
while True:
    print(1, flush=True)
    if not sys.stdin.readline():
        break
