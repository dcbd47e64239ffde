package account

// Single sign-on with OpenID Connect (issue 15). An organisation's admin adds providers
// (issuer, client id and secret; Google and Microsoft are presets of the issuer) with the
// e-mail domains that may sign in through each. A sign-in runs the authorisation code flow
// with PKCE, state and nonce (coreos/go-oidc with golang.org/x/oauth2: the discovery document's
// issuer and the ID token's signature and expiry are checked by the library; the ID token's
// issuer, audience, authorised party and nonce, and the domain, here: checkIDToken, so that each
// refusal says which check refused). The state row is used once, then carries a one-time ticket the
// browser exchanges for the same session a password sign-in gives (signIn).

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"hadir/internal/platform/auth"
	"hadir/internal/platform/ratelimit"
	"hadir/internal/platform/validate"
)

// Errors of single sign-on.
var (
	ErrSSOFailed         = errors.New("account: single sign-on failed")
	ErrSSODomain         = errors.New("account: this e-mail domain may not sign in with this provider")
	ErrSSONoAccount      = errors.New("account: no account matches this sign-in")
	ErrSSOPending        = errors.New("account: an admin must approve this account first")
	ErrPasswordSignInOff = errors.New("account: password sign-in is turned off for this organisation")

	// Refusals of a callback: each is also ErrSSOFailed (the browser is told no more).
	ErrSSOState    = ssoRefusal("the sign-in's state is unknown, already used or expired")
	ErrSSOIssuer   = ssoRefusal("the ID token was issued by another provider")
	ErrSSOAudience = ssoRefusal("the ID token was issued to another client")
	ErrSSONonce    = ssoRefusal("the ID token's nonce is not this sign-in's")
)

// ssoRefusal is a reason a callback is refused; errors.Is matches it and ErrSSOFailed.
type ssoRefusal string

func (e ssoRefusal) Error() string { return "account: single sign-on failed: " + string(e) }

func (e ssoRefusal) Is(target error) bool { return target == ErrSSOFailed }

// SSO presets: the issuer of each (Microsoft's names the tenant, so the admin gives it).
const (
	PresetGoogle    = "google"
	PresetMicrosoft = "microsoft"
	PresetCustom    = "custom"
	googleIssuer    = "https://accounts.google.com"
	ssoLoginTTL     = 10 * time.Minute
	ssoTicketTTL    = 2 * time.Minute
)

// SSOProvider is an organisation's OpenID provider. The client secret never leaves the server.
type SSOProvider struct {
	ID            int64     `json:"id"`
	OrgID         int64     `json:"-"`
	Name          string    `json:"name"`
	Preset        string    `json:"preset"`
	Issuer        string    `json:"issuer"`
	ClientID      string    `json:"client_id"`
	Domains       []string  `json:"domains"`
	MatchEmail    bool      `json:"match_email"`
	CreateMembers bool      `json:"create_members"`
	CreatedAt     time.Time `json:"created_at"`
	UpdatedAt     time.Time `json:"updated_at"`
	secretSealed  string
}

// SSOProviderInput is an admin's provider form; an empty ClientSecret on an update keeps the
// stored one.
type SSOProviderInput struct {
	Name          string
	Preset        string
	Issuer        string
	ClientID      string
	ClientSecret  string
	Domains       []string
	MatchEmail    bool
	CreateMembers bool
}

// SSORequest is a new e-mail of an allowed domain waiting for an admin's approval.
type SSORequest struct {
	ID         int64     `json:"id"`
	ProviderID int64     `json:"provider_id"`
	Email      string    `json:"email"`
	Name       string    `json:"name"`
	CreatedAt  time.Time `json:"created_at"`
}

func (s *Service) ssoKey() []byte { return s.signer.Derive("sso-client-secret") }

// ssoCallbackURL is where providers send the browser back; it is registered at the provider.
func (s *Service) SSOCallbackURL() string {
	return strings.TrimRight(s.baseURL, "/") + "/api/auth/sso/callback"
}

