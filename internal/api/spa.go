package api

import (
	"bytes"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

// spa serves the built web app: files as they are (hashed assets cached for a year) and
// index.html for every other path, so client-side routes load on refresh.
//
// The build writes a brotli (.br) and a gzip (.gz) copy beside every compressible file
// (DESIGN.md §10, "Assets are served small"); a request that accepts one gets that copy with
// Content-Encoding, the original's Content-Type and Vary: Accept-Encoding, so nothing is
// compressed at request time. Brotli is preferred: it is about 15% smaller than gzip on the
// app's JavaScript.
func spa(dist fs.FS) http.Handler {
	if dist == nil {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "the web app is not built: run `make build`", http.StatusNotFound)
		})
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(dist, name); err == nil && !st.IsDir() {
				switch {
				case strings.HasPrefix(name, "assets/"):
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				case name == serviceWorkerFile:
					// The browser checks the worker for updates; it must never be stale.
					w.Header().Set("Cache-Control", "no-cache")
					w.Header().Set("Service-Worker-Allowed", "/")
				}
				serveFile(w, r, dist, name)
				return
			}
		}
		index, err := fs.ReadFile(dist, "index.html")
		if err != nil {
			http.Error(w, "the web app is not built: run `make build`", http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		htmlHeaders(w.Header())
		w.Write(index)
	})
}

// serviceWorkerFile is the app's service worker, at the root so that its scope is the app.
const serviceWorkerFile = "sw.js"

// precompressed are the copies the build writes beside a file, in order of preference.
var precompressed = []struct {
	enc encoding
	ext string
}{{brEnc, ".br"}, {gzipEnc, ".gz"}}

// assetTypes are the Content-Types of the files the build writes, fixed here rather than
// taken from the machine's mime.types, which differ between systems.
var assetTypes = map[string]string{
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".html":        "text/html; charset=utf-8",
	".json":        "application/json",
	".webmanifest": "application/manifest+json",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".ico":         "image/x-icon",
	".woff2":       "font/woff2",
	".txt":         "text/plain; charset=utf-8",
}

func contentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := assetTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

// serveFile answers with the file, or with its precompressed copy when the client accepts
// one. http.ServeContent handles HEAD, Range and conditional requests on whichever bytes go
// out.
func serveFile(w http.ResponseWriter, r *http.Request, dist fs.FS, name string) {
	h := w.Header()
	ctype := contentType(name)
	h.Set("Content-Type", ctype)
	sendName := name
	var encoded bool
	for _, p := range precompressed {
		if _, err := fs.Stat(dist, name+p.ext); err != nil {
			continue
		}
		// The file has compressed copies, so what goes out depends on Accept-Encoding.
		if !encoded {
			h.Add("Vary", "Accept-Encoding")
			encoded = true
		}
		if h.Get("Content-Encoding") == "" && acceptsEncodings(r.Header.Get("Accept-Encoding"))[p.enc] {
			h.Set("Content-Encoding", string(p.enc))
			sendName = name + p.ext
		}
	}
	b, err := fs.ReadFile(dist, sendName)
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	// Embedded files carry no modification time; the zero time leaves Last-Modified out.
	http.ServeContent(lengthOfWhole{w, len(b)}, r, name, time.Time{}, bytes.NewReader(b))
}

// lengthOfWhole restores the Content-Length that http.ServeContent leaves out when a
// Content-Encoding is set, for a whole (200) answer: the encoded bytes are the whole body.
type lengthOfWhole struct {
	http.ResponseWriter
	n int
}

func (l lengthOfWhole) WriteHeader(status int) {
	if status == http.StatusOK && l.Header().Get("Content-Length") == "" {
		l.Header().Set("Content-Length", strconv.Itoa(l.n))
	}
	l.ResponseWriter.WriteHeader(status)
}
