package ops_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"hadir/internal/ops"
	"hadir/internal/platform/database"
	"hadir/internal/platform/migrations"
	"hadir/internal/testdb"
)

// nodes opens n pools on one fresh database, as n nodes sharing it would.
func nodes(t *testing.T, e database.Dialect, n int) ([]*database.DB, string) {
	t.Helper()
	dsn := "sqlite://" + filepath.Join(t.TempDir(), "hadir.db")
	if e == database.Postgres {
		dsn = testdb.PostgresURL(t)
	}
	var out []*database.DB
	for range n {
		db, err := database.Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		if err := migrations.Up(context.Background(), db); err != nil {
			t.Fatal(err)
		}
		out = append(out, db)
	}
	return out, dsn
}

func backupFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// Two nodes due at the same slot: exactly one writes the backup, the other sees it claimed;
// the slot is not taken again; each new slot is taken once more, and only the newest Keep
// files stay. The last success (time, size) is what the owners' page and /metrics show.
func TestScheduledBackupTakenByOneNode(t *testing.T) {
	testdb.Each(t, func(t *testing.T, _ *database.DB) {
		ctx := context.Background()
		dbs, dsn := nodes(t, dbDialect(t), 2)
		dir := filepath.Join(t.TempDir(), "backups")
		sched, err := ops.ParseSchedule("6h")
		if err != nil {
			t.Fatal(err)
		}
		var bs []*ops.Backups
		for i, db := range dbs {
			bs = append(bs, &ops.Backups{Jobs: &ops.Jobs{DB: db, Node: "node-" + string(rune('a'+i))}, DSN: dsn, Schedule: sched, Dir: dir, Keep: 2})
		}
		if last, err := ops.LastSuccess(ctx, dbs[0], ops.JobBackup); err != nil || last != nil {
			t.Fatalf("before any backup: %v %v", last, err)
		}
		now := time.Date(2026, 11, 23, 7, 5, 0, 0, time.UTC)
		for round := range 3 {
			at := now.Add(time.Duration(round) * 6 * time.Hour)
			var wg sync.WaitGroup
			took := make([]bool, len(bs))
			errs := make([]error, len(bs))
			start := make(chan struct{})
			for i, b := range bs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					took[i], errs[i] = b.Tick(ctx, at)
				}()
			}
			close(start)
			wg.Wait()
			for _, err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			if took[0] == took[1] {
				t.Fatalf("round %d: node a took it %v, node b %v: want exactly one", round, took[0], took[1])
			}
			// Later ticks within the same slot do nothing.
			for _, b := range bs {
				if again, err := b.Tick(ctx, at.Add(time.Hour)); err != nil || again {
					t.Fatalf("round %d: slot taken twice (%v, %v)", round, again, err)
				}
			}
			files := backupFiles(t, dir)
			if want := min(round+1, 2); len(files) != want {
				t.Fatalf("round %d: files %v, want %d", round, files, want)
			}
		}
		files := backupFiles(t, dir)
		want := "hadir-backup-20261123T180000Z"
		if !strings.HasPrefix(files[len(files)-1], want) {
			t.Fatalf("newest backup %v, want %s*", files, want)
		}
		last, err := ops.LastSuccess(ctx, dbs[1], ops.JobBackup)
		if err != nil || last == nil {
			t.Fatalf("last success: %v %v", last, err)
		}
		st, err := os.Stat(filepath.Join(dir, files[len(files)-1]))
		if err != nil {
			t.Fatal(err)
		}
		if last.SizeBytes != st.Size() || last.SizeBytes == 0 || time.Since(last.FinishedAt) > time.Minute {
			t.Fatalf("last success %+v, file of %d bytes", last, st.Size())
		}
		var runs int
		if err := dbs[0].QueryRow(`SELECT COUNT(*) FROM job_runs WHERE job = 'backup'`).Scan(&runs); err != nil || runs != 3 {
			t.Fatalf("%d runs recorded: %v", runs, err)
		}
		// The newest file is a backup that restores.
		if _, err := ops.Restore(ctx, restoreTarget(t, dbDialect(t), dsn), filepath.Join(dir, files[len(files)-1]), ops.RestoreOptions{}); err != nil {
			t.Fatalf("the scheduled backup does not restore: %v", err)
		}
	})
}

// A node that died holding a slot's lease leaves it unfinished; another node takes the slot
// over once the lease has passed, and not before.
func TestJobLeaseTakenOverAfterExpiry(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		slot := time.Date(2026, 11, 23, 2, 30, 0, 0, time.UTC)
		dead := &ops.Jobs{DB: db, Node: "dead", Lease: 200 * time.Millisecond}
		alive := &ops.Jobs{DB: db, Node: "alive"}
		if ok, err := dead.Claim(ctx, "retention", slot); err != nil || !ok {
			t.Fatalf("first claim: %v %v", ok, err)
		}
		if ok, err := alive.Claim(ctx, "retention", slot); err != nil || ok {
			t.Fatalf("claimed under a live lease: %v %v", ok, err)
		}
		time.Sleep(300 * time.Millisecond)
		ran := false
		ok, err := alive.Run(ctx, "retention", slot, func(context.Context) (int64, string, error) { ran = true; return 0, "", nil })
		if err != nil || !ok || !ran {
			t.Fatalf("take-over after expiry: %v %v %v", ok, ran, err)
		}
		if ok, err := dead.Claim(ctx, "retention", slot); err != nil || ok {
			t.Fatalf("a finished slot claimed again: %v %v", ok, err)
		}
	})
}

func TestParseSchedule(t *testing.T) {
	at := time.Date(2026, 11, 23, 1, 0, 0, 0, time.UTC) // 09:00 in Kuala Lumpur
	for _, c := range []struct {
		in         string
		last, next string
	}{
		{"02:30", "2026-11-22T02:30:00Z", "2026-11-23T02:30:00Z"},
		{"08:30 Asia/Kuala_Lumpur", "2026-11-23T00:30:00Z", "2026-11-24T00:30:00Z"},
		{"6h", "2026-11-23T00:00:00Z", "2026-11-23T06:00:00Z"},
	} {
		s, err := ops.ParseSchedule(c.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Last(at).Format(time.RFC3339); got != c.last {
			t.Errorf("%s: last %s, want %s", c.in, got, c.last)
		}
		if got := s.Next(at).Format(time.RFC3339); got != c.next {
			t.Errorf("%s: next %s, want %s", c.in, got, c.next)
		}
	}
	for _, bad := range []string{"25:00", "2:3", "daily", "30s", "02:30 Mars/Olympus"} {
		if _, err := ops.ParseSchedule(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if s, err := ops.ParseSchedule(""); err != nil || !s.Off() {
		t.Fatal("empty is off")
	}
}
