package api

import (
	"bufio"
	"compress/gzip"
	"errors"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// compressMinBytes is the size from which a JSON answer is gzipped: below about one TCP
// segment compression saves no round trip and costs CPU on every call.
const compressMinBytes = 1400

// encoding is a content coding the server can send.
type encoding string

const (
	identity encoding = ""
	gzipEnc  encoding = "gzip"
	brEnc    encoding = "br"
)

// acceptsEncodings reads an Accept-Encoding header (RFC 9110 §12.5.3) into the codings the
// client takes, with their q-values: "gzip;q=0" refuses gzip, "*" stands for every coding
// not named. A missing header means the client takes only identity.
func acceptsEncodings(header string) map[encoding]bool {
	named := map[string]float64{}
	star := -1.0
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil || f < 0 || f > 1 {
					f = 0 // a q-value we cannot read is not consent
				}
				q = f
			}
		}
		if name == "*" {
			star = q
			continue
		}
		if name == "x-gzip" {
			name = "gzip"
		}
		named[name] = q
	}
	ok := map[encoding]bool{}
	for _, e := range []encoding{gzipEnc, brEnc} {
		q, found := named[string(e)]
		if !found {
			q = star
		}
		if q > 0 {
			ok[e] = true
		}
	}
	return ok
}

// gzipWriters are reused: a gzip.Writer holds about 800 kB of state, too much to allocate
// per answer. BestSpeed: JSON compresses about 5–10× even at the fastest level, and the
// answer is on the request path.
var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return w
}}

// compressJSON wraps w so that a JSON answer of at least compressMinBytes goes out gzipped
// when the request accepts gzip. Other answers (files, exports, HTML, small JSON) pass
// through untouched. Call finish after the handler returns.
func compressJSON(w http.ResponseWriter, r *http.Request) *jsonCompressor {
	return &jsonCompressor{ResponseWriter: w, accepts: r.Method != http.MethodHead && acceptsEncodings(r.Header.Get("Accept-Encoding"))[gzipEnc]}
}

// jsonCompressor decides at the first byte of the body: a JSON answer whose Content-Length
// is known is compressed when it is long enough; one of unknown length is held back until it
// reaches compressMinBytes (then compressed) or ends (then sent as it is).
type jsonCompressor struct {
	http.ResponseWriter
	accepts bool

	status      int
	wroteHeader bool // WriteHeader was called on the wrapper
	decided     bool // the underlying header has been written
	held        []byte
	gz          *gzip.Writer
}

func (c *jsonCompressor) WriteHeader(status int) {
	if c.wroteHeader {
		return
	}
	c.wroteHeader, c.status = true, status
	h := c.Header()
	if isJSON(h) && status != http.StatusNoContent && status != http.StatusNotModified && status >= 200 {
		// The answer depends on Accept-Encoding whichever way it goes, so caches must know.
		h.Add("Vary", "Accept-Encoding")
	}
	if !c.candidate() {
		c.pass()
		return
	}
	if cl := h.Get("Content-Length"); cl != "" {
		n, err := strconv.Atoi(cl)
		if err == nil && n < compressMinBytes {
			c.pass()
		} else {
			c.startGzip()
		}
	}
	// Unknown length: wait for the body.
}

// candidate is whether this answer may be compressed at all.
func (c *jsonCompressor) candidate() bool {
	h := c.Header()
	return c.accepts && isJSON(h) && h.Get("Content-Encoding") == "" &&
		c.status >= 200 && c.status != http.StatusNoContent && c.status != http.StatusNotModified
}

func isJSON(h http.Header) bool {
	ct := strings.ToLower(h.Get("Content-Type"))
	return strings.HasPrefix(ct, "application/json") || strings.HasPrefix(ct, "application/problem+json")
}

// pass sends the answer as it is.
func (c *jsonCompressor) pass() {
	c.decided = true
	c.ResponseWriter.WriteHeader(c.status)
}

func (c *jsonCompressor) startGzip() {
	c.decided = true
	h := c.Header()
	h.Del("Content-Length")
	h.Set("Content-Encoding", "gzip")
	c.ResponseWriter.WriteHeader(c.status)
	c.gz = gzipWriters.Get().(*gzip.Writer)
	c.gz.Reset(c.ResponseWriter)
}

func (c *jsonCompressor) Write(b []byte) (int, error) {
	if !c.wroteHeader {
		c.WriteHeader(http.StatusOK)
	}
	if c.gz != nil {
		return c.gz.Write(b)
	}
	if c.decided {
		return c.ResponseWriter.Write(b)
	}
	c.held = append(c.held, b...)
	if len(c.held) >= compressMinBytes {
		c.startGzip()
		held := c.held
		c.held = nil
		if _, err := c.gz.Write(held); err != nil {
			return 0, err
		}
	}
	return len(b), nil
}

// Flush sends what is held so far; an answer still undecided is sent uncompressed.
func (c *jsonCompressor) Flush() {
	if !c.wroteHeader {
		c.WriteHeader(http.StatusOK)
	}
	if !c.decided {
		c.pass()
		c.writeHeld()
	}
	if c.gz != nil {
		_ = c.gz.Flush()
	}
	if f, ok := c.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (c *jsonCompressor) writeHeld() {
	if len(c.held) > 0 {
		_, _ = c.ResponseWriter.Write(c.held)
		c.held = nil
	}
}

// finish ends the answer: closes the gzip stream, or sends a short answer that was held.
func (c *jsonCompressor) finish() {
	if c.gz != nil {
		_ = c.gz.Close()
		c.gz.Reset(nil)
		gzipWriters.Put(c.gz)
		c.gz = nil
		return
	}
	if c.wroteHeader && !c.decided {
		c.pass()
		c.writeHeld()
	}
}

// Hijack lets a protocol upgrade take the connection (nothing is compressed then).
func (c *jsonCompressor) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	if h, ok := c.ResponseWriter.(http.Hijacker); ok {
		return h.Hijack()
	}
	return nil, nil, errors.New("hijack not supported")
}

func (c *jsonCompressor) Unwrap() http.ResponseWriter { return c.ResponseWriter }
