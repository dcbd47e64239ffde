package api_test

import (
	"archive/zip"
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hadir/internal/testmem"
	"hash/crc32"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"
	"unicode/utf8"

	"hadir/internal/api"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// bombPNG is a valid PNG of w×h black RGB pixels, about 100 KB at 6000×6000 (36 MP).
func bombPNG(w, h int) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		c := append([]byte(typ), data...)
		b.Write(c)
		_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(c))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 2
	chunk("IHDR", ihdr)
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	row := make([]byte, 1+3*w)
	for range h {
		_, _ = zw.Write(row)
	}
	_ = zw.Close()
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return b.Bytes()
}

// tinyGIF is a ~50-byte GIF header declaring a 65535×65535 canvas.
func tinyGIF() []byte {
	b := []byte("GIF89a\xff\xff\xff\xff\x80\x00\x00\x00\x00\x00\xff\xff\xff")
	b = append(b, 0x2C, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0, 2, 2, 0x4C, 0x01, 0, 0x3B)
	return b
}

func expectDimensions(t *testing.T, r resp) {
	t.Helper()
	if r.status != 422 || r.str("code") != "upload.image_dimensions" {
		t.Fatalf("want 422 upload.image_dimensions, got %d %s", r.status, r.raw)
	}
	if _, ok := r.body["errors"].(map[string]any)["image"]; !ok {
		t.Fatalf("the field image is not named: %s", r.raw)
	}
}

// TestImageDimensionsRefused is issue 9 D4 through every image upload route: a small file
// declaring a huge canvas gets 422 upload.image_dimensions (not 413), whole or in chunks.
func TestImageDimensionsRefused(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		bomb := bombPNG(6000, 6000)
		if len(bomb) > 200<<10 {
			t.Fatalf("bomb is %d bytes", len(bomb))
		}
		s := e.school("Bomb School")
		tid := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "B1", "first_name": "Bom"}), 201))
		sid := idOf(e.expect(e.call("POST", "/api/school/employee/staff", s.token, map[string]any{"code": "B2", "first_name": "Bom"}), 201))
		c := e.company("Bomb Company")
		eid := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "B3", "first_name": "Bom"}), 201))
		member := e.member(s.orgID, tid)

		routes := []struct {
			path, token string
			fields      map[string]string
		}{
			{"/api/school/employee/teacher/image", s.token, map[string]string{"id": fmt.Sprint(tid)}},
			{"/api/school/employee/staff/image", s.token, map[string]string{"id": fmt.Sprint(sid)}},
			{"/api/employee/profile/image", c.token, map[string]string{"employee_id": fmt.Sprint(eid)}},
			{"/api/school/personal/profile/image", member, map[string]string{}},
		}
		for _, rt := range routes {
			expectDimensions(t, e.upload(rt.path, rt.token, rt.fields, bomb))
			expectDimensions(t, e.upload(rt.path, rt.token, rt.fields, tinyGIF()))
			// Chunked: the first chunk is stored, the last one is judged whole.
			first := map[string]string{"is_last": "false"}
			for k, v := range rt.fields {
				first[k] = v
			}
			r := e.expect(e.upload(rt.path, rt.token, first, bomb[:len(bomb)/2]), 202)
			last := map[string]string{"is_last": "true", "upload_id": r.str("data", "upload_id")}
			for k, v := range rt.fields {
				last[k] = v
			}
			expectDimensions(t, e.upload(rt.path, rt.token, last, bomb[len(bomb)/2:]))
		}
		var leftover int
		_ = db.QueryRow(`SELECT COUNT(*) FROM upload_chunks`).Scan(&leftover)
		if leftover != 0 {
			t.Fatalf("refused uploads left %d chunks", leftover)
		}
	})
}

