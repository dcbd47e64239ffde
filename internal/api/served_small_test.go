package api_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"

	"hadir/internal/api"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestAssetsPrecompressed is DESIGN.md §10 "Assets are served small": a hashed asset goes out
// as the build's brotli or gzip copy by Accept-Encoding, with the original's Content-Type,
// Vary and a year's caching; files without copies go out as they are.
func TestAssetsPrecompressed(t *testing.T) {
	js := []byte(`export const greeting = "selamat pagi";`)
	dist := fstest.MapFS{
		"index.html":             {Data: []byte(`<!doctype html><div id="root"></div>`)},
		"assets/index-abc.js":    {Data: js},
		"assets/index-abc.js.br": {Data: []byte("BROTLI")},
		"assets/index-abc.js.gz": {Data: []byte("GZIP")},
		"assets/only-gz.css":     {Data: []byte("body{}")},
		"assets/only-gz.css.gz":  {Data: []byte("GZ-CSS")},
		"assets/logo-1.png":      {Data: []byte("PNG")},
		"manifest.webmanifest":   {Data: []byte(`{"name":"Hadir"}`)},
		"sw.js":                  {Data: []byte(`self.addEventListener("fetch",()=>{})`)},
	}
	h := api.New(api.Deps{Web: dist, BaseURL: "http://127.0.0.1:8080"})
	do := func(method, path, accept string) *http.Response {
		req := httptest.NewRequest(method, path, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Result()
	}
	cases := []struct {
		name, method, path, accept      string
		body, encoding, ctype, vary, cc string
	}{
		{"brotli preferred", "GET", "/assets/index-abc.js", "gzip, deflate, br, zstd", "BROTLI", "br", "text/javascript; charset=utf-8", "Accept-Encoding", "public, max-age=31536000, immutable"},
		{"gzip only", "GET", "/assets/index-abc.js", "gzip", "GZIP", "gzip", "text/javascript; charset=utf-8", "Accept-Encoding", "public, max-age=31536000, immutable"},
		{"brotli refused", "GET", "/assets/index-abc.js", "br;q=0, gzip;q=0.8", "GZIP", "gzip", "text/javascript; charset=utf-8", "Accept-Encoding", "public, max-age=31536000, immutable"},
		{"identity", "GET", "/assets/index-abc.js", "", string(js), "", "text/javascript; charset=utf-8", "Accept-Encoding", "public, max-age=31536000, immutable"},
		{"everything refused", "GET", "/assets/index-abc.js", "*;q=0", string(js), "", "text/javascript; charset=utf-8", "Accept-Encoding", "public, max-age=31536000, immutable"},
		{"HEAD", "HEAD", "/assets/index-abc.js", "br", "", "br", "text/javascript; charset=utf-8", "Accept-Encoding", "public, max-age=31536000, immutable"},
		{"only a gzip copy", "GET", "/assets/only-gz.css", "br, gzip", "GZ-CSS", "gzip", "text/css; charset=utf-8", "Accept-Encoding", "public, max-age=31536000, immutable"},
		{"no copies", "GET", "/assets/logo-1.png", "br, gzip", "PNG", "", "image/png", "", "public, max-age=31536000, immutable"},
		{"manifest", "GET", "/manifest.webmanifest", "br", `{"name":"Hadir"}`, "", "application/manifest+json", "", ""},
		{"service worker never stale", "GET", "/sw.js", "", `self.addEventListener("fetch",()=>{})`, "", "text/javascript; charset=utf-8", "", "no-cache"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := do(c.method, c.path, c.accept)
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != 200 || string(body) != c.body {
				t.Fatalf("status %d body %q, want 200 %q", res.StatusCode, body, c.body)
			}
			got := [4]string{res.Header.Get("Content-Encoding"), res.Header.Get("Content-Type"), res.Header.Get("Vary"), res.Header.Get("Cache-Control")}
			if want := [4]string{c.encoding, c.ctype, c.vary, c.cc}; got != want {
				t.Errorf("encoding, type, vary, cache %q, want %q", got, want)
			}
			if c.method == "GET" && res.Header.Get("Content-Length") != fmt.Sprint(len(c.body)) {
				t.Errorf("Content-Length %q, want %d", res.Header.Get("Content-Length"), len(c.body))
			}
		})
	}
	// A range of an encoded asset is a range of the encoded bytes.
	req := httptest.NewRequest("GET", "/assets/index-abc.js", nil)
	req.Header.Set("Accept-Encoding", "br")
	req.Header.Set("Range", "bytes=0-2")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusPartialContent || rec.Body.String() != "BRO" || rec.Header().Get("Content-Encoding") != "br" {
		t.Errorf("range: %d %q %v", rec.Code, rec.Body.String(), rec.Header())
	}
	// Client routes still get the app's HTML.
	if res := do("GET", "/personal/leave", "br"); res.Header.Get("Content-Type") != "text/html; charset=utf-8" || res.Header.Get("Content-Encoding") != "" {
		t.Errorf("client route: %v", res.Header)
	}
}

// TestJSONAnswersCompressed: an API answer above the threshold is gzipped for a client that
// takes gzip and is the same JSON once decompressed; a short one and a client without gzip
// get plain JSON; both say Vary: Accept-Encoding.
func TestJSONAnswersCompressed(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Compressed School")
		base := "/api/school/employee/teacher"
		for i := range 12 {
			e.expect(e.call("POST", base, s.token, map[string]any{"code": fmt.Sprintf("Z%02d", i), "first_name": fmt.Sprintf("Cikgu Nur Aisyah %d", i), "last_name": "binti Abdullah"}), 201)
		}
		get := func(path, accept string) (*http.Response, []byte) {
			t.Helper()
			req, _ := http.NewRequest("GET", e.srv.URL+path, nil)
			req.Header.Set("Authorization", "Bearer "+s.token)
			// Set explicitly, so that the client hands over the bytes as sent.
			req.Header.Set("Accept-Encoding", accept)
			res, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			b, _ := io.ReadAll(res.Body)
			if res.StatusCode != 200 {
				t.Fatalf("%s: %d %s", path, res.StatusCode, b)
			}
			return res, b
		}
		plainRes, plain := get(base+"?page[size]=50", "identity")
		if len(plain) < 1400 || plainRes.Header.Get("Content-Encoding") != "" || plainRes.Header.Get("Vary") != "Accept-Encoding" {
			t.Fatalf("identity answer: %d bytes, headers %v", len(plain), plainRes.Header)
		}
		zRes, z := get(base+"?page[size]=50", "gzip, deflate, br")
		if zRes.Header.Get("Content-Encoding") != "gzip" || zRes.Header.Get("Vary") != "Accept-Encoding" ||
			zRes.Header.Get("Content-Type") != "application/json; charset=utf-8" || zRes.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("gzip answer headers %v", zRes.Header)
		}
		zr, err := gzip.NewReader(bytes.NewReader(z))
		if err != nil {
			t.Fatal(err)
		}
		unzipped, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(unzipped, plain) {
			t.Fatalf("decompressed answer differs:\n%s\n%s", unzipped, plain)
		}
		if len(z) >= len(plain)/3 {
			t.Errorf("gzip %d bytes of %d", len(z), len(plain))
		}
		t.Logf("people list: %d bytes, %d gzipped", len(plain), len(z))
		shortRes, short := get(base+"?page[size]=1", "gzip")
		if shortRes.Header.Get("Content-Encoding") != "" || len(short) >= 1400 || shortRes.Header.Get("Vary") != "Accept-Encoding" {
			t.Errorf("short answer (%d bytes) headers %v", len(short), shortRes.Header)
		}
	})
}
