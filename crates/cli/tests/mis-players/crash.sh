# Reads its first position, then dies of SIGSEGV. Args: p e B (the first line, already read).
read position
kill -SEGV $$