// TestControlCharactersRefused is issue 9 D6: a name or text with a control character gets
// 422 naming the field, on representative create and update routes of every area.
func TestControlCharactersRefused(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Control School")
		c := e.company("Control Company")
		const bad = "Ali\rBEGIN:VEVENT"
		tid := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "C1", "first_name": "Ali"}), 201))
		member := e.member(s.orgID, tid)
		group := map[string]any{"time_in": "08:00", "cut_off_time_in": "10:00", "time_out": "17:00", "cut_off_time_out": "20:00"}
		with := func(base map[string]any, k string, v any) map[string]any {
			out := map[string]any{k: v}
			for bk, bv := range base {
				if _, ok := out[bk]; !ok {
					out[bk] = bv
				}
			}
			return out
		}
		cases := []struct {
			name, method, path, token, field string
			body                             map[string]any
		}{
			{"teacher", "POST", "/api/school/employee/teacher", s.token, "first_name", map[string]any{"code": "C2", "first_name": bad}},
			{"teacher last name U+2028", "POST", "/api/school/employee/teacher", s.token, "last_name", map[string]any{"code": "C2", "first_name": "A", "last_name": "B\u2028C"}},
			{"teacher update", "POST", "/api/school/employee/teacher/details/general", s.token, "first_name", map[string]any{"id": tid, "code": "C1", "first_name": bad}},
			{"employee", "POST", "/api/employee/record/register", c.token, "last_name", map[string]any{"code": "E1", "first_name": "A", "last_name": "x\x00y"}},
			{"group", "POST", "/api/school/group/management", s.token, "name", with(group, "name", bad)},
			{"company group", "POST", "/api/group/record/register", c.token, "name", with(group, "name", "Night\x1bshift")},
			{"group description lone CR", "POST", "/api/group/record/register", c.token, "description", with(with(group, "name", "Day"), "description", "a\rb")},
			{"holiday", "POST", "/api/school/holiday/management", s.token, "name", map[string]any{"name": bad, "start": "2026-11-18", "end": "2026-11-18"}},
			{"company holiday", "POST", "/api/holiday/record", c.token, "name", map[string]any{"name": "Mer\ndeka", "date": "2026-08-31"}},
			{"leave type", "POST", "/api/school/leave/management", s.token, "type", map[string]any{"type": bad}},
			{"leave type description C1", "POST", "/api/school/leave/management", s.token, "description", map[string]any{"type": "Annual", "description": "x\u0085y"}},
			{"department", "POST", "/api/department/record/register", c.token, "name", map[string]any{"name": bad}},
			{"position", "POST", "/api/company/settings/positions", c.token, "name", map[string]any{"name": bad, "code": "P1"}},
			{"device", "POST", "/api/device/facial/register", c.token, "name", map[string]any{"name": bad, "code": "SN0001"}},
			{"school device", "POST", "/api/school/device/facial", s.token, "model", map[string]any{"name": "Gate", "model": "a\tb", "code": "SN0002"}},
			{"beacon", "POST", "/api/device/beacon", s.token, "name", map[string]any{"name": bad, "uuid": "f7826da6-4fa2-4e98-8024-bc5b71e0893e", "major": 1, "minor": 2}},
			{"company profile", "POST", "/api/company/profile/update", c.token, "name", map[string]any{"name": bad, "email": "hr@profile.test",
				"phone": "+60 3-1111 2222", "address1": "1 Jalan Satu", "city": "Shah Alam", "postal_code": "40000", "state_id": 14, "timezone": "Asia/Kuala_Lumpur"}},
			{"company address", "POST", "/api/company/profile/update", c.token, "address1", map[string]any{"name": "Co", "email": "hr@profile.test",
				"phone": "+60 3-1111 2222", "address1": "1 Jalan\rSatu", "city": "Shah Alam", "postal_code": "40000", "state_id": 14, "timezone": "Asia/Kuala_Lumpur"}},
			{"school profile", "POST", "/api/school/management", s.token, "name", map[string]any{"name": bad, "code": "SMKB", "email": "office@smkb.test",
				"contact_number": "+60 3-1234 5678", "timezone": "Asia/Kuala_Lumpur"}},
			{"school sign-up", "POST", "/api/school/register", "", "admin_name", map[string]any{"name": "SK Baru", "code": "SKB9", "email": "office@skb9.test",
				"contact_number": "+60 3-1234 5678", "timezone": "Asia/Kuala_Lumpur", "admin_name": bad, "admin_email": "boss@skb9.test", "password": pw, "terms": true}},
			{"company sign-up", "POST", "/api/auth/register", "", "employer", map[string]any{"name": "Boss", "email": "boss@co9.test",
				"company_size": "25", "employer": "Co9", "password": pw, "timezone": "Asia/Kuala_Lumpur", "terms": true}},
			{"user profile", "PUT", "/api/user", s.token, "name", map[string]any{"name": bad}},
			{"user bio lone CR", "PUT", "/api/user", s.token, "bio", map[string]any{"bio": "first\rsecond"}},
			{"member profile", "PUT", "/api/user", member, "username", map[string]any{"username": "a\x7fb"}},
			{"contact area", "POST", "/api/school/employee/teacher/details/contact", s.token, "emergency_name", map[string]any{"id": tid, "emergency_name": "Siti\rBinti"}},
			{"job remark lone CR", "POST", "/api/school/employee/teacher/details/job", s.token, "remark", map[string]any{"id": tid, "remark": "a\rb"}},
			{"leave reason", "POST", "/api/school/personal/leave/application", member, "reason", map[string]any{"leave_type_id": 1, "from_date": "2026-12-07", "to_date": "2026-12-11", "reason": "x\x07y"}},
		}
		for _, tc := range cases {
			r := e.call(tc.method, tc.path, tc.token, tc.body)
			if r.status != 422 || fieldCode(r, tc.field) != "validation.control_chars" {
				t.Errorf("%s: want 422 validation.control_chars on %s, got %d %s", tc.name, tc.field, r.status, r.raw)
			}
		}
		// Multi-line texts keep their line breaks and tabs; single-line ones are unchanged.
		e.expect(e.call("POST", "/api/school/leave/management", s.token, map[string]any{"type": "Annual", "description": "line one\nline two\r\n\tthree"}), 201)
		e.expect(e.call("PUT", "/api/user", s.token, map[string]any{"bio": "Head teacher.\nLikes chess."}), 200)
		e.expect(e.call("POST", "/api/department/record/register", c.token, map[string]any{"name": "Kewangan – 財務 ✓"}), 201)
	})
}

