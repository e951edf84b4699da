#!/usr/bin/env bash
# Benchmark (not a test): expand and plan 10 000 outputs (a 1000-row CSV x 10 aspects, a template with intro, outro,
# transitions, soundtrack and overlay, every source a generator so no media is needed), then print wall time and peak
# memory of `mediabatch validate`, `mediabatch plan` and `mediabatch plan --json`.
# Usage: Benchmarks/expand-10k.sh [rows]   (run from anywhere; builds mediabatch in release first)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rows="${1:-1000}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

{
  echo "product,headline,start"
  for ((i = 0; i < rows; i++)); do echo "p$i,\"Headline $i, now\",$((i % 5))s"; done
} > "$work/products.csv"

cat > "$work/spring.yaml" <<'YAML'
mediabatch: 1
limits: { outputs: 10000000 }   # more rows than the default 10 000 outputs per manifest
defaults:
  preset: web-1080p
  out: out
sources:
  intro: { generate: testpattern, duration: 3s, size: 1280x720 }
  outro: { generate: color, color: navy, duration: 2s }
  body:  { generate: testpattern, duration: 10s, size: 1920x1080, fps: 25 }
  music: { generate: tone, duration: 4s, frequency: 220 }
  logo:  { generate: color, color: white, duration: 1s, size: 200x100 }
templates:
  promo:
    intro: { source: intro, transition: { type: crossfade, duration: 0.5s } }
    outro: { source: outro, transition: { type: fade, duration: 0.5s } }
    transition: { type: crossfade, duration: 0.4s }
    soundtrack: { source: music, volume: -14dB, loop: true, fade_in: 1s, fade_out: 2s, duck: -10dB }
    overlays:
      - { image: logo, region: { x: 88%, y: 4%, width: 8% }, opacity: 0.8 }
outputs:
  - name: "promo-{product}-{aspect}"
    template: promo
    data: products.csv
    matrix: { aspect: [16x9, 9x16, 1x1, 4x5, 5x4, 4x3, 3x4, 21x9, 2x1, 1x2] }
    preset: { base: web-1080p, aspect: "{aspect}" }
    clips:
      - { source: body, from: "{start}", to: 7.5s, crop: { x: 10%, y: 0%, width: 80%, height: 100% }, fit: cover }
      - { source: body, from: 0s, duration: 4s, speed: 2 }
      - { source: body, from: 1s, duration: 2s }
    title: { text: "{headline}", at: 1s, duration: 3s, position: bottom, animate: fade }
YAML

cd "$root"
swift build -c release --product mediabatch 2>&1 | tail -1
binary="$root/.build/release/mediabatch"
outputs=$(( rows * 10 ))
runs=${RUNS:-3}   # best of three: a 2-core machine with anything else running makes single runs noisy
for command in "validate" "plan" "plan --json"; do
  log="$work/time.log"
  best_wall=""; best_rss=""
  for ((i = 1; i <= runs; i++)); do
    /usr/bin/time -v "$binary" $command --max-outputs 10000000 "$work/spring.yaml" > "$work/stdout" 2> "$log" || {
      echo "mediabatch $command failed:"; tail -20 "$log"; exit 1; }
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$log" | awk -F: '{ print $1 * 60 + $2 }')
    rss=$(grep "Maximum resident set size" "$log" | awk '{print $NF}')
    if [ -z "$best_wall" ] || awk -v a="$wall" -v b="$best_wall" 'BEGIN { exit !(a < b) }'; then
      best_wall=$wall; best_rss=$rss
    fi
  done
  echo "mediabatch $command, $outputs outputs: wall ${best_wall} s, peak RSS $((best_rss / 1024)) MB, stdout $(wc -c < "$work/stdout") bytes (best of $runs)"
done
echo "target: < 1 s, < 200 MB"
