# A broken UGI engine: it answers the handshake, then crashes when asked to search.
while read -r line; do
  case "$line" in
    ugi) echo "id name Crasher"; echo ugiok ;;
    isready) echo readyok ;;
    go*) echo "info depth 1 score cp 0"; echo "fatal: out of cheese" >&2; exit 3 ;;
  esac
done
