package api

import (
	"errors"
	"log/slog"
	"net/http"
	"net/url"

	"hadir/internal/account"
	"hadir/internal/platform/web"
)

// Single sign-on with OpenID Connect (issue 15): the admin's providers and settings, and the
// public sign-in flow (lookup, start, the provider's callback, ticket for a session).

type ssoProviderRequest struct {
	Name          string   `json:"name"`
	Preset        string   `json:"preset"`
	Issuer        string   `json:"issuer"`
	ClientID      string   `json:"client_id"`
	ClientSecret  string   `json:"client_secret"`
	Domains       []string `json:"domains"`
	MatchEmail    bool     `json:"match_email"`
	CreateMembers bool     `json:"create_members"`
}

func (req ssoProviderRequest) input() account.SSOProviderInput {
	return account.SSOProviderInput{Name: req.Name, Preset: req.Preset, Issuer: req.Issuer, ClientID: req.ClientID,
		ClientSecret: req.ClientSecret, Domains: req.Domains, MatchEmail: req.MatchEmail, CreateMembers: req.CreateMembers}
}

type ssoSettingsResponse struct {
	PasswordLoginDisabled bool                  `json:"password_login_disabled"`
	CallbackURL           string                `json:"callback_url"`
	Providers             []account.SSOProvider `json:"providers"`
	Requests              []account.SSORequest  `json:"requests"`
}

func (a *API) ssoSettings(w http.ResponseWriter, r *http.Request) error {
	p := principal(r)
	off, err := a.Accounts.PasswordSignInDisabled(r.Context(), p.OrgID)
	if err != nil {
		return err
	}
	ps, err := a.Accounts.SSOProviders(r.Context(), p)
	if err != nil {
		return err
	}
	rs, err := a.Accounts.SSORequests(r.Context(), p)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, ssoSettingsResponse{PasswordLoginDisabled: off, CallbackURL: a.Accounts.SSOCallbackURL(), Providers: ps, Requests: rs})
	return nil
}

type ssoSettingsRequest struct {
	PasswordLoginDisabled bool `json:"password_login_disabled"`
}

func (a *API) setSSOSettings(w http.ResponseWriter, r *http.Request) error {
	var req ssoSettingsRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	if err := a.Accounts.SetPasswordSignInDisabled(r.Context(), principal(r), req.PasswordLoginDisabled); err != nil {
		return err
	}
	return a.ssoSettings(w, r)
}

func (a *API) createSSOProvider(w http.ResponseWriter, r *http.Request) error {
	var req ssoProviderRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	sp, err := a.Accounts.SaveSSOProvider(r.Context(), principal(r), 0, req.input())
	if err != nil {
		return err
	}
	web.Data(w, http.StatusCreated, sp)
	return nil
}

func (a *API) updateSSOProvider(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	var req ssoProviderRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	sp, err := a.Accounts.SaveSSOProvider(r.Context(), principal(r), id, req.input())
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, sp)
	return nil
}

func (a *API) deleteSSOProvider(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	if err := a.Accounts.DeleteSSOProvider(r.Context(), principal(r), id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (a *API) decideSSORequest(approve bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := pathID(r)
		if err != nil {
			return err
		}
		u, err := a.Accounts.DecideSSORequest(r.Context(), principal(r), id, approve)
		if err != nil {
			return err
		}
		if approve {
			web.Data(w, http.StatusCreated, u)
			return nil
		}
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
}

// ssoLookup answers whether the e-mail's domain signs in with a provider, and nothing else
// (not which organisation, provider or whether the address has an account).
func (a *API) ssoLookup(w http.ResponseWriter, r *http.Request) error {
	ok, err := a.Accounts.SSOAvailable(r.Context(), r.URL.Query().Get("email"))
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]bool{"available": ok})
	return nil
}

// ssoStart sends the browser to the provider of the e-mail's domain.
func (a *API) ssoStart(w http.ResponseWriter, r *http.Request) error {
	to, err := a.Accounts.StartSSO(r.Context(), r.URL.Query().Get("email"), clientMeta(r))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, to, http.StatusFound)
	return nil
}

// ssoCallback is where the provider returns the browser: on success to the web app's
// /login/sso with a one-time ticket, otherwise to /login with the reason.
func (a *API) ssoCallback(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	w.Header().Set("Cache-Control", "no-store")
	if q.Get("error") != "" {
		http.Redirect(w, r, "/login?sso_error=failed", http.StatusFound)
		return nil
	}
	ticket, err := a.Accounts.FinishSSO(r.Context(), q.Get("state"), q.Get("code"))
	if err != nil {
		reason := "failed"
		switch {
		case errors.Is(err, account.ErrSSODomain):
			reason = "domain"
		case errors.Is(err, account.ErrSSONoAccount):
			reason = "no_account"
		case errors.Is(err, account.ErrSSOPending):
			reason = "pending"
		case errors.Is(err, account.ErrSSOFailed):
		default:
			return err
		}
		slog.Info("sso: sign-in refused", "reason", reason, "err", err)
		http.Redirect(w, r, "/login?sso_error="+reason, http.StatusFound)
		return nil
	}
	http.Redirect(w, r, "/login/sso?ticket="+url.QueryEscape(ticket), http.StatusFound)
	return nil
}

type ssoSessionRequest struct {
	Ticket  string `json:"ticket"`
	OTPCode string `json:"otp_code"`
}

// ssoSession exchanges the callback's ticket for a session, as a password sign-in answers.
func (a *API) ssoSession(w http.ResponseWriter, r *http.Request) error {
	var req ssoSessionRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	s, err := a.Accounts.ExchangeSSOTicket(r.Context(), req.Ticket, req.OTPCode, clientMeta(r))
	if err != nil {
		return err
	}
	writeSignIn(w, s)
	return nil
}
