package api

import (
	"errors"
	"hadir/internal/approval"
	"hadir/internal/correction"
	"hadir/internal/overtime"
	"hadir/internal/reports"
	"hadir/internal/webhook"
	"log/slog"
	"math"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"hadir/internal/account"
	"hadir/internal/attendance"
	"hadir/internal/clockin"
	"hadir/internal/device"
	"hadir/internal/leave"
	"hadir/internal/notify"
	"hadir/internal/org"
	"hadir/internal/payroll"
	"hadir/internal/people"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/platform/export"
	"hadir/internal/platform/imaging"
	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
	"hadir/internal/privacy"
)

var (
	errRouteNotFound  = web.NewError(http.StatusNotFound, "route_not_found", "the requested route does not exist")
	errNotFound       = web.NewError(http.StatusNotFound, "not_found", "the requested item is not found")
	errForbidden      = web.NewError(http.StatusForbidden, "auth.forbidden", "you do not have permission to do this")
	errUploadTooLarge = web.NewError(http.StatusRequestEntityTooLarge, "upload.too_large", "the file is too large (at most 10 MB)")
	errInternal       = web.NewError(http.StatusInternalServerError, "internal", "something went wrong; please try again later")
)

// errorTable maps the domain's sentinel errors to status, stable code and English message.
var errorTable = []struct {
	err error
	out *web.Error
}{
	{account.ErrInvalidCredentials, web.NewError(http.StatusUnprocessableEntity, "auth.invalid_credentials", "the login detail is incorrect")},
	{account.ErrTooManyAttempts, web.NewError(http.StatusTooManyRequests, "auth.too_many_attempts", "too many failed sign-in attempts; try again in 15 minutes")},
	{account.ErrLocked, web.NewError(http.StatusTooManyRequests, "auth.locked", "this account is locked after too many failed sign-in attempts; if the password was correct, a one-time sign-in link has been e-mailed to its address")},
	{account.ErrTooManyResets, web.NewError(http.StatusTooManyRequests, "auth.too_many_resets", "too many password reset requests; try again later")},
	{auth.ErrBusy, web.NewError(http.StatusTooManyRequests, "auth.busy", "the server is busy signing people in; please try again in a moment")},
	{account.ErrUnauthenticated, web.NewError(http.StatusUnauthorized, "auth.unauthenticated", "please sign in")},
	{account.ErrNotFound, errNotFound},
	{org.ErrNotFound, errNotFound},
	{people.ErrNotFound, errNotFound},
	{approval.ErrNotFound, errNotFound},
	{correction.ErrNotFound, errNotFound},
	{overtime.ErrNotFound, errNotFound},
	{correction.ErrForbidden, errForbidden},
	{approval.ErrUnknown, errNotFound},
	{approval.ErrNotWaiting, web.NewError(http.StatusForbidden, "approval.not_waiting", "this request is not waiting for you")},
	{approval.ErrDecided, web.NewError(http.StatusConflict, "approval.decided", "this request has already been decided")},
	{privacy.ErrNotFound, errNotFound},
	{privacy.ErrNotLeft, web.NewError(http.StatusConflict, "privacy.not_left", "only a person who has left (archived) can be erased")},
	{privacy.ErrAlreadyErased, web.NewError(http.StatusConflict, "privacy.already_erased", "this person has already been erased")},
	{privacy.ErrHasPrivileges, web.NewError(http.StatusConflict, "privacy.has_privileges", "this person's account is an owner or admin: remove the privileges first")},
	{people.ErrCodeTaken, &web.Error{Status: http.StatusConflict, Code: "people.code_taken", Message: "the unique code cannot be used because it is already taken by another user",
		Fields: validate.Field("code", "validation.code_taken", "the unique code cannot be used because it is already taken by another user")}},
	{people.ErrDepartmentName, &web.Error{Status: http.StatusConflict, Code: "department.name_taken", Message: "a department with this name already exists",
		Fields: validate.Field("name", "validation.taken", "a department with this name already exists")}},
	{people.ErrNoAccount, web.NewError(http.StatusUnprocessableEntity, "people.no_account", "this person has not created an account yet")},
	{people.ErrInviteInvalid, &web.Error{Status: http.StatusUnprocessableEntity, Code: "verification.invalid", Message: "the verification code is wrong, used or expired",
		Fields: validate.Field("verification_code", "verification.invalid", "the verification code is wrong, used or expired")}},
	{people.ErrAlreadyLinked, web.NewError(http.StatusConflict, "verification.already_linked", "this account or person is already linked")},
	{people.ErrNoEmail, &web.Error{Status: http.StatusUnprocessableEntity, Code: "people.no_email", Message: "this person has no e-mail address",
		Fields: validate.Field("email", "validation.required", "this person has no e-mail address")}},
	{people.ErrUploadTooLarge, errUploadTooLarge},
	{imaging.ErrNotImage, &web.Error{Status: http.StatusUnprocessableEntity, Code: "upload.not_image", Message: "the file is not an image (JPEG, PNG, GIF or WebP)",
		Fields: validate.Field("image", "upload.not_image", "the file is not an image (JPEG, PNG, GIF or WebP)")}},
	{account.ErrTwoFactorRequired, web.NewError(http.StatusUnauthorized, "auth.two_factor_required", "enter the code of your authenticator app")},
	{account.ErrTwoFactorSetupRequired, web.NewError(http.StatusForbidden, "auth.two_factor_setup_required", "your organisation requires two-factor sign-in: set it up first")},
	{account.ErrTwoFactorEnabled, web.NewError(http.StatusConflict, "auth.two_factor_already_enabled", "two-factor sign-in is already enabled")},
	{account.ErrTwoFactorNotEnabled, web.NewError(http.StatusConflict, "auth.two_factor_not_enabled", "two-factor sign-in is not enabled")},
	// The declared canvas, not the file, is too large (a small file can declare a huge canvas):
	// a 422 on the field, never the 413 "file too large" that would mislead the user.
	{imaging.ErrTooLarge, &web.Error{Status: http.StatusUnprocessableEntity, Code: "upload.image_dimensions", Message: "the image dimensions are too large",
		Fields: validate.Field("image", "upload.image_dimensions", "the image dimensions are too large")}},
	{export.ErrTooManyPDFRows, &web.Error{Status: http.StatusUnprocessableEntity, Code: "export.too_many_rows", Message: "the report has too many rows for a PDF (at most 10000); download it as xlsx",
		Fields: validate.Field("type", "export.too_many_rows", "the report has too many rows for a PDF (at most 10000); download it as xlsx")}},
	{export.ErrTooManyRows, &web.Error{Status: http.StatusUnprocessableEntity, Code: "export.too_many_rows", Message: "the report has more rows than a worksheet holds; choose a shorter period",
		Fields: validate.Field("type", "export.too_many_rows", "the report has more rows than a worksheet holds; choose a shorter period")}},
	{account.ErrTokenScope, web.NewError(http.StatusForbidden, "auth.token_scope", "this API token's scope does not cover this call")},
	{account.ErrNotOwner, web.NewError(http.StatusForbidden, "auth.owner_only", "only the owner can do this")},
	{account.ErrPasswordSignInOff, web.NewError(http.StatusForbidden, "auth.password_sign_in_off", "password sign-in is turned off for this organisation: sign in with single sign-on")},
	{account.ErrSSOFailed, web.NewError(http.StatusBadRequest, "auth.sso_failed", "the single sign-on could not be completed; start again")},
	{attendance.ErrNotFound, errNotFound},
	{clockin.ErrNotFound, errNotFound},
	{payroll.ErrNotFound, errNotFound},
	{payroll.ErrDefaultRace, web.NewError(http.StatusConflict, "payroll.default_race", "another default mapping was saved at the same time; please try again")},
	{payroll.ErrNameTaken, &web.Error{Status: http.StatusConflict, Code: "payroll.name_taken", Message: "a mapping with this name already exists",
		Fields: validate.Field("name", "validation.taken", "a mapping with this name already exists")}},
	{clockin.ErrNotAllowed, web.NewError(http.StatusUnprocessableEntity, "attendance.web_clock_not_allowed", "you may not clock in from the web; ask an administrator")},
	{clockin.ErrOutsideSite, &web.Error{Status: http.StatusUnprocessableEntity, Code: "attendance.outside_site", Message: "you are outside every site you may clock in at",
		Fields: validate.Field("latitude", "attendance.outside_site", "you are outside every site you may clock in at")}},
	{clockin.ErrPoorAccuracy, &web.Error{Status: http.StatusUnprocessableEntity, Code: "attendance.poor_accuracy", Message: "the position is not accurate enough; move into the open and try again",
		Fields: validate.Field("accuracy", "attendance.poor_accuracy", "the position is not accurate enough; move into the open and try again")}},
	{clockin.ErrTooSoon, web.NewError(http.StatusUnprocessableEntity, "attendance.too_soon", "you clocked in less than a minute ago")},
	{clockin.ErrCodeExpired, &web.Error{Status: http.StatusUnprocessableEntity, Code: "attendance.kiosk_code_expired", Message: "this kiosk code has expired; scan the code on the kiosk again",
		Fields: validate.Field("code", "attendance.kiosk_code_expired", "this kiosk code has expired; scan the code on the kiosk again")}},
	{clockin.ErrCodeInvalid, &web.Error{Status: http.StatusUnprocessableEntity, Code: "attendance.kiosk_code_invalid", Message: "this is not a valid kiosk code",
		Fields: validate.Field("code", "attendance.kiosk_code_invalid", "this is not a valid kiosk code")}},
	{clockin.ErrKioskRevoked, &web.Error{Status: http.StatusUnprocessableEntity, Code: "attendance.kiosk_revoked", Message: "this kiosk is no longer in use",
		Fields: validate.Field("code", "attendance.kiosk_revoked", "this kiosk is no longer in use")}},
	{clockin.ErrPinWrong, &web.Error{Status: http.StatusUnprocessableEntity, Code: "attendance.pin_wrong", Message: "the person code or the PIN is wrong",
		Fields: validate.Field("pin", "attendance.pin_wrong", "the person code or the PIN is wrong")}},
	{clockin.ErrPinLocked, web.NewError(http.StatusTooManyRequests, "attendance.pin_locked", "too many wrong PINs; try again later")},
	{leave.ErrNotFound, errNotFound},
	{notify.ErrNotFound, errNotFound},
	{device.ErrNotFound, errNotFound},
	{webhook.ErrNotFound, errNotFound},
	{reports.ErrNotFound, errNotFound},
	{device.ErrCodeTaken, &web.Error{Status: http.StatusConflict, Code: "device.code_taken", Message: "a device with this serial number is already registered",
		Fields: validate.Field("code", "validation.taken", "a device with this serial number is already registered")}},
	{device.ErrBeaconUsed, &web.Error{Status: http.StatusConflict, Code: "beacon.taken", Message: "a beacon with this identifier is already registered",
		Fields: validate.Field("uuid", "validation.taken", "a beacon with this identifier is already registered")}},
	{device.ErrRateLimit, web.NewError(http.StatusTooManyRequests, "beacon.too_often", "you clocked in a moment ago")},
	{leave.ErrTypeName, &web.Error{Status: http.StatusConflict, Code: "leave.type_name_taken", Message: "a type with this name already exists",
		Fields: validate.Field("type", "validation.taken", "a type with this name already exists")}},
	{leave.ErrTypeInUse, web.NewError(http.StatusConflict, "leave.type_in_use", "this type has entitlements or applications and cannot be deleted")},
	{leave.ErrOverlap, &web.Error{Status: http.StatusUnprocessableEntity, Code: "leave.overlap", Message: "the dates overlap another pending or approved application",
		Fields: validate.Field("from_date", "leave.overlap", "the dates overlap another pending or approved application")}},
	{leave.ErrInsufficient, &web.Error{Status: http.StatusUnprocessableEntity, Code: "leave.insufficient_balance", Message: "the balance is not enough for this application",
		Fields: validate.Field("to_date", "leave.insufficient_balance", "the balance is not enough for this application")}},
	{leave.ErrAttachmentRequired, &web.Error{Status: http.StatusUnprocessableEntity, Code: "leave.attachment_required", Message: "this type needs an attachment",
		Fields: validate.Field("attachment", "leave.attachment_required", "this type needs an attachment")}},
	{leave.ErrNoWorkingDays, &web.Error{Status: http.StatusUnprocessableEntity, Code: "leave.no_working_days", Message: "the dates hold no working day of the schedule",
		Fields: validate.Field("from_date", "leave.no_working_days", "the dates hold no working day of the schedule")}},
	{leave.ErrNoEntitlement, &web.Error{Status: http.StatusUnprocessableEntity, Code: "leave.no_entitlement", Message: "there is no entitlement of this type for these dates",
		Fields: validate.Field("leave_type_id", "leave.no_entitlement", "there is no entitlement of this type for these dates")}},
	{leave.ErrTransition, web.NewError(http.StatusConflict, "leave.invalid_transition", "the application cannot change to that status any more")},
	{leave.ErrStarted, web.NewError(http.StatusUnprocessableEntity, "leave.already_started", "the leave has started; ask an administrator to cancel it")},
	{attendance.ErrGroupName, &web.Error{Status: http.StatusConflict, Code: "group.name_taken", Message: "a group with this name already exists",
		Fields: validate.Field("name", "validation.taken", "a group with this name already exists")}},
	{attendance.ErrShiftName, &web.Error{Status: http.StatusConflict, Code: "shift.name_taken", Message: "a shift with this name already exists",
		Fields: validate.Field("name", "validation.taken", "a shift with this name already exists")}},
	{attendance.ErrPatternName, &web.Error{Status: http.StatusConflict, Code: "pattern.name_taken", Message: "a pattern with this name already exists",
		Fields: validate.Field("name", "validation.taken", "a pattern with this name already exists")}},
	{attendance.ErrShiftInUse, web.NewError(http.StatusConflict, "shift.in_use", "a pattern or the roster uses this shift")},
	{attendance.ErrPatternUsed, web.NewError(http.StatusConflict, "pattern.in_use", "a group follows this pattern, or followed it on past days")},
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
		if ue, ok := database.AsUnavailable(err); ok {
			writeUnavailable(w, r, ue)
			return
		}
		for _, e := range errorTable {
			if errors.Is(err, e.err) {
				we = e.out
				break
			}
		}
		if we == nil {
			slog.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
			we = errInternal
		}
	}
	var ra interface{ RetryAfter() time.Duration }
	switch {
	case errors.As(err, &ra):
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(ra.RetryAfter().Seconds()))))
	case errors.Is(err, auth.ErrBusy):
		w.Header().Set("Retry-After", "1")
	}
	noteErrorCode(w, we.Code)
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

