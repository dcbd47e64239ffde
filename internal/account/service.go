package account

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"hadir/internal/org"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/platform/mail"
	"hadir/internal/platform/ratelimit"
	"hadir/internal/platform/validate"
)

// Store is the persistence the account service needs.
type Store interface {
	TwoFactorStore // twofactor.go
	TokenStore     // apitoken.go
	CreateUser(ctx context.Context, u User) (int64, error)
	UserByEmail(ctx context.Context, email string) (User, error)
	UserByID(ctx context.Context, orgID, id int64) (User, error)
	UpdateUser(ctx context.Context, u User) error
	SetPassword(ctx context.Context, userID int64, hash string) error
	CreateSession(ctx context.Context, id string, u User, created, expires time.Time, meta ClientMeta) error
	SessionPrincipal(ctx context.Context, sessionID string, now time.Time) (Principal, error)
	RevokeSession(ctx context.Context, sessionID string, now time.Time) error
	RevokeUserSessions(ctx context.Context, userID int64, exceptSession string, now time.Time) error
	AddFailure(ctx context.Context, email, ip string, at time.Time) error
	FailuresSinceLastSignIn(ctx context.Context, u User) (FailedAttempts, error)
	CreateLoginLink(ctx context.Context, userID int64, tokenHash, ip string, created, expires time.Time) error
	LoginLinkUser(ctx context.Context, tokenHash string, now time.Time) (int64, error)
	UseLoginLink(ctx context.Context, tokenHash string, now time.Time) (int64, error)
	UserByIDAnyOrg(ctx context.Context, id int64) (User, error)
	CreateReset(ctx context.Context, userID int64, tokenHash string, created, expires time.Time) error
	UseReset(ctx context.Context, tokenHash string, now time.Time) (int64, error)
	SetRole(ctx context.Context, orgID, userID int64, role string) error
	TransferOwnership(ctx context.Context, orgID, fromID, toID int64) error
	DeleteUser(ctx context.Context, orgID, userID int64) error
}

// Orgs is what the account service needs of the org domain.
type Orgs interface {
	Create(ctx context.Context, o org.Org) (int64, error)
	Get(ctx context.Context, id int64) (org.Org, error)
}

// Mailer queues e-mail.
type Mailer interface {
	Enqueue(ctx context.Context, m mail.Message) error
}

// Limits, counted in the database before the work they limit (see internal/platform/ratelimit).
var (
	// LoginPerAccount is sign-in attempts per e-mail address (existing or not); past it the
	// account is locked and needs the right password plus an e-mailed link.
	LoginPerAccount = ratelimit.Rule{Limit: 5, Window: 15 * time.Minute}
	// LoginPerIP is sign-in attempts per address; a successful one is given back.
	LoginPerIP = ratelimit.Rule{Limit: 50, Window: 15 * time.Minute}
	// ResetsPerEmail is password-reset requests per e-mail string, existing or not, so a
	// refusal tells nothing about the address.
	ResetsPerEmail = ratelimit.Rule{Limit: 3, Window: time.Hour}
	// ResetsPerIP is password-reset requests per address.
	ResetsPerIP = ratelimit.Rule{Limit: 10, Window: time.Hour}
	// GuessesPerIP is guesses of a short secret (a verification code) per address; a right
	// guess is given back.
	GuessesPerIP = ratelimit.Rule{Limit: 20, Window: 15 * time.Minute}
	// LoginLinksPerUser is sign-in links e-mailed to one locked account.
	LoginLinksPerUser = ratelimit.Rule{Limit: 3, Window: 15 * time.Minute}
)

// Lifetimes of e-mailed tokens.
const (
	ResetTTL     = time.Hour
	LoginLinkTTL = 15 * time.Minute
)

// Service holds the account rules.
type Service struct {
	db      *database.DB
	store   Store
	orgs    Orgs
	mail    Mailer
	signer  *auth.Signer
	hasher  *auth.Hasher
	limits  *ratelimit.Limiter
	baseURL string
	// principals caches the principals of live sessions (sessioncache.go).
	principals *principalCache
	// TokenTTL is how long an access token and its session live.
	TokenTTL time.Duration
	// Now is the clock (tests fix it).
	Now func() time.Time
	// Starter creates a new organisation's starter rows inside the registration's
	// transaction (kind "school" or "company", a language code); nil creates none.
	Starter func(ctx context.Context, orgID int64, kind, language string) error
}

