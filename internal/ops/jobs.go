package ops

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"time"

	"hadir/internal/platform/database"
)

// NodeID names this process among the nodes sharing a database: host, process and a random
// suffix (two containers may share a host name and a pid).
func NodeID() string {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(b))
}

// Jobs claims runs of periodic jobs so that, of all the nodes sharing the database, exactly
// one runs each job's slot. A claim is a row of job_runs (job, slot) with a lease: a node
// that dies mid-run leaves the row unfinished, and once its lease has passed another node
// takes it over. (The same lease pattern as the mail outbox and device commands.)
type Jobs struct {
	DB    *database.DB
	Node  string
	Lease time.Duration // 10 minutes when zero; renewed while the run lasts
}

func (j *Jobs) lease() time.Duration {
	if j.Lease <= 0 {
		return 10 * time.Minute
	}
	return j.Lease
}

// Claim takes the run of job for slot, unless another node finished it or holds a live
// lease on it. It is one statement: two nodes racing for the same slot cannot both win.
func (j *Jobs) Claim(ctx context.Context, job string, slot time.Time) (bool, error) {
	now := database.Now()
	var node string
	err := j.DB.QueryRowContext(ctx, `INSERT INTO job_runs (job, slot, node, locked_until, started_at) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (job, slot) DO UPDATE SET node = excluded.node, locked_until = excluded.locked_until, started_at = excluded.started_at
		WHERE job_runs.finished_at IS NULL AND job_runs.locked_until < $5
		RETURNING node`, job, slotKey(slot), j.Node, now.Add(j.lease()), now).Scan(&node)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, database.MapError(err)
	}
	return node == j.Node, nil
}

// Renew extends this node's lease on a run it holds.
func (j *Jobs) Renew(ctx context.Context, job string, slot time.Time) error {
	_, err := j.DB.ExecContext(ctx, `UPDATE job_runs SET locked_until = $1 WHERE job = $2 AND slot = $3 AND node = $4 AND finished_at IS NULL`,
		database.Now().Add(j.lease()), job, slotKey(slot), j.Node)
	return database.MapError(err)
}

// Finish records the outcome of a run this node holds.
func (j *Jobs) Finish(ctx context.Context, job string, slot time.Time, size int64, detail string, runErr error) error {
	msg := ""
	if runErr != nil {
		msg = runErr.Error()
	}
	_, err := j.DB.ExecContext(ctx, `UPDATE job_runs SET finished_at = $1, size_bytes = $2, detail = $3, error = $4
		WHERE job = $5 AND slot = $6 AND node = $7`, database.Now(), size, detail, msg, job, slotKey(slot), j.Node)
	return database.MapError(err)
}

// Run claims job's slot and, when this node wins it, runs fn with the lease renewed while fn
// lasts, then records the outcome. It reports whether this node ran it.
func (j *Jobs) Run(ctx context.Context, job string, slot time.Time, fn func(ctx context.Context) (size int64, detail string, err error)) (bool, error) {
	ok, err := j.Claim(ctx, job, slot)
	if err != nil || !ok {
		return false, err
	}
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(j.lease() / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				_ = j.Renew(ctx, job, slot)
			}
		}
	}()
	size, detail, runErr := fn(ctx)
	close(done)
	if err := j.Finish(context.WithoutCancel(ctx), job, slot, size, detail, runErr); err != nil {
		return true, err
	}
	return true, runErr
}

func slotKey(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// LastRun is the latest finished run of a job.
type LastRun struct {
	Slot       string    `json:"-"`
	FinishedAt time.Time `json:"at"`
	SizeBytes  int64     `json:"size_bytes"`
	Detail     string    `json:"-"`
	Error      string    `json:"error,omitempty"`
}

// LastSuccess is the latest run of job that finished without error (nil when none).
func LastSuccess(ctx context.Context, db *database.DB, job string) (*LastRun, error) {
	var r LastRun
	var at database.ScanTime
	err := db.QueryRowContext(ctx, `SELECT slot, `+db.TimeText("finished_at")+`, size_bytes, detail FROM job_runs
		WHERE job = $1 AND finished_at IS NOT NULL AND error = '' ORDER BY finished_at DESC LIMIT 1`, job).Scan(&r.Slot, &at, &r.SizeBytes, &r.Detail)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, database.MapError(err)
	}
	r.FinishedAt = at.T.UTC()
	return &r, nil
}

// LastFailed reports whether the latest finished run of job failed.
func LastFailed(ctx context.Context, db *database.DB, job string) (bool, error) {
	var e string
	err := db.QueryRowContext(ctx, `SELECT error FROM job_runs WHERE job = $1 AND finished_at IS NOT NULL ORDER BY finished_at DESC LIMIT 1`, job).Scan(&e)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return e != "", database.MapError(err)
}
