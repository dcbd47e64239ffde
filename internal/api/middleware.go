package api

import (
	"net"
	"net/http"
	"strings"

	"hadir/internal/account"
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
		if err := rt.Handle(w, r); err != nil {
			fail(w, r, err)
		}
	})
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