const ssoCols = `id, org_id, name, preset, issuer, client_id, secret_sealed, domains, match_email, create_members, created_at, updated_at`

func scanSSOProvider(row interface{ Scan(...any) error }) (SSOProvider, error) {
	var p SSOProvider
	var domains string
	err := row.Scan(&p.ID, &p.OrgID, &p.Name, &p.Preset, &p.Issuer, &p.ClientID, &p.secretSealed, &domains,
		&p.MatchEmail, &p.CreateMembers, &p.CreatedAt, &p.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return p, ErrNotFound
	}
	p.Domains = []string{}
	for _, d := range strings.Split(domains, ",") {
		if d != "" {
			p.Domains = append(p.Domains, d)
		}
	}
	return p, err
}

// SSOProviders lists the organisation's providers.
func (s *Service) SSOProviders(ctx context.Context, p Principal) ([]SSOProvider, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+ssoCols+` FROM sso_providers WHERE org_id = $1 ORDER BY id`, p.OrgID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []SSOProvider{}
	for rows.Next() {
		sp, err := scanSSOProvider(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, sp)
	}
	return out, rows.Err()
}

func (s *Service) ssoProvider(ctx context.Context, orgID, id int64) (SSOProvider, error) {
	return scanSSOProvider(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+ssoCols+` FROM sso_providers WHERE org_id = $1 AND id = $2`, orgID, id))
}

func validDomain(d string) bool {
	if len(d) < 3 || len(d) > 253 || !strings.Contains(d, ".") || strings.HasPrefix(d, ".") || strings.HasSuffix(d, ".") {
		return false
	}
	for _, r := range d {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '.') {
			return false
		}
	}
	return true
}

// checkSSOInput validates the form; update says whether a missing secret keeps the stored one.
func checkSSOInput(in *SSOProviderInput, update bool) error {
	c := validate.New()
	in.Name, in.Issuer, in.ClientID = strings.TrimSpace(in.Name), strings.TrimSpace(in.Issuer), strings.TrimSpace(in.ClientID)
	if in.Preset == "" {
		in.Preset = PresetCustom
	}
	switch in.Preset {
	case PresetGoogle:
		if in.Issuer == "" {
			in.Issuer = googleIssuer
		}
	case PresetMicrosoft, PresetCustom:
	default:
		c.Add("preset", "validation.invalid", "preset is google, microsoft or custom", nil)
	}
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 100)
	}
	if c.Required("issuer", in.Issuer) {
		u, err := url.Parse(in.Issuer)
		switch {
		case err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") || u.RawQuery != "" || u.Fragment != "":
			c.Add("issuer", "validation.url", "issuer must be the provider's https URL", nil)
		case in.Preset == PresetMicrosoft && (u.Host != "login.microsoftonline.com" || !strings.HasSuffix(u.Path, "/v2.0")):
			c.Add("issuer", "validation.url", "a Microsoft issuer is https://login.microsoftonline.com/<tenant id>/v2.0", nil)
		}
		c.MaxLen("issuer", in.Issuer, 300)
	}
	if c.Required("client_id", in.ClientID) {
		c.MaxLen("client_id", in.ClientID, 300)
	}
	if !update || in.ClientSecret != "" {
		if c.Required("client_secret", in.ClientSecret) {
			c.MaxLen("client_secret", in.ClientSecret, 500)
		}
	}
	domains := []string{}
	for _, d := range in.Domains {
		d = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(d), "@")))
		if !validDomain(d) {
			c.Add("domains", "validation.invalid", "each domain is a name such as school.edu.my", nil)
			break
		}
		if !slices.Contains(domains, d) {
			domains = append(domains, d)
		}
	}
	if len(in.Domains) == 0 {
		c.Add("domains", "validation.required", "domains is required: the e-mail domains that sign in with this provider", nil)
	} else if len(domains) > 50 {
		c.Add("domains", "validation.max", "at most 50 domains", nil)
	}
	in.Domains = domains
	return c.Err()
}

