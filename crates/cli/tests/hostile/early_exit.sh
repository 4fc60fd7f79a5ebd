# Exits successfully without playing.
exit 0
