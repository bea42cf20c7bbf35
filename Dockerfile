# shinpan: build from source, run as a non-root user.
#
#   docker build -t shinpan .
#   docker run -d --name shinpan --restart unless-stopped \
#     -e DISCORD_TOKEN=... -v shinpan-data:/app/data shinpan
#
# Optional configuration: mount a config file at /app/config.toml (read-only is
# fine); `serve` reads it when present. The database is /app/data/shinpan.db, in
# the volume. See README.md, "Docker".

# --- build ---------------------------------------------------------------
FROM golang:1.26 AS build
WORKDIR /src
# Modules first, so this layer is cached until go.mod/go.sum change.
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -o /shinpan . \
 && mkdir -p /out/data

# --- run -----------------------------------------------------------------
# distroless/static: CA certificates and tzdata, no shell, no package manager;
# the :nonroot tag runs as uid/gid 65532.
FROM gcr.io/distroless/static-debian12:nonroot
WORKDIR /app
COPY --from=build /shinpan /shinpan
# The data directory belongs to the non-root user, so a new named volume
# mounted here starts with that owner too.
COPY --from=build --chown=65532:65532 /out/data /app/data
USER 65532:65532
VOLUME ["/app/data"]
# serve handles SIGTERM (docker stop): it finishes the actions in hand and closes
# the database cleanly.
ENTRYPOINT ["/shinpan", "serve"]
# No CMD: the token comes from DISCORD_TOKEN, and /app/config.toml is read when
# it exists. To name another file: docker run ... shinpan --config /path/in/container.toml