// Deps are the collaborators of a Service.
type Deps struct {
	DB      *database.DB
	Store   Store
	Orgs    Orgs
	Mail    Mailer
	Signer  *auth.Signer
	Hasher  *auth.Hasher // every password hash and check goes through its semaphore
	BaseURL string
}

// NewService returns a Service.
func NewService(d Deps) *Service {
	s := &Service{db: d.DB, orgs: d.Orgs, mail: d.Mail, signer: d.Signer, hasher: d.Hasher,
		limits: ratelimit.New(d.DB), baseURL: d.BaseURL, TokenTTL: 12 * time.Hour, Now: database.Now}
	// The limits follow the service's clock, so that a test that moves one moves both.
	s.limits.Now = func() time.Time { return s.Now() }
	s.store = revokingStore{Store: d.Store, s: s}
	s.principals = newPrincipalCache(true)
	return s
}

// Hasher is the password hasher, whose Wait tests may shorten.
func (s *Service) Hasher() *auth.Hasher { return s.hasher }

func normEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }

// RegisterCompany creates a company named after the employer and its owner, and signs in.
func (s *Service) RegisterCompany(ctx context.Context, f CompanySignup, meta ClientMeta) (Session, error) {
	f.Name, f.Employer, f.CompanySize = strings.TrimSpace(f.Name), strings.TrimSpace(f.Employer), strings.TrimSpace(f.CompanySize)
	f.Email, f.Timezone = normEmail(f.Email), strings.TrimSpace(f.Timezone)
	c := validate.New()
	if c.Required("name", f.Name) {
		c.MaxLen("name", f.Name, 100)
	}
	c.Email("email", f.Email)
	size := 0
	if c.Digits("company_size", f.CompanySize) {
		n, err := strconv.Atoi(f.CompanySize)
		if err != nil || n < 1 || n > 10_000_000 {
			c.Invalid("company_size")
		}
		size = n
	}
	if c.Required("employer", f.Employer) {
		c.MaxLen("employer", f.Employer, 200)
	}
	c.Password("password", f.Password)
	c.Timezone("timezone", f.Timezone)
	c.True("terms", f.Terms)
	validStart(c, &f.Start)
	if err := c.Err(); err != nil {
		return Session{}, err
	}
	o := org.Org{Kind: org.KindCompany, Name: f.Employer, Email: f.Email, CompanySize: &size, Timezone: f.Timezone}
	return s.register(ctx, o, User{Name: f.Name, Email: f.Email, Role: RoleOwner}, f.Password, "email", f.Start, meta)
}

// RegisterSchool creates a school and its owner, and signs in.
func (s *Service) RegisterSchool(ctx context.Context, f SchoolSignup, meta ClientMeta) (Session, error) {
	p := org.SchoolProfile{Name: strings.TrimSpace(f.Name), Code: strings.TrimSpace(f.Code), Email: normEmail(f.Email),
		ContactNumber: strings.TrimSpace(f.ContactNumber), Timezone: strings.TrimSpace(f.Timezone)}
	f.AdminName, f.AdminEmail = strings.TrimSpace(f.AdminName), normEmail(f.AdminEmail)
	c := validate.New()
	org.ValidateSchool(c, "", p)
	if c.Required("admin_name", f.AdminName) {
		c.MaxLen("admin_name", f.AdminName, 100)
	}
	c.Email("admin_email", f.AdminEmail)
	c.Password("password", f.Password)
	c.True("terms", f.Terms)
	validStart(c, &f.Start)
	if err := c.Err(); err != nil {
		return Session{}, err
	}
	o := org.Org{Kind: org.KindSchool, Name: p.Name, Code: p.Code, Email: p.Email, Phone: p.ContactNumber, Timezone: p.Timezone}
	return s.register(ctx, o, User{Name: f.AdminName, Email: f.AdminEmail, Role: RoleOwner}, f.Password, "admin_email", f.Start, meta)
}

// languages are the stored codes of the UI languages.
var languages = []string{"en", "ms", "ch", "es", "jp", "de", "fr"}

