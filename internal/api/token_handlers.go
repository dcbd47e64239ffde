package api

import (
	"net/http"
	"time"

	"hadir/internal/account"
	"hadir/internal/platform/web"
)

// API tokens of the organisation (issue 15): list, create (the secret is in this answer
// only) and revoke.

type tokenRequest struct {
	Name      string   `json:"name"`
	Write     bool     `json:"write"`
	Areas     []string `json:"areas"`
	ExpiresOn string   `json:"expires_on"`
}

type tokenResponse struct {
	account.APIToken
	Expired bool `json:"expired"`
}

type createdTokenResponse struct {
	tokenResponse
	Token string `json:"token"`
}

func toTokenResponse(t account.APIToken, now time.Time) tokenResponse {
	return tokenResponse{APIToken: t, Expired: t.ExpiresAt != nil && !now.Before(*t.ExpiresAt)}
}

func (a *API) listTokens(w http.ResponseWriter, r *http.Request) error {
	ts, err := a.Accounts.Tokens(r.Context(), principal(r))
	if err != nil {
		return err
	}
	now := a.Accounts.Now()
	out := make([]tokenResponse, len(ts))
	for i, t := range ts {
		out[i] = toTokenResponse(t, now)
	}
	web.Data(w, http.StatusOK, out)
	return nil
}

func (a *API) createToken(w http.ResponseWriter, r *http.Request) error {
	var req tokenRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	t, secret, err := a.Accounts.CreateToken(r.Context(), principal(r), account.NewToken{Name: req.Name, Write: req.Write, Areas: req.Areas, ExpiresOn: req.ExpiresOn})
	if err != nil {
		return err
	}
	p := principal(r)
	if u, _, err := a.Accounts.Me(r.Context(), p); err == nil {
		t.CreatedBy = u.Name
	}
	web.Data(w, http.StatusCreated, createdTokenResponse{tokenResponse: toTokenResponse(t, a.Accounts.Now()), Token: secret})
	return nil
}

func (a *API) revokeToken(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	if err := a.Accounts.RevokeToken(r.Context(), principal(r), id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
