// Command hadir is the whole Hadir application in one binary: the API and web app server,
// database migrations and the demo data.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"
	_ "time/tzdata" // every IANA zone, whatever the host has installed

	"hadir/internal/api"
	"hadir/internal/app"
	"hadir/internal/audit"
	"hadir/internal/config"
	"hadir/internal/demo"
	"hadir/internal/ops"
	"hadir/internal/platform/database"
	"hadir/web"
)

const usage = `usage: hadir <command> [flags]

commands:
  serve     run the web server (API, device protocol and web app)
  migrate   bring the database schema up to date and exit
  demo      seed the demo school and company (idempotent) and print how to sign in
  backup    write a consistent copy of the database (SQLite: a file; PostgreSQL: pg_dump) while it runs
  restore   bring a backup back into an empty database: hadir restore [-force] FILE (stop the server first)
  migrate-data  copy a SQLite database into an empty PostgreSQL one, then check counts and samples:
            hadir migrate-data -from sqlite://PATH -to postgres://URL [-force] (stop the server first)
  version   print the version, the commit and the schema version
  healthcheck  exit 0 when the server at HADIR_ADDR answers /healthz (the container's health check)
  devicesim play an attendance terminal against a server: hadir devicesim -server URL -sn SERIAL [-punch PIN]...
  loadtest  drive API calls at many clients against a running server: hadir loadtest -server URL -c 32 -d 10s -calls people-list,daily-attendance

configuration: HADIR_ADDR, HADIR_DATA_DIR, HADIR_DATABASE_URL, HADIR_DATABASE_WAIT, HADIR_BASE_URL,
HADIR_SMTP_URL, HADIR_MAIL_SENDERS, HADIR_SECRET_KEY, HADIR_LOG_FORMAT, HADIR_LOG_LEVEL, HADIR_HASH_CONCURRENCY,
HADIR_METRICS_TOKEN, HADIR_METRICS_ALLOW, HADIR_BACKUP_SCHEDULE, HADIR_BACKUP_DIR, HADIR_BACKUP_KEEP, HADIR_RETENTION_SCHEDULE,
HADIR_RETENTION_SESSIONS_DAYS, HADIR_RETENTION_LOGS_DAYS (secrets also from *_FILE), or the matching flags: hadir serve -h
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	cmd, args := os.Args[1], os.Args[2:]
	if cmd == "version" || cmd == "-version" || cmd == "--version" {
		fmt.Println(versionLine())
		return
	}
	if cmd == "migrate-data" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		err := runMigrateData(ctx, args)
		stop()
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if cmd == "devicesim" || cmd == "loadtest" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		run := runDeviceSim
		if cmd == "loadtest" {
			run = runLoadTest
		}
		err := run(ctx, args)
		stop()
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	fs := flag.NewFlagSet(cmd, flag.ExitOnError)
	teachers := 0
	if cmd == "demo" {
		fs.IntVar(&teachers, "teachers", 40, "teachers in the demo school (the load test seeds 1000)")
	}
	force := false
	if cmd == "restore" {
		fs.BoolVar(&force, "force", false, "replace a database that holds data")
	}
	cfg, err := config.Load(fs, args)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	setupLog(cfg)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	switch cmd {
	case "serve":
		err = serve(ctx, cfg)
	case "migrate":
		err = migrate(ctx, cfg)
	case "demo":
		err = seed(ctx, cfg, teachers)
	case "backup":
		err = backup(ctx, cfg, fs.Args())
	case "restore":
		err = restore(ctx, cfg, fs.Args(), force)
	case "healthcheck":
		err = healthcheck(ctx, cfg.Addr)
	case "help", "-h", "--help":
		fmt.Print(usage)
	default:
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	if err != nil {
		slog.Error(cmd+" failed", "err", err)
		os.Exit(1)
	}
}

func setupLog(cfg config.Config) {
	format := cfg.LogFormat
	if format == "" {
		format = "json"
		if st, err := os.Stderr.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			format = "text"
		}
	}
	level, _ := cfg.SlogLevel() // Load has validated it
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler = slog.NewJSONHandler(os.Stderr, opts)
	if format == "text" {
		h = slog.NewTextHandler(os.Stderr, opts)
	}
	slog.SetDefault(slog.New(api.LogHandler(h)))
}

func migrate(ctx context.Context, cfg config.Config) error {
	db, err := app.Open(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	return db.WaitAnalyzed(ctx) // statistics missing after the migrations, before exiting
}

// backup writes the database to the path given (default: a time-stamped file in the data dir).
func backup(ctx context.Context, cfg config.Config, args []string) error {
	db, err := app.Open(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	path := filepath.Join(cfg.DataDir, "backup-"+time.Now().Format("20060102-150405"))
	if db.Dialect == database.SQLite {
		path += ".db"
	} else {
		path += ".dump"
	}
	if len(args) > 0 {
		path = args[0]
	}
	if err := db.Backup(ctx, cfg.DatabaseDSN(), path); err != nil {
		return err
	}
	fmt.Println("backup written to", path)
	return nil
}

// restore brings the backup FILE back into the configured database (see ops.Restore).
func restore(ctx context.Context, cfg config.Config, args []string, force bool) error {
	if len(args) != 1 {
		return errors.New("usage: hadir restore [-force] FILE (flags before the file)")
	}
	v, err := ops.Restore(ctx, cfg.DatabaseDSN(), args[0], ops.RestoreOptions{Force: force})
	if err != nil {
		return err
	}
	fmt.Printf("restored %s (schema version %d); start Hadir with hadir serve\n", args[0], v)
	return nil
}

func seed(ctx context.Context, cfg config.Config, teachers int) error {
	db, err := app.Open(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	a, err := app.New(ctx, cfg, db, app.Options{})
	if err != nil {
		return err
	}
	logins, err := demo.SeedWith(ctx, a, demo.Options{Teachers: teachers})
	if err != nil {
		return err
	}
	// The demo is a bulk load: give the planner the statistics (and PostgreSQL the visibility
	// map for index-only scans) that a live database has from autovacuum, which may be off.
	if err := analyze(ctx, db); err != nil {
		return fmt.Errorf("demo: statistics: %w", err)
	}
	fmt.Printf("\nDemo data is ready. Open %s and sign in with:\n", cfg.BaseURL)
	for _, l := range logins {
		fmt.Printf("  %-32s %-6s %-27s password %s\n", l.Org, l.Role, l.Email, demo.Password)
	}
	fmt.Println()
	return nil
}

// analyze gathers planner statistics of Hadir's tables (on PostgreSQL, of its schema only,
// with VACUUM for the visibility map).
func analyze(ctx context.Context, db *database.DB) error {
	if db.Dialect != database.Postgres {
		return db.AnalyzeSQLite(ctx) // averages only: see AnalyzeSQLite
	}
	rows, err := db.QueryContext(ctx, `SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = current_schema()`)
	if err != nil {
		return err
	}
	var tables []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			rows.Close()
			return err
		}
		tables = append(tables, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(tables) == 0 {
		return err
	}
	_, err = db.ExecContext(ctx, "VACUUM (ANALYZE) "+strings.Join(tables, ", "))
	return err
}

func serve(ctx context.Context, cfg config.Config) error {
	slog.Info("starting", "config", cfg.String())
	db, err := app.Open(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	a, err := app.New(ctx, cfg, db, app.Options{Web: web.Dist()})
	if err != nil {
		return err
	}
	slog.Info("password hashing", "slots", a.Accounts.Hasher().Slots(), "memory_per_hash_mib", a.Accounts.Hasher().Params.Memory/1024)
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: a.API, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 2 * time.Minute,
		WriteTimeout: 5 * time.Minute, IdleTimeout: 2 * time.Minute}
	bg, cancel := context.WithCancel(context.Background())
	defer cancel()
	go a.Outbox.Run(bg)
	go a.Webhooks.Run(bg)
	go ops.Loop(bg, time.Minute, "webhook day.status_decided", a.DecidedDays)
	go a.Reports.Run(bg)
	go a.Health.Run(bg) // device health (issue 14): each change is claimed once across nodes
	if sched, err := ops.ParseSchedule(cfg.BackupSchedule); err != nil {
		return fmt.Errorf("HADIR_BACKUP_SCHEDULE: %w", err)
	} else if !sched.Off() {
		b := &ops.Backups{Jobs: &ops.Jobs{DB: db, Node: ops.NodeID()}, DSN: cfg.DatabaseDSN(), Schedule: sched,
			Dir: cfg.BackupFolder(), Keep: cfg.BackupKeep}
		slog.Info("scheduled backups", "schedule", cfg.BackupSchedule, "dir", b.Dir, "keep", b.Keep, "next", sched.Next(time.Now()))
		go ops.Loop(bg, time.Minute, "scheduled backup", b.Tick)
	}
	if err := startRetention(bg, db, cfg); err != nil {
		return err
	}
	if db.Dialect == database.Postgres {
		go a.Accounts.ListenForRevocations(bg, cfg.DatabaseDSN()) // other nodes' logouts and role changes
		go db.ListenForCounts(bg, cfg.DatabaseDSN())              // other nodes' new and archived people
		go a.Notify.Listen(bg, cfg.DatabaseDSN())                 // other nodes' notifications, for the live streams
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	slog.Info("listening", "url", "http://"+ln.Addr().String())
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	slog.Info("shutting down")
	shutdownCtx, done := context.WithTimeout(context.Background(), 15*time.Second)
	defer done()
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// startRetention runs the retention purge at HADIR_RETENTION_SCHEDULE on whichever node
// claims each slot (ops.RetentionJob).
func startRetention(ctx context.Context, db *database.DB, cfg config.Config) error {
	if strings.EqualFold(strings.TrimSpace(cfg.RetentionSchedule), "off") {
		slog.Info("retention purge off")
		return nil
	}
	sched, err := ops.ParseSchedule(cfg.RetentionSchedule)
	if err != nil {
		return fmt.Errorf("HADIR_RETENTION_SCHEDULE: %w", err)
	}
	if sched.Off() {
		return nil
	}
	r := &ops.RetentionJob{Jobs: &ops.Jobs{DB: db, Node: ops.NodeID()}, Schedule: sched,
		Purger: &ops.Purger{DB: db, Instance: ops.InstanceRetention{SessionsDays: cfg.RetentionSessionsDays, LogsDays: cfg.RetentionLogsDays},
			Audit: (&audit.Store{DB: db}).PurgeExpired}}
	slog.Info("retention purge", "schedule", cfg.RetentionSchedule, "next", sched.Next(time.Now()))
	go ops.Loop(ctx, time.Minute, "retention purge", r.Tick)
	return nil
}
