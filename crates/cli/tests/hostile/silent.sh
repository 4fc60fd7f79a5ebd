# Reads nothing more and writes nothing.
exec sleep 1000
