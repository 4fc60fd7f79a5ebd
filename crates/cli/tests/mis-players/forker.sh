# Leaves a child behind (its pid in $PIDS/forker), then plays perfectly. Args: p e B.
sleep 1000 &
echo $! > "$PIDS/forker"
exec "$BOLEK" "$1" "$2" "$3"