// validStart defaults the starter language to English and refuses a code the UI does not have.
func validStart(c *validate.Checker, st *Start) {
	st.Language = strings.TrimSpace(st.Language)
	if st.Language == "" {
		st.Language = "en"
	}
	if !slices.Contains(languages, st.Language) {
		c.Invalid("language")
	}
}

func (s *Service) register(ctx context.Context, o org.Org, u User, password, emailField string, st Start, meta ClientMeta) (Session, error) {
	hash, err := s.hasher.Hash(ctx, password)
	if err != nil {
		return Session{}, err
	}
	u.PasswordHash = hash
	var sess Session
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		orgID, err := s.orgs.Create(ctx, o)
		if err != nil {
			return err
		}
		u.OrgID = orgID
		if u.ID, err = s.store.CreateUser(ctx, u); err != nil {
			if errors.Is(err, ErrEmailTaken) {
				return validate.Field(emailField, "validation.taken", "this e-mail address is already registered")
			}
			return err
		}
		if s.Starter != nil && !st.Empty {
			if err := s.Starter(ctx, orgID, o.Kind, st.Language); err != nil {
				return err
			}
		}
		sess, err = s.startSession(ctx, u, meta)
		return err
	})
	return sess, err
}

// startSession stores a session row and signs its token.
func (s *Service) startSession(ctx context.Context, u User, meta ClientMeta) (Session, error) {
	now := s.Now()
	exp := now.Add(s.TokenTTL)
	sid := auth.RandomToken(18)
	if err := s.store.CreateSession(ctx, sid, u, now, exp, meta); err != nil {
		return Session{}, err
	}
	tok, err := s.signer.Issue(sid, u.ID, u.OrgID, now, exp)
	if err != nil {
		return Session{}, err
	}
	o, err := s.orgs.Get(ctx, u.OrgID)
	if err != nil {
		return Session{}, err
	}
	return Session{Token: tok, ExpiresAt: exp, User: u, Org: o}, nil
}

// Login checks credentials. Attempts are reserved per address and per account before the
// password is hashed, atomically in the database, so parallel guesses cannot pass the limits
// and every node shares them. Past the per-account limit the account is locked: a sign-in then
// needs the right password plus a proof a stranger cannot send (see proveLocked), and the
// answer is the same whether the password was right or wrong. An account with two-factor
// sign-in also needs otpCode: a current TOTP code or a recovery code; a wrong code keeps the
// attempt counted against the account.
func (s *Service) Login(ctx context.Context, email, password, otpCode string, meta ClientMeta) (Session, error) {
	email = normEmail(email)
	c := validate.New()
	c.Email("email", email)
	c.Required("password", password)
	if err := c.Err(); err != nil {
		return Session{}, err
	}
	ipKey, acctKey := "login:ip:"+meta.IP, "login:account:"+email
	ok, after, err := s.limits.Take(ctx, ipKey, LoginPerIP)
	if err != nil {
		return Session{}, err
	}
	if !ok {
		return Session{}, ratelimit.Refuse(ErrTooManyAttempts, after)
	}
	unlocked, lockedFor, err := s.limits.Take(ctx, acctKey, LoginPerAccount)
	if err != nil {
		return Session{}, err
	}
	u, err := s.store.UserByEmail(ctx, email)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return Session{}, err
	}
	found := err == nil
	right := false
	if found {
		right, err = s.hasher.Verify(ctx, u.PasswordHash, password)
		if err != nil && !errors.Is(err, auth.ErrBusy) {
			slog.Error("account: stored hash unreadable", "user", u.ID, "err", err)
		}
	} else {
		// Spend the same time (and memory, through the same semaphore) on unknown addresses,
		// so timing does not tell which exist.
		_, err = s.hasher.Hash(ctx, password)
	}
	if errors.Is(err, auth.ErrBusy) || errors.Is(err, context.Canceled) {
		// The password was never checked: the attempt does not count.
		_ = s.limits.Give(ctx, ipKey)
		if unlocked {
			_ = s.limits.Give(ctx, acctKey)
		}
		return Session{}, err
	}
	now := s.Now()
	if !right {
		if err := s.store.AddFailure(ctx, email, meta.IP, now); err != nil {
			return Session{}, err
		}
		if !unlocked {
			return Session{}, ratelimit.Refuse(ErrLocked, lockedFor)
		}
		return Session{}, ErrInvalidCredentials
	}
	// Password sign-in may be off for the organisation (single sign-on); the owner keeps it, and
	// the password reset, as the way back in when the provider fails.
	if u.Role != RoleOwner {
		off, err := s.PasswordSignInDisabled(ctx, u.OrgID)
		if err != nil {
			return Session{}, err
		}
		if off {
			return Session{}, ErrPasswordSignInOff
		}
	}
	if !unlocked {
		proved, err := s.proveLocked(ctx, u, meta)
		if err != nil {
			return Session{}, err
		}
		if !proved {
			return Session{}, ratelimit.Refuse(ErrLocked, lockedFor)
		}
	}
	setup, err := s.loginSecondFactor(ctx, u, otpCode, meta)
	if err != nil {
		return Session{}, err
	}
	// A successful sign-in forgets the account's count; the address keeps its failures (only
	// this attempt's reservation is returned), so a valid account does not reset an attack.
	if err := s.limits.Clear(ctx, acctKey); err != nil {
		return Session{}, err
	}
	if err := s.limits.Give(ctx, ipKey); err != nil {
		return Session{}, err
	}
	sess, err := s.signIn(ctx, u, meta)
	sess.TwoFactorSetupRequired = setup
	return sess, err
}

