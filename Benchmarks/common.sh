# Shared by the benchmark scripts that `source` it (not run on its own): sets up the project, builds mediabatch in
# release mode and makes a work folder, and defines the measuring helpers.
# After `bench_setup NAME`: $bin is the release binary, $work a fresh folder (removed at exit unless KEEP is set),
# $ff a quiet ffmpeg command. `one_output` writes a one-output manifest; `measure`, `keep_fastest`, `best` and
# `calc` time and compare.

bench_setup() { # name: the work folder's prefix
  cd "$(dirname "${BASH_SOURCE[0]}")/.."
  bash scripts/setup.sh
  swift build -c release --product mediabatch >/dev/null
  bin="$PWD/.build/release/mediabatch"
  work=$(mktemp -d "/tmp/mediabatch-$1.XXXXXX")
  trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
  [ -z "${KEEP:-}" ] || echo "work directory: $work"
  ff="ffmpeg -hide_banner -loglevel error -y"
}

measure() { # command...: prints "wall cpu peak_kib" (CPU is user + system seconds); a failing command prints
  # nothing but its error, so the `read` of its figures fails and stops the script
  if ! /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" >/dev/null; then
    echo "failed: $*" >&2
    return 1
  fi
  awk '{ print $1, $2 + $3, $4 }' "$work/time"
}

best() { # a b: the smaller, or a when b is empty
  awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a < b) ? a : b }'
}

keep_fastest() { # label, command...: measures the command; the fastest run so far sets label_wall, label_cpu, label_rss
  local w c r wall="$1_wall"
  read -r w c r < <(measure "${@:2}")
  if [ "$(best "$w" "${!wall:-}")" = "$w" ]; then
    printf -v "$1_wall" %s "$w"; printf -v "$1_cpu" %s "$c"; printf -v "$1_rss" %s "$r"
  fi
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
