# Starts children that would outlive it (one leaves the process group with `set -m`), records
# their pids in $DUEL_TEST_PIDS, then plays perfectly: the children do not hold its output, so
# the win must stand, and the children die with the test.
sleep 1000 > /dev/null &
echo $! >> "$DUEL_TEST_PIDS"
set -m
sleep 1000 > /dev/null &
echo $! >> "$DUEL_TEST_PIDS"
set +m
exec "$PLAYERS/perfect" "$@"
