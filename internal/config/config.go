// Package config holds the settings of a Hadir process: defaults in one place, loaded from
// environment variables (secrets also from *_FILE) and overridden by command-line flags.
package config

import (
	"errors"
	"flag"
	"fmt"
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
	// DatabaseWait (HADIR_DATABASE_WAIT) is how long start-up keeps retrying a database that
	// is not reachable yet (PostgreSQL still starting, the network not up) before giving up.
	DatabaseWait time.Duration
}

// Default returns the configuration used when nothing is set.
func Default() Config {
	return Config{Addr: "127.0.0.1:8080", DataDir: "./data", DatabaseWait: 60 * time.Second}
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
	if c.DatabaseWait < 0 {
		return errors.New("config: HADIR_DATABASE_WAIT must not be negative")
	}
	if c.SMTPURL != "" {
		u, err := url.Parse(c.SMTPURL)
		if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Host == "" {
			return fmt.Errorf("config: HADIR_SMTP_URL must look like smtp://user:pass@host:port")
		}
	}
	if _, err := url.Parse(c.BaseURL); err != nil {
		return fmt.Errorf("config: HADIR_BASE_URL: %w", err)
	}
	return nil
}

// DatabaseDSN is the database address to open: the PostgreSQL URL, or the SQLite file.
func (c Config) DatabaseDSN() string {
	if c.DatabaseURL != "" {
		return c.DatabaseURL
	}
	return "sqlite://" + filepath.Join(c.DataDir, "hadir.db")
}

// String prints the configuration with secrets masked.
func (c Config) String() string {
	return fmt.Sprintf("addr=%s data_dir=%s database=%s database_wait=%s base_url=%s smtp=%s secret_key=%s",
		c.Addr, c.DataDir, mask(c.DatabaseDSN()), c.DatabaseWait, c.BaseURL, mask(c.SMTPURL), maskAll(c.SecretKey))
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
