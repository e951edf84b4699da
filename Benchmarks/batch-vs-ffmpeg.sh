#!/usr/bin/env bash
# Issue 12's B2: a batch of 12 outputs of 7 s (4 product clips x 3 aspects: 16:9, 9:16, 1:1) sharing a 2 s intro, a 2 s
# outro and a music bed, 0.5 s crossfades, every picture covering its canvas; web-720p refitted per aspect (1280x720,
# 720x1280, 1280x1280), x264 veryfast crf 23 capped at web-720p's 6 Mb/s (ffmpeg gets the same cap), AAC. mediabatch
# renders the batch in one process (its outputs share the encoded intro and outro segments); the competitor is the
# equivalent ffmpeg commands run two at a time (xargs -P 2, the best use of 2 cores for single ffmpeg processes). The
# two are run alternately, RUNS times each (default 2), and each one's best wall time is kept; the ratio of each round
# and their median are printed too.
# Prints wall, CPU (user + system) and peak memory of both and the ratio mediabatch / ffmpeg (target: <= 0.5,
# mediabatch <= 350 MB), and the same for mediabatch under `--max-memory 350M` (renders start only while their
# estimated peaks fit). Both again with `passthrough: true` in the preset (smart rendering: the 16:9 outputs, whose
# sources are already 1280x720 H.264, copy the groups of pictures their intro, clip and outro show untouched and
# encode only the rest; copied pictures keep the sources' crf 20). mediabatch's peak is its process's maximum
# resident set; ffmpeg's is the sum of the two largest per-command peaks (an upper bound of what two concurrent
# commands held at once).
# Last, the peak of one 1:1 output rendered alone against the process with nothing to render: what two 1:1 renders
# at once would hold, the reason the 350 MB budget runs them one at a time.
# Usage: bash Benchmarks/batch-vs-ffmpeg.sh   (from the repository root)
set -euo pipefail
source "$(dirname "$0")/common.sh"
bench_setup batch
b2_media
b2_manifest "$work/m" ../out-mb
mkdir -p "$work/m-pt"
sed 's/bench: { base: web-720p, /bench: { base: web-720p, passthrough: true, /; s/out-mb/out-pt/' "$work/m/batch.yaml" \
  > "$work/m-pt/batch.yaml"

# The ffmpeg commands, one per line. FFmpeg 5.1's xfade has no 4:2:0 formats: the last format=yuv420p keeps ffmpeg's
# outputs 4:2:0 High like mediabatch's (without it, ffmpeg encodes High 4:4:4); the script prints both formats.
mkdir -p "$work/out-ff"
: > "$work/commands"
for product in shoes bag watch hat; do
  for size in 1280x720 720x1280 1280x1280; do
    w=${size%x*}; h=${size#*x}
    v="scale=$w:$h:force_original_aspect_ratio=increase,crop=$w:$h,fps=30,format=yuv420p,setsar=1"
    fc="[0:v]$v[v0];[1:v]trim=0.5:4.5,setpts=PTS-STARTPTS,$v[v1];[2:v]$v[v2];"
    fc+="[v0][v1]xfade=transition=fade:duration=0.5:offset=1.5[x];[x][v2]xfade=transition=fade:duration=0.5:offset=5,format=yuv420p[vout];"
    fc+="[1:a]atrim=0.5:4.5,asetpts=PTS-STARTPTS[a1];[0:a][a1]acrossfade=d=0.5[ax];[ax][2:a]acrossfade=d=0.5[aclips];"
    fc+="[3:a]volume=-14dB[bed];[aclips][bed]amix=inputs=2:duration=first:normalize=0[aout]"
    echo "/usr/bin/time -f '%e %U %S %M' -o $work/time-$product-$size $ff -i $work/intro.mp4 -i $work/$product.mp4" \
      "-i $work/outro.mp4 -i $work/bed.m4a -filter_complex '$fc' -map '[vout]' -map '[aout]' -c:v libx264" \
      "-preset veryfast -crf 23 -maxrate 6M -bufsize 12M -c:a aac -b:a 160k -ar 48000 -movflags +faststart $work/out-ff/promo-$product-$size.mp4" \
      >> "$work/commands"
  done
done

now() { date +%s.%N; }
run_mediabatch() { # manifest folder, extra options...: prints "wall cpu peak_kib" (from an empty segment cache, so
  # that no run takes segments an earlier one kept)
  rm -rf "$work/segment-cache"
  measure "$bin" run "$work/$1" --force --quiet --cache "$work/segment-cache" "${@:2}"
}
run_ffmpeg() { # prints "wall cpu peak_kib" (peak: the two largest per-command peaks added)
  rm -f "$work"/time-*x*
  local start; start=$(now)
  xargs -P 2 -d '\n' -I{} sh -c '{}' < "$work/commands"
  local wall; wall=$(calc "$(now) - $start")
  cat "$work"/time-*x* | awk -v wall="$wall" '{ cpu += $2 + $3; if ($4 > first) { second = first; first = $4 }
    else if ($4 > second) second = $4 } END { print wall, cpu, first + second }'
}
runs=${RUNS:-2}
mb_wall=""; ff_wall=""; lim_wall=""; pt_wall=""; ptlim_wall=""
mb_walls=""; ff_walls=""   # every round's, for the ratio of each round
for ((i = 1; i <= runs; i++)); do
  read -r w c r < <(run_mediabatch m)
  [ "$(best "$w" "$mb_wall")" = "$w" ] && { mb_wall=$w; mb_cpu=$c; mb_rss=$r; }
  mb_walls+=" $w"
  read -r w c r < <(run_mediabatch m --max-memory 350M)
  [ "$(best "$w" "$lim_wall")" = "$w" ] && { lim_wall=$w; lim_cpu=$c; lim_rss=$r; }
  read -r w c r < <(run_mediabatch m-pt)
  [ "$(best "$w" "$pt_wall")" = "$w" ] && { pt_wall=$w; pt_cpu=$c; pt_rss=$r; }
  read -r w c r < <(run_mediabatch m-pt --max-memory 350M)
  [ "$(best "$w" "$ptlim_wall")" = "$w" ] && { ptlim_wall=$w; ptlim_cpu=$c; ptlim_rss=$r; }
  read -r w c r < <(run_ffmpeg)
  [ "$(best "$w" "$ff_wall")" = "$w" ] && { ff_wall=$w; ff_cpu=$c; ff_rss=$r; }
  ff_walls+=" $w"
