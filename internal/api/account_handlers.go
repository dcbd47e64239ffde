package api

import (
	"net/http"
	"time"

	"hadir/internal/account"
	"hadir/internal/org"
	"hadir/internal/platform/web"
)

type orgResponse struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Kind     string `json:"kind"`
	Timezone string `json:"timezone"`
}

type sessionResponse struct {
	AccessToken string `json:"access_token,omitempty"`
	// TwoFactorSetupRequired: the organisation requires two-factor sign-in of this owner or
	// admin, who must enrol before anything else answers.
	TwoFactorSetupRequired bool         `json:"two_factor_setup_required"`
	ExpiresAt              *time.Time   `json:"expires_at,omitempty"`
	Name                   string       `json:"name"`
	Email                  string       `json:"email"`
	User                   account.User `json:"user"`
	Org                    orgResponse  `json:"org"`
	Roles                  []string     `json:"roles"`
	Permissions            []string     `json:"permissions"`
	// FailedAttempts is set on sign-in: failed attempts since the previous sign-in.
	FailedAttempts *account.FailedAttempts `json:"failed_attempts,omitempty"`
}

func toSessionResponse(u account.User, o org.Org, token string, exp time.Time) sessionResponse {
	s := sessionResponse{Name: u.Name, Email: u.Email, User: u,
		Org:   orgResponse{ID: o.ID, Name: o.Name, Kind: o.Kind, Timezone: o.Timezone},
		Roles: []string{u.Role}, Permissions: account.Permissions(o.Kind, u.Role)}
	if token != "" {
		s.AccessToken, s.ExpiresAt = token, &exp
	}
	return s
}

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	// OTPCode is the second-factor code of an account with two-factor sign-in.
	OTPCode string `json:"otp_code"`
}

func (a *API) login(w http.ResponseWriter, r *http.Request) error {
	var req loginRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	s, err := a.Accounts.Login(r.Context(), req.Email, req.Password, req.OTPCode, clientMeta(r))
	if err != nil {
		return err
	}
	writeSignIn(w, s)
	return nil
}

func writeSignIn(w http.ResponseWriter, s account.Session) {
	out := toSessionResponse(s.User, s.Org, s.Token, s.ExpiresAt)
	out.FailedAttempts = s.FailedAttempts
	out.TwoFactorSetupRequired = s.TwoFactorSetupRequired
	web.Data(w, http.StatusOK, out)
}

type loginLinkRequest struct {
	Token string `json:"token"`
	// OTPCode is the second-factor code, for an account with two-factor sign-in.
	OTPCode string `json:"otp_code"`
}

// loginWithLink signs in with the one-time link e-mailed for a locked account.
func (a *API) loginWithLink(w http.ResponseWriter, r *http.Request) error {
	var req loginLinkRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	s, err := a.Accounts.LoginWithLink(r.Context(), req.Token, req.OTPCode, clientMeta(r))
	if err != nil {
		return err
	}
	writeSignIn(w, s)
	return nil
}

type companySignupRequest struct {
	Name        string         `json:"name"`
	Email       string         `json:"email"`
	CompanySize web.FlexString `json:"company_size"`
	Employer    string         `json:"employer"`
	Password    string         `json:"password"`
	Timezone    string         `json:"timezone"`
	Terms       bool           `json:"terms"`
	Language    string         `json:"language"`
	StartEmpty  bool           `json:"start_empty"`
}

func (a *API) registerCompany(w http.ResponseWriter, r *http.Request) error {
	var req companySignupRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	s, err := a.Accounts.RegisterCompany(r.Context(), account.CompanySignup{Name: req.Name, Email: req.Email,
		CompanySize: string(req.CompanySize), Employer: req.Employer, Password: req.Password, Timezone: req.Timezone, Terms: req.Terms,
		Start: account.Start{Language: req.Language, Empty: req.StartEmpty}}, clientMeta(r))
	if err != nil {
		return err
	}
	web.Data(w, http.StatusCreated, toSessionResponse(s.User, s.Org, s.Token, s.ExpiresAt))
	return nil
}

