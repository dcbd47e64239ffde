// Package app wires the services of Hadir together from a configuration and an open
// database: the one place that knows every concrete type.
package app

import (
	"context"
	"errors"
	"fmt"
	"hadir/internal/approval"
	"hadir/internal/correction"
	"hadir/internal/overtime"
	"hadir/internal/webhook"
	"io/fs"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"hadir/internal/account"
	"hadir/internal/api"
	"hadir/internal/attendance"
	"hadir/internal/clockin"
	"hadir/internal/config"
	"hadir/internal/device"
	"hadir/internal/iclock"
	"hadir/internal/leave"
	"hadir/internal/notify"
	"hadir/internal/org"
	"hadir/internal/payroll"
	"hadir/internal/people"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/platform/imaging"
	"hadir/internal/platform/mail"
	"hadir/internal/platform/migrations"
	"hadir/internal/reports"
	"hadir/internal/starter"
)

// App is a wired application.
type App struct {
	DB         *database.DB
	API        *api.API
	Outbox     *mail.Outbox
	Accounts   *account.Service
	Orgs       *org.Service
	People     *people.Service
	Attendance *attendance.Service
	Leave      *leave.Service
	Approvals  *approval.Service
	// Corrections are the members' attendance-correction requests.
	Corrections *correction.Service
	// Overtime is the overtime requests (issue 13).
	Overtime *overtime.Service
	Devices  *device.Service
	Clockin  *clockin.Service
	Payroll  *payroll.Service
	Notify   *notify.Service
	// Webhooks delivers events in the background (Run), as Outbox does e-mail.
	Webhooks *webhook.Service
	// Reports sends saved reports on their schedules (Run).
	Reports *reports.Service
	// Health judges terminals online or offline in the background (Run) and tells the
	// admins and the webhooks of each change; every node may run it.
	Health *device.HealthChecker
}

// Options tune what New builds.
type Options struct {
	Hash auth.HashParams // zero: auth.DefaultHashParams
	Web  fs.FS
}

// WaitInterval is the pause between start-up attempts to reach the database.
var WaitInterval = 2 * time.Second

// Open opens the database of a configuration and brings its schema up to date. A database
// that is not reachable yet (connection refused, PostgreSQL starting up) is retried every
// WaitInterval for up to cfg.DatabaseWait, with a log line per attempt; wrong credentials,
// a missing database, or a SQLite data directory that cannot be written fail at once with
// the cause.
func Open(ctx context.Context, cfg config.Config) (*database.DB, error) {
	db, err := database.Open(cfg.DatabaseDSN())
	if err != nil {
		return nil, err
	}
	if err := connect(ctx, db, cfg.DatabaseWait); err != nil {
		db.Close()
		return nil, err
	}
	// Tables with rows but no planner statistics (autovacuum has not come round, the data
	// was restored, a migration added an index) are analysed in the background.
	if _, err := db.AnalyzeMissing(ctx); err != nil {
		slog.Warn("database: looking for missing planner statistics", "err", err)
	}
	return db, nil
}

func connect(ctx context.Context, db *database.DB, wait time.Duration) error {
	start := time.Now()
	for attempt := 1; ; attempt++ {
		err := db.Ping(ctx)
		if err == nil {
			err = migrations.Up(ctx, db)
		}
		if err == nil {
			if attempt > 1 {
				slog.Info("database reachable", "attempts", attempt, "waited", time.Since(start).Round(time.Millisecond).String())
			}
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		ue, ok := database.AsUnavailable(err)
		if !ok || database.Permanent(err) || (ue.Cause != database.CauseDown && ue.Cause != database.CauseBusy) {
			return fmt.Errorf("the database cannot be used: %w", err)
		}
		left := wait - time.Since(start)
		if left <= 0 {
			return fmt.Errorf("the database is not reachable after %s (%d attempts; HADIR_DATABASE_WAIT sets how long to wait): %w",
				wait, attempt, err)
		}
		pause := min(WaitInterval, left).Round(time.Millisecond)
		slog.Warn(fmt.Sprintf("database not reachable yet, retrying in %s: %v", pause, err), "attempt", attempt)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pause):
		}
	}
}

