# Plays perfectly, but leaves a child holding its standard output: the output must end within a
# second of the game's end, whoever holds it (RULES.md, A3), so the win does not stand.
sleep 1000 &
echo $! >> "$DUEL_TEST_PIDS"
exec "$PLAYERS/perfect" "$@"
