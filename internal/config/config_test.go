package config

import (
	"flag"
	"strings"
	"testing"
)

func TestHashConcurrencyFromEnvAndFlag(t *testing.T) {
	t.Setenv("HADIR_HASH_CONCURRENCY", "3")
	c, err := Load(flag.NewFlagSet("t", flag.ContinueOnError), nil)
	if err != nil || c.HashConcurrency != 3 {
		t.Fatalf("env: %d, %v", c.HashConcurrency, err)
	}
	c, err = Load(flag.NewFlagSet("t", flag.ContinueOnError), []string{"-hash-concurrency", "5"})
	if err != nil || c.HashConcurrency != 5 {
		t.Fatalf("flag: %d, %v", c.HashConcurrency, err)
	}
	t.Setenv("HADIR_HASH_CONCURRENCY", "many")
	if _, err := Load(nil, nil); err == nil {
		t.Fatal("a non-number was accepted")
	}
	t.Setenv("HADIR_HASH_CONCURRENCY", "-1")
	if _, err := Load(nil, nil); err == nil {
		t.Fatal("a negative number was accepted")
	}
}

func TestMailSendersFromEnvAndFlag(t *testing.T) {
	t.Setenv("HADIR_MAIL_SENDERS", "8")
	c, err := Load(flag.NewFlagSet("t", flag.ContinueOnError), nil)
	if err != nil || c.MailSenders != 8 {
		t.Fatalf("env: %d, %v", c.MailSenders, err)
	}
	c, err = Load(flag.NewFlagSet("t", flag.ContinueOnError), []string{"-mail-senders", "2"})
	if err != nil || c.MailSenders != 2 {
		t.Fatalf("flag: %d, %v", c.MailSenders, err)
	}
	for _, bad := range []string{"some", "-1", "65"} {
		t.Setenv("HADIR_MAIL_SENDERS", bad)
		if _, err := Load(nil, nil); err == nil || !strings.Contains(err.Error(), "HADIR_MAIL_SENDERS") {
			t.Errorf("%q: %v, want an error naming HADIR_MAIL_SENDERS", bad, err)
		}
	}
}