// TestCalendarFeedEscapes is issue 9 D6 on the public .ics feed: names stored before the
// validator refused control characters cannot inject lines, and long multibyte summaries
// are folded at 75 octets without splitting a character.
func TestCalendarFeedEscapes(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Feed School")
		injected := "Sports day\rEND:VEVENT\r\nBEGIN:VEVENT\nSUMMARY:Free day; all, off\\"
		long := strings.Repeat("Hari Guru 教师节 — ", 10)
		for i, name := range []string{injected, long} {
			if _, err := db.Exec(`INSERT INTO holidays (org_id, name, start_date, end_date, created_at, updated_at) VALUES ($1, $2, $3, $3, $4, $4)`,
				s.orgID, name, time.Now().AddDate(0, 1, i).Format(time.DateOnly), time.Now().UTC()); err != nil {
				t.Fatal(err)
			}
		}
		link := e.expect(e.call("GET", "/api/leave/calendar", s.token, nil), 200).str("data", "url")
		_, _, raw := e.get(strings.TrimPrefix(link, e.srv.URL), "")
		ics := string(raw)
		if !strings.HasSuffix(ics, "\r\n") {
			t.Fatalf("no CRLF at the end:\n%q", ics)
		}
		var lines []string
		for _, l := range strings.Split(strings.TrimSuffix(ics, "\r\n"), "\r\n") {
			if strings.ContainsAny(l, "\r\n") || len(l) > 75 || !utf8.ValidString(l) {
				t.Fatalf("bad physical line %q", l)
			}
			if strings.HasPrefix(l, " ") {
				lines[len(lines)-1] += l[1:]
			} else {
				lines = append(lines, l)
			}
		}
		var events, summaries []string
		for _, l := range lines {
			if l == "BEGIN:VEVENT" {
				events = append(events, l)
			}
			if strings.HasPrefix(l, "SUMMARY:") {
				summaries = append(summaries, strings.TrimPrefix(l, "SUMMARY:"))
			}
		}
		if len(events) != 2 || len(summaries) != 2 {
			t.Fatalf("want 2 events, got %d (%d summaries):\n%s", len(events), len(summaries), ics)
		}
		want := `Sports day\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Free day\; all\, off\\`
		if summaries[0] != want || summaries[1] != long {
			t.Fatalf("summaries %q, want %q and %q", summaries, want, long)
		}
	})
}

