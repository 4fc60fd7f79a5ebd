# Fails with status 3.
read position
exit 3
