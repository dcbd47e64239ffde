// Package app wires the services of Hadir together from a configuration and an open
// database: the one place that knows every concrete type.
package app

import (
	"context"
	"io/fs"
	"net/url"

	"hadir/internal/account"
	"hadir/internal/api"
	"hadir/internal/attendance"
	"hadir/internal/config"
	"hadir/internal/device"
	"hadir/internal/iclock"
	"hadir/internal/leave"
	"hadir/internal/org"
	"hadir/internal/people"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/platform/imaging"
	"hadir/internal/platform/mail"
	"hadir/internal/platform/migrations"
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
	Devices    *device.Service
}

// Options tune what New builds.
type Options struct {
	Hash auth.HashParams // zero: auth.DefaultHashParams
	Web  fs.FS
}

// Open opens the database of a configuration and brings its schema up to date.
func Open(ctx context.Context, cfg config.Config) (*database.DB, error) {
	db, err := database.Open(cfg.DatabaseDSN())
	if err != nil {
		return nil, err
	}
	if err := migrations.Up(ctx, db); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
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
	hash := opt.Hash
	if hash == (auth.HashParams{}) {
		hash = auth.DefaultHashParams
	}
	orgs := org.NewService(org.NewStore(db))
	slots := cfg.HashConcurrency
	if slots == 0 {
		slots = auth.DefaultHashSlots(hash)
	}
	accounts := account.NewService(account.Deps{DB: db, Store: account.NewStore(db), Orgs: orgs, Mail: outbox,
		Signer: auth.NewSigner(key), Hasher: auth.NewHasher(hash, slots), BaseURL: cfg.BaseURL})
	ppl := people.NewService(people.Deps{DB: db, Store: people.NewStore(db), Accounts: accounts, Orgs: orgs, Mail: outbox,
		Images: imaging.Process, BaseURL: cfg.BaseURL})
	att := attendance.NewService(db, attendance.NewStore(db), orgs)
	lv := leave.NewService(db, leave.NewStore(db), att, orgs, outbox, cfg.BaseURL)
	att.SetLeaveSource(lv) // approved leave and away show in attendance
	devs := device.NewService(db)
	ic := &iclock.Server{DB: db, Devices: devs, Attendance: att, Orgs: orgs}
	allow, err := cfg.MetricsPrefixes()
	if err != nil {
		return nil, err
	}
	h := api.New(api.Deps{DB: db, Accounts: accounts, Orgs: orgs, People: ppl, Attendance: att, Leave: lv, Devices: devs, ICLock: ic, BaseURL: cfg.BaseURL, Web: opt.Web,
		MetricsToken: cfg.MetricsToken, MetricsAllow: allow,
		HashStats: func() (uint64, uint64) { st := auth.HashStats(); return st.Waits, st.Refusals }})
	return &App{DB: db, API: h, Outbox: outbox, Accounts: accounts, Orgs: orgs, People: ppl, Attendance: att, Leave: lv, Devices: devs}, nil
}