// New builds the services and the HTTP handler over a migrated database.
func New(ctx context.Context, cfg config.Config, db *database.DB, opt Options) (*App, error) {
	key := cfg.SecretKey
	if key == "" {
		var err error
		if key, err = db.Setting(ctx, "secret_key", func() string { return auth.RandomToken(32) }); err != nil {
			return nil, err
		}
	}
	from := "no-reply@localhost"
	if u, err := url.Parse(cfg.BaseURL); err == nil && u.Hostname() != "" && u.Hostname() != "127.0.0.1" && u.Hostname() != "localhost" {
		from = "no-reply@" + u.Hostname()
	}
	outbox, err := mail.NewOutbox(db, cfg.SMTPURL, from)
	if err != nil {
		return nil, err
	}
	if cfg.MailSenders > 0 {
		outbox.Senders = cfg.MailSenders
	}
	hash := opt.Hash
	if hash == (auth.HashParams{}) {
		hash = auth.DefaultHashParams
	}
	orgs := org.NewService(org.NewStore(db))
	slots := cfg.HashConcurrency
	if slots == 0 {
		slots = auth.DefaultHashSlots(hash)
	}
	signer := auth.NewSigner(key)
	accounts := account.NewService(account.Deps{DB: db, Store: account.NewStore(db), Orgs: orgs, Mail: outbox,
		Signer: signer, Hasher: auth.NewHasher(hash, slots), BaseURL: cfg.BaseURL})
	devs := device.NewService(db)
	ppl := people.NewService(people.Deps{DB: db, Store: people.NewStore(db), Accounts: accounts, Orgs: orgs, Mail: outbox,
		Images: imaging.Process, Terminals: devs, BaseURL: cfg.BaseURL})
	att := attendance.NewService(db, attendance.NewStore(db), orgs)
	lv := leave.NewService(db, leave.NewStore(db), att, orgs, outbox, cfg.BaseURL)
	att.SetLeaveSource(lv) // approved leave and away show in attendance
	accounts.Starter = starter.Seeder{Leave: lv, Attendance: att}.Seed
	// One approvals engine (DESIGN §10): leave and away register their kinds. Its OnWaiting and
	// OnDecision hooks are where the notifications package (issue 12's inbox) plugs in.
	apv := approval.NewService(db, orgs)
	lv.UseApprovals(apv)
	corr := correction.NewService(db, att, apv, func(ctx context.Context, orgID int64) (*time.Location, error) {
		o, err := orgs.Get(ctx, orgID)
		if err != nil {
			return nil, err
		}
		return o.Location(), nil
	})
	ot := overtime.NewService(db, att, apv)
	nt := notify.NewService(db, outbox)
	lv.SetNotifier(nt)
	apv.OnWaiting = waitingNotifier(nt)
	apv.OnDecision = decisionNotifier(nt, corr, ot)
	att.SetNotifier(nt)
	// Webhooks (issue 15): events are recorded in the transaction of the change they report.
	hooks := webhook.NewService(db)
	if hooks.AllowNets, err = cfg.WebhookPrefixes(); err != nil {
		return nil, err
	}
	att.SetEmitter(hooks)
	ppl.SetEmitter(hooks)
	apv.OnEvent = applicationEvents(hooks)
	clk := clockin.NewService(db, att, att, signer)
	ic := &iclock.Server{DB: db, Devices: devs, Attendance: att, Orgs: orgs}
	health := &device.HealthChecker{Devices: devs, Slack: iclock.WriteEvery, OnChange: deviceHealthNotes(nt, hooks, cfg.BaseURL)}
	pay := payroll.NewService(db, att, func(ctx context.Context, orgID int64) ([]payroll.LeaveType, error) {
		types, _, err := lv.Types(ctx, orgID, leave.KindLeave, "", database.Page{})
		out := make([]payroll.LeaveType, len(types))
		for i, t := range types {
			out[i] = payroll.LeaveType{ID: t.ID, Name: t.Name}
		}
		return out, err
	})
	reps := reports.NewService(db, outbox, func(ctx context.Context, orgID int64) (*time.Location, error) {
		o, err := orgs.Get(ctx, orgID)
		if err != nil {
			return nil, err
		}
		return o.Location(), nil
	})
	allow, err := cfg.MetricsPrefixes()
	if err != nil {
		return nil, err
	}
	h := api.New(api.Deps{DB: db, Accounts: accounts, Orgs: orgs, People: ppl, Attendance: att, Leave: lv, Approvals: apv, Corrections: corr, Overtime: ot, Devices: devs, Clockin: clk, Notify: nt, ICLock: ic, Payroll: pay, Webhooks: hooks, Reports: reps, BaseURL: cfg.BaseURL, Web: opt.Web,
		MetricsToken: cfg.MetricsToken, MetricsAllow: allow,
		HashStats: func() (uint64, uint64) { st := auth.HashStats(); return st.Waits, st.Refusals }})
	return &App{DB: db, API: h, Outbox: outbox, Accounts: accounts, Orgs: orgs, People: ppl, Attendance: att, Leave: lv, Approvals: apv, Corrections: corr, Overtime: ot, Devices: devs, Clockin: clk, Notify: nt, Payroll: pay, Webhooks: hooks, Reports: reps, Health: health}, nil
}

