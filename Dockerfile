# shinpan: build from source, run as a non-root user.
#
#   docker build -t shinpan \
#     --build-arg VERSION=$(git describe --tags --always) \
#     --build-arg REVISION=$(git rev-parse HEAD) \
#     --build-arg BUILD_TIME=$(git show -s --format=%cI HEAD) .
#   docker run -d --name shinpan --restart unless-stopped \
#     -e DISCORD_TOKEN=... -v shinpan-data:/app/data shinpan
#
# The image is the production build (-tags production): serve and the operators'
# commands, without the Discord stand-in, the load generator and the arena, and
# so without demo, loadtest and arena. For an image with those too:
#   docker build -t shinpan-dev --build-arg TAGS= .
#   docker run --rm shinpan-dev demo      # a recorded game through the whole bot
#
# Optional configuration: mount a config file at /app/config.toml (read-only is
# fine); `serve` reads it when present. The database is /app/data/shinpan.db, in
# the volume. See docs/OPERATIONS.md, "Docker" and "Operations".

# --- build ---------------------------------------------------------------
FROM golang:1.26 AS build
# The build context has no .git, so the revision comes in as arguments (a git
# clone built with plain `go build` records it by itself).
ARG REVISION=""
ARG BUILD_TIME=""
# production leaves out the dev commands (demo, loadtest, arena); empty keeps them.
ARG TAGS="production"
WORKDIR /src
# Modules first, so this layer is cached until go.mod/go.sum change.
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -tags "${TAGS}" \
      -ldflags "-X shinpan/ops.Revision=${REVISION} -X shinpan/ops.BuildTime=${BUILD_TIME}" \
      -o /shinpan . \
 && mkdir -p /out/data /out/demo-out /out/tmp && chmod 1777 /out/tmp

# --- run -----------------------------------------------------------------
# distroless/static: CA certificates and tzdata, no shell, no package manager;
# the :nonroot tag runs as uid/gid 65532.
FROM gcr.io/distroless/static-debian12:nonroot
ARG VERSION="dev"
ARG REVISION=""
LABEL org.opencontainers.image.title="shinpan" \
      org.opencontainers.image.description="A Discord referee for Tsuitate, Masked, Dark and open shogi" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}"
WORKDIR /app
COPY --from=build /shinpan /shinpan
# The data directory belongs to the non-root user, so a new named volume
# mounted here starts with that owner too. demo (dev image) writes its boards
# to /app/demo-out and its scratch database under /tmp.
COPY --from=build --chown=65532:65532 /out/data /app/data
COPY --from=build --chown=65532:65532 /out/demo-out /app/demo-out
COPY --from=build --chown=65532:65532 /out/tmp /tmp
USER 65532:65532
VOLUME ["/app/data"]
# /metrics, /healthz and /readyz; publish the port only to your Prometheus.
ENV SHINPAN_METRICS_ADDR=":9464"
EXPOSE 9464
# `shinpan health` asks /readyz: the store answers and the gateway is connected.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["/shinpan", "health"]
# serve handles SIGTERM (docker stop): it finishes the actions in hand, sends what
# it can and closes the database, within shutdown_seconds (10 s; give docker stop
# at least that: its default is 10 s).
ENTRYPOINT ["/shinpan"]
CMD ["serve"]
# The token comes from DISCORD_TOKEN, and /app/config.toml is read when it
# exists. Other commands: docker exec shinpan /shinpan backup --out
# /app/data/backup.db, docker run ... shinpan serve --config FILE, and in the
# dev image (TAGS empty) docker run --rm shinpan-dev demo.
