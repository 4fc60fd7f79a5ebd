# Leaves (status 0) before the game is over.
read position
echo "1 0"
read position
exit 0
