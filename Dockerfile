# Hadir's container image: the same static binary as the release archives, run as a non-root
# user on a read-only root filesystem with its data under the /data volume. Builds without a
# daemon: `buildah bud -t hadir .` (or `make image-buildah`); also with `docker build` / `podman build`.
# `make image` writes a smaller image without this file, base image or daemon (internal/ociimage),
# which lacks pg_dump.
#
#   podman run --read-only -p 8080:8080 -v hadir-data:/data hadir            # SQLite in /data
#   podman run --read-only -p 8080:8080 -v hadir-data:/data \
#     -e HADIR_DATABASE_URL=postgres://hadir:secret@db:5432/hadir hadir       # PostgreSQL

FROM docker.io/library/node:20-bookworm AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
COPY api/ /src/api/
RUN npm run build

FROM docker.io/library/golang:1.26-bookworm AS bin
ARG VERSION=dev
ARG COMMIT=unknown
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY cmd/ cmd/
COPY internal/ internal/
COPY web/*.go web/
COPY --from=web /src/web/dist/ web/dist/
# Pure Go (the SQLite driver included): a static binary.
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION} -X main.commit=${COMMIT}" -o /hadir ./cmd/hadir \
 && /hadir version

# Alpine only for pg_dump/pg_restore (PostgreSQL backups and restores; client 16 reads servers
# up to 16) and CA certificates (SMTP over TLS). The binary itself needs nothing from it.
FROM docker.io/library/alpine:3.20
RUN apk add --no-cache ca-certificates postgresql16-client \
 && adduser -D -H -u 10001 -s /sbin/nologin hadir \
 && mkdir /data && chown 10001:10001 /data
COPY --from=bin /hadir /usr/local/bin/hadir
USER 10001:10001
ENV HADIR_ADDR=0.0.0.0:8080 HADIR_DATA_DIR=/data HADIR_LOG_FORMAT=json
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["/usr/local/bin/hadir", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/hadir"]
CMD ["serve"]
