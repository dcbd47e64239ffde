// Package httpbench holds the HTTP-level benchmarks (issue 16, "Benchmarks that measure
// what users wait for"): a company of 1,000, 2,500 and 5,000 people built through the API
// as a customer builds it (a CSV import of the people, terminals pushing a month of ATTLOG
// punches, a bulk entitlement, leave assignments), then the calls users wait for, timed
// through the real handler over loopback. The package has no code of its own: everything
// is in its tests, run with `go test -bench . ./internal/httpbench` (see docs/benchmarks.md).
package httpbench
