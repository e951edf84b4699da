#!/usr/bin/env bash
# Auto-reframe's analysis against the render it serves: a 1920x1080 30 fps H.264 shot, 8 s (testsrc2 with a white
# disc crossing it, then cut to the other side), into 1080x1920 (web-1080p turned, x264 veryfast) with
# `reframe: auto` (subject any: the face cascade, then HOG people, then saliency on every analysed frame where the
# one before finds nothing, the costliest choice). The analysis is timed as `plan` with an empty cache less `plan`
# with the cache filled; the render as `run --force` with the cache filled, best of RUNS (default 2) each. Prints
# both, their ratio (the issue asks for at most 0.25) and what the plan chose.
# Usage: bash Benchmarks/reframe-analysis.sh   (from the repository root; builds mediabatch in release mode)
set -euo pipefail
source "$(dirname "$0")/common.sh"
bench_setup reframe
x="if(lt(t\,4)\,200+300*t\,1700-100*(t-4))"
$ff -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=8" \
    -f lavfi -i "color=c=white:s=160x160:r=30:d=8,format=yuva420p,geq=lum=255:cb=128:cr=128:a='if(lt(hypot(X-80\,Y-80)\,80)\,255\,0)'" \
    -filter_complex "[0][1]overlay=x='$x-80':y=460" -c:v libx264 -preset ultrafast -crf 18 -pix_fmt yuv420p \
    "$work/shot.mp4"
one_output reframed "{ source: ../shot.mp4, reframe: auto }" "width: 1080, height: 1920, "

runs=${RUNS:-2}
for ((i = 1; i <= runs; i++)); do
  rm -rf "$work/cache"
  keep_fastest cold env MEDIABATCH_CACHE="$work/cache" "$bin" plan "$work/m"
  keep_fastest warm env MEDIABATCH_CACHE="$work/cache" "$bin" plan "$work/m"
  keep_fastest render env MEDIABATCH_CACHE="$work/cache" "$bin" run "$work/m" --force --quiet
done
analysis=$(calc "$cold_wall - $warm_wall")
analysis_cpu=$(calc "$cold_cpu - $warm_cpu")

echo "reframe analysis: 1920x1080 H.264 30 fps, 8 s, subject any, into 1080x1920 (x264 veryfast)"
printf "analysis    %6.2f s wall  %6.2f s cpu  (plan with an empty cache less plan with it filled, best of %d)\n" \
  "$analysis" "$analysis_cpu" "$runs"
printf "render      %6.2f s wall  %6.2f s cpu  %7.1f MB peak\n" "$render_wall" "$render_cpu" "$(calc "$render_rss/1024")"
printf "ratio analysis/render: %.2f wall, %.2f cpu (at most 0.25 asked)\n" "$(calc "$analysis / $render_wall")" \
  "$(calc "$analysis_cpu / $render_cpu")"
MEDIABATCH_CACHE="$work/cache" "$bin" plan "$work/m" | grep "reframe:"
