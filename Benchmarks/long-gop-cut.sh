#!/usr/bin/env bash
# A short clip cut from the middle of a long group of pictures: a 1920x1080 30 fps H.264 file as x264 writes it by
# default (keyframes up to 250 pictures apart, 3 B-frames in a pyramid, so two pictures in four are non-reference)
# cut from 7.5 s to 9.5 s into web-1080p (x264 veryfast crf 21, max 10M, AAC 192k), by mediabatch and by the
# equivalent `ffmpeg -ss -to` command, alternately RUNS times (default 3), keeping each one's best wall time. Both
# must decode from the keyframe at 0 s; mediabatch skips the non-reference pictures the cut hides (libavcodec's
# skip_frame, set per packet), ffmpeg decodes them and drops them. The first and last pictures of both outputs are
# compared (PSNR against each other: the same source pictures, encoded by two x264 sessions).
# Prints wall, CPU and peak memory of each, and the ratio mediabatch / ffmpeg.
# Usage: bash Benchmarks/long-gop-cut.sh   (from the repository root; builds mediabatch in release mode)
set -euo pipefail
source "$(dirname "$0")/common.sh"
bench_setup gop
$ff -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=12" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=12" \
    -c:v libx264 -preset fast -crf 18 -pix_fmt yuv420p -c:a aac -b:a 128k -shortest "$work/long.mp4"
keyframes=$(ffprobe -v error -select_streams v:0 -show_entries packet=pts_time,flags -of csv=p=0 "$work/long.mp4" \
  | awk -F, '$2 ~ /K/ { printf "%s%.2f", sep, $1; sep = " " }')
one_output cut "{ source: ../long.mp4, from: 7.5s, to: 9.5s }"

runs=${RUNS:-3}
for ((i = 1; i <= runs; i++)); do
  keep_fastest mb "$bin" run "$work/m" --force --quiet
  keep_fastest ff $ff -ss 7.5 -to 9.5 -i "$work/long.mp4" -c:v libx264 -preset veryfast -crf 21 \
    -maxrate 10M -bufsize 20M -pix_fmt yuv420p -c:a aac -b:a 192k -ar 48000 -movflags +faststart "$work/ffmpeg.mp4"
done

psnr() { # picture selector (first or last): the PSNR of that picture of mediabatch's output against ffmpeg's
  local pick="select=eq(n\\,0)"
  [ "$1" = last ] && pick="select=eq(n\\,59)"
  ffmpeg -hide_banner -nostats -i "$work/out/cut.mp4" -i "$work/ffmpeg.mp4" \
    -lavfi "[0:v]$pick[a];[1:v]$pick[b];[a][b]psnr" -f null - 2>&1 | sed -n 's/.*average:\([0-9.inf]*\).*/\1/p'
}
frames() { ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$1"; }
echo "long GOP: 1920x1080 H.264 (keyframes at $keyframes s) cut 7.5-9.5 s into web-1080p (x264 veryfast)"
printf "mediabatch        %6.2f s wall  %6.2f s cpu  %7.1f MB peak  (%s pictures, best of %d)\n" \
  "$mb_wall" "$mb_cpu" "$(calc "$mb_rss/1024")" "$(frames "$work/out/cut.mp4")" "$runs"
printf "ffmpeg -ss -to    %6.2f s wall  %6.2f s cpu  %7.1f MB peak  (%s pictures, best of %d)\n" \
  "$ff_wall" "$ff_cpu" "$(calc "$ff_rss/1024")" "$(frames "$work/ffmpeg.mp4")" "$runs"
printf "first picture: PSNR %s dB between the two outputs; last: %s dB\n" "$(psnr first)" "$(psnr last)"
printf "ratio mediabatch/ffmpeg: wall %.2f, cpu %.2f\n" "$(calc "$mb_wall / $ff_wall")" "$(calc "$mb_cpu / $ff_cpu")"
