# Sleeps past the time limit before its first move.
sleep 10
echo 1
