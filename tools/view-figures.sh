#!/bin/sh
# The map's figures (`docs/benchmarks.md`, "The map view: memory and frame times"): peak resident memory
# and frame times of the game window with about 10^3 and 10^6 generated hexes, built as
# `cargo run` builds it (the dev profile). Run by hand, never by `cargo test`:
#
#     tools/view-figures.sh            # memory (one --screenshot run a size) and frames
#     RUNS=3 tools/view-figures.sh     # each measure three times
#
# Needs xvfb-run and /usr/bin/time. The worlds: the Aeternus rules with `sight_radius: 18`
# (1,261 hexes: a site at the origin adds 2 to the sight) and `sight_radius: 577` (1,007,461
# hexes), seed 7, the default players.
set -eu
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=$HOME/.cache/aeternus-target}"
export CARGO_TARGET_DIR
RUNS=${RUNS:-1}
cargo build --quiet
GAME="$CARGO_TARGET_DIR/debug/aeternus"
DIR=$(mktemp -d "${TMPDIR:-/tmp}/aeternus-view-figures.XXXXXX")
trap 'rm -rf "$DIR"' EXIT
for r in 18 577; do
    sed "s/sight_radius: [0-9]*,/sight_radius: $r,/" assets/rules/aeternus.ron >"$DIR/sight-$r.ron"
done
window() {
    xvfb-run -a -s "-screen 0 1280x1024x24" "$GAME" --rules "$@"
}
echo "== peak resident memory (--screenshot, the first view framing every hex)"
for i in $(seq "$RUNS"); do
    for r in 18 577; do
        /usr/bin/time -f "%M" -o "$DIR/rss" xvfb-run -a -s "-screen 0 1280x1024x24" \
            "$GAME" --rules "$DIR/sight-$r.ron" --seed 7 --screenshot "$DIR/shot-$r.png" \
            >"$DIR/log-$r" 2>&1
        echo "sight $r: peak RSS $(cat "$DIR/rss") KB"
    done
done
echo "== frames (AETERNUS_FIGURES: the game's systems and the whole frame, 300 frames)"
for i in $(seq "$RUNS"); do
    for zoom in 1.4 12; do
        for mode in still pan; do
            for r in 18 577; do
                printf 'zoom %s, %s, sight %s: ' "$zoom" "$mode" "$r"
                AETERNUS_FIGURES=$mode window "$DIR/sight-$r.ron" --seed 7 --zoom "$zoom" 2>/dev/null |
                    grep '^figures:' || echo "(no figures)"
            done
        done
    done
done
