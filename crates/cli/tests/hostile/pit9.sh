# Plays pit 9, which does not exist.
echo 9
