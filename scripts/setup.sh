#!/usr/bin/env bash
# Installs the Debian packages mediabatch builds, tests and renders with; does nothing when they are all there.
set -euo pipefail

packages=(
  pkg-config libyaml-dev
  libavformat-dev libavcodec-dev libavfilter-dev libavutil-dev libswscale-dev libswresample-dev
  libass-dev libebur128-dev                     # titles and captions; loudness
  libfontconfig-dev                             # font families and font files checked before rendering
  fontconfig fonts-dejavu-core fonts-noto-cjk   # default fonts: Latin, Arabic, Hebrew (DejaVu) and CJK (Noto)
  ffmpeg            # ffprobe / ffmpeg: the independent checker in tests and the competitor in benchmarks
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "setup: installing ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
