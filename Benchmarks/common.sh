# Shared by the benchmark scripts that `source` it (not run on its own): sets up the project, builds mediabatch in
# release mode and makes a work folder, and defines the measuring helpers.
# After `bench_setup NAME`: $bin is the release binary (or $MEDIABATCH_BIN when set), $work a fresh folder (removed
# at exit unless KEEP is set), $ff a quiet ffmpeg command. `one_output` writes a one-output manifest; `measure`,
# `keep_fastest`, `best`, `round_ratios` and `calc` time and compare; `b2_media` and `b2_manifest` make the B2 batch.

bench_setup() { # name: the work folder's prefix
  cd "$(dirname "${BASH_SOURCE[0]}")/.."
  if [ -n "${MEDIABATCH_BIN:-}" ]; then # a release binary built elsewhere (swift build -c release --scratch-path ...)
    bin="$MEDIABATCH_BIN"
  else
    bash scripts/setup.sh
    swift build -c release --product mediabatch >/dev/null
    bin="$PWD/.build/release/mediabatch"
  fi
  work=$(mktemp -d "/tmp/mediabatch-$1.XXXXXX")
  trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
  [ -z "${KEEP:-}" ] || echo "work directory: $work"
  ff="ffmpeg -hide_banner -loglevel error -y"
  # Runs without --cache keep their segments here, and `measure` empties it first: a benchmark times renders, never
  # segments an earlier run left in the cache folder, and leaves the user's folder alone.
  export MEDIABATCH_CACHE="$work/default-cache"
}

measure() { # command...: prints "wall cpu peak_kib" (CPU is user + system seconds); a failing command prints
  # nothing but its error, so the `read` of its figures fails and stops the script
  rm -rf "$work/default-cache"
  if ! /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" >/dev/null; then
    echo "failed: $*" >&2
    return 1
  fi
  awk '{ print $1, $2 + $3, $4 }' "$work/time"
}

best() { # a b: the smaller, or a when b is empty
  awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a < b) ? a : b }'
}

keep_fastest() { # label, command...: measures the command; the fastest run so far sets label_wall, label_cpu, label_rss,
  # and every run's wall time is added to label_walls (one word each)
  local w c r wall="$1_wall" walls="$1_walls"
  read -r w c r < <(measure "${@:2}")
  printf -v "$walls" %s "${!walls:-}${!walls:+ }$w"
  if [ "$(best "$w" "${!wall:-}")" = "$w" ]; then
    printf -v "$1_wall" %s "$w"; printf -v "$1_cpu" %s "$c"; printf -v "$1_rss" %s "$r"
  fi
}

round_ratios() { # walls of A, walls of B (space-separated, one per round): each round's A/B and their median, so a
  # slow moment that both tools of a round share does not decide, as it can for the best runs of each
  awk -v a="$1" -v b="$2" 'BEGIN {
    n = split(a, x, " "); split(b, y, " ")
    for (i = 1; i <= n; i++) { r[i] = x[i] / y[i]; text = text (i > 1 ? ", " : "") sprintf("%.2f", r[i]) }
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (r[j] < r[i]) { t = r[i]; r[i] = r[j]; r[j] = t }
    median = n % 2 ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2
    printf "%s; median %.2f\n", text, median
  }'
}

calc() { # an awk expression, printed with 3 decimals
  awk "BEGIN { printf \"%.3f\", $1 }"
}

one_output() { # name, clip (a YAML flow mapping)[, more video keys]: writes $work/m/NAME.yaml, one output in web-1080p
  # at x264 veryfast (the third argument adds keys such as "width: 1080, height: 1920, ")
  mkdir -p "$work/m"
  cat > "$work/m/$1.yaml" <<YAML
mediabatch: 1
defaults: { out: ../out }
presets:
  bench: { base: web-1080p, video: { ${3:-}speed: veryfast } }
outputs:
  - { name: $1, preset: bench, clips: [ $2 ] }
YAML
}

b2_media() { # B2's sources in $work: a 2 s intro and outro, four 5 s product clips, an 8 s bed (x264 crf 20, AAC)
  b2_clip "testsrc2=size=1280x720:rate=30" 330 2 "$work/intro.mp4"
  b2_clip "smptebars=size=1280x720:rate=30" 262 2 "$work/outro.mp4"
  for p in shoes:red bag:teal watch:orange hat:purple; do
    b2_clip "color=c=${p##*:}:size=1280x720:rate=30,drawbox=x='mod(t*200,1000)':y=200:w=200:h=200:color=white:t=fill" \
      440 5 "$work/${p%%:*}.mp4"
  done
  $ff -f lavfi -i "sine=frequency=220:sample_rate=48000:duration=8" -ac 2 -c:a aac -b:a 128k "$work/bed.m4a"
}

b2_clip() { # lavfi picture, tone frequency, seconds, file: a 1280x720 30 fps H.264 clip with a tone
  $ff -f lavfi -i "$1" -f lavfi -i "sine=frequency=$2:sample_rate=48000:duration=$3" -t "$3" \
    -c:v libx264 -preset veryfast -crf 20 -g 30 -pix_fmt yuv420p -c:a aac -b:a 128k -ac 2 -shortest "$4"
}

b2_manifest() { # folder, out folder (relative to it): B2's manifest (12 outputs of 7 s: 4 clips x 3 aspects sharing
  # the intro, outro and bed; web-720p at x264 veryfast crf 23) as FOLDER/batch.yaml
  mkdir -p "$1"
  cat > "$1/batch.yaml" <<YAML
mediabatch: 1
defaults: { out: $2 }
presets:
  bench: { base: web-720p, video: { speed: veryfast, crf: 23 } }
outputs:
  - name: "promo-{product}-{aspect}"
    matrix: { product: [shoes, bag, watch, hat], aspect: [16x9, 9x16, 1x1] }
    preset: { base: bench, aspect: "{aspect}" }
    intro: { source: ../intro.mp4, fit: cover, transition: { type: crossfade, duration: 0.5s } }
    outro: { source: ../outro.mp4, fit: cover, transition: { type: crossfade, duration: 0.5s } }
    soundtrack: { source: ../bed.m4a, volume: -14dB }
    clips: [ { source: "../{product}.mp4", from: 0.5s, to: 4.5s, fit: cover } ]
YAML
}