// proveLocked decides whether the right password for a locked account comes with a proof
// that it is the owner. No request to this call carries one: the proof is the e-mailed
// one-time sign-in link, so a link is e-mailed (rate limited) and the sign-in completes
// through LoginWithLink. A TOTP code is deliberately not enough here: whoever reached the
// lock with the right password could otherwise go on guessing codes without limit; with
// two-factor sign-in the link asks for the code as well, and each link takes one guess.
func (s *Service) proveLocked(ctx context.Context, u User, meta ClientMeta) (bool, error) {
	return false, s.sendLoginLink(ctx, u, meta)
}

// sendLoginLink e-mails a single-use sign-in link valid for LoginLinkTTL, at most
// LoginLinksPerUser.Limit per window; past that it quietly sends nothing.
func (s *Service) sendLoginLink(ctx context.Context, u User, meta ClientMeta) error {
	ok, _, err := s.limits.Take(ctx, "login-link:user:"+strconv.FormatInt(u.ID, 10), LoginLinksPerUser)
	if err != nil || !ok {
		return err
	}
	token := auth.RandomToken(32)
	now := s.Now()
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.CreateLoginLink(ctx, u.ID, auth.HashToken(token), meta.IP, now, now.Add(LoginLinkTTL)); err != nil {
			return err
		}
		link := s.baseURL + "/auth/login/link?token=" + token
		return s.mail.Enqueue(ctx, mail.Message{OrgID: u.OrgID, To: u.Email, Subject: "Your Hadir sign-in link",
			Body: fmt.Sprintf("Hello %s,\n\nYour Hadir account is locked after too many wrong passwords, and someone (we hope you) has just signed in with the right one from %s.\nTo finish signing in, open this link within 15 minutes. It works once:\n\n%s\n\nIf it was not you, your password is known to someone else: sign in with this link and change it.\n\nHadir", u.Name, meta.IP, link)})
	})
}

// LoginWithLink signs in with an e-mailed one-time sign-in link and unlocks the account. An
// account with two-factor sign-in also needs otpCode: without one the link is left unused and
// ErrTwoFactorRequired asks for it; with one the link is used up first, so each link is one
// guess of the code.
func (s *Service) LoginWithLink(ctx context.Context, token, otpCode string, meta ClientMeta) (Session, error) {
	token = strings.TrimSpace(token)
	if token == "" {
		return Session{}, validate.Field("token", "validation.required", "the sign-in link is incomplete")
	}
	invalid := validate.Field("token", "auth.login_link_invalid", "the sign-in link is invalid, used or expired")
	userID, err := s.store.LoginLinkUser(ctx, auth.HashToken(token), s.Now())
	if errors.Is(err, ErrNotFound) {
		return Session{}, invalid
	}
	if err != nil {
		return Session{}, err
	}
	tf, err := s.store.TwoFactor(ctx, userID)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return Session{}, err
	}
	twoFactor := err == nil && tf.Enabled
	if twoFactor && strings.TrimSpace(otpCode) == "" {
		return Session{}, ErrTwoFactorRequired
	}
	if userID, err = s.store.UseLoginLink(ctx, auth.HashToken(token), s.Now()); errors.Is(err, ErrNotFound) {
		return Session{}, invalid
	} else if err != nil {
		return Session{}, err
	}
	u, err := s.store.UserByIDAnyOrg(ctx, userID)
	if err != nil {
		return Session{}, err
	}
	if twoFactor {
		if err := s.checkSecondFactor(ctx, u.ID, otpCode, "otp_code"); err != nil {
			return Session{}, err
		}
	}
	if err := s.limits.Clear(ctx, "login:account:"+u.Email); err != nil {
		return Session{}, err
	}
	return s.signIn(ctx, u, meta)
}

