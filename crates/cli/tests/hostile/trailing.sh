# Plays perfectly, then writes one more line after the game (RULES.md, A2).
"$PLAYERS/perfect" "$@"
echo 7
