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
				writeErr(w, r, err)
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
		}
		if err := rt.Handle(w, r); err != nil {
			writeErr(w, r, err)
		}
	})
}

func (a *API) authenticate(r *http.Request) (account.Principal, error) {
	h := r.Header.Get("Authorization")
	token, ok := strings.CutPrefix(h, "Bearer ")
	if !ok || strings.TrimSpace(token) == "" {
		return account.Principal{}, account.ErrUnauthenticated
	}
	return a.Accounts.Authenticate(r.Context(), strings.TrimSpace(token))
}

func clientMeta(r *http.Request) account.ClientMeta {
	ip, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		ip = r.RemoteAddr
	}
	return account.ClientMeta{IP: ip, UserAgent: r.UserAgent()}
}
