# Hadir's vocabulary: run, build, test, lint, e2e, bench.
GO      ?= go
BIN     := bin/hadir
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
COMMIT  ?= $(shell git rev-parse HEAD 2>/dev/null || echo unknown)
LDFLAGS := -s -w -X main.version=$(VERSION) -X main.commit=$(COMMIT)
GO_SRC  := $(shell find cmd internal web -name '*.go' -not -path 'web/node_modules/*') go.mod go.sum $(shell find internal -name '*.sql')
WEB_SRC := $(shell find web/src web/public -type f 2>/dev/null) web/index.html web/vite.config.ts web/tsconfig.json web/package.json

.PHONY: run build test test-go test-web lint e2e bench loadtest clean release image image-buildah

## run: build everything, seed the demo data and serve on 127.0.0.1:8080 (SQLite in ./data)
run: build
	./$(BIN) demo
	./$(BIN) serve

## build: the web app, then the single binary that embeds it
build: $(BIN)

# A web/node_modules that is a link to an install shared with other checkouts (git worktrees)
# is never reinstalled from here: npm ci empties the folder the link points at, under every
# checkout that shares it. Run npm ci where the folder lives.
web/node_modules/.package-lock.json: web/package-lock.json
	@if [ -L web/node_modules ]; then \
	  echo "web/node_modules links to $$(readlink web/node_modules): not running npm ci here (it would empty the shared install)"; \
	else cd web && npm ci --engine-strict --no-audit --no-fund; fi

web/dist/index.html: web/node_modules/.package-lock.json $(WEB_SRC)
	cd web && npm run build
	touch web/dist/.gitkeep

$(BIN): web/dist/index.html $(GO_SRC)
	$(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/hadir

## test: every test: Go (SQLite, and PostgreSQL when HADIR_TEST_POSTGRES_URL is set), web unit tests, end-to-end in Chromium
test: build test-go test-web e2e

test-go: web/dist/index.html
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 30m ./...

test-web: web/node_modules/.package-lock.json
	cd web && npm run typecheck && npm run lint && npm test

## e2e: the real binary on a fresh SQLite database driven by headless Chromium
e2e: $(BIN)
	cd web && HADIR_BIN=$(CURDIR)/$(BIN) npm run e2e

## lint: formatting and static checks, and the web app's import direction (ESLint)
lint: web/node_modules/.package-lock.json
	@test -z "$$(gofmt -l cmd internal web/*.go)" || (gofmt -l cmd internal web/*.go; exit 1)
	$(GO) vet ./...
	cd web && npm run typecheck && npm run lint

## bench: Go benchmarks on SQLite (and PostgreSQL when HADIR_TEST_POSTGRES_URL is set); figures in docs/benchmarks.md
bench: web/dist/index.html
	$(GO) test -run '^$$' -bench . -benchtime 5x -timeout 60m ./...

## loadtest: build, seed a 1,000-teacher school on a fresh database, serve it on loopback, drive it at 32 clients beside /healthz, stop it (not part of test)
##           LOADTEST_DATABASE_URL=postgres://... runs it on a fresh schema of that PostgreSQL database; LOADTEST_ARGS overrides the calls and durations
LOADTEST_ARGS ?= -c 32 -d 10s -calls people-list,daily-attendance
LOADTEST_DATABASE_URL ?=
loadtest: $(BIN)
	./$(BIN) loadtest -spawn -teachers 1000 -database-url '$(LOADTEST_DATABASE_URL)' $(LOADTEST_ARGS)

## release: static binaries for linux/amd64 and linux/arm64 with the web app inside, as dist/hadir-<version>-linux-<arch>.tar.gz (binary, README, systemd unit) and dist/SHA256SUMS
RELEASE_ARCHS := amd64 arm64
release: web/dist/index.html
	rm -rf dist && mkdir -p dist
	set -e; for arch in $(RELEASE_ARCHS); do \
	  d=dist/hadir-$(VERSION)-linux-$$arch; mkdir -p $$d; \
	  CGO_ENABLED=0 GOOS=linux GOARCH=$$arch $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $$d/hadir ./cmd/hadir; \
	  cp README.md deploy/hadir.service $$d/; \
	  tar -C dist -czf $$d.tar.gz $$(basename $$d); rm -rf $$d; \
	done
	cd dist && sha256sum *.tar.gz > SHA256SUMS && cat SHA256SUMS

## image: the container image as an OCI image layout tar, dist/hadir-<version>-image.tar, for linux/amd64 and linux/arm64, written by Go code (cmd/hadir-image) from the static binaries: no daemon, no base image, no network. Load it with podman load -i, docker load -i or skopeo copy oci-archive:...
IMAGE_ARCHS ?= $(RELEASE_ARCHS)
image: web/dist/index.html
	rm -rf dist/image && mkdir -p dist/image
	set -e; for arch in $(IMAGE_ARCHS); do \
	  CGO_ENABLED=0 GOOS=linux GOARCH=$$arch $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o dist/image/linux-$$arch/hadir ./cmd/hadir; \
	done
	SOURCE_DATE_EPOCH=$$(git log -1 --format=%ct 2>/dev/null || echo 0) $(GO) run ./cmd/hadir-image -o dist/hadir-$(VERSION)-image.tar \
	  -tag hadir:$(VERSION) -version $(VERSION) -revision $(COMMIT) $(foreach a,$(IMAGE_ARCHS),$(a)=dist/image/linux-$(a)/hadir)
	rm -rf dist/image

## image-buildah: the image from the Dockerfile with buildah (adds pg_dump for PostgreSQL backups), tagged hadir:<version>, then its hadir version
image-buildah:
	buildah bud --build-arg VERSION=$(VERSION) --build-arg COMMIT=$(COMMIT) -t hadir:$(VERSION) .
	buildah from --name hadir-version-check hadir:$(VERSION) >/dev/null && \
	  buildah run hadir-version-check -- /usr/local/bin/hadir version; \
	  buildah rm hadir-version-check >/dev/null

clean:
	rm -rf bin dist web/dist/assets web/dist/index.html
