package config_test

import (
	"flag"
	"strings"
	"testing"
	"time"

	"hadir/internal/config"
)

func TestDatabaseWait(t *testing.T) {
	load := func(env string, args ...string) (config.Config, error) {
		t.Setenv("HADIR_DATABASE_WAIT", env)
		return config.Load(flag.NewFlagSet("serve", flag.ContinueOnError), args)
	}
	if c := config.Default(); c.DatabaseWait != 60*time.Second {
		t.Errorf("default %s, want 60s", c.DatabaseWait)
	}
	for in, want := range map[string]time.Duration{"90": 90 * time.Second, "2m": 2 * time.Minute, "0": 0, " 45s ": 45 * time.Second} {
		c, err := load(in)
		if err != nil || c.DatabaseWait != want {
			t.Errorf("HADIR_DATABASE_WAIT=%q: %s, %v; want %s", in, c.DatabaseWait, err, want)
		}
	}
	if c, err := load("90", "-database-wait", "5s"); err != nil || c.DatabaseWait != 5*time.Second {
		t.Errorf("the flag does not win: %s, %v", c.DatabaseWait, err)
	}
	if _, err := load("soon"); err == nil || !strings.Contains(err.Error(), "HADIR_DATABASE_WAIT") {
		t.Errorf("a bad value is not named: %v", err)
	}
	if _, err := load("-5s"); err == nil {
		t.Error("a negative wait is accepted")
	}
}
