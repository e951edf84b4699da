#!/usr/bin/env bash
# One documented job rendered by mediabatch and by an equivalent ffmpeg -filter_complex, in the same run:
# three 1280x720 30 fps H.264+AAC clips, each trimmed to 8 s, joined by two 0.5 s crossfades (video and audio),
# a centre 720x720 crop scaled to 1080x1080, a soundtrack bed under them, libx264 veryfast crf 23 (max 10M) + AAC 192k.
# Prints wall time and peak memory of both and the ratio mediabatch / ffmpeg (target: <= 0.8); on a processor with
# AVX-512 also ffmpeg with x264 held to the routines mediabatch gives it and that ratio; the floor (x264's and the
# decoders' own work over every core) and how far mediabatch's CPU and both tools' use of the cores are from it. Then
# the peak memory of a 10 s and a 60 s mediabatch output (target: 60 s <= 1.2 x 10 s).
# Usage: bash Benchmarks/render-vs-ffmpeg.sh   (from the repository root; builds mediabatch in release mode)
set -euo pipefail
source "$(dirname "$0")/common.sh"
bench_setup bench
# Sources: three different moving pictures with tones, and a music bed.
$ff -f lavfi -i "testsrc2=size=1280x720:rate=30:duration=22" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=22" \
    -c:v libx264 -preset veryfast -crf 20 -g 60 -pix_fmt yuv420p -c:a aac -b:a 128k -ac 2 -shortest "$work/a.mp4"
$ff -f lavfi -i "mandelbrot=size=1280x720:rate=30" -f lavfi -i "sine=frequency=550:sample_rate=48000:duration=22" \
    -t 22 -c:v libx264 -preset veryfast -crf 20 -g 60 -pix_fmt yuv420p -c:a aac -b:a 128k -ac 2 -shortest "$work/b.mp4"
$ff -f lavfi -i "life=size=1280x720:rate=30:mold=10:ratio=0.1:death_color=#C83232:life_color=#00ff00,scale=1280x720" \
    -f lavfi -i "sine=frequency=660:sample_rate=48000:duration=22" \
    -t 22 -c:v libx264 -preset veryfast -crf 20 -g 60 -pix_fmt yuv420p -c:a aac -b:a 128k -ac 2 -shortest "$work/c.mp4"
$ff -f lavfi -i "sine=frequency=220:sample_rate=48000:duration=70" -ac 2 -c:a aac -b:a 128k "$work/bed.m4a"

mkdir -p "$work/m"
manifest() { # name, clip length in seconds
  cat > "$work/m/$1.yaml" <<YAML
mediabatch: 1
defaults: { out: ../out }
presets:
  bench: { base: web-1080p, video: { width: 1080, height: 1080, speed: veryfast, crf: 23 }, audio: { bitrate: 192k } }
outputs:
  - name: $1
    preset: bench
    transition: { type: crossfade, duration: 0.5s }
    soundtrack: { source: ../bed.m4a, volume: -12dB, loop: true }
    clips:
      - { source: ../a.mp4, from: 1s, duration: ${2}s, crop: { x: 280, y: 0, width: 720, height: 720 }, fit: stretch }
      - { source: ../b.mp4, from: 1s, duration: ${2}s, crop: { x: 280, y: 0, width: 720, height: 720 }, fit: stretch }
      - { source: ../c.mp4, from: 1s, duration: ${2}s, crop: { x: 280, y: 0, width: 720, height: 720 }, fit: stretch }
YAML
}
manifest bench 8

runs=${RUNS:-3}   # alternate the tools and keep each one's best run, so a busy moment does not decide

# The routines mediabatch gives libx264: the machine's, without AVX-512 (x264's AVX-512 macroblock-tree propagation
# writes another stream than its AVX2 one at widths that are not a multiple of 128 px, so holding it keeps the bytes
# the same on every machine from SSSE3 up). ffmpeg's x264 takes AVX-512 where the processor has it; the third command
# gives it mediabatch's routines, so both encode with the same x264 code and the ratio compares the pipelines.
x264_routines() {
  local flags names=(MMX2 SSE SSE2) pair
  flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
  for pair in pni:SSE3 ssse3:SSSE3 sse4_1:SSE4.1 sse4_2:SSE4.2 avx:AVX xop:XOP fma4:FMA4 fma:FMA3 avx2:AVX2; do
    [[ "$flags" == *" ${pair%%:*} "* ]] && names+=("${pair##*:}")
  done
  (IFS=,; echo "${names[*]}")
}
routines=$(x264_routines)
has_avx512=$(grep -m1 '^flags' /proc/cpuinfo | grep -qw avx512f && echo yes || echo no)

