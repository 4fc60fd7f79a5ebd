# Spins on the CPU instead of answering.
read position
while :; do :; done
