# Plays pit 1, which is empty on its test board.
echo 1