# FFmpeg 5.1's xfade has no 4:2:0 formats: without the last format=yuv420p, ffmpeg would convert to 4:4:4 and encode a
# High 4:4:4 stream, a different (and heavier) output than mediabatch's 4:2:0 High. The script prints both formats.
fc="[0:v]trim=1:9,setpts=PTS-STARTPTS,crop=720:720:280:0,scale=1080:1080,fps=30,format=yuv420p[v0];
[1:v]trim=1:9,setpts=PTS-STARTPTS,crop=720:720:280:0,scale=1080:1080,fps=30,format=yuv420p[v1];
[2:v]trim=1:9,setpts=PTS-STARTPTS,crop=720:720:280:0,scale=1080:1080,fps=30,format=yuv420p[v2];
[v0][v1]xfade=transition=fade:duration=0.5:offset=7.5[x1];[x1][v2]xfade=transition=fade:duration=0.5:offset=15,format=yuv420p[vout];
[0:a]atrim=1:9,asetpts=PTS-STARTPTS[a0];[1:a]atrim=1:9,asetpts=PTS-STARTPTS[a1];[2:a]atrim=1:9,asetpts=PTS-STARTPTS[a2];
[a0][a1]acrossfade=d=0.5[ax];[ax][a2]acrossfade=d=0.5[aclips];
[3:a]volume=-12dB,atrim=0:23[bed];[aclips][bed]amix=inputs=2:duration=first:normalize=0[aout]"
for ((i = 1; i <= runs; i++)); do
  # An empty segment cache each run: no run takes the segments an earlier one kept.
  keep_fastest mb "$bin" run "$work/m/bench.yaml" --force --quiet --cache "$(mktemp -d -p "$work")"
  keep_fastest ff $ff -i "$work/a.mp4" -i "$work/b.mp4" -i "$work/c.mp4" -i "$work/bed.m4a" \
    -filter_complex "$fc" -map "[vout]" -map "[aout]" -c:v libx264 -preset veryfast -crf 23 -maxrate 10M -bufsize 20M \
    -c:a aac -b:a 192k -ar 48000 -movflags +faststart "$work/ffmpeg.mp4"
  if [ "$has_avx512" = yes ]; then
    keep_fastest fs $ff -i "$work/a.mp4" -i "$work/b.mp4" -i "$work/c.mp4" -i "$work/bed.m4a" \
      -filter_complex "$fc" -map "[vout]" -map "[aout]" -c:v libx264 -preset veryfast -crf 23 -maxrate 10M \
      -bufsize 20M -x264-params "asm=$routines" -c:a aac -b:a 192k -ar 48000 -movflags +faststart "$work/ffmpeg-held.mp4"
  fi
done

echo "job: 3 x 8 s of 1280x720 clips, 2 crossfades, centre crop to 1080x1080, bed; x264 veryfast crf 23"
printf "mediabatch  %6.2f s wall  %6.2f s cpu  %7.1f MB peak   (best of %d)\n" "$mb_wall" "$mb_cpu" "$(calc "$mb_rss/1024")" "$runs"
printf "ffmpeg      %6.2f s wall  %6.2f s cpu  %7.1f MB peak   (best of %d)\n" "$ff_wall" "$ff_cpu" "$(calc "$ff_rss/1024")" "$runs"
printf "ratio mediabatch/ffmpeg: %.2f (target <= 0.8)\n" "$(calc "$mb_wall/$ff_wall")"
printf "ratio in each round (the two tools one after the other): %s\n" "$(round_ratios "$mb_walls" "$ff_walls")"
if [ "$has_avx512" = yes ]; then
  printf "ffmpeg, x264 held to mediabatch's routines (asm=%s)\n" "$routines"
  printf "            %6.2f s wall  %6.2f s cpu  %7.1f MB peak   (best of %d)\n" "$fs_wall" "$fs_cpu" \
    "$(calc "$fs_rss/1024")" "$runs"
  printf "ratio mediabatch/ffmpeg with the same x264 routines: %.2f (in each round: %s)\n" "$(calc "$mb_wall/$fs_wall")" \
    "$(round_ratios "$mb_walls" "$fs_walls")"