// deviceHealthNotes tells the organisation's admins (in the app and by e-mail, as each chose)
// and its webhooks that a terminal went offline or came back, in the transaction that claimed
// the change (device.HealthChecker), so each change is told once however many nodes check.
func deviceHealthNotes(nt *notify.Service, hooks *webhook.Service, baseURL string) func(ctx context.Context, t device.Transition) error {
	return func(ctx context.Context, t device.Transition) error {
		kind, event := notify.DeviceOffline, webhook.DeviceOffline
		// The terminal's drawer on its organisation's devices page (as the in-app note links).
		list := "/device/facial"
		if t.OrgKind == "school" {
			list = "/school/management/device/facial"
		}
		link := fmt.Sprintf("%s%s?device=%d", strings.TrimRight(baseURL, "/"), list, t.DeviceID)
		subject := fmt.Sprintf("Device %s (%s) is offline", t.Name, t.Code)
		body := fmt.Sprintf("The device %s (serial number %s) has not called Hadir since %s.\nPunches taken on it meanwhile are kept on the device and sent when it is back.\n\nSee the device in Hadir: %s\n",
			t.Name, t.Code, t.LastSeen.UTC().Format(time.RFC3339), link)
		if t.To == device.HealthOnline {
			kind, event = notify.DeviceOnline, webhook.DeviceOnline
			subject = fmt.Sprintf("Device %s (%s) is back online", t.Name, t.Code)
			body = fmt.Sprintf("The device %s (serial number %s) calls Hadir again (%s).\n\nSee the device in Hadir: %s\n",
				t.Name, t.Code, t.LastSeen.UTC().Format(time.RFC3339), link)
		}
		admins, err := nt.Admins(ctx, t.OrgID)
		if err != nil {
			return err
		}
		params := map[string]any{"device_id": t.DeviceID, "device": t.Name, "code": t.Code, "last_seen": t.LastSeen.UTC().Format(time.RFC3339)}
		if err := nt.Deliver(ctx, t.OrgID, admins, notify.Note{Kind: kind, Params: params, Mail: &mail.Message{Subject: subject, Body: body}}); err != nil {
			return err
		}
		return hooks.Emit(ctx, t.OrgID, event, fmt.Sprintf("device:%d", t.DeviceID), map[string]any{
			"id": t.DeviceID, "name": t.Name, "code": t.Code, "state": t.To, "last_seen": t.LastSeen.UTC(), "changed_at": t.At.UTC()})
	}
}

// applicationEvents tells the webhooks of a request (leave, away, attendance correction)
// submitted, approved, rejected or cancelled; the deliveries of one request are in order.
func applicationEvents(hooks *webhook.Service) func(ctx context.Context, orgID int64, action string, r approval.Request) error {
	events := map[string]string{approval.ActSubmitted: webhook.ApplicationSubmitted, approval.ActApproved: webhook.ApplicationApproved,
		approval.ActRejected: webhook.ApplicationRejected, approval.ActCancelled: webhook.ApplicationCancelled}
	return func(ctx context.Context, orgID int64, action string, r approval.Request) error {
		event, ok := events[action]
		if !ok {
			return nil
		}
		return hooks.Emit(ctx, orgID, event, fmt.Sprintf("%s:%d", r.Kind, r.RefID), map[string]any{
			"kind": r.Kind, "id": r.RefID, "request_id": r.ID, "person_id": r.PersonID, "status": r.Status})
	}
}

