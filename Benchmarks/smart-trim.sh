#!/usr/bin/env bash
# Smart passthrough against a full re-encode: a 60 s 1920x1080 30 fps H.264 (3 B-frames, 2 s closed GOPs) + AAC file
# trimmed to 2.5 s - 57.5 s, both cuts in the middle of a GOP, written three ways in the same run:
#   smart      mediabatch with a passthrough preset (re-encodes only the partial GOPs at the cuts, copies the rest)
#   reencode   mediabatch with the same preset without passthrough (x264 veryfast crf 21, every frame)
#   ffmpeg     ffmpeg -ss 2.5 -to 57.5 with the same x264 and AAC settings
# Prints each one's best wall time, the ratios smart / reencode and smart / ffmpeg, how many of the smart output's
# video packets are byte-identical to source packets (copied), and whether ffmpeg decodes it without an error.
# Usage: bash Benchmarks/smart-trim.sh   (from the repository root; builds mediabatch in release mode)
set -euo pipefail
source "$(dirname "$0")/common.sh"
bench_setup smart
$ff -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=60" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=60" \
    -c:v libx264 -preset veryfast -crf 20 -bf 3 -g 60 -keyint_min 60 -sc_threshold 0 -pix_fmt yuv420p \
    -c:a aac -b:a 192k -ac 2 "$work/source.mp4"

mkdir -p "$work/m"
manifest() { # name, passthrough (true/false)
  cat > "$work/m/$1.yaml" <<YAML
mediabatch: 1
defaults: { out: ../out }
presets:
  bench: { base: web-1080p, passthrough: $2, video: { speed: veryfast, crf: 21 } }
outputs:
  - name: $1
    preset: bench
    clips:
      - { source: ../source.mp4, from: 2.5s, duration: 55s }
YAML
}
manifest smart true
manifest reencode false

runs=${RUNS:-3}   # alternate the three and keep each one's best run
for ((i = 1; i <= runs; i++)); do
  keep_fastest smart "$bin" run "$work/m/smart.yaml" --force --quiet
  keep_fastest full "$bin" run "$work/m/reencode.yaml" --force --quiet
  keep_fastest cli $ff -ss 2.5 -to 57.5 -i "$work/source.mp4" -c:v libx264 -preset veryfast -crf 21 \
    -maxrate 10M -bufsize 20M -pix_fmt yuv420p -c:a aac -b:a 192k -ar 48000 -movflags +faststart "$work/ffmpeg.mp4"
done

out="$work/out/smart.mp4"
packets() { ffmpeg -hide_banner -loglevel error -i "$1" -map 0:v -c copy -f framemd5 - | awk -F', *' '!/^#/ {print $6}'; }
copied=$(comm -12 <(packets "$out" | sort) <(packets "$work/source.mp4" | sort) | wc -l)
total=$(packets "$out" | wc -l)
errors=$(ffmpeg -hide_banner -v error -i "$out" -f null - 2>&1 | wc -l)
echo "job: 60 s 1920x1080 H.264 (bf 3, 2 s GOP) + AAC, trimmed to 2.5-57.5 s (both cuts mid-GOP); x264 veryfast crf 21"
printf "smart       %6.2f s wall  %7.1f MB peak   (best of %d)\n" "$smart_wall" "$(calc "$smart_rss/1024")" "$runs"
printf "reencode    %6.2f s wall  %7.1f MB peak\n" "$full_wall" "$(calc "$full_rss/1024")"
printf "ffmpeg      %6.2f s wall  %7.1f MB peak\n" "$cli_wall" "$(calc "$cli_rss/1024")"
echo "smart / reencode: $(calc "$smart_wall/$full_wall")   smart / ffmpeg -ss/-to: $(calc "$smart_wall/$cli_wall")"
echo "smart output: $total video packets, $copied byte-identical to source packets; decode errors: $errors lines"