// SaveSSOProvider creates (id 0) or updates an organisation's provider and its domains, in one
// transaction. A domain of another provider (of any organisation) is refused on "domains".
func (s *Service) SaveSSOProvider(ctx context.Context, p Principal, id int64, in SSOProviderInput) (SSOProvider, error) {
	if err := checkSSOInput(&in, id != 0); err != nil {
		return SSOProvider{}, err
	}
	var out SSOProvider
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		q := s.db.Q(ctx)
		sealed := ""
		if in.ClientSecret != "" {
			var err error
			if sealed, err = auth.Seal(s.ssoKey(), []byte(in.ClientSecret)); err != nil {
				return err
			}
		}
		now := s.Now()
		if id == 0 {
			err := q.QueryRowContext(ctx, `INSERT INTO sso_providers (org_id, name, preset, issuer, client_id, secret_sealed, domains,
				match_email, create_members, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING id`,
				p.OrgID, in.Name, in.Preset, in.Issuer, in.ClientID, sealed, strings.Join(in.Domains, ","), in.MatchEmail, in.CreateMembers, now).Scan(&id)
			if err != nil {
				return err
			}
		} else {
			old, err := s.ssoProvider(ctx, p.OrgID, id)
			if err != nil {
				return err
			}
			if sealed == "" {
				sealed = old.secretSealed
			}
			if _, err := q.ExecContext(ctx, `UPDATE sso_providers SET name = $3, preset = $4, issuer = $5, client_id = $6, secret_sealed = $7,
				domains = $8, match_email = $9, create_members = $10, updated_at = $11 WHERE org_id = $1 AND id = $2`,
				p.OrgID, id, in.Name, in.Preset, in.Issuer, in.ClientID, sealed, strings.Join(in.Domains, ","), in.MatchEmail, in.CreateMembers, now); err != nil {
				return err
			}
			if _, err := q.ExecContext(ctx, `DELETE FROM sso_domains WHERE provider_id = $1`, id); err != nil {
				return err
			}
		}
		for _, d := range in.Domains {
			var taken int
			err := q.QueryRowContext(ctx, `SELECT 1 FROM sso_domains WHERE domain = $1`, d).Scan(&taken)
			if err == nil {
				return validate.Field("domains", "validation.taken", d+" already signs in with another provider")
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return err
			}
			if _, err := q.ExecContext(ctx, `INSERT INTO sso_domains (domain, org_id, provider_id) VALUES ($1, $2, $3)`, d, p.OrgID, id); err != nil {
				return err
			}
		}
		var err error
		out, err = s.ssoProvider(ctx, p.OrgID, id)
		return err
	})
	return out, err
}

// DeleteSSOProvider removes a provider, its domains, links and requests.
func (s *Service) DeleteSSOProvider(ctx context.Context, p Principal, id int64) error {
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		if _, err := s.ssoProvider(ctx, p.OrgID, id); err != nil {
			return err
		}
		for _, q := range []string{`DELETE FROM sso_domains WHERE provider_id = $1`, `DELETE FROM sso_identities WHERE provider_id = $1`,
			`DELETE FROM sso_logins WHERE provider_id = $1`, `DELETE FROM sso_requests WHERE provider_id = $1`, `DELETE FROM sso_providers WHERE id = $1`} {
			if _, err := s.db.Q(ctx).ExecContext(ctx, q, id); err != nil {
				return err
			}
		}
		return nil
	})
}

