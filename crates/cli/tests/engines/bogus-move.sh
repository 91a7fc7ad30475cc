# A broken UGI engine: it answers the handshake, then plays a move that no game has.
while read -r line; do
  case "$line" in
    ugi) echo "id name Bogus"; echo ugiok ;;
    isready) echo readyok ;;
    go*) echo "bestmove z9-z10" ;;
    quit) exit 0 ;;
  esac
done
