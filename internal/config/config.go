// Package config holds the settings of a Hadir process: defaults in one place, loaded from
// environment variables (secrets also from *_FILE) and overridden by command-line flags.
package config

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Config is everything a Hadir process needs to start.
type Config struct {
	Addr        string // HADIR_ADDR: listen address.
	DataDir     string // HADIR_DATA_DIR: where the SQLite file and other local state live.
	DatabaseURL string // HADIR_DATABASE_URL: postgres://... or empty for SQLite in DataDir.
	BaseURL     string // HADIR_BASE_URL: absolute URL used in e-mailed links.
	SMTPURL     string // HADIR_SMTP_URL: smtp://user:pass@host:port; empty logs e-mails instead.
	SecretKey   string // HADIR_SECRET_KEY: token signing key; generated and kept in the database when empty.
	LogFormat   string // HADIR_LOG_FORMAT: json or text; text when stderr is a terminal.
	// HashConcurrency (HADIR_HASH_CONCURRENCY) is how many password hashes may run at once;
	// 0 sizes it to memory (available memory / 64 MiB / 2, at most 2×CPUs).
	HashConcurrency int
	LogLevel        string // HADIR_LOG_LEVEL: debug, info (default), warn or error.
	// MetricsToken is HADIR_METRICS_TOKEN: a bearer token that admits a /metrics scrape.
	MetricsToken string
	// MetricsAllow is HADIR_METRICS_ALLOW: comma-separated CIDRs (or addresses) whose peers
	// may scrape /metrics without the token; loopback by default, empty for none.
	MetricsAllow string
	// WebhookAllowNets is HADIR_WEBHOOK_ALLOW_NETS: comma-separated CIDRs (or addresses) of
	// loopback, private or link-local receivers that webhooks may be delivered to. Such
	// addresses are refused otherwise, so that an organisation's admin cannot make the server
	// probe its own network (SSRF); empty by default.
	WebhookAllowNets string
	// DatabaseWait (HADIR_DATABASE_WAIT) is how long start-up keeps retrying a database that
	// is not reachable yet (PostgreSQL still starting, the network not up) before giving up.
	DatabaseWait time.Duration
	// MailSenders (HADIR_MAIL_SENDERS) is how many e-mails this process sends at once, each
	// sender on an SMTP connection of its own; 0 means the default (4).
	MailSenders int
	// BackupSchedule (HADIR_BACKUP_SCHEDULE) is when scheduled backups are taken: "02:30"
	// (UTC), "02:30 Asia/Kuala_Lumpur", or an interval such as "6h"; empty for none.
	BackupSchedule string
	// BackupDir (HADIR_BACKUP_DIR) is where they are written; <data dir>/backups when empty.
	BackupDir string
	// BackupKeep (HADIR_BACKUP_KEEP) is how many scheduled backups are kept (default 7).
	BackupKeep int
	// RetentionSchedule (HADIR_RETENTION_SCHEDULE) is when the retention purge runs, in the
	// forms of BackupSchedule; "03:00" (UTC) by default, "off" for never.
	RetentionSchedule string
	// RetentionSessionsDays (HADIR_RETENTION_SESSIONS_DAYS) keeps a session this many days
	// after it expired or was revoked (default 30; 0 keeps them for ever).
	RetentionSessionsDays int
	// RetentionLogsDays (HADIR_RETENTION_LOGS_DAYS) keeps sign-in failures, delivered mail,
	// used or expired links and finished job runs (default 90; 0 keeps them for ever).
	RetentionLogsDays int
}

// DefaultMailSenders and MaxMailSenders bound HADIR_MAIL_SENDERS (the outbox's own bounds).
const (
	DefaultMailSenders = 4
	MaxMailSenders     = 64
)

// Default returns the configuration used when nothing is set.
func Default() Config {
	return Config{Addr: "127.0.0.1:8080", DataDir: "./data", LogLevel: "info", MetricsAllow: "127.0.0.0/8,::1/128", DatabaseWait: 60 * time.Second, BackupKeep: 7,
		RetentionSchedule: "03:00", RetentionSessionsDays: 30, RetentionLogsDays: 90}
}

