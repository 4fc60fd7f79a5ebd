# Burns CPU forever.
while :; do :; done