// TestSecurityHeaders is issue 9 D11: the app's HTML carries a strict CSP without inline
// scripts and cannot be framed; API answers are not sniffed or cached; HSTS only over HTTPS.
func TestSecurityHeaders(t *testing.T) {
	dist := fstest.MapFS{
		"index.html":          {Data: []byte(`<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`)},
		"assets/index-abc.js": {Data: []byte(`console.log(1)`)},
	}
	get := func(h http.Handler, path string, tls bool) *http.Response {
		req := httptest.NewRequest("GET", path, nil)
		if tls {
			req = httptest.NewRequest("GET", "https://hadir.example"+path, nil)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Result()
	}
	plain := api.New(api.Deps{Web: dist, BaseURL: "http://127.0.0.1:8080"})
	for _, path := range []string{"/", "/login", "/school/attendance/daily", "/index.html"} {
		res := get(plain, path, false)
		h := res.Header
		csp := h.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'self'", "script-src 'self';", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'",
			"form-action 'self'", "img-src 'self' data: blob:", "connect-src 'self'", "style-src 'self' 'unsafe-inline'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(strings.SplitN(strings.SplitN(csp, "script-src", 2)[1], ";", 2)[0], "unsafe") {
			t.Errorf("scripts are not strict: %q", csp)
		}
		if h.Get("X-Frame-Options") != "DENY" || h.Get("X-Content-Type-Options") != "nosniff" ||
			h.Get("Referrer-Policy") != "strict-origin-when-cross-origin" || !strings.Contains(h.Get("Permissions-Policy"), "geolocation=(self)") ||
			!strings.Contains(h.Get("Permissions-Policy"), "camera=()") || !strings.Contains(h.Get("Permissions-Policy"), "microphone=()") {
			t.Errorf("%s: headers %v", path, h)
		}
		if h.Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: HSTS over plain HTTP", path)
		}
	}
	api404 := get(plain, "/api/no/such/route", false)
	if api404.Header.Get("X-Content-Type-Options") != "nosniff" || api404.Header.Get("Cache-Control") != "no-store" || api404.Header.Get("X-Frame-Options") != "DENY" {
		t.Errorf("API answer headers %v", api404.Header)
	}
	if asset := get(plain, "/assets/index-abc.js", false); asset.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("asset headers %v", asset.Header)
	}
	if hz := get(plain, "/healthz", false); hz.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("healthz headers %v", hz.Header)
	}
	// HSTS over TLS, or when the public address is https behind a proxy.
	if res := get(plain, "/", true); !strings.HasPrefix(res.Header.Get("Strict-Transport-Security"), "max-age=") {
		t.Errorf("no HSTS over TLS: %v", res.Header)
	}
	proxied := api.New(api.Deps{Web: dist, BaseURL: "https://hadir.example"})
	if res := get(proxied, "/login", false); !strings.HasPrefix(res.Header.Get("Strict-Transport-Security"), "max-age=") {
		t.Errorf("no HSTS with an https base URL: %v", res.Header)
	}
	// The device protocol keeps its plain answers.
	if res := get(proxied, "/iclock/ping", false); res.Header.Get("X-Frame-Options") != "" {
		t.Errorf("iclock answer got browser headers: %v", res.Header)
	}
}

// xlsxBomb is a valid ZIP with an xlsx's part names whose shared strings declare 64 MB.
func xlsxBomb(t *testing.T) []byte {
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, name := range []string{"[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/worksheets/sheet1.xml"} {
		w, _ := zw.Create(name)
		_, _ = w.Write([]byte(`<?xml version="1.0"?><x/>`))
	}
	w, _ := zw.Create("xl/sharedStrings.xml")
	chunk := bytes.Repeat([]byte("A"), 1<<20)
	for range 64 {
		_, _ = w.Write(chunk)
	}
	_ = zw.Close()
	if out.Len() > 1<<20 {
		t.Fatalf("bomb is %d bytes", out.Len())
	}
	return out.Bytes()
}

// TestImportBombsRefused: the import route answers a ZIP bomb and a CSV of one huge row
// with 422 naming the file, cheaply.
func TestImportBombsRefused(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Import Bomb School")
		r := e.uploadFile("/api/school/employee/teacher/import", s.token, nil, "people.xlsx", xlsxBomb(t))
		if r.status != 422 || fieldCode(r, "file") != "import.too_large" {
			t.Fatalf("zip bomb: %d %s", r.status, r.raw)
		}
		r = e.uploadFile("/api/school/employee/teacher/import", s.token, nil, "people.csv", []byte("code,first_name\n"+strings.Repeat(",", 2<<20)+"\n"))
		if r.status != 422 || fieldCode(r, "file") != "import.too_many_columns" {
			t.Fatalf("wide csv: %d %s", r.status, r.raw)
		}
	})
}

// grayPNG is a valid w×h 8-bit grey PNG of black pixels (decodes to w×h bytes).
func grayPNG(w, h int) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		c := append([]byte(typ), data...)
		b.Write(c)
		_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(c))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8] = 8
	chunk("IHDR", ihdr)
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	row := make([]byte, 1+w)
	for range h {
		_, _ = zw.Write(row)
	}
	_ = zw.Close()
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return b.Bytes()
}

