#!/usr/bin/env bash
# A batch of 12 outputs (4 products x 3 aspects) sharing an intro, an outro and a music bed, rendered by
# `mediabatch run` and by a shell loop of equivalent ffmpeg commands, in the same run. Each output: intro (3 s),
# 5 s of the product clip, outro (3 s), 0.5 s crossfades, every picture covering the canvas, the bed at -14 dB;
# web-720p canvas refitted per aspect (1280x720, 720x1280, 1280x1280), x264 veryfast crf 23, AAC.
# Prints both wall times and the ratio mediabatch / ffmpeg loop (target: <= 0.8).
# Usage: bash Benchmarks/batch-vs-ffmpeg.sh   (from the repository root)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --product mediabatch >/dev/null
bin="$PWD/.build/release/mediabatch"
work=$(mktemp -d /tmp/mediabatch-batch.XXXXXX)
trap 'rm -rf "$work"' EXIT
ff="ffmpeg -hide_banner -loglevel error -y"
mk() { $ff -f lavfi -i "$1" -f lavfi -i "sine=frequency=$2:sample_rate=48000:duration=$3" -t "$3" \
        -c:v libx264 -preset veryfast -crf 20 -g 30 -pix_fmt yuv420p -c:a aac -b:a 128k -ac 2 -shortest "$4"; }
mk "testsrc2=size=1280x720:rate=30" 330 3 "$work/intro.mp4"
mk "smptebars=size=1280x720:rate=30" 262 3 "$work/outro.mp4"
for p in shoes:red bag:teal watch:orange hat:purple; do
  mk "color=c=${p##*:}:size=1280x720:rate=30,drawbox=x='mod(t*200,1000)':y=200:w=200:h=200:color=white:t=fill" 440 6 "$work/${p%%:*}.mp4"
done
$ff -f lavfi -i "sine=frequency=220:sample_rate=48000:duration=12" -ac 2 -c:a aac -b:a 128k "$work/bed.m4a"

mkdir -p "$work/m"
cat > "$work/m/batch.yaml" <<'YAML'
mediabatch: 1
defaults: { out: ../out-mb }
presets:
  bench: { base: web-720p, video: { speed: veryfast, crf: 23 } }
outputs:
  - name: "promo-{product}-{aspect}"
    matrix: { product: [shoes, bag, watch, hat], aspect: [16x9, 9x16, 1x1] }
    preset: { base: bench, aspect: "{aspect}" }
    intro: { source: ../intro.mp4, fit: cover, transition: { type: crossfade, duration: 0.5s } }
    outro: { source: ../outro.mp4, fit: cover, transition: { type: crossfade, duration: 0.5s } }
    soundtrack: { source: ../bed.m4a, volume: -14dB }
    clips: [ { source: "../{product}.mp4", from: 0.5s, to: 5.5s, fit: cover } ]
YAML

start=$(date +%s.%N)
"$bin" run "$work/m" --force --quiet >/dev/null
mb=$(awk "BEGIN { print $(date +%s.%N) - $start }")

mkdir -p "$work/out-ff"
start=$(date +%s.%N)
for product in shoes bag watch hat; do
  for size in 1280x720 720x1280 1280x1280; do
    w=${size%x*}; h=${size#*x}
    v="scale=$w:$h:force_original_aspect_ratio=increase,crop=$w:$h,fps=30,format=yuv420p,setsar=1"
    $ff -i "$work/intro.mp4" -i "$work/$product.mp4" -i "$work/outro.mp4" -i "$work/bed.m4a" -filter_complex "
      [0:v]$v[v0];[1:v]trim=0.5:5.5,setpts=PTS-STARTPTS,$v[v1];[2:v]$v[v2];
      [v0][v1]xfade=transition=fade:duration=0.5:offset=2.5[x];[x][v2]xfade=transition=fade:duration=0.5:offset=7[vout];
      [1:a]atrim=0.5:5.5,asetpts=PTS-STARTPTS[a1];[0:a][a1]acrossfade=d=0.5[ax];[ax][2:a]acrossfade=d=0.5[aclips];
      [3:a]volume=-14dB[bed];[aclips][bed]amix=inputs=2:duration=first:normalize=0[aout]" \
      -map "[vout]" -map "[aout]" -c:v libx264 -preset veryfast -crf 23 -c:a aac -b:a 160k -ar 48000 \
      -movflags +faststart "$work/out-ff/promo-$product-$size.mp4"
  done
done
loop=$(awk "BEGIN { print $(date +%s.%N) - $start }")

count=$(ls "$work/out-mb"/*.mp4 | wc -l)
echo "batch: 12 outputs (4 products x 3 aspects), 10 s each, shared intro/outro/bed; x264 veryfast crf 23"
printf "mediabatch run   %6.2f s  (%d outputs)\n" "$mb" "$count"
printf "ffmpeg loop      %6.2f s  (12 outputs)\n" "$loop"
printf "ratio mediabatch/ffmpeg loop: %.2f (target <= 0.8)\n" "$(awk "BEGIN { print $mb / $loop }")"
