package main

import (
	"fmt"
	"runtime/debug"

	"hadir/internal/platform/database"
	"hadir/internal/platform/migrations"
)

// Set at link time by the Makefile: -ldflags "-X main.version=... -X main.commit=...".
var (
	version = ""
	commit  = ""
)

// versionLine is what hadir version prints: the release, the commit it was built from and
// the schema version (the last migration) it brings a database to. Without link-time values
// the version control information Go records in the binary is used.
func versionLine() string {
	v, c := version, commit
	if info, ok := debug.ReadBuildInfo(); ok {
		if v == "" && info.Main.Version != "" && info.Main.Version != "(devel)" {
			v = info.Main.Version
		}
		if c == "" {
			dirty := false
			for _, s := range info.Settings {
				switch s.Key {
				case "vcs.revision":
					c = s.Value
				case "vcs.modified":
					dirty = s.Value == "true"
				}
			}
			if c != "" && dirty {
				c += "-dirty"
			}
		}
	}
	if v == "" {
		v = "dev"
	}
	if c == "" {
		c = "unknown"
	}
	return fmt.Sprintf("hadir %s commit %s schema %d", v, c, migrations.Latest(database.SQLite))
}