// PasswordSignInDisabled reports the organisation's setting.
func (s *Service) PasswordSignInDisabled(ctx context.Context, orgID int64) (bool, error) {
	var off bool
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT password_login_disabled FROM orgs WHERE id = $1`, orgID).Scan(&off)
	return off, err
}

// SetPasswordSignInDisabled turns password sign-in off (true) or on. Turning it off needs a
// provider, so that members have a way in; the owner keeps password sign-in and its reset.
func (s *Service) SetPasswordSignInDisabled(ctx context.Context, p Principal, off bool) error {
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		if off {
			var n int
			if err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM sso_providers WHERE org_id = $1`, p.OrgID).Scan(&n); err != nil {
				return err
			}
			if n == 0 {
				return validate.Field("password_login_disabled", "validation.sso_required", "add a single sign-on provider before turning password sign-in off")
			}
		}
		_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE orgs SET password_login_disabled = $2 WHERE id = $1`, p.OrgID, off)
		return err
	})
}

func emailDomain(email string) string {
	at := strings.LastIndexByte(email, '@')
	if at < 0 {
		return ""
	}
	return strings.ToLower(email[at+1:])
}

func (s *Service) providerForEmail(ctx context.Context, email string) (SSOProvider, error) {
	var orgID, id int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT org_id, provider_id FROM sso_domains WHERE domain = $1`, emailDomain(email)).Scan(&orgID, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return SSOProvider{}, ErrNotFound
	}
	if err != nil {
		return SSOProvider{}, err
	}
	return s.ssoProvider(ctx, orgID, id)
}

