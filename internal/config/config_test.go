package config

import (
	"flag"
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