// signIn starts a session and tells of the failed attempts since the previous sign-in.
func (s *Service) signIn(ctx context.Context, u User, meta ClientMeta) (Session, error) {
	fa, err := s.store.FailuresSinceLastSignIn(ctx, u)
	if err != nil {
		return Session{}, err
	}
	sess, err := s.startSession(ctx, u, meta)
	sess.FailedAttempts = &fa
	return sess, err
}

// Authenticate resolves a token to its principal; revoked or expired sessions fail.
func (s *Service) Authenticate(ctx context.Context, token string) (Principal, error) {
	claims, err := s.signer.Parse(token)
	if err != nil {
		return Principal{}, ErrUnauthenticated
	}
	now := s.Now()
	p, hit, gen := s.principals.get(claims.SessionID, time.Now())
	if hit && claims.ExpiresAt != nil && !now.Before(claims.ExpiresAt.Time) {
		hit = false // the session ends with its token (Now may be a test's clock)
	}
	if !hit {
		p, err = s.store.SessionPrincipal(ctx, claims.SessionID, now)
		if err == nil {
			s.principals.put(p, gen, time.Now())
		}
	}
	if errors.Is(err, ErrNotFound) || (err == nil && (p.UserID != claims.UserID || p.OrgID != claims.OrgID)) {
		return Principal{}, ErrUnauthenticated
	}
	return p, err
}

// Logout revokes the caller's session.
func (s *Service) Logout(ctx context.Context, p Principal) error {
	return s.store.RevokeSession(ctx, p.SessionID, s.Now())
}

// Me returns the caller's user and organisation.
func (s *Service) Me(ctx context.Context, p Principal) (User, org.Org, error) {
	u, err := s.store.UserByID(ctx, p.OrgID, p.UserID)
	if err != nil {
		return u, org.Org{}, err
	}
	o, err := s.orgs.Get(ctx, p.OrgID)
	return u, o, err
}

func (s *Service) checkCurrent(ctx context.Context, u User, field, password string) error {
	if strings.TrimSpace(password) == "" {
		return validate.Field(field, "validation.required", "current password is required")
	}
	ok, err := s.hasher.Verify(ctx, u.PasswordHash, password)
	if err != nil {
		return err
	}
	if !ok {
		return validate.Field(field, "validation.current_password", "the current password is incorrect")
	}
	return nil
}

// UpdateUser changes the caller's profile. Changing the e-mail or password needs the current password.
func (s *Service) UpdateUser(ctx context.Context, p Principal, up UserUpdate) (User, error) {
	u, err := s.store.UserByID(ctx, p.OrgID, p.UserID)
	if err != nil {
		return u, err
	}
	c := validate.New()
	if up.Name != nil {
		u.Name = strings.TrimSpace(*up.Name)
		if c.Required("name", u.Name) {
			c.MaxLen("name", u.Name, 100)
		}
	}
	emailChanged := false
	if up.Email != nil && normEmail(*up.Email) != u.Email {
		u.Email = normEmail(*up.Email)
		emailChanged = true
		c.Email("email", u.Email)
	}
	if up.Username != nil {
		u.Username = strings.TrimSpace(*up.Username)
		c.MaxLen("username", u.Username, 50)
	}
	if up.Bio != nil {
		u.Bio = strings.TrimSpace(*up.Bio)
		c.MaxText("bio", u.Bio, 2000)
	}
	if up.Image != nil {
		u.Image = strings.TrimSpace(*up.Image)
		if c.MaxLen("image", u.Image, 1000) && u.Image != "" && !strings.HasPrefix(u.Image, "https://") && !strings.HasPrefix(u.Image, "http://") && !strings.HasPrefix(u.Image, "/") {
			c.Invalid("image")
		}
	}
	if up.Password != "" {
		c.Password("password", up.Password)
	}
	if err := c.Err(); err != nil {
		return u, err
	}
	if emailChanged || up.Password != "" {
		if err := s.checkCurrent(ctx, u, "current_password", up.CurrentPassword); err != nil {
			return u, err
		}
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.UpdateUser(ctx, u); err != nil {
			if errors.Is(err, ErrEmailTaken) {
				return validate.Field("email", "validation.taken", "this e-mail address is already registered")
			}
			return err
		}
		if up.Password == "" {
			return nil
		}
		return s.setPassword(ctx, u.ID, up.Password, p.SessionID)
	})
	return u, err
}