done

count=$(ls "$work/out-mb"/*.mp4 | wc -l)
echo "B2: 12 outputs of 7 s (4 clips x 3 aspects), shared 2 s intro/outro, 0.5 s crossfades, bed; x264 veryfast crf 23"
printf "mediabatch run        %6.2f s wall  %6.2f s cpu  %7.1f MB peak  (%d outputs, best of %d)\n" \
  "$mb_wall" "$mb_cpu" "$(calc "$mb_rss/1024")" "$count" "$runs"
printf "ffmpeg, 2 at a time   %6.2f s wall  %6.2f s cpu  %7.1f MB peak  (12 outputs, best of %d)\n" \
  "$ff_wall" "$ff_cpu" "$(calc "$ff_rss/1024")" "$runs"
printf "mediabatch --max-memory 350M %6.2f s wall  %6.2f s cpu  %7.1f MB peak  (best of %d)\n" \
  "$lim_wall" "$lim_cpu" "$(calc "$lim_rss/1024")" "$runs"
printf "ratio mediabatch/ffmpeg: wall %.2f (target <= 0.5), cpu %.2f; mediabatch peak %.0f MB (target <= 350)\n" \
  "$(calc "$mb_wall / $ff_wall")" "$(calc "$mb_cpu / $ff_cpu")" "$(calc "$mb_rss/1024")"
printf "ratio in each round (mediabatch's run, then ffmpeg's four runs later): %s\n" "$(round_ratios "$mb_walls" "$ff_walls")"
printf "under --max-memory 350M: wall %.2f, peak %.0f MB\n" "$(calc "$lim_wall / $ff_wall")" "$(calc "$lim_rss/1024")"
grep -o 'shared segments: [^"]*' "$work/out-mb/report.md" || true
printf "passthrough                  %6.2f s wall  %6.2f s cpu  %7.1f MB peak  (best of %d)\n" \
  "$pt_wall" "$pt_cpu" "$(calc "$pt_rss/1024")" "$runs"
printf "passthrough --max-memory 350M %5.2f s wall  %6.2f s cpu  %7.1f MB peak  (best of %d)\n" \
  "$ptlim_wall" "$ptlim_cpu" "$(calc "$ptlim_rss/1024")" "$runs"
printf "passthrough: wall %.2f at %.0f MB; under --max-memory 350M: wall %.2f at %.0f MB\n" \
  "$(calc "$pt_wall / $ff_wall")" "$(calc "$pt_rss/1024")" "$(calc "$ptlim_wall / $ff_wall")" "$(calc "$ptlim_rss/1024")"
grep -o 'shared segments: [^"]*' "$work/out-pt/report.md" || true
picture() { ffprobe -v error -select_streams v:0 -show_entries stream=pix_fmt,profile -of csv=p=0 "$1"; }
printf "video streams (1:1 watch): mediabatch %s, ffmpeg %s (must match)\n" \
  "$(picture "$work/out-mb/promo-watch-1x1.mp4")" "$(picture "$work/out-ff/promo-watch-1280x1280.mp4")"

# Why the budget and the time target do not hold together: a 1:1 output's render in one encoder lane (as it runs
# beside another render; a budget too small for two lanes makes it run one), against the process with nothing
# rendering (a run where every output is up to date). Two 1:1 renders at once would need the process plus twice what
# one adds, so under 350 MB the four 1:1 outputs render one at a time, and in one lane.
read -r _ _ base_rss < <(measure "$bin" run "$work/m" --quiet)
read -r _ _ square_rss < <(measure "$bin" run "$work/m" --force --quiet --only promo-watch-1x1 --max-memory 300M)
square=$(calc "$square_rss/1024"); base=$(calc "$base_rss/1024")
printf "one 1:1 render alone: %.0f MB peak; the process with nothing to render: %.0f MB; two 1:1 renders at once: " \
  "$square" "$base"
printf "about %.0f MB (budget 350)\n" "$(calc "$base + 2 * ($square - $base)")"
