# Reads nothing and writes nothing.
exec sleep 100