// setPassword stores a new hash and revokes every other session of the user.
func (s *Service) setPassword(ctx context.Context, userID int64, password, keepSession string) error {
	hash, err := s.hasher.Hash(ctx, password)
	if err != nil {
		return err
	}
	if err := s.store.SetPassword(ctx, userID, hash); err != nil {
		return err
	}
	return s.store.RevokeUserSessions(ctx, userID, keepSession, s.Now())
}

// ChangeEmail sets a new sign-in address after checking the current password.
func (s *Service) ChangeEmail(ctx context.Context, p Principal, email, password string) (User, error) {
	email = normEmail(email)
	c := validate.New()
	c.Email("email", email)
	c.Required("password", password)
	if err := c.Err(); err != nil {
		return User{}, err
	}
	u, err := s.store.UserByID(ctx, p.OrgID, p.UserID)
	if err != nil {
		return u, err
	}
	if err := s.checkCurrent(ctx, u, "password", password); err != nil {
		return u, err
	}
	u.Email = email
	if err := s.store.UpdateUser(ctx, u); err != nil {
		if errors.Is(err, ErrEmailTaken) {
			return u, validate.Field("email", "validation.taken", "this e-mail address is already registered")
		}
		return u, err
	}
	return u, nil
}

// ChangePassword sets a new password; every other session of the user is revoked.
func (s *Service) ChangePassword(ctx context.Context, p Principal, current, password, confirm string) error {
	c := validate.New()
	c.Required("current_password", current)
	if c.Password("password", password) && password != confirm {
		c.Add("password_confirmation", "validation.confirmed", "the password repeat does not match", nil)
	}
	if err := c.Err(); err != nil {
		return err
	}
	u, err := s.store.UserByID(ctx, p.OrgID, p.UserID)
	if err != nil {
		return err
	}
	if err := s.checkCurrent(ctx, u, "current_password", current); err != nil {
		return err
	}
	return s.db.WithTx(ctx, func(ctx context.Context) error { return s.setPassword(ctx, u.ID, password, p.SessionID) })
}

// RequestPasswordReset e-mails a single-use reset link valid for an hour. It says nothing
// about whether the address exists.
//
// Requests are limited per e-mail string (whether or not it is registered) and per address,
// reserved atomically before anything is looked up.
func (s *Service) RequestPasswordReset(ctx context.Context, email, ip string) error {
	email = normEmail(email)
	c := validate.New()
	c.Email("email", email)
	if err := c.Err(); err != nil {
		return err
	}
	for _, l := range []struct {
		key  string
		rule ratelimit.Rule
	}{{"reset:ip:" + ip, ResetsPerIP}, {"reset:email:" + email, ResetsPerEmail}} {
		ok, after, err := s.limits.Take(ctx, l.key, l.rule)
		if err != nil {
			return err
		}
		if !ok {
			return ratelimit.Refuse(ErrTooManyResets, after)
		}
	}
	u, err := s.store.UserByEmail(ctx, email)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	token := auth.RandomToken(32)
	now := s.Now()
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.CreateReset(ctx, u.ID, auth.HashToken(token), now, now.Add(ResetTTL)); err != nil {
			return err
		}
		link := s.baseURL + "/auth/password/reset?token=" + token
		return s.mail.Enqueue(ctx, mail.Message{OrgID: u.OrgID, To: u.Email, Subject: "Reset your Hadir password",
			Body: fmt.Sprintf("Hello %s,\n\nSomeone asked to reset the password of your Hadir account. To choose a new password, open this link within one hour:\n\n%s\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n\nHadir", u.Name, link)})
	})
}

