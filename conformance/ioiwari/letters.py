"""Writes its moves as English words (one, two, ...)."""
import sys

# The game from each of the corpus's boards, as lines.py derives it from the rules: the
# board's pits, then both players' pits in turn, this player's first.
GAMES = ["4442222 1645253456", "3433322 15243476137", "3423332 245167214"]

board = "".join(sys.stdin.readline().split())
moves = next((game[8:] for game in GAMES if game[:7] == board), "")
for i, pit in enumerate(moves):
    if i % 2 == 0:
        print("one two three four five six seven".split()[int(pit) - 1], flush=True)
    elif not sys.stdin.readline():  # player 2's move, or the judge's end
        break