// TestParallelImageUploadsBoundedHeap: 8 members uploading at once cannot push the heap
// past the bound. Bombs are refused from their header (they took +167 MB each before);
// real 24-megapixel pictures are decoded at most imaging.MaxConcurrentDecodes at a time.
func TestParallelImageUploadsBoundedHeap(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes 24-megapixel images")
	}
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Heap School")
		ids := make([]int64, 8)
		for i := range ids {
			ids[i] = idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": fmt.Sprintf("H%d", i), "first_name": "Heap"}), 201))
		}
		run := func(file []byte, want int) uint64 {
			return testmem.PeakHeap(func() {
				var wg sync.WaitGroup
				for _, id := range ids {
					wg.Add(1)
					go func() {
						defer wg.Done()
						if r := e.upload("/api/school/employee/teacher/image", s.token, map[string]string{"id": fmt.Sprint(id)}, file); r.status != want {
							t.Errorf("%d %s", r.status, r.raw)
						}
					}()
				}
				wg.Wait()
			})
		}
		if peak := run(bombPNG(6000, 6000), 422); peak > 48<<20 {
			t.Errorf("8 parallel 36 MP bombs: heap peak %d MB", peak>>20)
		}
		// A 24 MP grey picture decodes to 24 MB; 8 at once would be 192 MB and more.
		peak := run(grayPNG(6000, 4000), 200)
		t.Logf("8 parallel 24 MP uploads: heap peak %d MB", peak>>20)
		if peak > 200<<20 {
			t.Errorf("8 parallel 24 MP uploads: heap peak %d MB, want under 200 MB", peak>>20)
		}
	})
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// hugeMultipart posts a multipart form whose file part streams size bytes, without the
// client holding them, and returns the status.
func (e *env) hugeMultipart(path, token, part string, fields map[string]string, size int64) int {
	e.t.Helper()
	boundary := "hadirboundary0123456789"
	var head strings.Builder
	for k, v := range fields {
		fmt.Fprintf(&head, "--%s\r\nContent-Disposition: form-data; name=%q\r\n\r\n%s\r\n", boundary, k, v)
	}
	fmt.Fprintf(&head, "--%s\r\nContent-Disposition: form-data; name=%q; filename=\"big.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n", boundary, part)
	body := io.MultiReader(strings.NewReader(head.String()), io.LimitReader(zeros{}, size), strings.NewReader("\r\n--"+boundary+"--\r\n"))
	req, _ := http.NewRequest("POST", e.srv.URL+path, body)
	req.Header.Set("Content-Type", "multipart/form-data; boundary="+boundary)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0 // the server may close the connection once the limit is hit
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, res.Body)
	return res.StatusCode
}

// TestUploadBodiesBoundedHeap: a 64 MB body sent to every upload route (profile image,
// leave attachment, people import) is refused with 413 while the server's heap stays far
// below the body: each route reads at most its limit (MaxBytesReader, the multipart memory
// bound and a LimitReader on the file), never the whole body.
func TestUploadBodiesBoundedHeap(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Body School")
		tid := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "BB1", "first_name": "Body"}), 201))
		member := e.member(s.orgID, tid)
		cases := []struct {
			name, path, token, part string
			fields                  map[string]string
			limit                   uint64
		}{
			{"teacher image", "/api/school/employee/teacher/image", s.token, "image", map[string]string{"id": fmt.Sprint(tid)}, 16 << 20},
			{"own image", "/api/school/personal/profile/image", member, "image", nil, 16 << 20},
			{"leave attachment", "/api/school/personal/leave/application", member, "attachment", map[string]string{"leave_type_id": "1", "from_date": "2026-12-07", "to_date": "2026-12-07"}, 24 << 20},
			{"import", "/api/school/employee/teacher/import", s.token, "file", nil, 24 << 20},
		}
		for _, c := range cases {
			var status int
			peak := testmem.PeakHeap(func() { status = e.hugeMultipart(c.path, c.token, c.part, c.fields, 64<<20) })
			t.Logf("%s: status %d, heap peak %d MB", c.name, status, peak>>20)
			if status != 413 && status != 0 {
				t.Errorf("%s: status %d, want 413", c.name, status)
			}
			if peak > c.limit {
				t.Errorf("%s: a 64 MB body raised the heap by %d MB, want under %d MB", c.name, peak>>20, c.limit>>20)
			}
		}
	})
}
