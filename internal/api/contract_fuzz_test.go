package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"image"
	"image/png"
	"io"
	"log/slog"
	"maps"
	"math/rand"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"

	"hadir/internal/account"
	"hadir/internal/api"
	"hadir/internal/people"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// The contract fuzz sends requests generated from api/openapi.yaml to every operation, as
// every role of both kinds of organisation, for a bounded time per engine. It fails on a 5xx,
// on a status the contract does not list for the operation, and on a JSON answer that does
// not match the documented schema of its status. Run it alone with
//
//	go test ./internal/api -run TestContractFuzz
//
// HADIR_FUZZ_SEED=<n> replays a run (the seed is printed); HADIR_FUZZ_BUDGET=<duration>
// changes the time spent per engine; HADIR_FUZZ_TRACE=<part of "METHOD /path"> logs every
// request and answer of the operations it matches; HADIR_FUZZ_ONLY=<part of a path> fuzzes
// only the operations whose path contains it, with the whole budget.
const (
	fuzzBudget      = 40 * time.Second // per engine, split evenly between the operations
	fuzzBudgetShort = 6 * time.Second  // under -short
	fuzzMinPerOp    = 8                // requests per operation even when the budget is spent
	fuzzFreshTokens = 24               // pre-made fresh sessions per kind and role
)

// fuzzFresh are the operations that end or change the caller's own session or role: each of
// their requests gets a fresh session (a fresh organisation for owners) instead of a shared
// one, so that the run goes on for the other operations.
var fuzzFresh = map[string]bool{
	"POST /api/auth/logout":                                true,
	"POST /api/auth/account/password":                      true,
	"POST /api/auth/account/email":                         true,
	"POST /api/school/employee/teacher/privilege/transfer": true,
	"POST /api/school/employee/staff/privilege/transfer":   true,
	"POST /api/employee/privilege/transfer":                true,
}

// fuzzSkip are operations the fuzz does not call at all, with the reason. Keep it empty when
// a fresh actor can do.
var fuzzSkip = map[string]string{}

type fuzzOp struct {
	method, path string
	item         *openapi3.PathItem
	op           *openapi3.Operation
}

// fuzzActor is a signed-in user of one of the two organisations the fuzz runs in.
type fuzzActor struct {
	name, kind, role string
	token            string
	ended            bool
	fresh            []string // unused fresh sessions for fuzzFresh operations
	own, foreign     fuzzIDs  // ids of items in the actor's organisation and in another one
}