// Load reads the environment, then the flags in args, over the defaults.
func Load(fs *flag.FlagSet, args []string) (Config, error) {
	c := Default()
	c.Addr = env("HADIR_ADDR", c.Addr)
	c.DataDir = env("HADIR_DATA_DIR", c.DataDir)
	c.DatabaseURL = secret("HADIR_DATABASE_URL")
	c.BaseURL = env("HADIR_BASE_URL", "")
	c.SMTPURL = secret("HADIR_SMTP_URL")
	c.SecretKey = secret("HADIR_SECRET_KEY")
	c.LogFormat = env("HADIR_LOG_FORMAT", "")
	if v := env("HADIR_HASH_CONCURRENCY", ""); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return c, fmt.Errorf("config: HADIR_HASH_CONCURRENCY must be a whole number: %q", v)
		}
		c.HashConcurrency = n
	}
	c.LogLevel = env("HADIR_LOG_LEVEL", c.LogLevel)
	c.MetricsToken = secret("HADIR_METRICS_TOKEN")
	c.MetricsAllow = env("HADIR_METRICS_ALLOW", c.MetricsAllow)
	c.WebhookAllowNets = env("HADIR_WEBHOOK_ALLOW_NETS", c.WebhookAllowNets)
	if v := env("HADIR_MAIL_SENDERS", ""); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return c, fmt.Errorf("config: HADIR_MAIL_SENDERS must be a whole number: %q", v)
		}
		c.MailSenders = n
	}
	c.BackupSchedule = env("HADIR_BACKUP_SCHEDULE", "")
	c.BackupDir = env("HADIR_BACKUP_DIR", "")
	if v := env("HADIR_BACKUP_KEEP", ""); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return c, fmt.Errorf("config: HADIR_BACKUP_KEEP must be a whole number: %q", v)
		}
		c.BackupKeep = n
	}
	c.RetentionSchedule = env("HADIR_RETENTION_SCHEDULE", c.RetentionSchedule)
	for _, d := range []struct {
		name string
		to   *int
	}{{"HADIR_RETENTION_SESSIONS_DAYS", &c.RetentionSessionsDays}, {"HADIR_RETENTION_LOGS_DAYS", &c.RetentionLogsDays}} {
		if v := env(d.name, ""); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return c, fmt.Errorf("config: %s must be a whole number of days: %q", d.name, v)
			}
			*d.to = n
		}
	}
	if v, ok := os.LookupEnv("HADIR_DATABASE_WAIT"); ok {
		d, err := parseWait(v)
		if err != nil {
			return c, fmt.Errorf("config: HADIR_DATABASE_WAIT: %w", err)
		}
		c.DatabaseWait = d
	}
	if fs != nil {
		fs.StringVar(&c.Addr, "addr", c.Addr, "listen address (HADIR_ADDR)")
		fs.StringVar(&c.DataDir, "data-dir", c.DataDir, "data directory (HADIR_DATA_DIR)")
		fs.StringVar(&c.DatabaseURL, "database-url", c.DatabaseURL, "postgres:// URL; empty for SQLite (HADIR_DATABASE_URL)")
		fs.StringVar(&c.BaseURL, "base-url", c.BaseURL, "public base URL for links in e-mails (HADIR_BASE_URL)")
		fs.StringVar(&c.SMTPURL, "smtp-url", c.SMTPURL, "smtp://user:pass@host:port (HADIR_SMTP_URL)")
		fs.StringVar(&c.SecretKey, "secret-key", c.SecretKey, "token signing key (HADIR_SECRET_KEY)")
		fs.StringVar(&c.LogFormat, "log-format", c.LogFormat, "json or text (HADIR_LOG_FORMAT)")
		fs.IntVar(&c.HashConcurrency, "hash-concurrency", c.HashConcurrency, "password hashes run at once; 0 sizes it to memory (HADIR_HASH_CONCURRENCY)")
		fs.StringVar(&c.LogLevel, "log-level", c.LogLevel, "debug, info, warn or error; debug logs every request (HADIR_LOG_LEVEL)")
		fs.StringVar(&c.MetricsToken, "metrics-token", c.MetricsToken, "bearer token that admits a /metrics scrape (HADIR_METRICS_TOKEN)")
		fs.StringVar(&c.MetricsAllow, "metrics-allow", c.MetricsAllow, "CIDRs that may scrape /metrics without the token; empty for none (HADIR_METRICS_ALLOW)")
		fs.StringVar(&c.WebhookAllowNets, "webhook-allow-nets", c.WebhookAllowNets, "private or loopback CIDRs webhooks may be delivered to (HADIR_WEBHOOK_ALLOW_NETS)")
		fs.IntVar(&c.MailSenders, "mail-senders", c.MailSenders, fmt.Sprintf("e-mails sent at once, 1 to %d; 0 for %d (HADIR_MAIL_SENDERS)", MaxMailSenders, DefaultMailSenders))
		fs.StringVar(&c.BackupSchedule, "backup-schedule", c.BackupSchedule, "scheduled backups: 02:30 (UTC), 02:30 Asia/Kuala_Lumpur or 6h; empty for none (HADIR_BACKUP_SCHEDULE)")
		fs.StringVar(&c.BackupDir, "backup-dir", c.BackupDir, "folder of scheduled backups; <data dir>/backups when empty (HADIR_BACKUP_DIR)")
		fs.IntVar(&c.BackupKeep, "backup-keep", c.BackupKeep, "scheduled backups kept (HADIR_BACKUP_KEEP)")
		fs.StringVar(&c.RetentionSchedule, "retention-schedule", c.RetentionSchedule, "when old records are purged: 03:00 (UTC), 03:00 Asia/Kuala_Lumpur or 24h; off for never (HADIR_RETENTION_SCHEDULE)")
		fs.IntVar(&c.RetentionSessionsDays, "retention-sessions-days", c.RetentionSessionsDays, "days a session is kept after it ended; 0 for ever (HADIR_RETENTION_SESSIONS_DAYS)")
		fs.IntVar(&c.RetentionLogsDays, "retention-logs-days", c.RetentionLogsDays, "days sign-in failures, sent mail and job runs are kept; 0 for ever (HADIR_RETENTION_LOGS_DAYS)")
		fs.Func("database-wait", fmt.Sprintf("how long start-up retries an unreachable database, e.g. 90s or 2m; 0 tries once (HADIR_DATABASE_WAIT, default %s)", c.DatabaseWait),
			func(v string) error {
				d, err := parseWait(v)
				c.DatabaseWait = d
				return err
			})
		if err := fs.Parse(args); err != nil {
			return c, err
		}
	}
	if c.BaseURL == "" {
		c.BaseURL = "http://" + c.Addr
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	return c, c.Validate()
}

