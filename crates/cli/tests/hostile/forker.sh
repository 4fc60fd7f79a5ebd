# Starts children that would outlive it (one leaves the process group with `set -m`), records
# their pids in $DUEL_TEST_PIDS, then plays perfectly: the win must stand and the children die.
sleep 1000 &
echo $! >> "$DUEL_TEST_PIDS"
set -m
sleep 1000 &
echo $! >> "$DUEL_TEST_PIDS"
set +m
exec "$PLAYERS/perfect" "$@"
