#!/usr/bin/env bash
# What motion costs: 3 s of a 3840x2160 30 fps source rendered to web-1080p held still (the axis-aligned swscale
# path), zooming from 1x to 1.5x (the general affine path, from a half-size mip level), and turning 20 degrees while
# growing (affine path, frame by frame). Prints each render's best wall time of RUNS (default 3) and the extra
# milliseconds per frame against the still render.
# Usage: bash Benchmarks/motion-warp.sh   (from the repository root; builds mediabatch in release mode)
set -euo pipefail
source "$(dirname "$0")/common.sh"
bench_setup motion
$ff -f lavfi -i "testsrc2=size=3840x2160:rate=30:duration=3" -c:v libx264 -preset ultrafast -pix_fmt yuv420p "$work/uhd.mp4"
cat > "$work/motion.yaml" <<'YAML'
mediabatch: 1
defaults: { out: out }
presets:
  bench: { base: web-1080p, video: { speed: veryfast } }
outputs:
  - { name: still, preset: bench, clips: [ { source: uhd.mp4 } ] }
  - { name: zoom, preset: bench, clips: [ { source: uhd.mp4, zoom: { from: 1, to: 1.5 } } ] }
  - { name: turn, preset: bench, clips: [ { source: uhd.mp4, motion: [ { at: start }, { at: end, rotate: 20, scale: 1.3 } ] } ] }
YAML

fastest() { # output name: the best wall time of RUNS renders, in seconds
  local name="${1}_wall"
  for _ in $(seq "${RUNS:-3}"); do
    keep_fastest "$1" "$bin" run "$work/motion.yaml" --only "$1" --force --jobs 1 --quiet
  done
  echo "${!name}"
}
still=$(fastest still)
printf "%-6s %6.2f s\n" still "$still"
for name in zoom turn; do
  seconds=$(fastest "$name")
  printf "%-6s %6.2f s  %+6.1f ms per frame\n" "$name" "$seconds" "$(calc "($seconds - $still) * 1000 / 90")"
done
