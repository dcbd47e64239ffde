package api_test

import (
	"bufio"
	"os"
	"regexp"
	"strings"
	"testing"

	"hadir/internal/testdb"
)

var (
	pathLine   = regexp.MustCompile(`^  (/\S*):\s*$`)
	methodLine = regexp.MustCompile(`^    (get|post|put|delete|patch):\s*$`)
)

// openAPIOperations reads "METHOD /path" of every operation in api/openapi.yaml.
func openAPIOperations(t *testing.T) map[string]bool {
	f, err := os.Open("../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ops := map[string]bool{}
	path := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if m := pathLine.FindStringSubmatch(line); m != nil {
			path = m[1]
			continue
		}
		if !strings.HasPrefix(line, " ") && strings.TrimSpace(line) != "" {
			path = "" // a new top-level section
		}
		if m := methodLine.FindStringSubmatch(line); m != nil && path != "" {
			ops[strings.ToUpper(m[1])+" "+path] = true
		}
	}
	return ops
}

// TestOpenAPICoversRoutes fails when a route of the table is missing from api/openapi.yaml,
// or when the document describes an API operation the server does not have.
func TestOpenAPICoversRoutes(t *testing.T) {
	e := newEnv(t, testdb.New(t))
	ops := openAPIOperations(t)
	have := map[string]bool{}
	for _, rt := range e.app.API.Routes() {
		if rt.Method == "" {
			continue // a catch-all of a prefix (/iclock/) is no operation: the iclock tag describes it
		}
		key := rt.Method + " " + rt.Path
		have[key] = true
		if !ops[key] {
			t.Errorf("%s is not in api/openapi.yaml", key)
		}
	}
	for op := range ops {
		if strings.Contains(op, " /api/") && !have[op] {
			t.Errorf("api/openapi.yaml describes %s, which the route table does not have", op)
		}
	}
}
