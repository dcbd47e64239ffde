package database

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
)

// Listener follows a PostgreSQL notification channel on a connection of its own, so that
// the nodes sharing one database learn of each other's changes (LISTEN/NOTIFY). A NOTIFY sent
// inside a transaction is delivered only when it commits.
type Listener struct {
	DSN     string
	Channel string
	// Notify receives each payload, in order.
	Notify func(payload string)
	// Up is told when the listener starts or stops hearing the channel; while it is down,
	// notifications are lost, so whatever relies on them must stop trusting what it holds.
	Up func(up bool)
}

// Run listens until ctx ends, reconnecting after a lost connection (one second, doubling
// up to thirty).
func (l *Listener) Run(ctx context.Context) {
	wait := time.Second
	for ctx.Err() == nil {
		err := l.listen(ctx)
		l.Up(false)
		if ctx.Err() != nil {
			return
		}
		slog.Warn("database: notification channel lost, reconnecting", "channel", l.Channel, "err", err, "in", wait)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(wait*2, 30*time.Second)
	}
}

func (l *Listener) listen(ctx context.Context) error {
	conn, err := pgx.Connect(ctx, l.DSN)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{l.Channel}.Sanitize()); err != nil {
		return err
	}
	l.Up(true)
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		l.Notify(n.Payload)
	}
}
