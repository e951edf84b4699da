#!/usr/bin/env bash
# Peak memory and wall time of one output cut from many sources, with a loudness target: six 1280x720 30 fps
# H.264+AAC clips of 4 s one after another (cuts), a bed, -16 LUFS. Sources closed once the timeline has passed them
# and one loudness mixing pass (the mix spooled to a temporary file) are what this job exercises.
# Usage: bash Benchmarks/source-release.sh [BINARY...]   (from the repository root; default: this tree's release
# build, which is built either way). Give two binaries (say, an older build first) to compare them on the same
# sources, alternately.
set -euo pipefail
source "$(dirname "$0")/common.sh"
bench_setup release
[ $# -gt 0 ] || set -- "$bin"
clips=""
for i in 1 2 3 4 5 6; do
  $ff -f lavfi -i "testsrc2=size=1280x720:rate=30:duration=5" -f lavfi -i "sine=frequency=$((200 * i)):sample_rate=48000:duration=5" \
      -c:v libx264 -preset veryfast -crf 20 -g 60 -pix_fmt yuv420p -c:a aac -b:a 128k -ac 2 -shortest "$work/s$i.mp4"
  clips+="      - { source: ../s$i.mp4, from: 0.5s, duration: 4s }"$'\n'
done
$ff -f lavfi -i "sine=frequency=110:sample_rate=48000:duration=30" -ac 2 -c:a aac -b:a 128k "$work/bed.m4a"
mkdir -p "$work/m"
cat > "$work/m/job.yaml" <<YAML
mediabatch: 1
defaults: { out: ../out }
presets:
  bench: { base: web-1080p, video: { width: 1280, height: 720, speed: veryfast, crf: 23 }, audio: { loudness: -16 } }
outputs:
  - name: job
    preset: bench
    soundtrack: { source: ../bed.m4a, volume: -12dB, loop: true }
    clips:
$clips
YAML
echo "job: 6 x 4 s of 1280x720 clips joined by cuts, bed, loudness -16 LUFS; x264 veryfast crf 23"
for round in 1 2; do
  for bin in "$@"; do
    read -r wall _ rss < <(measure "$bin" run "$work/m/job.yaml" --force --quiet)
    printf "round %d  %s  wall %.2f s  peak %.1f MB\n" "$round" "$bin" "$wall" "$(calc "$rss / 1024")"
  done
done