// retryAfter is the Retry-After (seconds) of a 503 by cause: a busy or restarting database
// may be back in moments; a full disk or a read-only database needs an operator.
var retryAfter = map[database.Cause]int{
	database.CauseBusy: 2, database.CauseDown: 5,
	database.CauseDiskFull: 30, database.CauseReadOnly: 30, database.CauseIO: 30,
}

// writeUnavailable answers 503 service.unavailable with Retry-After and a message naming the
// cause, notes the failure for /readyz and logs it with the route.
func writeUnavailable(w http.ResponseWriter, r *http.Request, ue *database.UnavailableError) {
	if rec := findRecorder(w); rec != nil {
		rec.unavailable = ue
	}
	unavailableLog.log(r, ue)
	secs := retryAfter[ue.Cause]
	if secs == 0 {
		secs = 5
	}
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	noteErrorCode(w, "service.unavailable")
	web.WriteError(w, web.NewError(http.StatusServiceUnavailable, "service.unavailable",
		ue.Cause.Message()+"; please try again shortly"))
}

// unavailableLog logs each database failure with its route, at most one line per cause a
// second (with the number of failures it left out), so that an outage under load does not
// flood the log.
var unavailableLog = &failureLog{last: map[database.Cause]time.Time{}, skipped: map[database.Cause]int{}}

type failureLog struct {
	mu      sync.Mutex
	last    map[database.Cause]time.Time
	skipped map[database.Cause]int
}

func (l *failureLog) log(r *http.Request, ue *database.UnavailableError) {
	l.mu.Lock()
	now := time.Now()
	if now.Sub(l.last[ue.Cause]) < time.Second {
		l.skipped[ue.Cause]++
		l.mu.Unlock()
		return
	}
	skipped := l.skipped[ue.Cause]
	l.last[ue.Cause], l.skipped[ue.Cause] = now, 0
	l.mu.Unlock()
	route := r.Pattern
	if route == "" {
		route = r.Method + " " + r.URL.Path
	}
	slog.Error("database unavailable", "cause", string(ue.Cause), "route", route, "err", ue.Err, "similar_failures_not_logged", skipped)
}
