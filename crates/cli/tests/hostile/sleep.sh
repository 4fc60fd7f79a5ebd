# Sleeps past the time limit before its first move.
sleep 5
echo 1
