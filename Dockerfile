# syntax=docker/dockerfile:1
# mediabatch's container image: built with the Swift toolchain, run on Debian 12 slim with only the runtime
# libraries and fonts that scripts/setup.sh lists under `runtime` (a test keeps the two lists equal).
#
#   docker build -t registry.example.com/mediabatch:0.1.0 .
#   docker run --rm -v "$PWD:/work" -w /work registry.example.com/mediabatch:0.1.0 run manifests

ARG SWIFT_VERSION=6.3

FROM swift:${SWIFT_VERSION}-bookworm AS build
WORKDIR /src
COPY scripts/setup.sh scripts/setup.sh
RUN MEDIABATCH_SKIP_OPTIONAL=1 bash scripts/setup.sh
COPY Package.swift ./
COPY Sources Sources
COPY presets presets
RUN swift build -c release --static-swift-stdlib --product mediabatch \
 && install -D -m 0755 .build/release/mediabatch /opt/mediabatch/bin/mediabatch \
 && cp -R presets /opt/mediabatch/presets

FROM debian:bookworm-slim AS runtime
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libavformat59 libavcodec59 libavfilter8 libavutil57 libswscale6 libswresample4 \
      libass9 libebur128-1 libyaml-0-2 libpangocairo-1.0-0 libpangoft2-1.0-0 \
      libopencv-core406 libopencv-imgproc406 libopencv-objdetect406 libopencv-contrib406 opencv-data \
      librsvg2-2 libcairo2 librlottie0-1 libaubio5 libssl3 \
      libcurl4 libxml2 libstdc++6 ca-certificates \
      fontconfig fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji \
 && rm -rf /var/lib/apt/lists/*
# The shipped presets sit beside the binary, where mediabatch looks for them.
COPY --from=build /opt/mediabatch /opt/mediabatch
RUN ln -s /opt/mediabatch/bin/mediabatch /usr/local/bin/mediabatch \
 && useradd --create-home --uid 10001 mediabatch
USER mediabatch
WORKDIR /work
ENTRYPOINT ["mediabatch"]
CMD ["help"]
