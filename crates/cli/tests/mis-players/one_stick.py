"""A mediocre Bolek: always one poohstick if any, else one eeyorestick (line protocol)."""
import sys

sys.stdin.readline()
for line in sys.stdin:
    p, e = map(int, line.split())
    sys.stdout.write("1 0\n" if p > 0 else "0 1\n")
    sys.stdout.flush()