// SSOAvailable says whether the e-mail's domain has a provider, and nothing more.
func (s *Service) SSOAvailable(ctx context.Context, email string) (bool, error) {
	email = normEmail(email)
	c := validate.New()
	c.Email("email", email)
	if err := c.Err(); err != nil {
		return false, err
	}
	_, err := s.providerForEmail(ctx, email)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// SSOHTTPClient calls the providers (discovery, keys, token and userinfo endpoints).
var SSOHTTPClient = &http.Client{Timeout: 10 * time.Second}

// oidcProviders caches discovery documents by issuer for a few minutes.
var oidcProviders sync.Map // issuer → cachedOIDC

type cachedOIDC struct {
	p       *oidc.Provider
	fetched time.Time
}

func (s *Service) discover(ctx context.Context, issuer string) (*oidc.Provider, error) {
	if c, ok := oidcProviders.Load(issuer); ok && time.Since(c.(cachedOIDC).fetched) < 5*time.Minute {
		return c.(cachedOIDC).p, nil
	}
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	p, err := oidc.NewProvider(oidc.ClientContext(dctx, SSOHTTPClient), issuer)
	if err != nil {
		return nil, errors.Join(ErrSSOFailed, err)
	}
	oidcProviders.Store(issuer, cachedOIDC{p: p, fetched: time.Now()})
	return p, nil
}

func (s *Service) oauthConfig(sp SSOProvider, p *oidc.Provider) (*oauth2.Config, error) {
	secret, err := auth.Open(s.ssoKey(), sp.secretSealed)
	if err != nil {
		return nil, err
	}
	return &oauth2.Config{ClientID: sp.ClientID, ClientSecret: string(secret), Endpoint: p.Endpoint(),
		RedirectURL: s.SSOCallbackURL(), Scopes: []string{oidc.ScopeOpenID, "email", "profile"}}, nil
}

// SSOStartsPerIP limits the sign-ins an address may begin (each stores a row until it expires).
var SSOStartsPerIP = ratelimit.Rule{Limit: 60, Window: 15 * time.Minute}

// StartSSO begins a sign-in for the e-mail's provider and returns the provider's authorisation
// URL, to which the browser goes.
func (s *Service) StartSSO(ctx context.Context, email string, meta ClientMeta) (string, error) {
	email = normEmail(email)
	c := validate.New()
	c.Email("email", email)
	if err := c.Err(); err != nil {
		return "", err
	}
	ok, after, err := s.limits.Take(ctx, "sso:ip:"+meta.IP, SSOStartsPerIP)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", ratelimit.Refuse(ErrTooManyAttempts, after)
	}
	// Sign-ins abandoned at the provider are forgotten once expired.
	if _, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM sso_logins WHERE expires_at < $1`, s.Now()); err != nil {
		return "", err
	}
	sp, err := s.providerForEmail(ctx, email)
	if errors.Is(err, ErrNotFound) {
		return "", validate.Field("email", "validation.sso_none", "no single sign-on for this e-mail domain")
	}
	if err != nil {
		return "", err
	}
	op, err := s.discover(ctx, sp.Issuer)
	if err != nil {
		return "", err
	}
	cfg, err := s.oauthConfig(sp, op)
	if err != nil {
		return "", err
	}
	state, nonce, verifier := auth.RandomToken(24), auth.RandomToken(24), oauth2.GenerateVerifier()
	now := s.Now()
	if _, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO sso_logins (state_hash, org_id, provider_id, nonce, verifier, created_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, auth.HashToken(state), sp.OrgID, sp.ID, nonce, verifier, now, now.Add(ssoLoginTTL)); err != nil {
		return "", err
	}
	return cfg.AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier), oauth2.SetAuthURLParam("login_hint", email)), nil
}

type ssoClaims struct {
	Email         string `json:"email"`
	EmailVerified *bool  `json:"email_verified"`
	Name          string `json:"name"`
}

// FinishSSO completes the provider's redirect (state and code) and returns a one-time ticket
// for ExchangeSSOTicket. The state is used once, whatever the outcome.
func (s *Service) FinishSSO(ctx context.Context, state, code string) (string, error) {
	if state == "" || code == "" {
		return "", ErrSSOFailed
	}
	stateHash := auth.HashToken(state)
	var orgID, providerID int64
	var nonce, verifier string
	var expires time.Time
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		q := s.db.Q(ctx)
		err := q.QueryRowContext(ctx, `SELECT org_id, provider_id, nonce, verifier, expires_at FROM sso_logins
			WHERE state_hash = $1 AND ticket_hash IS NULL AND nonce <> ''`, stateHash).Scan(&orgID, &providerID, &nonce, &verifier, &expires)
		if err != nil {
			return err
		}
		res, err := q.ExecContext(ctx, `UPDATE sso_logins SET nonce = '' WHERE state_hash = $1 AND nonce = $2`, stateHash, nonce)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return sql.ErrNoRows
		}
		return nil
	})
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrSSOState // unknown, replayed or already used state
	}
	if err != nil {
		return "", err
	}
	if !s.Now().Before(expires) {
		return "", ErrSSOState
	}
	sp, err := s.ssoProvider(ctx, orgID, providerID)
	if err != nil {
		return "", ErrSSOFailed
	}
	op, err := s.discover(ctx, sp.Issuer)
	if err != nil {
		return "", err
	}
	cfg, err := s.oauthConfig(sp, op)
	if err != nil {
		return "", err
	}
	hctx := oidc.ClientContext(ctx, SSOHTTPClient)
	tok, err := cfg.Exchange(hctx, code, oauth2.VerifierOption(verifier))
	if err != nil {
		return "", errors.Join(ErrSSOFailed, err)
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return "", ErrSSOFailed
	}
	// The library checks the signature (with the keys of the discovered provider) and the
	// expiry; checkIDToken the claims that tie the token to this provider, client and sign-in.
	idt, err := op.VerifierContext(hctx, &oidc.Config{SkipIssuerCheck: true, SkipClientIDCheck: true, Now: s.Now}).Verify(hctx, raw)
	if err != nil {
		return "", errors.Join(ErrSSOFailed, err) // signature or expiry
	}
	if err := checkIDToken(idt, sp, nonce); err != nil {
		return "", err
	}
	var cl ssoClaims
	if err := idt.Claims(&cl); err != nil {
		return "", errors.Join(ErrSSOFailed, err)
	}
	if cl.Email == "" {
		// Some providers put the e-mail only in the userinfo answer.
		ui, err := op.UserInfo(hctx, oauth2.StaticTokenSource(tok))
		if err != nil {
			return "", errors.Join(ErrSSOFailed, err)
		}
		if ui.Subject != idt.Subject {
			return "", ErrSSOFailed
		}
		cl.Email, cl.EmailVerified = ui.Email, &ui.EmailVerified
		var more ssoClaims
		if ui.Claims(&more) == nil && cl.Name == "" {
			cl.Name = more.Name
		}
	}
	email := normEmail(cl.Email)
	verified := cl.EmailVerified != nil && *cl.EmailVerified
	if email == "" || !slices.Contains(sp.Domains, emailDomain(email)) {
		return "", ErrSSODomain
	}
	userID, err := s.ssoUser(ctx, sp, idt.Subject, email, verified, cl.Name)
	if err != nil {
		return "", err
	}
	ticket := auth.RandomToken(24)
	if _, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE sso_logins SET ticket_hash = $2, user_id = $3, expires_at = $4 WHERE state_hash = $1`,
		stateHash, auth.HashToken(ticket), userID, s.Now().Add(ssoTicketTTL)); err != nil {
		return "", err
	}
	return ticket, nil
}

