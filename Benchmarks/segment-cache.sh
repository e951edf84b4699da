#!/usr/bin/env bash
# Work proportional to change, side by side in one run:
#  1. B2 (Benchmarks/batch-vs-ffmpeg.sh's batch: 12 outputs of 7 s, 4 clips x 3 aspects, a shared 2 s intro and outro,
#     0.5 s crossfades, a bed; web-720p refitted, x264 veryfast crf 23 capped at 6 Mb/s) rendered with an empty segment
#     cache, then the outro file replaced by another picture and the batch run again: the re-run's wall time over the
#     full run's (target <= 0.35). The re-run encodes the outros and the crossfades into them; the intros, the clips and
#     the crossfades between them come from the cache folder (its CPU time over the full run's is printed too).
#  2. B3: 2 products x 6 languages whose only difference is a 2 s title over the clip, rendered as one batch, against
#     the six one-language batches run one after another (each with an empty cache): wall time of the one over the sum
#     of the six (target <= 0.6). In one batch the variants of a product share every stretch the title does not touch.
#     Then the outro file changes again and the one batch runs again with its cache: the titled stretches come from
#     the cache folder like the rest, and only the outros and the crossfades into them are encoded (no target).
#  3. B2's peak memory without flags (an empty cache folder given so that nothing comes from earlier runs; target <=
#     350 MB), and its wall time.
# Each figure is the best of RUNS runs (default 1); every run starts from an empty cache except the re-runs. The two
# ratios are also given for each round (each run against the one measured next to it) with their median.
# Usage: bash Benchmarks/segment-cache.sh   (from the repository root)
set -euo pipefail
source "$(dirname "$0")/common.sh"
bench_setup segment-cache
b2_media
b2_manifest "$work/b2" ../out-b2
mkdir -p "$work/b3"
cat > "$work/b3/batch.yaml" <<'YAML'
mediabatch: 1
defaults: { out: ../out-b3 }
presets:
  bench: { base: web-720p, video: { speed: veryfast, crf: 23 } }
outputs:
  - name: "promo-{product}-{language}"
    matrix: { product: [shoes, bag], language: [en, de, fr, es, it, pt] }
    preset: bench
    intro: { source: ../intro.mp4, transition: { type: crossfade, duration: 0.5s } }
    outro: { source: ../outro.mp4, transition: { type: crossfade, duration: 0.5s } }
    soundtrack: { source: ../bed.m4a, volume: -14dB }
    clips: [ { source: "../{product}.mp4", from: 0.5s, to: 4.5s } ]
    title: { text: "{product} ({language})", at: 2.5s, duration: 2s, position: bottom, size: 8% }
YAML

fresh() { rm -rf "$work/cache"; echo "$work/cache"; }
runs=${RUNS:-1}
full_wall=""; rerun_wall=""; b3_wall=""; b3_rerun_wall=""; single_wall=""; peak_wall=""
full_walls=""; rerun_walls=""; b3_walls=""; single_walls=""   # every round's, for the ratios of each round
for ((i = 1; i <= runs; i++)); do
  b2_clip "smptebars=size=1280x720:rate=30" 262 2 "$work/outro.mp4"
  read -r w c r < <(measure "$bin" run "$work/b2" --force --quiet --cache "$(fresh)")
  [ "$(best "$w" "$full_wall")" = "$w" ] && { full_wall=$w; full_cpu=$c; full_rss=$r; }
  full_walls+=" $w"
  # The outro changes (another picture and tone); every output is stale, and the re-run finds the rest in the cache.
  b2_clip "rgbtestsrc=size=1280x720:rate=30" 294 2 "$work/outro.mp4"
  read -r w c r < <(measure "$bin" run "$work/b2" --quiet --cache "$work/cache")
  [ "$(best "$w" "$rerun_wall")" = "$w" ] && { rerun_wall=$w; rerun_cpu=$c; rerun_rss=$r; }
  rerun_walls+=" $w"
  cp "$work/out-b2/report.md" "$work/rerun-report.md"

  read -r w c r < <(measure "$bin" run "$work/b3" --force --quiet --cache "$(fresh)")
  [ "$(best "$w" "$b3_wall")" = "$w" ] && b3_wall=$w
  b3_walls+=" $w"
  cp "$work/out-b3/report.md" "$work/b3-report.md"
  # The outro changes back: the variants' titled stretches, like their clips, come from the cache folder.
  b2_clip "smptebars=size=1280x720:rate=30" 262 2 "$work/outro.mp4"
  read -r w c r < <(measure "$bin" run "$work/b3" --quiet --cache "$work/cache")
  [ "$(best "$w" "$b3_rerun_wall")" = "$w" ] && b3_rerun_wall=$w
  cp "$work/out-b3/report.md" "$work/b3-rerun-report.md"
  total=0
  for language in en de fr es it pt; do
    read -r w c r < <(measure "$bin" run "$work/b3" --force --quiet --only "*-$language" --cache "$(fresh)")
    total=$(calc "$total + $w")
  done
  [ "$(best "$total" "$single_wall")" = "$total" ] && single_wall=$total
  single_walls+=" $total"

  read -r w c r < <(measure "$bin" run "$work/b2" --force --quiet --cache "$(fresh)")
  [ "$(best "$w" "$peak_wall")" = "$w" ] && { peak_wall=$w; peak_rss=$r; }
done

echo "segment cache and variants (best of $runs; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg))"
printf "B2 full run, empty cache      %6.2f s wall %6.2f s cpu  %7.1f MB peak\n" "$full_wall" "$full_cpu" \
  "$(calc "$full_rss/1024")"
printf "B2 re-run, outro changed      %6.2f s wall %6.2f s cpu  %7.1f MB peak\n" "$rerun_wall" "$rerun_cpu" \
  "$(calc "$rerun_rss/1024")"
printf "ratio re-run/full: %.2f wall, %.2f cpu (target <= 0.35); in each round: %s\n" \
  "$(calc "$rerun_wall / $full_wall")" "$(calc "$rerun_cpu / $full_cpu")" "$(round_ratios "$rerun_walls" "$full_walls")"
grep -o 'from earlier runs: [^"]*' "$work/rerun-report.md" || true
printf "B3 one batch of 12 variants   %6.2f s wall\n" "$b3_wall"
printf "B3 six one-language batches   %6.2f s wall (summed)\n" "$single_wall"
printf "ratio variants/six batches: %.2f (target <= 0.6); in each round: %s\n" "$(calc "$b3_wall / $single_wall")" \
  "$(round_ratios "$b3_walls" "$single_walls")"
grep -o 'shared segments: [^"]*' "$work/b3-report.md" || true
printf "B3 re-run, outro changed      %6.2f s wall; ratio to the one batch %.2f\n" "$b3_rerun_wall" \
  "$(calc "$b3_rerun_wall / $b3_wall")"
grep -o 'from earlier runs: [^"]*' "$work/b3-rerun-report.md" || true
printf "B2 without flags              %6.2f s wall  %7.1f MB peak (target <= 350 MB)\n" "$peak_wall" "$(calc "$peak_rss/1024")"
