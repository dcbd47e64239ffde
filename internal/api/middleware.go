package api

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"strings"

	"hadir/internal/account"
	"hadir/internal/platform/database"
)

// wrap applies the route's access rule, then runs its handler and maps its error.
func (a *API) wrap(rt Route, rm *routeMetrics) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec, _ := w.(*statusRecorder)
		if rec != nil {
			rec.route = rm
		}
		if rt.Access == Device {
			rt.Raw.ServeHTTP(w, r) // the device protocol authenticates by serial number
			return
		}
		if rt.Access != Public {
			p, err := a.authenticate(r)
			if err != nil {
				fail(w, r, err)
				return
			}
			if p.TwoFactorSetupRequired && !rt.DuringTwoFactorSetup {
				writeErr(w, r, account.ErrTwoFactorSetupRequired)
				return
			}
			// An API token reaches only the routes of its areas, and writes only when it may;
			// beyond that it is held to its user's role like a session.
			if p.TokenID != 0 && !p.TokenScope.Allows(rt.Area, rt.Writes()) {
				writeErr(w, r, account.ErrTokenScope)
				return
			}
			if rt.Access == Perm && !p.Can(rt.Permission) {
				writeErr(w, r, errForbidden)
				return
			}
			if rec != nil {
				rec.orgID = p.OrgID
			}
			r = r.WithContext(withPrincipal(r.Context(), p))
			if rt.Access == Manager {
				if err := a.checkManager(r); err != nil {
					writeErr(w, r, err)
					return
				}
			}
		}
		if err := checkRequest(r); err != nil {
			writeErr(w, r, err)
			return
		}
		if rt.Access != Public && rt.Writes() {
			a.handleChange(rt, w, r)
			return
		}
		if err := rt.Handle(w, r); err != nil {
			fail(w, r, err)
		}
	})
}

// handleChange runs an authenticated change in one transaction that carries the caller as
// the actor of the audit trail (migration 0023): every row the request writes is recorded
// with who, from where and how (session or token). The answer is held back until the
// transaction has committed, so that a client is never told of a change that was not kept.
func (a *API) handleChange(rt Route, w http.ResponseWriter, r *http.Request) {
	p := principal(r)
	meta := clientMeta(r)
	ctx := database.WithActor(r.Context(), database.Actor{
		UserID: p.UserID, IP: meta.IP, TokenID: p.TokenID, SessionRef: database.SessionRef(p.SessionID),
	})
	buf := &heldResponse{w: w, header: http.Header{}}
	err := a.DB.WithRequestTx(ctx, func(ctx context.Context) error {
		return rt.Handle(buf, r.WithContext(ctx))
	})
	if err != nil {
		fail(w, r, err)
		return
	}
	buf.release()
}

// heldResponse keeps a handler's answer until its transaction has committed.
type heldResponse struct {
	w      http.ResponseWriter
	header http.Header
	status int
	body   bytes.Buffer
}

func (h *heldResponse) Header() http.Header { return h.header }

func (h *heldResponse) WriteHeader(code int) {
	if h.status == 0 {
		h.status = code
	}
}

func (h *heldResponse) Write(b []byte) (int, error) {
	if h.status == 0 {
		h.status = http.StatusOK
	}
	return h.body.Write(b)
}

// Unwrap lets the request log find the recorder beneath (noteErrorCode).
func (h *heldResponse) Unwrap() http.ResponseWriter { return h.w }

// release sends the held answer.
func (h *heldResponse) release() {
	dst := h.w.Header()
	for k, v := range h.header {
		dst[k] = v
	}
	if h.status == 0 {
		h.status = http.StatusOK
	}
	h.w.WriteHeader(h.status)
	_, _ = h.w.Write(h.body.Bytes())
}

// statusClientGone is what a request is counted and logged as when its client went away
// before the answer (nginx's convention); nobody receives it.
const statusClientGone = 499

// fail answers an error. When the client has gone away, the error is most likely the
// cancelled query, which is no fault of the server: it is counted and logged as 499
// request.client_gone instead of 500 internal, so that the error metrics and the error log
// show real failures only.
func fail(w http.ResponseWriter, r *http.Request, err error) {
	if r.Context().Err() != nil {
		noteErrorCode(w, "request.client_gone")
		w.WriteHeader(statusClientGone)
		return
	}
	writeErr(w, r, err)
}

func (a *API) authenticate(r *http.Request) (account.Principal, error) {
	h := r.Header.Get("Authorization")
	token, ok := strings.CutPrefix(h, "Bearer ")
	if !ok || strings.TrimSpace(token) == "" {
		return account.Principal{}, account.ErrUnauthenticated
	}
	token = strings.TrimSpace(token)
	if strings.HasPrefix(token, account.TokenPrefix) {
		return a.Accounts.AuthenticateToken(r.Context(), token, clientMeta(r).IP)
	}
	return a.Accounts.Authenticate(r.Context(), token)
}

func clientMeta(r *http.Request) account.ClientMeta {
	ip, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		ip = r.RemoteAddr
	}
	return account.ClientMeta{IP: ip, UserAgent: r.UserAgent()}
}
