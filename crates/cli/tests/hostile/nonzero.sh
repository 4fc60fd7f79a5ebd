# Exits with status 3 without playing.
exit 3