// Validate reports the first setting that cannot work.
func (c Config) Validate() error {
	if c.Addr == "" {
		return errors.New("config: HADIR_ADDR is empty")
	}
	if c.DatabaseURL == "" && c.DataDir == "" {
		return errors.New("config: HADIR_DATA_DIR is empty")
	}
	if c.DatabaseURL != "" && !strings.HasPrefix(c.DatabaseURL, "postgres://") && !strings.HasPrefix(c.DatabaseURL, "postgresql://") && !strings.HasPrefix(c.DatabaseURL, "sqlite://") {
		return fmt.Errorf("config: HADIR_DATABASE_URL must start with postgres:// or sqlite://")
	}
	if c.HashConcurrency < 0 {
		return errors.New("config: HADIR_HASH_CONCURRENCY must be 0 (automatic) or more")
	}
	if c.MailSenders < 0 || c.MailSenders > MaxMailSenders {
		return fmt.Errorf("config: HADIR_MAIL_SENDERS must be from 1 to %d (or 0 for %d)", MaxMailSenders, DefaultMailSenders)
	}
	if c.BackupKeep < 1 {
		return errors.New("config: HADIR_BACKUP_KEEP must be 1 or more")
	}
	if c.RetentionSessionsDays < 0 || c.RetentionLogsDays < 0 {
		return errors.New("config: HADIR_RETENTION_SESSIONS_DAYS and HADIR_RETENTION_LOGS_DAYS must be 0 (keep for ever) or more")
	}
	if c.DatabaseWait < 0 {
		return errors.New("config: HADIR_DATABASE_WAIT must not be negative")
	}
	if c.SMTPURL != "" {
		u, err := url.Parse(c.SMTPURL)
		if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Host == "" {
			return fmt.Errorf("config: HADIR_SMTP_URL must look like smtp://user:pass@host:port")
		}
	}
	if _, err := c.MetricsPrefixes(); err != nil {
		return err
	}
	if _, err := c.WebhookPrefixes(); err != nil {
		return err
	}
	if _, err := c.SlogLevel(); err != nil {
		return err
	}
	if _, err := url.Parse(c.BaseURL); err != nil {
		return fmt.Errorf("config: HADIR_BASE_URL: %w", err)
	}
	return nil
}

