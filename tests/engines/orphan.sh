#!/bin/sh
# A fake engine that starts a child of its own (writing its id to the file $1), answers
# the handshake, then hangs: killing the engine must kill the child too.
sleep 1000 &
echo $! > "$1"
while read -r line; do
  case "$line" in
    protocol*) echo "id name orphan maker"; echo "protocolok 1" ;;
    isready) echo "readyok" ;;
  esac
done
