# Plays one move, then never answers again (it keeps reading its input).
echo 1
exec cat > /dev/null
