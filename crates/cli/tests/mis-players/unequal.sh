# Takes different numbers of both kinds.
read position
echo "2 1"
