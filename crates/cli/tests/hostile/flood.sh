# Floods its output with one endless line.
exec cat /dev/zero
