#!/bin/bash
# 50 rooms of 4 remote greedy bots, every client its own process: one `serve --rooms 50`
# process and 200 `join --bot greedy` processes, started 12 a second, all at nice 5. Run by
# hand on a release build (`cargo build --release`), never in CI:
#     PHASES=40 tools/rooms-soak.sh
# Prints the wall time; the server's figures (its p99 from taking an intent to sending its
# action, peak memory) are in $OUT/serve.err, each client's checkpoints in $OUT/join-*.log.
set -u
B=${CARGO_TARGET_DIR:-$HOME/.cache/aeternus-target}/release/aeternus
OUT=${OUT:-$(mktemp -d)}
PHASES=${PHASES:-20}
PORT=${PORT:-7900}
start=$(date +%s.%N)
nice -n 5 /usr/bin/time -v "$B" serve --rooms 50 --port "$PORT" --bind 127.0.0.1 \
    --seats human,human,human,human --phases "$PHASES" --seed 1 > "$OUT/serve.out" 2> "$OUT/serve.err" &
server=$!
sleep 2
for room in $(seq 0 49); do
    for seat in 0 1 2 3; do
        nice -n 5 "$B" join "127.0.0.1:$((PORT + room))" --bot greedy --name "B$room-$seat" \
            > "$OUT/join-$room-$seat.log" 2>&1 &
    done
    if [ $((room % 3)) -eq 2 ]; then sleep 0.5; fi
done
wait "$server"
echo "wall $(echo "$(date +%s.%N) - $start" | bc) s; figures in $OUT"
grep -E "99th|Maximum resident" "$OUT/serve.err"
wait
grep -h "the game is over" "$OUT"/join-*.log | sort | uniq -c