// checkIDToken checks a verified ID token's claims (OpenID Connect Core 3.1.3.7): issued by the
// provider the organisation configured (whose discovery document named the same issuer; Google
// may write its issuer without the scheme), to this client (in aud and, when named, as the
// authorised party), for this sign-in (the nonce stored with the state: a token minted for
// another sign-in, or an attacker's, is refused).
func checkIDToken(idt *oidc.IDToken, sp SSOProvider, nonce string) error {
	if idt.Issuer != sp.Issuer && !(sp.Issuer == googleIssuer && idt.Issuer == strings.TrimPrefix(googleIssuer, "https://")) {
		return ErrSSOIssuer
	}
	if !slices.Contains(idt.Audience, sp.ClientID) {
		return ErrSSOAudience
	}
	var azp struct {
		AuthorizedParty string `json:"azp"`
	}
	if err := idt.Claims(&azp); err != nil {
		return errors.Join(ErrSSOFailed, err)
	}
	if azp.AuthorizedParty != "" && azp.AuthorizedParty != sp.ClientID {
		return ErrSSOAudience
	}
	if nonce == "" || idt.Nonce != nonce {
		return ErrSSONonce
	}
	return nil
}

// ssoUser finds the account of a provider's subject: its link, else (match_email) the
// organisation's account of the same verified e-mail, which it then links. An unknown e-mail
// becomes a request for an admin when the provider creates members.
func (s *Service) ssoUser(ctx context.Context, sp SSOProvider, subject, email string, verified bool, name string) (int64, error) {
	var userID int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT user_id FROM sso_identities WHERE provider_id = $1 AND subject = $2`, sp.ID, subject).Scan(&userID)
	if err == nil {
		return userID, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	u, err := s.store.UserByEmail(ctx, email)
	switch {
	case err == nil && sp.MatchEmail && verified && u.OrgID == sp.OrgID:
		_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO sso_identities (provider_id, subject, org_id, user_id, created_at) VALUES ($1, $2, $3, $4, $5)`,
			sp.ID, subject, sp.OrgID, u.ID, s.Now())
		return u.ID, err
	case err == nil:
		return 0, ErrSSONoAccount
	case !errors.Is(err, ErrNotFound):
		return 0, err
	case !sp.CreateMembers || !verified:
		return 0, ErrSSONoAccount
	}
	name = strings.TrimSpace(name)
	if name == "" {
		name = email[:strings.IndexByte(email, '@')]
	}
	if len(name) > 100 {
		name = name[:100]
	}
	q := `INSERT INTO sso_requests (org_id, provider_id, subject, email, name, created_at) VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (provider_id, subject) DO NOTHING`
	if _, err := s.db.Q(ctx).ExecContext(ctx, q, sp.OrgID, sp.ID, subject, email, name, s.Now()); err != nil {
		return 0, err
	}
	return 0, ErrSSOPending
}

