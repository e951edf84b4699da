#!/usr/bin/env bash
# Portrait phone footage into a 9:16 output: a 3840x2160 30 fps H.264 clip stored with a display matrix turning it a
# quarter (as phones store portrait video), 3 s, rendered into 1080x1920 (web-1080p turned, x264 veryfast) by
# mediabatch and by ffmpeg (which turns it with its automatic `transpose` before `scale=1080:1920`), alternately RUNS
# times (default 2), keeping each one's best wall time. Prints wall, CPU and peak memory of both and the ratio, and
# the size both outputs came out at.
# Usage: bash Benchmarks/portrait-phone.sh   (from the repository root; builds mediabatch in release mode)
set -euo pipefail
source "$(dirname "$0")/common.sh"
bench_setup portrait
$ff -f lavfi -i "testsrc2=size=3840x2160:rate=30:duration=3" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=3" \
    -c:v libx264 -preset ultrafast -crf 18 -pix_fmt yuv420p -c:a aac -b:a 128k -shortest "$work/flat.mp4"
$ff -i "$work/flat.mp4" -c copy -metadata:s:v rotate=90 "$work/portrait.mp4"
one_output portrait "{ source: ../portrait.mp4, fit: cover }" "width: 1080, height: 1920, "
encode="-c:v libx264 -preset veryfast -crf 21 -maxrate 10M -bufsize 20M -c:a aac -b:a 192k -ar 48000"

runs=${RUNS:-2}
for ((i = 1; i <= runs; i++)); do
  keep_fastest mb "$bin" run "$work/m" --force --quiet
  keep_fastest ffmpeg $ff -i "$work/portrait.mp4" -vf "scale=1080:1920" $encode "$work/ffmpeg.mp4"
done

echo "portrait phone footage: 3840x2160 H.264 turned a quarter by its display matrix, 3 s, into 1080x1920 (x264 veryfast)"
printf "mediabatch  %6.2f s wall  %6.2f s cpu  %7.1f MB peak  (best of %d)\n" "$mb_wall" "$mb_cpu" "$(calc "$mb_rss/1024")" "$runs"
printf "ffmpeg      %6.2f s wall  %6.2f s cpu  %7.1f MB peak\n" "$ffmpeg_wall" "$ffmpeg_cpu" "$(calc "$ffmpeg_rss/1024")"
printf "ratio mediabatch/ffmpeg: %.2f\n" "$(calc "$mb_wall / $ffmpeg_wall")"
size() { ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=p=0 "$1"; }
printf "output sizes: mediabatch %s, ffmpeg %s (must match)\n" "$(size "$work/out/portrait.mp4")" "$(size "$work/ffmpeg.mp4")"
