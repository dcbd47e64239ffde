package api

import (
	"errors"
	"log/slog"
	"net/http"
	"sort"
	"strings"

	"hadir/internal/account"
	"hadir/internal/org"
	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
)

var (
	errRouteNotFound = web.NewError(http.StatusNotFound, "route_not_found", "the requested route does not exist")
	errNotFound      = web.NewError(http.StatusNotFound, "not_found", "the requested item is not found")
	errForbidden     = web.NewError(http.StatusForbidden, "auth.forbidden", "you do not have permission to do this")
	errInternal      = web.NewError(http.StatusInternalServerError, "internal", "something went wrong; please try again later")
)

// errorTable maps the domain's sentinel errors to status, stable code and English message.
var errorTable = []struct {
	err error
	out *web.Error
}{
	{account.ErrInvalidCredentials, web.NewError(http.StatusUnprocessableEntity, "auth.invalid_credentials", "the login detail is incorrect")},
	{account.ErrTooManyAttempts, web.NewError(http.StatusTooManyRequests, "auth.too_many_attempts", "too many failed sign-in attempts; try again in 15 minutes")},
	{account.ErrUnauthenticated, web.NewError(http.StatusUnauthorized, "auth.unauthenticated", "please sign in")},
	{account.ErrNotFound, errNotFound},
	{org.ErrNotFound, errNotFound},
	{org.ErrPositionName, &web.Error{Status: http.StatusConflict, Code: "position.name_taken", Message: "a position with this name already exists",
		Fields: validate.Field("name", "validation.taken", "a position with this name already exists")}},
}

// writeErr answers with the error's status and body; unknown errors are logged and hidden.
func writeErr(w http.ResponseWriter, r *http.Request, err error) {
	var we *web.Error
	var ve validate.Errors
	switch {
	case errors.As(err, &we):
	case errors.As(err, &ve):
		we = validationError(ve)
	default:
		for _, e := range errorTable {
			if errors.Is(err, e.err) {
				we = e.out
				break
			}
		}
		if we == nil {
			slog.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
			we = errInternal
		}
	}
	web.WriteError(w, we)
}

// validationError is a 422 whose message is the first field's; a single domain-specific
// detail code (such as auth.reset_token_invalid) becomes the error's code.
func validationError(ve validate.Errors) *web.Error {
	fields := make([]string, 0, len(ve))
	for f := range ve {
		fields = append(fields, f)
	}
	sort.Strings(fields)
	code := "validation.failed"
	if len(fields) == 1 && !strings.HasPrefix(ve[fields[0]][0].Code, "validation.") {
		code = ve[fields[0]][0].Code
	}
	return &web.Error{Status: http.StatusUnprocessableEntity, Code: code, Message: ve[fields[0]][0].Message, Fields: ve}
}
