package api

import (
	"net/http"
	"strings"
)

// ContentSecurityPolicy is the policy of the app's HTML (issue 9 D11). Scripts come only
// from the app's own files (the Vite build emits no inline script); nothing may frame the
// app. Styles allow 'unsafe-inline' because Ant Design's CSS-in-JS injects <style> elements
// at run time (and React sets style attributes); a nonce would need a per-request index.html
// and still not cover style attributes. Inline styles cannot run code, so scripts stay strict.
const ContentSecurityPolicy = "default-src 'self'; " +
	"script-src 'self'; " +
	"style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; " +
	"font-src 'self' data:; " +
	"connect-src 'self'; " +
	"manifest-src 'self'; " +
	"worker-src 'self'; " +
	"object-src 'none'; " +
	"base-uri 'self'; " +
	"frame-ancestors 'none'; " +
	"form-action 'self'"

// PermissionsPolicy lets the app's own pages ask for the position (web clock-in) and turns
// every other powerful feature off.
const PermissionsPolicy = "geolocation=(self), camera=(), microphone=(), payment=(), usb=(), serial=(), " +
	"hid=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=()"

// hstsMaxAge is a year: browsers keep to HTTPS once they have seen the app over it.
const hstsMaxAge = "max-age=31536000"

// securityHeaders sets the headers every answer carries, before the handler runs: no MIME
// sniffing, no framing, a referrer policy, and HSTS when the request came over TLS or the
// public address is https (behind a TLS-terminating proxy r.TLS is nil). The device
// protocol (/iclock/) keeps the plain answers terminals expect.
func (a *API) securityHeaders(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/iclock/") {
		return
	}
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	if r.TLS != nil || strings.HasPrefix(strings.ToLower(a.BaseURL), "https://") {
		h.Set("Strict-Transport-Security", hstsMaxAge)
	}
}

// htmlHeaders are the headers of the app's HTML document.
func htmlHeaders(h http.Header) {
	h.Set("Content-Security-Policy", ContentSecurityPolicy)
	h.Set("Permissions-Policy", PermissionsPolicy)
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
}