// waitingNotifier tells whoever a request now waits for ("waiting"): the named approver (the
// manager, the head, a chosen person or their substitute), or the admins when the request
// reaches the admins' level after another level, or at once for a kind whose submission does
// not already tell the admins (leave and away do, as "submitted").
func waitingNotifier(nt *notify.Service) func(ctx context.Context, orgID int64, r approval.Request) error {
	return func(ctx context.Context, orgID int64, r approval.Request) error {
		var users []int64
		switch {
		case r.ApproverID != nil:
			rc, err := nt.Person(ctx, orgID, *r.ApproverID)
			if err != nil {
				return err
			}
			if rc.UserID > 0 {
				users = append(users, rc.UserID)
			}
		case r.Level > 0 || (r.Kind != "leave" && r.Kind != "away"):
			admins, err := nt.Admins(ctx, orgID)
			if err != nil {
				return err
			}
			for _, a := range admins {
				users = append(users, a.UserID)
			}
		}
		if len(users) == 0 {
			return nil
		}
		name := r.PersonName
		if name == "" {
			var err error
			if name, err = nt.PersonName(ctx, orgID, r.PersonID); err != nil {
				return err
			}
		}
		return nt.Write(ctx, orgID, users, notify.Waiting, map[string]any{"request_id": r.ID, "request_kind": r.Kind, "person": name})
	}
}

// decisionNotifier tells the requester of an attendance correction that it was approved or
// rejected (with the approver's comment). Leave and away tell their applicants themselves,
// with their type and dates, so they are left alone here.
func decisionNotifier(nt *notify.Service, corr *correction.Service, ot *overtime.Service) func(ctx context.Context, orgID int64, r approval.Request, d approval.Decision) error {
	return func(ctx context.Context, orgID int64, r approval.Request, d approval.Decision) error {
		if r.Kind != approval.KindCorrection && r.Kind != approval.KindOvertime {
			return nil
		}
		var kind string
		switch d.Action {
		case approval.ActApproved:
			kind = notify.Approved
		case approval.ActRejected:
			kind = notify.Rejected
		default:
			return nil
		}
		rc, err := nt.Person(ctx, orgID, r.PersonID)
		if err != nil || rc.UserID == 0 {
			return err
		}
		var params map[string]any
		if r.Kind == approval.KindOvertime {
			// An overtime request (issue 13): its date and the minutes approved.
			o, err := ot.Get(ctx, orgID, r.RefID)
			if err != nil {
				return err
			}
			params = map[string]any{"request_id": r.RefID, "request_kind": r.Kind, "date": o.Date, "minutes": o.Minutes, "by": d.ActorName}
		} else {
			c, err := corr.Get(ctx, orgID, r.RefID)
			if err != nil {
				return err
			}
			params = map[string]any{"request_id": r.RefID, "request_kind": r.Kind, "correction": c.Type, "date": c.Date, "by": d.ActorName}
		}
		if d.Comment != "" {
			params["comment"] = d.Comment
		}
		return nt.Write(ctx, orgID, []int64{rc.UserID}, kind, params)
	}
}

// DecidedDays tells the webhooks of every organisation subscribed to day.status_decided the
// dates that have ended for all its people (attendance.Service.EmitDecidedDays); every node
// runs it each minute, and each date is told once whatever their number. It reports whether
// it told any date; an organisation's error does not stop the others.
func (a *App) DecidedDays(ctx context.Context, _ time.Time) (bool, error) {
	orgs, err := a.Webhooks.OrgsWanting(ctx, webhook.DayStatusDecided)
	if err != nil {
		return false, err
	}
	told := false
	var errs []error
	for _, id := range orgs { // one organisation's failure does not hold up the others
		dates, err := a.Attendance.EmitDecidedDays(ctx, id)
		if err != nil {
			errs = append(errs, fmt.Errorf("org %d: %w", id, err))
		}
		told = told || len(dates) > 0
	}
	return told, errors.Join(errs...)
}
