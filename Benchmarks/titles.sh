#!/usr/bin/env bash
# What a title costs: 10 s of 1920x1080 30 fps H.264 (300 frames) re-encoded plain and with a one-line lower third
# on a translucent box, fading in and out over 8 s, by mediabatch (`title:`) and by ffmpeg (`drawtext` with the same
# font, box and fades); both x264 veryfast crf 23, max 10M. Prints each render's best wall time of RUNS (default 3,
# the four commands alternating), peak memory, the extra milliseconds of wall time per frame the title costs each
# tool, and the ratio of the titled renders.
# Usage: bash Benchmarks/titles.sh   (from the repository root; builds mediabatch in release mode)
set -euo pipefail
source "$(dirname "$0")/common.sh"
bench_setup titles
mkdir -p "$work/media"
$ff -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=10" -c:v libx264 -preset veryfast -crf 20 -g 60 \
    -pix_fmt yuv420p "$work/media/clip.mp4"
text="Spring collection: 30% off everything"
cat > "$work/titles.yaml" <<YAML
mediabatch: 1
defaults: { out: out }
presets:
  bench: { base: web-1080p, video: { speed: veryfast, crf: 23 } }
outputs:
  - { name: plain, preset: bench, clips: [ media/clip.mp4 ] }
  - { name: titled, preset: bench, clips: [ media/clip.mp4 ],
      title: { text: "$text", at: 1s, duration: 8s, position: bottom, size: 6%, box: "#000000aa",
               enter: fade, exit: fade } }
YAML
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
# drawtext's own fade: 0.5 s in from 1 s, 0.5 s out to 9 s, as mediabatch's default fade.
alpha="if(lt(t,1.5),(t-1)/0.5,if(gt(t,8.5),(9-t)/0.5,1))"
drawtext="drawtext=fontfile=$font:expansion=none:text='Spring collection\\: 30% off everything':fontsize=65"
drawtext+=":fontcolor=white"
drawtext+=":box=1:boxcolor=black@0.67:boxborderw=16:x=(w-text_w)/2:y=h-text_h-80:enable='between(t,1,9)'"
drawtext+=":alpha='$alpha'"
x264=(-c:v libx264 -preset veryfast -crf 23 -maxrate 10M -bufsize 20M -pix_fmt yuv420p -movflags +faststart)
runs=${RUNS:-3}
for _ in $(seq "$runs"); do
  keep_fastest mb_plain "$bin" run "$work/titles.yaml" --only plain --force --quiet
  keep_fastest ff_plain $ff -i "$work/media/clip.mp4" "${x264[@]}" "$work/ffmpeg-plain.mp4"
  keep_fastest mb_titled "$bin" run "$work/titles.yaml" --only titled --force --quiet
  keep_fastest ff_titled $ff -i "$work/media/clip.mp4" -vf "$drawtext" "${x264[@]}" "$work/ffmpeg-titled.mp4"
done
echo "job: 10 s of 1920x1080 H.264 re-encoded, plain and with a fading lower third on a box; x264 veryfast crf 23"
for row in "mediabatch plain:mb_plain" "mediabatch titled:mb_titled" "ffmpeg plain:ff_plain" "ffmpeg drawtext:ff_titled"; do
  label=${row%%:*} name=${row#*:}
  wall="${name}_wall" cpu="${name}_cpu" rss="${name}_rss"
  printf "%-18s %6.2f s wall  %6.2f s cpu  %7.1f MB peak   (best of %d)\n" "$label" "${!wall}" "${!cpu}" \
    "$(calc "${!rss}/1024")" "$runs"
done
printf "the title's cost per frame: mediabatch %+.1f ms, ffmpeg %+.1f ms\n" \
  "$(calc "($mb_titled_wall - $mb_plain_wall) * 1000 / 300")" "$(calc "($ff_titled_wall - $ff_plain_wall) * 1000 / 300")"
printf "ratio mediabatch/ffmpeg, titled: %.2f (plain: %.2f; in each round, titled: %s)\n" \
  "$(calc "$mb_titled_wall/$ff_titled_wall")" "$(calc "$mb_plain_wall/$ff_plain_wall")" \
  "$(round_ratios "$mb_titled_walls" "$ff_titled_walls")"
