#!/usr/bin/env bash
# What a Lottie overlay costs: 6 s of a 1920x1080 30 fps output (180 frames) of a colour clip, rendered without an
# overlay and with a Lottie animation over half the frame (drawn by rlottie at 960x540 for every output frame: twelve
# squares turning and moving, one looping 2 s animation). Prints each render's best wall time of RUNS (default 3) and
# the extra milliseconds per output frame the overlay costs.
# Usage: bash Benchmarks/lottie-overlay.sh   (from the repository root; builds mediabatch in release mode)
set -euo pipefail
source "$(dirname "$0")/common.sh"
bench_setup lottie
shapes=""
for i in $(seq 0 11); do
  x=$((40 + (i % 4) * 120)); y=$((50 + (i / 4) * 90))
  shapes+="${shapes:+,}{\"ty\":4,\"ind\":$((i + 1)),\"ip\":0,\"op\":60,\"st\":0,\"ks\":{\"o\":{\"a\":0,\"k\":100},\
\"r\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[0],\"e\":[360],\"i\":{\"x\":[0.5],\"y\":[1]},\"o\":{\"x\":[0.5],\"y\":[0]}},{\"t\":60}]},\
\"a\":{\"a\":0,\"k\":[0,0,0]},\"s\":{\"a\":0,\"k\":[100,100,100]},\
\"p\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[$x,$y,0],\"e\":[$((x + 60)),$y,0],\"i\":{\"x\":[1],\"y\":[1]},\"o\":{\"x\":[0],\"y\":[0]}},{\"t\":60}]}},\
\"shapes\":[{\"ty\":\"gr\",\"it\":[{\"ty\":\"rc\",\"p\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[50,50]},\"r\":{\"a\":0,\"k\":8}},\
{\"ty\":\"fl\",\"c\":{\"a\":0,\"k\":[1,$((i % 2)),0.2,1]},\"o\":{\"a\":0,\"k\":90}},\
{\"ty\":\"tr\",\"p\":{\"a\":0,\"k\":[0,0]},\"a\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[100,100]},\"r\":{\"a\":0,\"k\":0},\"o\":{\"a\":0,\"k\":100}}]}]}"
done
mkdir -p "$work/media"
echo "{\"v\":\"5.5.2\",\"fr\":30,\"ip\":0,\"op\":60,\"w\":480,\"h\":270,\"layers\":[$shapes]}" > "$work/media/sting.json"
cat > "$work/lottie.yaml" <<'YAML'
mediabatch: 1
defaults: { out: out }
presets:
  bench: { base: web-1080p, video: { speed: veryfast } }
sources:
  bed: { generate: color, color: "#203040", duration: 6s }
outputs:
  - { name: plain, preset: bench, clips: [bed] }
  - { name: lottie, preset: bench, clips: [bed],
      overlays: [ { lottie: media/sting.json, loop: true, anchor: center, region: { width: 50% } } ] }
YAML

fastest() { # output name: the best wall time of RUNS renders, in seconds
  local name="${1}_wall"
  for _ in $(seq "${RUNS:-3}"); do
    keep_fastest "$1" "$bin" run "$work/lottie.yaml" --only "$1" --force --jobs 1 --quiet
  done
  echo "${!name}"
}
plain=$(fastest plain)
printf "%-7s %6.2f s\n" plain "$plain"
seconds=$(fastest lottie)
printf "%-7s %6.2f s  %+6.1f ms per frame\n" lottie "$seconds" "$(calc "($seconds - $plain) * 1000 / 180")"