type schoolSignupRequest struct {
	Name          string         `json:"name"`
	Code          string         `json:"code"`
	Email         string         `json:"email"`
	ContactNumber web.FlexString `json:"contact_number"`
	Timezone      string         `json:"timezone"`
	AdminName     string         `json:"admin_name"`
	AdminEmail    string         `json:"admin_email"`
	Password      string         `json:"password"`
	Terms         bool           `json:"terms"`
	Language      string         `json:"language"`
	StartEmpty    bool           `json:"start_empty"`
}

func (a *API) registerSchool(w http.ResponseWriter, r *http.Request) error {
	var req schoolSignupRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	s, err := a.Accounts.RegisterSchool(r.Context(), account.SchoolSignup{Name: req.Name, Code: req.Code, Email: req.Email,
		ContactNumber: string(req.ContactNumber), Timezone: req.Timezone, AdminName: req.AdminName, AdminEmail: req.AdminEmail,
		Password: req.Password, Terms: req.Terms, Start: account.Start{Language: req.Language, Empty: req.StartEmpty}}, clientMeta(r))
	if err != nil {
		return err
	}
	web.Data(w, http.StatusCreated, toSessionResponse(s.User, s.Org, s.Token, s.ExpiresAt))
	return nil
}

func (a *API) verify(w http.ResponseWriter, r *http.Request) error {
	u, o, err := a.Accounts.Me(r.Context(), principal(r))
	if err != nil {
		return err
	}
	res := toSessionResponse(u, o, "", time.Time{})
	res.TwoFactorSetupRequired = principal(r).TwoFactorSetupRequired
	web.Data(w, http.StatusOK, res)
	return nil
}

type userUpdateRequest struct {
	Name            *string `json:"name"`
	Email           *string `json:"email"`
	Username        *string `json:"username"`
	Bio             *string `json:"bio"`
	Image           *string `json:"image"`
	Password        string  `json:"password"`
	CurrentPassword string  `json:"current_password"`
}

func (a *API) updateUser(w http.ResponseWriter, r *http.Request) error {
	var req userUpdateRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	u, err := a.Accounts.UpdateUser(r.Context(), principal(r), account.UserUpdate{Name: req.Name, Email: req.Email,
		Username: req.Username, Bio: req.Bio, Image: req.Image, Password: req.Password, CurrentPassword: req.CurrentPassword})
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, u)
	return nil
}

func (a *API) logout(w http.ResponseWriter, r *http.Request) error {
	if err := a.Accounts.Logout(r.Context(), principal(r)); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type changeEmailRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

func (a *API) changeEmail(w http.ResponseWriter, r *http.Request) error {
	var req changeEmailRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	u, err := a.Accounts.ChangeEmail(r.Context(), principal(r), req.Email, req.Password)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, u)
	return nil
}

type changePasswordRequest struct {
	CurrentPassword      string `json:"current_password"`
	Password             string `json:"password"`
	PasswordConfirmation string `json:"password_confirmation"`
}

func (a *API) changePassword(w http.ResponseWriter, r *http.Request) error {
	var req changePasswordRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	if err := a.Accounts.ChangePassword(r.Context(), principal(r), req.CurrentPassword, req.Password, req.PasswordConfirmation); err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]string{"message": "your password has been changed"})
	return nil
}

type forgotPasswordRequest struct {
	Email string `json:"email"`
}

func (a *API) forgotPassword(w http.ResponseWriter, r *http.Request) error {
	var req forgotPasswordRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	if err := a.Accounts.RequestPasswordReset(r.Context(), req.Email, clientMeta(r).IP); err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]string{"message": "if the address is registered, a reset link has been sent to it"})
	return nil
}

type resetPasswordRequest struct {
	Token                string `json:"token"`
	Password             string `json:"password"`
	PasswordConfirmation string `json:"password_confirmation"`
}

func (a *API) resetPassword(w http.ResponseWriter, r *http.Request) error {
	var req resetPasswordRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	if err := a.Accounts.ResetPassword(r.Context(), req.Token, req.Password, req.PasswordConfirmation); err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]string{"message": "your password has been reset; please sign in"})
	return nil
}