// MetricsPrefixes parses MetricsAllow; a bare address stands for itself alone. The result
// is never nil (empty when nothing is allowed).
func (c Config) MetricsPrefixes() ([]netip.Prefix, error) {
	return prefixes("HADIR_METRICS_ALLOW", c.MetricsAllow)
}

// WebhookPrefixes parses WebhookAllowNets as MetricsPrefixes does MetricsAllow.
func (c Config) WebhookPrefixes() ([]netip.Prefix, error) {
	return prefixes("HADIR_WEBHOOK_ALLOW_NETS", c.WebhookAllowNets)
}

func prefixes(name, list string) ([]netip.Prefix, error) {
	out := []netip.Prefix{}
	for _, f := range strings.Split(list, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			a, aerr := netip.ParseAddr(f)
			if aerr != nil {
				return nil, fmt.Errorf("config: %s: %q is not a CIDR or an address", name, f)
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// SlogLevel parses LogLevel.
func (c Config) SlogLevel() (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(c.LogLevel)); err != nil {
		return l, fmt.Errorf("config: HADIR_LOG_LEVEL must be debug, info, warn or error")
	}
	return l, nil
}

// DatabaseDSN is the database address to open: the PostgreSQL URL, or the SQLite file.
func (c Config) DatabaseDSN() string {
	if c.DatabaseURL != "" {
		return c.DatabaseURL
	}
	return "sqlite://" + filepath.Join(c.DataDir, "hadir.db")
}

// BackupFolder is where scheduled backups go: HADIR_BACKUP_DIR, or backups in the data dir.
func (c Config) BackupFolder() string {
	if c.BackupDir != "" {
		return c.BackupDir
	}
	return filepath.Join(c.DataDir, "backups")
}

// String prints the configuration with secrets masked.
func (c Config) String() string {
	return fmt.Sprintf("addr=%s data_dir=%s database=%s database_wait=%s base_url=%s smtp=%s mail_senders=%d secret_key=%s metrics_allow=%s metrics_token=%s webhook_allow_nets=%s",
		c.Addr, c.DataDir, mask(c.DatabaseDSN()), c.DatabaseWait, c.BaseURL, mask(c.SMTPURL), c.MailSenders, maskAll(c.SecretKey), c.MetricsAllow, maskSet(c.MetricsToken), c.WebhookAllowNets)
}

func mask(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return raw
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}

func maskAll(s string) string {
	if s == "" {
		return "(generated)"
	}
	return "xxxxx"
}

func maskSet(s string) string {
	if s == "" {
		return "(none)"
	}
	return "xxxxx"
}

// parseWait reads a duration ("90s", "2m") or a plain number of seconds ("60").
func parseWait(v string) (time.Duration, error) {
	v = strings.TrimSpace(v)
	if n, err := strconv.Atoi(v); err == nil {
		return time.Duration(n) * time.Second, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("%q is not a duration such as 60s or 2m", v)
	}
	return d, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok {
		return v
	}
	return def
}

// secret reads KEY, or the file named by KEY_FILE.
func secret(key string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	if f := os.Getenv(key + "_FILE"); f != "" {
		b, err := os.ReadFile(f)
		if err == nil {
			return strings.TrimSpace(string(b))
		}
	}
	return ""
}