else
  echo "x264 routines (the same for both tools on this processor, which has no AVX-512): $routines"
fi
ffprobe -v error -show_entries format=duration -of csv=p=0 "$work/out/bench.mp4" | xargs printf "mediabatch output duration: %s s (expected 23.0)\n"
picture() { ffprobe -v error -select_streams v:0 -show_entries stream=pix_fmt,profile -of csv=p=0 "$1"; }
printf "video streams: mediabatch %s, ffmpeg %s (must match)\n" "$(picture "$work/out/bench.mp4")" "$(picture "$work/ffmpeg.mp4")"

# The floor at these encoder settings: x264's own work on the output's pictures (encoding mediabatch's output again,
# less decoding it) plus decoding the used part of the sources (0-9 s: the cut at 1 s starts from the keyframe at 0),
# spread perfectly over every core with nothing else to do. Neither tool can go below it.
cpu_of() { measure "$@" | awk '{ print $2 }'; }
decoding=$(cpu_of $ff -threads 1 -ss 1 -t 8 -i "$work/a.mp4" -threads 1 -ss 1 -t 8 -i "$work/b.mp4" \
  -threads 1 -ss 1 -t 8 -i "$work/c.mp4" -map 0:v -map 1:v -map 2:v -f null -)
plain=$(cpu_of $ff -threads 1 -i "$work/out/bench.mp4" -map 0:v -f null -)
encoding=$(cpu_of $ff -threads 1 -i "$work/out/bench.mp4" -map 0:v -c:v libx264 -threads 2 -preset veryfast -crf 23 \
  -maxrate 10M -bufsize 20M -f null -)
x264=$(calc "$encoding - $plain")
floor=$(calc "($x264 + $decoding) / $(nproc)")
printf "floor: x264 %.2f s + decoding %.2f s of CPU over %d cores = %.2f s wall, ratio %.2f to ffmpeg\n" \
  "$x264" "$decoding" "$(nproc)" "$floor" "$(calc "$floor / $ff_wall")"
if [ "$has_avx512" = yes ]; then # the same floor with x264 on mediabatch's routines
  held=$(cpu_of $ff -threads 1 -i "$work/out/bench.mp4" -map 0:v -c:v libx264 -threads 2 -preset veryfast -crf 23 \
    -maxrate 10M -bufsize 20M -x264-params "asm=$routines" -f null -)
  floor=$(calc "($held - $plain + $decoding) / $(nproc)")
  printf "floor with x264 on mediabatch's routines: x264 %.2f s + decoding %.2f s = %.2f s wall, ratio %.2f to ffmpeg\n" \
    "$(calc "$held - $plain")" "$decoding" "$floor" "$(calc "$floor / $ff_wall")"
  x264=$(calc "$held - $plain")
fi
# How far each tool is from that floor: mediabatch's CPU beyond the floor's work (its x264 on its own routines), and
# how many cores each kept busy on average. Below the floor a render needs less CPU or more cores than the machine has.
# The floor's passes run after the renders: where the machine's speed changed in between, this figure moves with it
# (below zero, the floor's passes ran in a slower moment than mediabatch's best render).
printf "mediabatch's CPU %.2f s: %.2f s beyond the floor's work; cores busy: mediabatch %.2f, ffmpeg %.2f (of %d)\n" \
  "$mb_cpu" "$(calc "$mb_cpu - $x264 - $decoding")" "$(calc "$mb_cpu / $mb_wall")" "$(calc "$ff_cpu / $ff_wall")" "$(nproc)"

# Memory must not grow with length: a 10 s and a 60 s output of the same shape.
manifest short 3.6667
manifest long 20.3334
read -r _ _ short_rss < <(measure "$bin" run "$work/m/short.yaml" --force --quiet)
read -r _ _ long_rss < <(measure "$bin" run "$work/m/long.yaml" --force --quiet)
printf "peak memory: 10 s output %.1f MB, 60 s output %.1f MB, ratio %.2f (target <= 1.2)\n" \
  "$(calc "$short_rss/1024")" "$(calc "$long_rss/1024")" "$(calc "$long_rss/$short_rss")"
