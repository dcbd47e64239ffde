package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"text/tabwriter"
	"time"

	"hadir/internal/ops"
)

// runMigrateData is hadir migrate-data: SQLite to PostgreSQL, for an installation that
// outgrows one machine (docs/deployment.md). See ops.MigrateData.
func runMigrateData(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("migrate-data", flag.ContinueOnError)
	from := fs.String("from", "", "the SQLite database: sqlite:///var/lib/hadir/hadir.db")
	to := fs.String("to", "", "the PostgreSQL database: postgres://user@host:5432/hadir")
	force := fs.Bool("force", false, "replace the data the PostgreSQL database holds")
	batch := fs.Int("batch", 500, "rows per INSERT")
	sample := fs.Int("sample", 25, "rows compared per table from each end of its key")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *from == "" || *to == "" || fs.NArg() > 0 {
		return errors.New("usage: hadir migrate-data -from sqlite://PATH -to postgres://URL [-force] (stop the server first)")
	}
	start := time.Now()
	copied, err := ops.MigrateData(ctx, *from, *to, ops.MigrateOptions{Force: *force, Batch: *batch, Sample: *sample, Log: os.Stderr})
	if len(copied) > 0 {
		w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(w, "table\tsource rows\ttarget rows\tsampled\t")
		var rows int64
		for _, c := range copied {
			fmt.Fprintf(w, "%s\t%d\t%d\t%d\t\n", c.Table, c.Source, c.Target, c.Sampled)
			rows += c.Source
		}
		w.Flush()
		if err == nil {
			fmt.Printf("\n%d tables, %d rows copied and checked in %s. Point HADIR_DATABASE_URL at the PostgreSQL database and start hadir serve.\n",
				len(copied), rows, time.Since(start).Round(time.Second))
		}
	}
	return err
}
