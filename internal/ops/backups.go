package ops

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"hadir/internal/platform/database"
)

// JobBackup is the job_runs name of scheduled backups.
const JobBackup = "backup"

// backupPrefix starts the name of every scheduled backup file; pruning touches only these.
const backupPrefix = "hadir-backup-"

// Backups takes the scheduled backups: at each slot of Schedule exactly one node (the one
// that claims the slot) writes a backup into Dir and then keeps the newest Keep there.
type Backups struct {
	Jobs     *Jobs
	DSN      string
	Schedule Schedule
	Dir      string
	Keep     int // 7 when zero
}

// Tick makes sure the latest due slot at now has a backup: it claims the slot and, when this
// node wins it, writes the backup. It reports whether this node took it.
func (b *Backups) Tick(ctx context.Context, now time.Time) (bool, error) {
	if b.Schedule.Off() {
		return false, nil
	}
	slot := b.Schedule.Last(now)
	return b.Jobs.Run(ctx, JobBackup, slot, func(ctx context.Context) (int64, string, error) {
		return b.write(ctx, slot)
	})
}

func (b *Backups) write(ctx context.Context, slot time.Time) (int64, string, error) {
	db := b.Jobs.DB
	if err := os.MkdirAll(b.Dir, 0o700); err != nil {
		return 0, "", fmt.Errorf("backup directory: %w", err)
	}
	ext := ".db"
	if db.Dialect == database.Postgres {
		ext = ".dump"
	}
	name := backupPrefix + slot.UTC().Format("20060102T150405Z") + ext
	final := filepath.Join(b.Dir, name)
	tmp := filepath.Join(b.Dir, ".partial-"+name)
	_ = os.Remove(tmp) // a run that died before
	if err := db.Backup(ctx, b.DSN, tmp); err != nil {
		_ = os.Remove(tmp)
		return 0, "", err
	}
	st, err := os.Stat(tmp)
	if err != nil {
		return 0, "", err
	}
	// Only a complete file gets the name that restore and pruning look for.
	if err := os.Rename(tmp, final); err != nil {
		return 0, "", err
	}
	if err := b.prune(); err != nil {
		slog.Warn("backup: removing old backups", "err", err)
	}
	slog.Info("backup written", "path", final, "bytes", st.Size())
	return st.Size(), final, nil
}

// prune removes the oldest scheduled backups beyond Keep (names sort by time).
func (b *Backups) prune() error {
	keep := b.Keep
	if keep <= 0 {
		keep = 7
	}
	entries, err := os.ReadDir(b.Dir)
	if err != nil {
		return err
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasPrefix(e.Name(), backupPrefix) {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for len(names) > keep {
		if err := os.Remove(filepath.Join(b.Dir, names[0])); err != nil {
			return err
		}
		names = names[1:]
	}
	return nil
}

// Loop runs Tick now and then every interval (a minute when zero) until ctx ends.
func Loop(ctx context.Context, interval time.Duration, name string, tick func(ctx context.Context, now time.Time) (bool, error)) {
	if interval <= 0 {
		interval = time.Minute
	}
	for {
		if _, err := tick(ctx, time.Now()); err != nil && ctx.Err() == nil {
			slog.Error(name+" failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(interval):
		}
	}
}
