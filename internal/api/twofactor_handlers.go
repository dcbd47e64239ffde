package api

import (
	"net/http"

	"hadir/internal/account"
	"hadir/internal/ops"
	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
)

// Two-factor sign-in of the caller's own account, and the organisation's sign-in policy.

func (a *API) twoFactorStatus(w http.ResponseWriter, r *http.Request) error {
	st, err := a.Accounts.TwoFactorStatus(r.Context(), principal(r))
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, st)
	return nil
}

func (a *API) twoFactorStart(w http.ResponseWriter, r *http.Request) error {
	en, err := a.Accounts.StartTwoFactor(r.Context(), principal(r))
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, en)
	return nil
}

type twoFactorCodeRequest struct {
	Code     string `json:"code"`
	Password string `json:"password"`
}

type recoveryCodesResponse struct {
	RecoveryCodes []string `json:"recovery_codes"`
}

func (a *API) twoFactorConfirm(w http.ResponseWriter, r *http.Request) error {
	var req twoFactorCodeRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	codes, err := a.Accounts.ConfirmTwoFactor(r.Context(), principal(r), req.Code)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, recoveryCodesResponse{RecoveryCodes: codes})
	return nil
}

func (a *API) twoFactorDisable(w http.ResponseWriter, r *http.Request) error {
	var req twoFactorCodeRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	if err := a.Accounts.DisableTwoFactor(r.Context(), principal(r), req.Password, req.Code); err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]string{"message": "two-factor sign-in is off"})
	return nil
}

func (a *API) twoFactorRecoveryCodes(w http.ResponseWriter, r *http.Request) error {
	var req twoFactorCodeRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	codes, err := a.Accounts.RegenerateRecoveryCodes(r.Context(), principal(r), req.Code)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, recoveryCodesResponse{RecoveryCodes: codes})
	return nil
}

// securityPolicyResponse is the policy and, for owners, the last scheduled backup of the
// installation (nil when none has been taken).
type securityPolicyResponse struct {
	account.SecurityPolicy
	LastBackup *ops.LastRun `json:"last_backup"`
}

func (a *API) policyResponse(r *http.Request, sp account.SecurityPolicy) (securityPolicyResponse, error) {
	out := securityPolicyResponse{SecurityPolicy: sp}
	if principal(r).Role != account.RoleOwner || a.DB == nil {
		return out, nil
	}
	last, err := ops.LastSuccess(r.Context(), a.DB, ops.JobBackup)
	out.LastBackup = last
	return out, err
}

func (a *API) securityPolicy(w http.ResponseWriter, r *http.Request) error {
	sp, err := a.Accounts.SecurityPolicy(r.Context(), principal(r))
	if err != nil {
		return err
	}
	out, err := a.policyResponse(r, sp)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, out)
	return nil
}

type securityPolicyRequest struct {
	RequireTwoFactor *bool `json:"require_two_factor"`
}

func (a *API) setSecurityPolicy(w http.ResponseWriter, r *http.Request) error {
	var req securityPolicyRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	if req.RequireTwoFactor == nil {
		return validate.Field("require_two_factor", "validation.required", "require two factor is required")
	}
	sp, err := a.Accounts.SetSecurityPolicy(r.Context(), principal(r), account.SecurityPolicy{RequireTwoFactor: *req.RequireTwoFactor})
	if err != nil {
		return err
	}
	out, err := a.policyResponse(r, sp)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, out)
	return nil
}
