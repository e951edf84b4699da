#!/usr/bin/env bash
# HDR phone footage into an SDR web video: a 3840x2160 30 fps 10-bit HEVC HLG clip (BT.2020, as phones record it, 3 s)
# rendered into web-1080p (x264 veryfast), by mediabatch and by two ffmpeg commands, alternately RUNS times (default
# 2), keeping each one's best wall time. mediabatch converts each picture only as large as it is drawn (zscale resizes
# to 1080p as it takes the picture to linear light, then tonemap Mobius, then zscale to BT.709 8-bit). The first ffmpeg
# command runs the same light conversion at the source's size, then scales to 1080p; the second scales first and
# tone-maps 1080p pictures, as a hand-written command usually would (a quarter of the pixels for the costly part).
# Prints wall, CPU and peak memory of each and the ratios.
# Usage: bash Benchmarks/hdr-to-sdr.sh   (from the repository root; builds mediabatch in release mode)
set -euo pipefail
source "$(dirname "$0")/common.sh"
bench_setup hdr
$ff -f lavfi -i "testsrc2=size=3840x2160:rate=30:duration=3" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=3" \
    -vf format=yuv420p10le -c:v libx265 -preset ultrafast \
    -x265-params "log-level=error:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc:keyint=30" \
    -color_primaries bt2020 -color_trc arib-std-b67 -colorspace bt2020nc -pix_fmt yuv420p10le \
    -c:a aac -b:a 128k -shortest -tag:v hvc1 "$work/hlg.mp4"
one_output hdr "{ source: ../hlg.mp4 }"
# mediabatch's light conversion for HLG without mastering metadata (peak 1000 cd/m2 over reference white 203).
light="zscale=tin=arib-std-b67:pin=2020:min=2020_ncl:rin=limited:t=linear:p=709:m=gbr:r=full:npl=203,format=gbrpf32le"
light+=",tonemap=tonemap=mobius:param=0.6:desat=0:peak=4.9261"
light+=",zscale=tin=linear:pin=709:min=gbr:rin=full:t=709:p=709:m=709:r=limited:npl=203,format=yuv420p"
encode="-c:v libx264 -preset veryfast -crf 21 -maxrate 10M -bufsize 20M -c:a aac -b:a 192k -ar 48000"

runs=${RUNS:-2}
for ((i = 1; i <= runs; i++)); do
  keep_fastest mb "$bin" run "$work/m" --force --quiet
  keep_fastest same $ff -i "$work/hlg.mp4" -vf "$light,scale=1920:1080" $encode "$work/same-order.mp4"
  keep_fastest first $ff -i "$work/hlg.mp4" -vf "scale=1920:1080,$light" $encode "$work/scale-first.mp4"
done

echo "HDR to SDR: 3840x2160 10-bit HEVC HLG, 3 s, into web-1080p (x264 veryfast)"
printf "mediabatch                   %6.2f s wall  %6.2f s cpu  %7.1f MB peak  (best of %d)\n" \
  "$mb_wall" "$mb_cpu" "$(calc "$mb_rss/1024")" "$runs"
printf "ffmpeg, tone-map then scale  %6.2f s wall  %6.2f s cpu  %7.1f MB peak\n" \
  "$same_wall" "$same_cpu" "$(calc "$same_rss/1024")"
printf "ffmpeg, scale then tone-map  %6.2f s wall  %6.2f s cpu  %7.1f MB peak\n" \
  "$first_wall" "$first_cpu" "$(calc "$first_rss/1024")"
printf "ratio mediabatch/ffmpeg: %.2f (same order), %.2f (scale first)\n" \
  "$(calc "$mb_wall / $same_wall")" "$(calc "$mb_wall / $first_wall")"
