# A broken UGI engine: it answers the handshake, then never answers `go`.
while read -r line; do
  case "$line" in
    ugi) echo "id name Sleeper"; echo ugiok ;;
    isready) echo readyok ;;
    go*) exec sleep 60 ;;
  esac
done
