package mail

import (
	"context"
	"fmt"
	"strings"

	"hadir/internal/platform/database"
)

// EnqueueMany stores messages as Enqueue does, with multi-row statements: a bulk change that
// e-mails thousands of people (bulk leave assignment) made one round trip per message.
func (o *Outbox) EnqueueMany(ctx context.Context, ms []Message) error {
	const per = 500 // rows per statement: 3,000 parameters
	now := database.Now()
	for i := 0; i < len(ms); i += per {
		chunk := ms[i:min(i+per, len(ms))]
		var b strings.Builder
		b.WriteString(`INSERT INTO outbox (org_id, to_addr, subject, body, created_at, next_attempt) VALUES `)
		args := make([]any, 0, len(chunk)*6)
		for j, m := range chunk {
			var org any
			if m.OrgID != 0 {
				org = m.OrgID
			}
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("(")
			for k, v := range []any{org, m.To, m.Subject, m.Body, now, now} {
				if k > 0 {
					b.WriteString(", ")
				}
				args = append(args, v)
				b.WriteString(o.db.Placeholder(len(args)))
			}
			b.WriteString(")")
		}
		if _, err := o.db.Q(ctx).ExecContext(ctx, b.String(), args...); err != nil {
			return fmt.Errorf("mail: enqueue: %w", err)
		}
	}
	if len(ms) > 0 {
		select {
		case o.wake <- struct{}{}:
		default:
		}
	}
	return nil
}