// ExchangeSSOTicket turns a ticket from FinishSSO into a session, once. The provider's sign-in
// does not replace Hadir's own second factor: an account with two-factor sign-in also needs
// otpCode, exactly as the e-mailed sign-in link does. Without one the ticket is left unused and
// ErrTwoFactorRequired asks for it; with one the ticket is used up first, so each ticket is one
// guess of the code, and a wrong code counts as a failed sign-in. (An owner or admin of an
// organisation that requires two-factor sign-in and has none yet gets a session that must set
// it up first, as after a password: that flag comes with every session.)
func (s *Service) ExchangeSSOTicket(ctx context.Context, ticket, otpCode string, meta ClientMeta) (Session, error) {
	if ticket == "" {
		return Session{}, validate.Field("ticket", "validation.required", "ticket is required")
	}
	var userID, orgID int64
	var expires time.Time
	h := auth.HashToken(ticket)
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT user_id, org_id, expires_at FROM sso_logins WHERE ticket_hash = $1`, h).Scan(&userID, &orgID, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return Session{}, ErrSSOFailed
	}
	if err != nil {
		return Session{}, err
	}
	if !s.Now().Before(expires) {
		return Session{}, ErrSSOFailed
	}
	u, err := s.store.UserByID(ctx, orgID, userID)
	if err != nil {
		return Session{}, ErrSSOFailed
	}
	tf, err := s.store.TwoFactor(ctx, u.ID)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return Session{}, err
	}
	twoFactor := err == nil && tf.Enabled
	if twoFactor && strings.TrimSpace(otpCode) == "" {
		return Session{}, ErrTwoFactorRequired
	}
	res, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM sso_logins WHERE ticket_hash = $1`, h)
	if err != nil {
		return Session{}, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return Session{}, ErrSSOFailed // used in the meantime
	}
	if twoFactor {
		if err := s.checkSecondFactor(ctx, u.ID, otpCode, "otp_code"); err != nil {
			var ve validate.Errors
			if errors.As(err, &ve) {
				if ferr := s.store.AddFailure(ctx, u.Email, meta.IP, s.Now()); ferr != nil {
					return Session{}, ferr
				}
			}
			return Session{}, err
		}
	}
	return s.signIn(ctx, u, meta)
}

// SSORequests lists the organisation's sign-ins waiting for approval.
func (s *Service) SSORequests(ctx context.Context, p Principal) ([]SSORequest, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT id, provider_id, email, name, created_at FROM sso_requests WHERE org_id = $1 ORDER BY id`, p.OrgID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []SSORequest{}
	for rows.Next() {
		var r SSORequest
		if err := rows.Scan(&r.ID, &r.ProviderID, &r.Email, &r.Name, &r.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// DecideSSORequest approves (creates the member account, linked to the subject, with an
// unusable password) or refuses a request; either way the request is gone.
func (s *Service) DecideSSORequest(ctx context.Context, p Principal, id int64, approve bool) (User, error) {
	var u User
	// No password anyone knows: the hash of a random one (a reset can set a real one). Hashed
	// before the transaction, which it would otherwise hold for the hash's time.
	hash := ""
	if approve {
		var err error
		if hash, err = s.hasher.Hash(ctx, auth.RandomToken(24)); err != nil {
			return User{}, err
		}
	}
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		var providerID int64
		var subject, email, name string
		err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT provider_id, subject, email, name FROM sso_requests WHERE org_id = $1 AND id = $2`,
			p.OrgID, id).Scan(&providerID, &subject, &email, &name)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if _, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM sso_requests WHERE id = $1`, id); err != nil {
			return err
		}
		if !approve {
			return nil
		}
		u = User{OrgID: p.OrgID, Name: name, Email: email, Role: RoleMember, PasswordHash: hash}
		if u.ID, err = s.store.CreateUser(ctx, u); err != nil {
			if errors.Is(err, ErrEmailTaken) {
				return validate.Field("email", "validation.taken", "this e-mail address already has an account")
			}
			return err
		}
		_, err = s.db.Q(ctx).ExecContext(ctx, `INSERT INTO sso_identities (provider_id, subject, org_id, user_id, created_at) VALUES ($1, $2, $3, $4, $5)`,
			providerID, subject, p.OrgID, u.ID, s.Now())
		return err
	})
	return u, err
}
