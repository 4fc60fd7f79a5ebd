# Ends its first move with a NUL byte: no blank, so no move (RULES.md, L3 and L4).
printf '1\0\n'