func TestContractFuzz(t *testing.T) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile("../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("api/openapi.yaml is not a valid OpenAPI document: %v", err)
	}
	var ops []fuzzOp
	for _, p := range doc.Paths.InMatchingOrder() {
		if !(strings.HasPrefix(p, "/api/") || strings.HasPrefix(p, "/iclock/")) || !strings.Contains(p, os.Getenv("HADIR_FUZZ_ONLY")) {
			continue
		}
		item := doc.Paths.Value(p)
		for m, op := range item.Operations() {
			ops = append(ops, fuzzOp{method: m, path: p, item: item, op: op})
		}
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].path+ops[i].method < ops[j].path+ops[j].method })

	seed := time.Now().UnixNano()
	if s := os.Getenv("HADIR_FUZZ_SEED"); s != "" {
		if seed, err = strconv.ParseInt(s, 10, 64); err != nil {
			t.Fatalf("HADIR_FUZZ_SEED: %v", err)
		}
	}
	budget := fuzzBudget
	if testing.Short() {
		budget = fuzzBudgetShort
	}
	if s := os.Getenv("HADIR_FUZZ_BUDGET"); s != "" {
		if budget, err = time.ParseDuration(s); err != nil {
			t.Fatalf("HADIR_FUZZ_BUDGET: %v", err)
		}
	}
	replay := fmt.Sprintf("replay: HADIR_FUZZ_SEED=%d go test ./internal/api -run TestContractFuzz", seed)
	t.Logf("seed %d, %d operations, %s per engine (%s)", seed, len(ops), budget, replay)

	// The server's error log is kept, so that a 5xx shows its cause.
	logs := &fuzzLog{}
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelError})))
	t.Cleanup(func() { slog.SetDefault(prev) })

	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		actors := fuzzWorld(e)
		var codes []string
		rows, err := db.Query(`SELECT code FROM devices ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var c string
			_ = rows.Scan(&c)
			codes = append(codes, c)
		}
		rows.Close()
		perms := map[string]string{}
		for _, rt := range e.app.API.Routes() {
			if rt.Access == api.Perm {
				perms[rt.Method+" "+rt.Path] = rt.Permission
			}
		}
		per := budget / time.Duration(len(ops))
		total, statuses := 0, map[int]int{}
		var never []string
		for i, o := range ops {
			key := o.method + " " + o.path
			if why, ok := fuzzSkip[key]; ok {
				t.Logf("skipped %s: %s", key, why)
				continue
			}
			h := fnv.New64a()
			_, _ = h.Write([]byte(key))
			g := &fuzzGen{r: rand.New(rand.NewSource(seed ^ int64(h.Sum64()))), codes: codes}
			f := &fuzzer{t: t, e: e, o: o, g: g, replay: replay, doc: doc, logs: logs}
			// Most requests go to the actors of the kind of organisation the operation is
			// for; one in six to anyone, for the 403s.
			var fit []*fuzzActor
			for _, a := range actors {
				if p, ok := perms[key]; !ok || slices.Contains(account.Permissions(a.kind, account.RoleOwner), account.ResolvePermission(a.kind, p)) {
					fit = append(fit, a)
				}
			}
			deadline := time.Now().Add(per)
			for n := 0; n < fuzzMinPerOp || time.Now().Before(deadline); n++ {
				a := fit[(n+i)%len(fit)]
				if n%6 == 5 {
					a = actors[g.r.Intn(len(actors))]
				}
				status := f.one(a, n)
				statuses[status]++
				total++
				if f.failures >= 3 {
					break // enough for one operation: the first ones tell the story
				}
			}
			if f.ok == 0 {
				never = append(never, key)
			}
		}
		t.Logf("%d requests; statuses %v", total, statuses)
		if len(never) > 0 {
			t.Logf("%d operations never answered 2xx (their valid requests need data the generator does not make): %s", len(never), strings.Join(never, ", "))
		}
	})
}

// fuzzWorld makes a school and a company with data and owner, admin and member sessions,
// and another school and company whose ids the actors must never reach.
func fuzzWorld(e *env) []*fuzzActor {
	ctx := context.Background()
	var actors []*fuzzActor
	for _, kind := range []string{"school", "company"} {
		mk := e.company
		kinds := []people.Kind{people.Employee}
		if kind == "school" {
			mk, kinds = e.school, []people.Kind{people.Teacher, people.Staff}
		}
		home, other := mk("Fuzz "+kind), mk("Other "+kind)
		ids := func(v tenant) fuzzIDs {
			out := fuzzIDs{}
			for _, pk := range kinds {
				for range 3 {
					out.add(string(pk), personIn(e, v, pk))
				}
				out.add("group", groupIn(e, v, string(pk)))
				out.add("entitlement", entitlementIn(e, v, "leave", string(pk)))
				out.add("application", applicationIn(e, v, "leave", string(pk)))
				out.add("entitlement", entitlementIn(e, v, "away", string(pk)))
				out.add("application", applicationIn(e, v, "away", string(pk)))
			}
			out.add("holiday", holidayIn(e, v))
			out.add("leavetype", leaveTypeIn(e, v, "leave"))
			out.add("leavetype", leaveTypeIn(e, v, "away"))
			out.add("device", deviceIn(e, v))
			out.add("beacon", beaconIn(e, v))
			if kind == "company" {
				out.add("position", positionIn(e, v))
				out.add("department", departmentIn(e, v))
			}
			return out
		}
		own, foreign := ids(home), ids(other)
		// One person of each kind has an account (not a shared actor's), for the privilege
		// operations.
		for _, pk := range kinds {
			uid, _ := fuzzUser(e, home.orgID, account.RoleMember)
			if err := e.app.People.Link(ctx, home.orgID, own[string(pk)][0], uid); err != nil {
				e.t.Fatal(err)
			}
		}
		// The member is linked to a person, so that the personal area has something to show.
		memberID, memberTok := fuzzUser(e, home.orgID, account.RoleMember)
		// Their person is kept out of the ids the fuzz draws from, so that no request
		// deletes the shared member's account.
		if err := e.app.People.Link(ctx, home.orgID, personIn(e, home, kinds[0]), memberID); err != nil {
			e.t.Fatal(err)
		}
		_, adminTok := fuzzUser(e, home.orgID, account.RoleAdmin)
		for _, a := range []*fuzzActor{
			{name: kind + " owner", role: account.RoleOwner, token: home.token},
			{name: kind + " admin", role: account.RoleAdmin, token: adminTok},
			{name: kind + " member", role: account.RoleMember, token: memberTok},
		} {
			a.kind, a.own, a.foreign = kind, own, foreign
			for range fuzzFreshTokens {
				switch a.role {
				case account.RoleOwner:
					a.fresh = append(a.fresh, mk("Fresh "+kind).token)
				default:
					_, tok := fuzzUser(e, home.orgID, a.role)
					a.fresh = append(a.fresh, tok)
				}
			}
			actors = append(actors, a)
		}
	}
	return actors
}

// fuzzUser adds a user with a role to an organisation and signs in as them.
func fuzzUser(e *env, orgID int64, role string) (int64, string) {
	e.t.Helper()
	email := fmt.Sprintf("fuzz-%s%d@org%d.test", role, seq.Add(1), orgID)
	hash, _ := auth.Hash(auth.TestHashParams, pw)
	id, err := account.NewStore(e.db).CreateUser(context.Background(), account.User{OrgID: orgID, Name: role, Email: email, Role: role, PasswordHash: hash})
	if err != nil {
		e.t.Fatal(err)
	}
	tok := e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": email, "password": pw}), 200).str("data", "access_token")
	return id, tok
}

type fuzzer struct {
	t        *testing.T
	e        *env
	o        fuzzOp
	g        *fuzzGen
	doc      *openapi3.T
	replay   string
	logs     *fuzzLog
	failures int
	ok       int // 2xx answers
}

// one sends the n-th request of the operation as actor a and checks the answer; it returns
// the status.
func (f *fuzzer) one(a *fuzzActor, n int) int {
	g := f.g
	g.own, g.foreign, g.path = a.own, a.foreign, f.o.path
	key := f.o.method + " " + f.o.path
	mutate := n > 0 && g.r.Intn(3) > 0 // the first request of each operation is a valid one

	// Path and query parameters.
	path := f.o.path
	q := url.Values{}
	params := append(openapi3.Parameters{}, f.o.item.Parameters...)
	params = append(params, f.o.op.Parameters...)
	for _, pr := range params {
		p := pr.Value
		if p == nil || p.Schema == nil {
			continue
		}
		switch p.In {
		case "path":
			v := g.pathValue(p.Name)
			if mutate && g.r.Intn(3) == 0 {
				v = g.badString()
			}
			path = strings.Replace(path, "{"+p.Name+"}", url.PathEscape(v), 1)
		case "query":
			if !p.Required && g.r.Intn(2) == 0 {
				continue
			}
			v := g.value(p.Name, p.Schema.Value, 0)
			if p.Name == "SN" && len(g.codes) > 0 {
				v = g.codes[g.r.Intn(len(g.codes))]
			}
			if p.Name == "table" && g.r.Intn(3) > 0 {
				v = []string{"ATTLOG", "OPERLOG", "USERINFO", "ATTPHOTO"}[g.r.Intn(4)]
			}
			if mutate && g.r.Intn(3) == 0 {
				if g.r.Intn(4) == 0 {
					continue // a missing parameter
				}
				v = g.mutant(p.Name, p.Schema.Value)
			}
			q.Set(p.Name, fuzzQueryString(v))
		}
	}
	u := f.e.srv.URL + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}

	// The body.
	var body io.Reader
	contentType, shown := "", ""
	if rb := f.o.op.RequestBody; rb != nil && rb.Value != nil {
		if mt := rb.Value.Content.Get("application/json"); mt != nil && mt.Schema != nil {
			var v any = g.value("", mt.Schema.Value, 0)
			if mutate {
				v = g.mutateBody(v, mt.Schema.Value)
			}
			var raw []byte
			if s, ok := v.(fuzzRaw); ok {
				raw = []byte(s)
			} else {
				raw, _ = json.Marshal(v)
			}
			body, contentType, shown = bytes.NewReader(raw), "application/json", string(raw)
		} else if mt := rb.Value.Content.Get("text/plain"); mt != nil {
			raw := g.terminalText(mutate)
			body, contentType, shown = strings.NewReader(raw), "text/plain", raw
		} else if mt := rb.Value.Content.Get("multipart/form-data"); mt != nil && mt.Schema != nil {
			raw, ct, desc := g.multipart(mt.Schema.Value, mutate)
			body, contentType, shown = bytes.NewReader(raw), ct, desc
		}
	} else if (f.o.method == "POST" || f.o.method == "DELETE") && mutate && g.r.Intn(4) == 0 {
		body, contentType, shown = strings.NewReader(`{"id": "x"`), "application/json", `{"id": "x"`
	}
	req, err := http.NewRequest(f.o.method, u, body)
	if err != nil {
		f.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	who := a.name
	secured := f.o.op.Security == nil || len(*f.o.op.Security) > 0
	if secured || g.r.Intn(4) == 0 {
		tok := a.token
		if fuzzFresh[key] {
			if len(a.fresh) > 1 {
				tok, a.fresh = a.fresh[0], a.fresh[1:]
			} else if len(a.fresh) == 1 {
				tok = a.fresh[0] // the last one is reused, maybe already ended (401)
			}
			who += " (fresh session)"
		}
		req.Header.Set("Authorization", "Bearer "+tok)
	} else {
		who = "anonymous"
	}
	f.logs.take()
	res, err := fuzzClient.Do(req)
	if err != nil {
		f.t.Fatalf("%s %s: %v", f.o.method, u, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode == 401 && secured && !fuzzFresh[key] && !a.ended {
		// Not the operation's fault, but the rest of the run loses this actor: an
		// operation that ends shared sessions belongs in fuzzFresh.
		a.ended = true
		f.t.Errorf("%s: the shared session of %s has ended (%s); %s", key, a.name, raw, f.replay)
	}
	if res.StatusCode < 300 {
		f.ok++
	}
	if tr := os.Getenv("HADIR_FUZZ_TRACE"); tr != "" && strings.Contains(key, tr) {
		f.t.Logf("trace %s as %s: %s %s\n  body: %.300s\n  answer %d: %.300s", key, who, f.o.method, strings.TrimPrefix(u, f.e.srv.URL), shown, res.StatusCode, raw)
	}
	if msg := f.check(req, res, raw); msg != "" {
		f.failures++
		if len(shown) > 600 {
			shown = shown[:600] + fmt.Sprintf("... (%d bytes)", len(shown))
		}
		answer := string(raw)
		if len(answer) > 600 {
			answer = answer[:600] + "..."
		}
		if l := f.logs.take(); l != "" {
			answer += "\n  server log: " + l
		}
		f.t.Errorf("%s, request %d as %s: %s\n  %s %s\n  body: %s\n  answer %d: %s\n  %s",
			key, n, who, msg, f.o.method, strings.TrimPrefix(u, f.e.srv.URL), shown, res.StatusCode, answer, f.replay)
	}
	return res.StatusCode
}

// check returns what is wrong with an answer, or "".
func (f *fuzzer) check(req *http.Request, res *http.Response, raw []byte) string {
	if res.StatusCode >= 500 {
		return "server error"
	}
	ref := f.o.op.Responses.Status(res.StatusCode)
	if ref == nil {
		ref = f.o.op.Responses.Default()
	}
	if ref == nil || ref.Value == nil {
		return fmt.Sprintf("status %d is not documented for this operation", res.StatusCode)
	}
	ct := res.Header.Get("Content-Type")
	mt, _, _ := mime.ParseMediaType(ct)
	if len(raw) == 0 && len(ref.Value.Content) == 0 {
		return ""
	}
	if mt != "application/json" {
		// Binary and text answers: the status and the content type only.
		if len(ref.Value.Content) > 0 && ref.Value.Content.Get(mt) == nil {
			return fmt.Sprintf("content type %q is not documented for status %d", ct, res.StatusCode)
		}
		return ""
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{
			Request: req,
			Route:   &routers.Route{Spec: f.doc, Path: f.o.path, PathItem: f.o.item, Method: f.o.method, Operation: f.o.op},
		},
		Status:  res.StatusCode,
		Header:  res.Header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	in.SetBodyBytes(raw)
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		s := err.Error()
		if len(s) > 1500 {
			s = s[:1500] + "..."
		}
		return "the answer does not match the contract: " + s
	}
	return ""
}

// fuzzLog keeps the server's error log lines since the last take.
type fuzzLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *fuzzLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.buf.Len() < 64<<10 {
		l.buf.Write(p)
	}
	return len(p), nil
}

func (l *fuzzLog) take() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := strings.TrimSpace(l.buf.String())
	l.buf.Reset()
	return s
}

// fuzzRaw is a request body sent as is (not JSON-encoded).
type fuzzRaw string

// fuzzIDs are the ids of an organisation's items by kind (teacher, group, leavetype, ...).
type fuzzIDs map[string][]int64

func (ids fuzzIDs) add(kind string, id int64) { ids[kind] = append(ids[kind], id) }

func (ids fuzzIDs) all() []int64 {
	var out []int64
	for _, k := range slices.Sorted(maps.Keys(ids)) {
		out = append(out, ids[k]...)
	}
	return out
}

// fuzzItem guesses the kind of item a field names on a path.
func fuzzItem(path, field string) []string {
	f := strings.ToLower(field)
	switch f {
	case "group_id":
		return []string{"group"}
	case "holiday_id":
		return []string{"holiday"}
	case "leave_type_id", "type_id":
		return []string{"leavetype"}
	case "device_id":
		return []string{"device"}
	case "position_id":
		return []string{"position"}
	case "department_id":
		return []string{"department"}
	case "id":
		switch {
		case strings.Contains(path, "/group"):
			return []string{"group"}
		case strings.Contains(path, "/holiday"):
			return []string{"holiday"}
		case strings.Contains(path, "/beacon"):
			return []string{"beacon"}
		case strings.Contains(path, "/device/facial"):
			return []string{"device"}
		case strings.Contains(path, "/entitlement"):
			return []string{"entitlement"}
		case strings.Contains(path, "/application"):
			return []string{"application"}
		case strings.Contains(path, "/management") && (strings.Contains(path, "/leave") || strings.Contains(path, "/away")),
			(strings.HasPrefix(path, "/api/company/leave") || strings.HasPrefix(path, "/api/company/away")) && !strings.Contains(path, "/employee") && !strings.Contains(path, "/assignment"):
			return []string{"leavetype"}
		case strings.Contains(path, "/positions"):
			return []string{"position"}
		case strings.Contains(path, "/department"):
			return []string{"department"}
		}
	}
	switch {
	case strings.Contains(path, "teacher"):
		return []string{"teacher"}
	case strings.Contains(path, "staff"):
		return []string{"staff"}
	case strings.HasPrefix(path, "/api/school/"):
		return []string{"teacher", "staff"}
	}
	return []string{"employee"}
}

// fuzzGen generates values from schemas; own and foreign are the ids it draws from, path
// the operation's path (to guess which kind of item an "id" names).
type fuzzGen struct {
	r            *rand.Rand
	own, foreign fuzzIDs
	path         string
	codes        []string // serial numbers of the terminals (both organisations)
}

// id is an id of the caller's organisation for a field: mostly of the kind the field names.
func (g *fuzzGen) id(field string) (int64, bool) {
	var pool []int64
	if g.r.Intn(5) > 0 {
		for _, k := range fuzzItem(g.path, field) {
			pool = append(pool, g.own[k]...)
		}
	}
	if len(pool) == 0 {
		pool = g.own.all()
	}
	if len(pool) == 0 {
		return 0, false
	}
	return pool[g.r.Intn(len(pool))], true
}

func fuzzIsID(name string) bool {
	n := strings.ToLower(name)
	return n == "id" || strings.HasSuffix(n, "_id") || strings.HasSuffix(n, "id]") || n == "employees" || n == "school_employee" || n == "employee" || n == "ids"
}

func fuzzType(s *openapi3.Schema) string {
	if s == nil || s.Type == nil {
		return ""
	}
	for _, t := range []string{"object", "array", "integer", "number", "boolean", "string"} {
		if s.Type.Is(t) {
			return t
		}
	}
	return ""
}

// value is a valid value of schema s for a field named name.
func (g *fuzzGen) value(name string, s *openapi3.Schema, depth int) any {
	if s == nil {
		return nil
	}
	if len(s.AllOf) > 0 {
		merged := map[string]any{}
		for _, sub := range s.AllOf {
			if m, ok := g.value(name, sub.Value, depth).(map[string]any); ok {
				for k, v := range m {
					merged[k] = v
				}
			}
		}
		return merged
	}
	if len(s.OneOf) > 0 {
		return g.value(name, s.OneOf[g.r.Intn(len(s.OneOf))].Value, depth)
	}
	if len(s.AnyOf) > 0 {
		return g.value(name, s.AnyOf[g.r.Intn(len(s.AnyOf))].Value, depth)
	}
	if len(s.Enum) > 0 {
		return s.Enum[g.r.Intn(len(s.Enum))]
	}
	if s.Example != nil && g.r.Intn(3) == 0 {
		return s.Example
	}
	switch fuzzType(s) {
	case "object":
		m := map[string]any{}
		if depth > 4 {
			return m
		}
		for pname, p := range s.Properties {
			required := false
			for _, r := range s.Required {
				required = required || r == pname
			}
			if required || g.r.Intn(3) > 0 {
				m[pname] = g.value(pname, p.Value, depth+1)
			}
		}
		return m
	case "array":
		n := g.r.Intn(3)
		if s.MinItems > uint64(n) {
			n = int(s.MinItems)
		}
		out := make([]any, 0, n)
		for range n {
			if s.Items != nil {
				out = append(out, g.value(name, s.Items.Value, depth+1))
			}
		}
		return out
	case "integer", "number":
		if id, ok := g.id(name); ok && fuzzIsID(name) {
			return id
		}
		lo, hi := 0.0, 10.0
		if s.Min != nil {
			lo = *s.Min
			if hi < lo {
				hi = lo + 10
			}
		}
		if s.Max != nil {
			hi = *s.Max
		}
		if lo > hi {
			lo = hi
		}
		v := lo + float64(g.r.Int63n(int64(hi-lo)+1))
		if fuzzType(s) == "number" && g.r.Intn(2) == 0 && v < hi {
			v += 0.5
		}
		return v
	case "boolean":
		return g.r.Intn(2) == 0
	case "string":
		return g.str(name, s)
	}
	return nil
}

func (g *fuzzGen) str(name string, s *openapi3.Schema) string {
	n := strings.ToLower(name)
	switch {
	case s.Format == "date" || strings.Contains(n, "date") || n == "start" || n == "end" || n == "from" || n == "to":
		return time.Date(2026, time.Month(1+g.r.Intn(12)), 1+g.r.Intn(28), 0, 0, 0, 0, time.UTC).Format("2006-01-02")
	case s.Format == "date-time":
		return time.Date(2026, time.Month(1+g.r.Intn(12)), 1+g.r.Intn(28), g.r.Intn(24), g.r.Intn(60), 0, 0, time.UTC).Format(time.RFC3339)
	case s.Format == "email" || strings.Contains(n, "email"):
		return fmt.Sprintf("fuzz%d@example.test", g.r.Intn(1_000_000))
	case n == "timezone" || n == "time_zone":
		return []string{"Asia/Kuala_Lumpur", "Europe/Berlin", "UTC"}[g.r.Intn(3)]
	case strings.Contains(n, "time"):
		return fmt.Sprintf("%02d:%02d", g.r.Intn(24), g.r.Intn(60))
	case strings.Contains(n, "password"):
		return "fuzzpass1234"
	case fuzzIsID(name) && len(g.own) > 0:
		id, _ := g.id(name)
		return strconv.FormatInt(id, 10)
	case strings.Contains(n, "uuid"):
		return fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", g.r.Uint32(), g.r.Intn(1<<16), g.r.Intn(1<<12), g.r.Intn(1<<12), g.r.Int63n(1<<48))
	case n == "code" || strings.HasSuffix(n, "_code") || strings.Contains(n, "serial"):
		return fmt.Sprintf("FZ%06d", g.r.Intn(1_000_000))
	case strings.Contains(n, "phone") || strings.Contains(n, "contact_number") || strings.Contains(n, "mobile"):
		return "+60 3-1234 5678"
	case strings.Contains(n, "nric"):
		return "900101145678"
	case n == "type":
		return []string{"xlsx", "pdf"}[g.r.Intn(2)]
	case n == "year":
		return "2026"
	case n == "month":
		return "2026-11"
	}
	max := 20
	if s.MaxLength != nil && int(*s.MaxLength) < max {
		max = int(*s.MaxLength)
	}
	out := fmt.Sprintf("Fuzz-%d", g.r.Intn(100000))
	if len(out) > max {
		out = out[:max]
	}
	for uint64(len(out)) < s.MinLength {
		out += "x"
	}
	return out
}

// terminalText is a body a terminal sends: tab-separated punch lines, command results, or
// (mutated) lines with bad fields, control characters, invalid UTF-8 and noise.
func (g *fuzzGen) terminalText(mutate bool) string {
	var lines []string
	for range 1 + g.r.Intn(4) {
		pin := []string{"1", "2", "3", "E001", "V12", strconv.Itoa(g.r.Intn(100))}[g.r.Intn(6)]
		at := time.Date(2026, time.Month(1+g.r.Intn(12)), 1+g.r.Intn(28), g.r.Intn(24), g.r.Intn(60), 0, 0, time.UTC).Format("2006-01-02 15:04:05")
		line := []string{pin, at, strconv.Itoa(g.r.Intn(6)), strconv.Itoa(g.r.Intn(16)), "0"}
		if g.r.Intn(4) == 0 {
			line = []string{"ID=" + strconv.Itoa(g.r.Intn(50)), "Return=0", "CMD=DATA"}
			lines = append(lines, strings.Join(line, "&"))
			continue
		}
		if mutate && g.r.Intn(2) == 0 {
			line[g.r.Intn(len(line))] = g.badString()
		}
		lines = append(lines, strings.Join(line, "\t"))
	}
	if mutate && g.r.Intn(5) == 0 {
		noise := make([]byte, g.r.Intn(2048))
		g.r.Read(noise)
		lines = append(lines, string(noise))
	}
	return strings.Join(lines, "\n")
}

// pathValue is a value of a path parameter: mostly well-formed but unknown keys.
func (g *fuzzGen) pathValue(name string) string {
	switch name {
	case "file":
		return fmt.Sprintf("%x.ics", g.r.Int63())
	default:
		return fmt.Sprintf("%x", g.r.Int63())
	}
}

var fuzzBadStrings = []string{
	"", " ", "a\r\nb\x00c\x1b[31m", "\u202eevil", "../../etc/passwd", "%00", "<script>alert(1)</script>",
	"' OR 1=1 --", "2026-02-30", "31/12/2026", "9999-99-99", "25:61", "-1", "1e309", "NaN", "null", "{}", "[]",
	"\xff\xfe", "😀😀😀",
}

func (g *fuzzGen) badString() string {
	if g.r.Intn(8) == 0 {
		return strings.Repeat("A", 1+g.r.Intn(200_000))
	}
	return fuzzBadStrings[g.r.Intn(len(fuzzBadStrings))]
}

var fuzzBadNumbers = []any{-1, 0, -2147483649, int64(9223372036854775807), 1e308, 0.5, -0.0001, 999999999, 2147483648}

// mutant is a wrong value for a field of schema s.
func (g *fuzzGen) mutant(name string, s *openapi3.Schema) any {
	switch g.r.Intn(8) {
	case 6: // control characters and invalid UTF-8 inside otherwise fine text
		return "Fuzz" + []string{"\x00", "\r", "\n", "\r\n", "\t", "\x1b", "\x7f", "\u2028", "\xff"}[g.r.Intn(9)] + "text"
	case 0:
		return g.badString()
	case 1:
		return fuzzBadNumbers[g.r.Intn(len(fuzzBadNumbers))]
	case 2: // an id of the other organisation
		other := &fuzzGen{r: g.r, own: g.foreign, path: g.path}
		if id, ok := other.id(name); ok {
			return id
		}
		return 999999
	case 3: // an unknown id
		return []any{999999, 0, -5, int64(1) << 53}[g.r.Intn(4)]
	case 4: // a wrong type
		return []any{true, "x", []any{1, "a"}, map[string]any{"a": 1}, nil}[g.r.Intn(5)]
	case 5:
		if s != nil && fuzzType(s) == "array" {
			return []any{g.foreign.all(), []any{nil}, make([]any, 2000)}[g.r.Intn(3)]
		}
		return g.badString()
	}
	return nil
}

// mutateBody changes one to three fields of a valid body, or replaces it as a whole.
func (g *fuzzGen) mutateBody(v any, s *openapi3.Schema) any {
	m, ok := v.(map[string]any)
	if !ok || g.r.Intn(10) == 0 {
		return []any{fuzzRaw(`{"broken": `), fuzzRaw(`[]`), fuzzRaw(`"text"`), fuzzRaw(`null`), fuzzRaw(``), fuzzRaw(`{"a":` + strings.Repeat("[", 5000))}[g.r.Intn(6)]
	}
	props := map[string]*openapi3.Schema{}
	var names []string
	if s != nil {
		for _, sub := range append([]*openapi3.SchemaRef{{Value: s}}, s.AllOf...) {
			if sub.Value == nil {
				continue
			}
			for n, p := range sub.Value.Properties {
				props[n] = p.Value
				names = append(names, n)
			}
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		m["unknown"] = g.mutant("unknown", nil)
		return m
	}
	for range 1 + g.r.Intn(3) {
		name := names[g.r.Intn(len(names))]
		if g.r.Intn(4) == 0 {
			delete(m, name) // a missing field
			continue
		}
		m[name] = g.mutant(name, props[name])
	}
	return m
}

// fuzzQueryString renders a generated value as a query string value.
func fuzzQueryString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case nil:
		return ""
	}
	b, _ := json.Marshal(v)
	return strings.Trim(string(b), `"`)
}

// fuzzPNG is a small valid PNG.
var fuzzPNG = func() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	return buf.Bytes()
}()

// multipart renders a multipart form of schema s: binary fields get a small PNG, random
// bytes or (rarely) more than the upload limit.
func (g *fuzzGen) multipart(s *openapi3.Schema, mutate bool) ([]byte, string, string) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	var desc []string
	props, required := map[string]*openapi3.Schema{}, map[string]bool{}
	for _, sub := range append([]*openapi3.SchemaRef{{Value: s}}, s.AllOf...) {
		if sub.Value == nil {
			continue
		}
		for n, p := range sub.Value.Properties {
			props[n] = p.Value
		}
		for _, r := range sub.Value.Required {
			required[r] = true
		}
	}
	for _, n := range slices.Sorted(maps.Keys(props)) {
		p, required := props[n], required[n]
		if !required && g.r.Intn(2) == 0 {
			continue
		}
		if mutate && g.r.Intn(4) == 0 {
			desc = append(desc, n+": (missing)")
			continue
		}
		if p != nil && p.Format == "binary" {
			file, name := fuzzPNG, "photo.png"
			if n == "file" {
				file, name = []byte(fmt.Sprintf("code,first_name,last_name,email,join_date\nFZ%d,Ann,Lee,,2026-01-05\n", g.r.Intn(1_000_000))), "people.csv"
			}
			if mutate {
				switch g.r.Intn(4) {
				case 0:
					file = make([]byte, g.r.Intn(4096))
					g.r.Read(file)
					name = "noise.bin"
				case 1:
					if g.r.Intn(5) == 0 {
						file = bytes.Repeat([]byte{0}, 11<<20)
						name = "huge.png"
					}
				case 2:
					file = []byte("name,code\n\"a\r\nb\",\x00\n")
					name = "rows.csv"
				}
			}
			fw, _ := mw.CreateFormFile(n, name)
			_, _ = fw.Write(file)
			desc = append(desc, fmt.Sprintf("%s: file %s (%d bytes)", n, name, len(file)))
			continue
		}
		v := fuzzQueryString(g.value(n, p, 1))
		if mutate && g.r.Intn(3) == 0 {
			v = fuzzQueryString(g.mutant(n, p))
		}
		_ = mw.WriteField(n, v)
		if len(v) > 80 {
			v = v[:80] + "..."
		}
		desc = append(desc, fmt.Sprintf("%s=%q", n, v))
	}
	_ = mw.Close()
	return buf.Bytes(), mw.FormDataContentType(), "multipart: " + strings.Join(desc, ", ")
}

// fuzzClient follows redirects within the API only: a redirect out of it (the single sign-on
// callback sends the browser to the web app's /login) is the operation's answer, checked
// against the contract like any other status.
var fuzzClient = &http.Client{CheckRedirect: func(req *http.Request, _ []*http.Request) error {
	if !strings.HasPrefix(req.URL.Path, "/api/") {
		return http.ErrUseLastResponse
	}
	return nil
}}
