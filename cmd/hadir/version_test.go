package main

import (
	"fmt"
	"strings"
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/platform/migrations"
)

// hadir version names the release and commit set at link time and the schema version.
func TestVersionLine(t *testing.T) {
	old, oldc := version, commit
	t.Cleanup(func() { version, commit = old, oldc })
	version, commit = "v9.8.7", "0123abc"
	got := versionLine()
	want := fmt.Sprintf("hadir v9.8.7 commit 0123abc schema %d", migrations.Latest(database.SQLite))
	if got != want || migrations.Latest(database.SQLite) == 0 {
		t.Fatalf("%q, want %q", got, want)
	}
	version, commit = "", ""
	if got := versionLine(); !strings.HasPrefix(got, "hadir ") || !strings.Contains(got, " commit ") {
		t.Fatalf("without link-time values: %q", got)
	}
}