// ResetPassword uses a reset token once and sets the new password; all sessions end.
func (s *Service) ResetPassword(ctx context.Context, token, password, confirm string) error {
	c := validate.New()
	c.Required("token", token)
	if c.Password("password", password) && password != confirm {
		c.Add("password_confirmation", "validation.confirmed", "the password repeat does not match", nil)
	}
	if err := c.Err(); err != nil {
		return err
	}
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		userID, err := s.store.UseReset(ctx, auth.HashToken(token), s.Now())
		if errors.Is(err, ErrNotFound) {
			return validate.Field("token", "auth.reset_token_invalid", "the reset link is invalid, used or expired")
		}
		if err != nil {
			return err
		}
		if err := s.setPassword(ctx, userID, password, ""); err != nil {
			return err
		}
		return nil
	})
}

// CreateMember creates a member account in an organisation (an employee linking their record)
// and signs it in. emailField names the request field that carried the address.
func (s *Service) CreateMember(ctx context.Context, orgID int64, name, email, password, emailField string, meta ClientMeta) (Session, error) {
	name, email = strings.TrimSpace(name), normEmail(email)
	c := validate.New()
	if c.Required("name", name) {
		c.MaxLen("name", name, 100)
	}
	c.Email(emailField, email)
	c.Password("password", password)
	if err := c.Err(); err != nil {
		return Session{}, err
	}
	hash, err := s.hasher.Hash(ctx, password)
	if err != nil {
		return Session{}, err
	}
	u := User{OrgID: orgID, Name: name, Email: email, Role: RoleMember, PasswordHash: hash}
	var sess Session
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if u.ID, err = s.store.CreateUser(ctx, u); err != nil {
			if errors.Is(err, ErrEmailTaken) {
				return validate.Field(emailField, "validation.taken", "this e-mail address is already registered; sign in instead")
			}
			return err
		}
		sess, err = s.startSession(ctx, u, meta)
		return err
	})
	return sess, err
}

// SetAdmin gives (admin true) or takes (false) the admin role of a user; owners only.
func (s *Service) SetAdmin(ctx context.Context, p Principal, userID int64, admin bool) error {
	if p.Role != RoleOwner {
		return ErrNotOwner
	}
	if userID == p.UserID {
		return ErrNotOwner
	}
	role := RoleMember
	if admin {
		role = RoleAdmin
	}
	return s.store.SetRole(ctx, p.OrgID, userID, role)
}

// TransferOwnership hands the organisation to another of its users; the caller becomes admin.
func (s *Service) TransferOwnership(ctx context.Context, p Principal, toUserID int64) error {
	if p.Role != RoleOwner || toUserID == p.UserID {
		return ErrNotOwner
	}
	return s.db.WithTx(ctx, func(ctx context.Context) error { return s.store.TransferOwnership(ctx, p.OrgID, p.UserID, toUserID) })
}

// DeleteUser removes another user's account (not the owner's); the person record stays.
func (s *Service) DeleteUser(ctx context.Context, p Principal, userID int64) error {
	if userID == p.UserID {
		return ErrNotOwner
	}
	return s.store.DeleteUser(ctx, p.OrgID, userID)
}

// CheckAttempts reserves one guess of a guessable secret (a verification code) from an address,
// atomically before the guess is checked; past the limit it refuses. key names what is guessed.
// A guess that turns out right is given back with ForgiveAttempt.
func (s *Service) CheckAttempts(ctx context.Context, key, ip string) error {
	ok, after, err := s.limits.Take(ctx, "guess:"+key+":ip:"+ip, GuessesPerIP)
	if err != nil {
		return err
	}
	if !ok {
		return ratelimit.Refuse(ErrTooManyAttempts, after)
	}
	return nil
}

// ForgiveAttempt gives back the reservation of a right guess.
func (s *Service) ForgiveAttempt(ctx context.Context, key, ip string) error {
	return s.limits.Give(ctx, "guess:"+key+":ip:"+ip)
}
