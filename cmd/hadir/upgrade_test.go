package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/platform/migrations"
	"hadir/internal/testdb"
)

// TestPreviousReleaseOnThisSchema is the rolling upgrade of issue 18 with real binaries: the
// previous release (the newest `v*` tag reachable from HEAD that is not HEAD itself, else the
// commit before the newest migration) is built from git, this tree's binary migrates a database, and the previous release's node then
// serves on it while the new one is down — sign-in, a new person and group, the people list —
// and the new release reads what the old one wrote. When the new schema declares that it
// breaks the previous release's code, the old binary must refuse to start instead, naming the
// version it would need. Both engines.
func TestPreviousReleaseOnThisSchema(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two releases of the binary")
	}
	root, tag := previousRelease(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "previous")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	archive := exec.Command("sh", "-c", fmt.Sprintf("git -C %q archive %q | tar -x -C %q", root, tag, src))
	if out, err := archive.CombinedOutput(); err != nil {
		t.Fatalf("unpack %s: %v\n%s", tag, err, out)
	}
	oldBin, newBin := filepath.Join(dir, "hadir-previous"), filepath.Join(dir, "hadir")
	build := exec.Command("go", "build", "-o", oldBin, "./cmd/hadir")
	build.Dir = src
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build %s: %v\n%s", tag, err, out)
	}
	if out, err := exec.Command("go", "build", "-o", newBin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build this tree: %v\n%s", err, out)
	}
	oldKnows := 0 // the highest migration the previous release brings (numbers may skip)
	for _, f := range mustGlob(t, filepath.Join(src, "internal/platform/migrations/sqlite/*.sql")) {
		var n int
		if _, err := fmt.Sscanf(filepath.Base(f), "%04d_", &n); err == nil && n > oldKnows {
			oldKnows = n
		}
	}
	current, err := migrations.List(database.SQLite)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("previous release %s knows migrations up to %04d; this tree up to %04d", tag, oldKnows, current[len(current)-1].Version)

	for _, engine := range testdb.Engines(t) {
		t.Run(string(engine), func(t *testing.T) {
			var dbURL string
			if engine == database.SQLite {
				dbURL = "sqlite://" + filepath.Join(t.TempDir(), "hadir.db")
			} else {
				dbURL = testdb.PostgresURL(t)
			}
			// The new release migrates and takes the first writes.
			base, node := startServeCmd(t, newBin, dir, string(engine)+"-new", dbURL)
			owner := fmt.Sprintf("owner-%d@upgrade.test", time.Now().UnixNano())
			reg := call(t, base, "POST", "/api/auth/register", "", map[string]any{
				"name": "Rolling Upgrade", "email": owner, "company_size": "12", "employer": "Naik Taraf Sdn Bhd", "password": "owner-pass-1",
				"timezone": "Asia/Kuala_Lumpur", "terms": true, "start_empty": true,
			}, 201)
			token := str(t, reg, "data", "access_token")
			call(t, base, "POST", "/api/employee/record/register", token, map[string]any{"code": "NEW1", "first_name": "Nadia", "last_name": "Baharu"}, 201)
			node.Kill()

			db, err := database.Open(dbURL)
			if err != nil {
				t.Fatal(err)
			}
			var needs int
			err = db.QueryRow(`SELECT COALESCE(MAX(oldest_code), 0) FROM schema_migrations`).Scan(&needs)
			db.Close()
			if err != nil {
				t.Fatal(err)
			}

			if needs > oldKnows {
				// A breaking migration since the tag: the previous release must refuse, clearly.
				cmd := exec.Command(oldBin, "serve")
				cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH"), "HADIR_ADDR=127.0.0.1:0", "HADIR_DATA_DIR=" + filepath.Join(dir, string(engine)+"-old"), "HADIR_DATABASE_URL=" + dbURL}
				done := make(chan []byte, 1)
				go func() { out, _ := cmd.CombinedOutput(); done <- out }()
				select {
				case out := <-done:
					if !strings.Contains(string(out), fmt.Sprint(needs)) {
						t.Fatalf("%s on a schema that breaks it should refuse naming %d; it printed:\n%s", tag, needs, out)
					}
				case <-time.After(60 * time.Second):
					_ = cmd.Process.Kill()
					t.Fatalf("%s kept running on a schema (needs %d) that breaks its code", tag, needs)
				}
				return
			}

			// The previous release serves on the new schema.
			old := startServe(t, oldBin, dir, string(engine)+"-old", dbURL)
			login := call(t, old, "POST", "/api/auth/login", "", map[string]any{"email": owner, "password": "owner-pass-1"}, 0)
			oldToken := str(t, login, "data", "access_token")
			call(t, old, "POST", "/api/employee/record/register", oldToken, map[string]any{"code": "OLD1", "first_name": "Osman", "last_name": "Lama"}, 201)
			call(t, old, "POST", "/api/group/record/register", oldToken, map[string]any{"name": "Office", "time_in": "08:00", "cut_off_time_in": "09:00", "time_out": "17:00", "cut_off_time_out": "18:00"}, 201)
			list := call(t, old, "GET", "/api/employee/record?page[size]=50", oldToken, nil, 200)
			if got := fmt.Sprint(list["data"]); !strings.Contains(got, "Nadia") || !strings.Contains(got, "Osman") {
				t.Fatalf("%s's people list on the new schema: %s", tag, got)
			}

			// The new release, back, reads what the old one wrote.
			again := startServe(t, newBin, dir, string(engine)+"-new-again", dbURL)
			list = call(t, again, "GET", "/api/employee/record?page[size]=50", token, nil, 200)
			if got := fmt.Sprint(list["data"]); !strings.Contains(got, "Osman") {
				t.Fatalf("the new release does not list the person the previous one added: %s", got)
			}
		})
	}
}

// previousRelease finds the repository and the release to play: its newest `v*` tag before
// HEAD, or, in a checkout without tags (a landing may not carry them), the commit just before
// the newest migration was added, which is the code of the schema before this one. A checkout
// without either (no git, or a shallow clone) skips, saying how to make one.
func previousRelease(t *testing.T) (root, tag string) {
	t.Helper()
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skipf("not a git checkout (%v): the rolling-upgrade test builds the previous release from git", err)
	}
	root = strings.TrimSpace(string(out))
	git := func(args ...string) string {
		out, err := exec.Command("git", append([]string{"-C", root}, args...)...).Output()
		if err != nil {
			return ""
		}
		return strings.TrimSpace(string(out))
	}
	head := git("rev-parse", "HEAD")
	for _, name := range strings.Fields(git("tag", "--list", "v*", "--merged", "HEAD", "--sort=-v:refname")) {
		if git("rev-list", "-n", "1", name) != head {
			return root, name
		}
	}
	current, err := migrations.List(database.SQLite)
	if err != nil {
		t.Fatal(err)
	}
	newest := "internal/platform/migrations/sqlite/" + current[len(current)-1].Name
	if added := git("log", "-1", "--format=%H", "--diff-filter=A", "--", newest); added != "" {
		if parent := git("rev-parse", "--verify", "--quiet", added+"^"); parent != "" {
			return root, parent
		}
	}
	t.Skip("no release tag (v*) before HEAD and no history of the newest migration in this checkout: tag a landed release (git tag v0.5.0 <commit>) to run the rolling upgrade from it")
	return "", ""
}

func mustGlob(t *testing.T, pattern string) []string {
	t.Helper()
	m, err := filepath.Glob(pattern)
	if err != nil || len(m) == 0 {
		t.Fatalf("%s: %v (%d files)", pattern, err, len(m))
	}
	return m
}
