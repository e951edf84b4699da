#!/usr/bin/env bash
# Issue 12's 4K goal: a 3840x2160 30 fps HEVC source with AAC sound (libx265, 1 s GOPs, as a camera records it) cut
# from 1 s to 6 s into a 1920x1080 web-1080p output (x264 veryfast crf 21, max 10M, AAC 192k), by mediabatch and by
# the equivalent `ffmpeg -ss -to` command, alternately RUNS times (default 2), keeping each one's best wall time.
# To show whether decoding keeps the encoder fed, it prints how many of the 2 cores the render kept busy (CPU / wall:
# an encoder waiting for pictures leaves a core idle) and times the two halves of the work alone: decoding the cut
# (with mediabatch's decoder thread count for 4K HEVC) and encoding its 150 pictures, already scaled, from raw frames.
# Prints wall, CPU and peak memory of each, and the ratio mediabatch / ffmpeg.
# Usage: bash Benchmarks/hevc-4k-cut.sh   (from the repository root; builds mediabatch in release mode)
set -euo pipefail
source "$(dirname "$0")/common.sh"
bench_setup 4k
$ff -f lavfi -i "testsrc2=size=3840x2160:rate=30:duration=7" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=7" \
    -c:v libx265 -preset ultrafast -x265-params log-level=error:keyint=30:min-keyint=30 -pix_fmt yuv420p \
    -c:a aac -b:a 128k -tag:v hvc1 "$work/uhd.mp4"
one_output cut "{ source: ../uhd.mp4, from: 1s, to: 6s }"

runs=${RUNS:-2}
for ((i = 1; i <= runs; i++)); do
  keep_fastest mb "$bin" run "$work/m" --force --quiet
  keep_fastest ff $ff -ss 1 -to 6 -i "$work/uhd.mp4" -vf scale=1920:1080 -c:v libx264 -preset veryfast \
    -crf 21 -maxrate 10M -bufsize 20M -c:a aac -b:a 192k -ar 48000 -movflags +faststart "$work/ffmpeg.mp4"
done
# The halves alone: decoding the cut on 4 threads (mediabatch's count for 4K HEVC), and x264 encoding the same
# pictures from raw 1080p frames with mediabatch's settings (2 encoder threads).
read -r dec_wall dec_cpu _ < <(measure $ff -threads 4 -ss 1 -to 6 -i "$work/uhd.mp4" -map 0:v -f null -)
$ff -ss 1 -to 6 -i "$work/uhd.mp4" -vf scale=1920:1080 -an -f rawvideo -pix_fmt yuv420p "$work/cut.yuv"
read -r enc_wall enc_cpu _ < <(measure $ff -f rawvideo -pix_fmt yuv420p -s 1920x1080 -r 30 -i "$work/cut.yuv" \
  -c:v libx264 -preset veryfast -crf 21 -maxrate 10M -bufsize 20M -threads 2 -f mp4 "$work/encode-only.mp4")

frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 \
  "$work/out/cut.mp4")
echo "4K: 3840x2160 HEVC 30 fps cut 1-6 s into 1920x1080 web-1080p (x264 veryfast); mediabatch wrote $frames frames"
printf "mediabatch        %6.2f s wall  %6.2f s cpu  %7.1f MB peak  (%.2f cores busy, best of %d)\n" \
  "$mb_wall" "$mb_cpu" "$(calc "$mb_rss/1024")" "$(calc "$mb_cpu/$mb_wall")" "$runs"
printf "ffmpeg -ss -to    %6.2f s wall  %6.2f s cpu  %7.1f MB peak  (best of %d)\n" \
  "$ff_wall" "$ff_cpu" "$(calc "$ff_rss/1024")" "$runs"
printf "decoding alone    %6.2f s wall  %6.2f s cpu  (4 threads)\n" "$dec_wall" "$dec_cpu"
printf "encoding alone    %6.2f s wall  %6.2f s cpu  (x264, 2 threads, from raw 1080p)\n" "$enc_wall" "$enc_cpu"
printf "ratio mediabatch/ffmpeg: wall %.2f, cpu %.2f; mediabatch kept %.2f of 2 cores busy\n" \
  "$(calc "$mb_wall / $ff_wall")" "$(calc "$mb_cpu / $ff_cpu")" "$(calc "$mb_cpu / $mb_wall")"
