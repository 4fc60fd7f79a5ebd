# Answers with letters instead of a pit number.
echo abc
