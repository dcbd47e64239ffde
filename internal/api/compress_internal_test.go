package api

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestAcceptsEncodings(t *testing.T) {
	cases := []struct {
		header string
		want   map[encoding]bool
	}{
		{"", map[encoding]bool{}},
		{"gzip", map[encoding]bool{gzipEnc: true}},
		{"gzip, deflate, br, zstd", map[encoding]bool{gzipEnc: true, brEnc: true}},
		{"br;q=0, gzip", map[encoding]bool{gzipEnc: true}},
		{"BR ; Q=0.5 , GZip;q=0", map[encoding]bool{brEnc: true}},
		{"*", map[encoding]bool{gzipEnc: true, brEnc: true}},
		{"*;q=0, identity", map[encoding]bool{}},
		{"*, br;q=0", map[encoding]bool{gzipEnc: true}},
		{"x-gzip", map[encoding]bool{gzipEnc: true}},
		{"gzip;q=abc", map[encoding]bool{}},
		{"gzip;q=2", map[encoding]bool{}},
		{"identity", map[encoding]bool{}},
		{" , ;q=1, deflate", map[encoding]bool{}},
	}
	for _, c := range cases {
		if got := acceptsEncodings(c.header); !reflect.DeepEqual(got, c.want) {
			t.Errorf("acceptsEncodings(%q) = %v, want %v", c.header, got, c.want)
		}
	}
}

// TestJSONCompressor drives the wrapper with the ways handlers write: JSON with a length
// (web.JSON), JSON streamed without one, short JSON, non-JSON, HEAD and 204.
func TestJSONCompressor(t *testing.T) {
	long := `{"data":"` + strings.Repeat("Aminah binti Yusof, ", 200) + `"}`
	short := `{"data":"ok"}`
	withLength := func(body string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
			w.WriteHeader(http.StatusOK)
			w.Write([]byte(body))
		}
	}
	streamed := func(body string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			for i := 0; i < len(body); i += 100 {
				w.Write([]byte(body[i:min(i+100, len(body))]))
			}
		}
	}
	cases := []struct {
		name, method, accept string
		h                    http.HandlerFunc
		body                 string
		gzipped, vary        bool
	}{
		{"long with length", "GET", "gzip, br", withLength(long), long, true, true},
		{"long streamed", "GET", "gzip", streamed(long), long, true, true},
		{"short with length", "GET", "gzip", withLength(short), short, false, true},
		{"short streamed", "GET", "gzip", streamed(short), short, false, true},
		{"long, gzip refused", "GET", "gzip;q=0, br", withLength(long), long, false, true},
		{"long, no header", "GET", "", streamed(long), long, false, true},
		{"not JSON", "GET", "gzip", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
			w.Write([]byte(long))
		}, long, false, false},
		{"already encoded", "GET", "gzip", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Encoding", "identity")
			w.Write([]byte(long))
		}, long, false, true},
		{"no content", "DELETE", "gzip", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNoContent)
		}, "", false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := httptest.NewRequest(c.method, "/api/x", nil)
			if c.accept != "" {
				req.Header.Set("Accept-Encoding", c.accept)
			}
			rec := httptest.NewRecorder()
			cw := compressJSON(rec, req)
			c.h(cw, req)
			cw.finish()
			res := rec.Result()
			body, _ := io.ReadAll(res.Body)
			if got := res.Header.Get("Content-Encoding") == "gzip"; got != c.gzipped {
				t.Fatalf("gzipped %v, want %v (headers %v)", got, c.gzipped, res.Header)
			}
			if c.gzipped {
				if res.Header.Get("Content-Length") != "" {
					t.Errorf("a gzipped answer kept the identity Content-Length %q", res.Header.Get("Content-Length"))
				}
				if len(body) >= len(c.body)/4 {
					t.Errorf("gzipped %d bytes to %d", len(c.body), len(body))
				}
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				body, err = io.ReadAll(zr)
				if err != nil {
					t.Fatal(err)
				}
			}
			if string(body) != c.body {
				t.Errorf("body %d bytes, want %d", len(body), len(c.body))
			}
			if got := res.Header.Get("Vary") == "Accept-Encoding"; got != c.vary {
				t.Errorf("Vary %q, want it: %v", res.Header.Get("Vary"), c.vary)
			}
		})
	}
}

// BenchmarkJSONCompressor is the cost gzip adds to a 50-row list (about 20 kB of JSON).
func BenchmarkJSONCompressor(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`{"data":[`)
	for i := range 50 {
		if i > 0 {
			sb.WriteString(",")
		}
		sb.WriteString(`{"id":` + strconv.Itoa(1000+i) + `,"code":"T` + strconv.Itoa(i) + `","first_name":"Nur Aisyah","last_name":"binti Abdullah","email":"aisyah` + strconv.Itoa(i) + `@school.example","phone":"+60 12-345 6789","group":{"id":3,"name":"Morning"},"department":null,"position":"Teacher","joined_on":"2024-01-02","archived":false,"image":""}`)
	}
	sb.WriteString(`],"meta":{"pagination":{"total":1000,"count":50,"per_page":50,"current_page":1,"total_pages":20}}}`)
	body := []byte(sb.String())
	h := withLengthJSON(body)
	for _, accept := range []string{"", "gzip"} {
		b.Run("accept="+accept, func(b *testing.B) {
			req := httptest.NewRequest("GET", "/api/x", nil)
			req.Header.Set("Accept-Encoding", accept)
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				rec := httptest.NewRecorder()
				cw := compressJSON(rec, req)
				h(cw, req)
				cw.finish()
			}
		})
	}
}

func withLengthJSON(body []byte) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body)
	}
}
