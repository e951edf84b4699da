#!/usr/bin/env bash
# Installs the Debian packages mediabatch builds, tests and renders with; does nothing when they are all there.
set -euo pipefail

packages=(
  pkg-config libyaml-dev
  libavformat-dev libavcodec-dev libavfilter-dev libavutil-dev libswscale-dev libswresample-dev
  libass-dev libebur128-dev                     # ASS subtitle overlays; loudness
  libpango1.0-dev libcairo2-dev                 # titles and captions: Pango layout over Cairo (HarfBuzz, FriBidi)
  libfontconfig-dev                             # font families and font files checked before rendering
  libopencv-dev libopencv-contrib-dev opencv-data  # reframe: face, people and saliency detectors; Haar cascades
  librsvg2-dev                                  # SVG pictures drawn as vectors (with Cairo)
  librlottie-dev                                # Lottie animations
  libaubio-dev                                  # cuts on the beat: beat, tempo and onset detection
  libssl-dev                                    # SHA-256 on the processor's SHA instructions (cache keys name files by content)
  fontconfig fonts-dejavu-core fonts-noto-cjk   # default fonts: Latin, Arabic, Hebrew (DejaVu) and CJK (Noto)
  fonts-noto-color-emoji                        # colour emoji in titles and captions
  ffmpeg            # ffprobe / ffmpeg: the independent checker in tests and the competitor in benchmarks
  webp              # webpinfo / anim_dump: the independent checker of animated WebP outputs (FFmpeg 5.1 cannot decode them)
  qemu-user         # qemu-x86_64: the determinism test renders as an older processor would (an emulated Nehalem)
  gcc               # cc: the determinism test builds a small library that leaves the memory a render frees dirty
  binutils          # nm: a test checks that programs linking the libraries define no allocator of their own
)

# What the built binary needs at run time, and nothing more: the container image's runtime stage installs exactly
# this list (a test compares the two), with the toolchain's Swift libraries linked in statically.
runtime=(
  libavformat59 libavcodec59 libavfilter8 libavutil57 libswscale6 libswresample4
  libass9 libebur128-1 libyaml-0-2 libpangocairo-1.0-0 libpangoft2-1.0-0
  libopencv-core406 libopencv-imgproc406 libopencv-objdetect406 libopencv-contrib406 opencv-data  # reframe
  librsvg2-2 libcairo2 librlottie0-1 libaubio5 libssl3
  libcurl4 libxml2 libstdc++6 ca-certificates   # URLSession (FoundationNetworking) and https
  fontconfig fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji
)

# Nice to have: a failed install is reported and skipped. chromium loads the HTML report in a headless browser test.
optional=(chromium)

installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

missing=()
for p in "${packages[@]}" "${runtime[@]}"; do
  installed "$p" || missing+=("$p")
done
missing_optional=()
if [ "${MEDIABATCH_SKIP_OPTIONAL:-}" != "1" ]; then
  for p in "${optional[@]}"; do
    installed "$p" || missing_optional+=("$p")
  done
fi

# PyPI packages the tests make their inputs with, never used at render time: OpenTimelineIO writes the .otio
# timelines the timeline tests render and reads back the timelines `plan --otio` writes.
python_packages=("opentimelineio==0.18.1")
for p in "${python_packages[@]}"; do
  python3 -c "import ${p%%=*}" 2>/dev/null && continue
  echo "setup: pip installing $p" >&2
  python3 -m pip install --quiet "$p" >&2 \
    || echo "setup: pip could not install $p (is PyPI reachable, and is there a wheel for $(python3 -V 2>&1)?); the OpenTimelineIO tests will fail" >&2
done

[ ${#missing[@]} -eq 0 ] && [ ${#missing_optional[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
for p in "${missing_optional[@]}"; do
  echo "setup: installing optional $p" >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$p" >/dev/null \
    || echo "setup: optional package $p did not install; the tests that need it are skipped" >&2
done
