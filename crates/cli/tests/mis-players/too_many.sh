# Takes one poohstick more than the PE-bound allows. Args: p e B.
read position
echo "$(($3 + 1)) 0"
