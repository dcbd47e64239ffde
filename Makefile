# Hadir's vocabulary: run, build, test, lint, e2e, bench.
GO      ?= go
BIN     := bin/hadir
GO_SRC  := $(shell find cmd internal web -name '*.go' -not -path 'web/node_modules/*') go.mod go.sum $(shell find internal -name '*.sql')
WEB_SRC := $(shell find web/src web/public -type f 2>/dev/null) web/index.html web/vite.config.ts web/tsconfig.json web/package.json

.PHONY: run build test test-go test-web lint e2e bench loadtest clean

## run: build everything, seed the demo data and serve on 127.0.0.1:8080 (SQLite in ./data)
run: build
	./$(BIN) demo
	./$(BIN) serve

## build: the web app, then the single binary that embeds it
build: $(BIN)

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --engine-strict --no-audit --no-fund

web/dist/index.html: web/node_modules/.package-lock.json $(WEB_SRC)
	cd web && npm run build
	touch web/dist/.gitkeep

$(BIN): web/dist/index.html $(GO_SRC)
	$(GO) build -o $(BIN) ./cmd/hadir

## test: every test: Go (SQLite, and PostgreSQL when HADIR_TEST_POSTGRES_URL is set), web unit tests, end-to-end in Chromium
test: build test-go test-web e2e

test-go: web/dist/index.html
	$(GO) vet ./...
	$(GO) test -count=1 ./...

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

clean:
	rm -rf bin web/dist/assets web/dist/index.html
