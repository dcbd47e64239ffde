package api

import (
	"errors"
	"net/http"

	"hadir/internal/ops"
	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
)

// Retention of the organisation's records (issue 18): how long punches, terminal uploads and
// commands, and notifications are kept before the retention job purges them.

func (a *API) retentionPolicy(w http.ResponseWriter, r *http.Request) error {
	p, err := ops.Retention(r.Context(), a.DB, principal(r).OrgID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, toRetentionResponse(p))
	return nil
}

// retentionRequest has every period as a pointer: a missing one is named, never taken as 0
// (which would keep that kind of record for ever).
type retentionRequest struct {
	PunchesDays        *int `json:"punches_days"`
	UnknownPINsDays    *int `json:"unknown_pins_days"`
	DeviceRecordsDays  *int `json:"device_records_days"`
	DeviceCommandsDays *int `json:"device_commands_days"`
	NotificationsDays  *int `json:"notifications_days"`
	// AccessEventsDays came after the others (issue 14): a client that does not send it keeps
	// the stored period.
	AccessEventsDays *int `json:"access_events_days"`
}

func toRetentionPolicy(req retentionRequest, current ops.RetentionPolicy) (ops.RetentionPolicy, error) {
	c := validate.New()
	get := func(field string, v *int) int {
		if v == nil {
			c.Add(field, "validation.required", field+" is required", nil)
			return 0
		}
		return *v
	}
	p := ops.RetentionPolicy{
		PunchesDays:        get("punches_days", req.PunchesDays),
		UnknownPINsDays:    get("unknown_pins_days", req.UnknownPINsDays),
		DeviceRecordsDays:  get("device_records_days", req.DeviceRecordsDays),
		DeviceCommandsDays: get("device_commands_days", req.DeviceCommandsDays),
		NotificationsDays:  get("notifications_days", req.NotificationsDays),
		AccessEventsDays:   current.AccessEventsDays,
	}
	if req.AccessEventsDays != nil {
		p.AccessEventsDays = *req.AccessEventsDays
	}
	// The ranges of the periods given, beside the missing ones, so one answer names them all.
	var ranges validate.Errors
	if errors.As(p.Validate(), &ranges) {
		for field, ds := range ranges {
			if !c.Has(field) {
				for _, d := range ds {
					c.Add(field, d.Code, d.Message, d.Params)
				}
			}
		}
	}
	return p, c.Err()
}

type retentionResponse struct {
	ops.RetentionPolicy
	Defaults ops.RetentionPolicy `json:"defaults"`
	MaxDays  int                 `json:"max_days"`
}

func toRetentionResponse(p ops.RetentionPolicy) retentionResponse {
	return retentionResponse{RetentionPolicy: p, Defaults: ops.DefaultRetention(), MaxDays: ops.MaxRetentionDays}
}

func (a *API) setRetentionPolicy(w http.ResponseWriter, r *http.Request) error {
	var req retentionRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	current, err := ops.Retention(r.Context(), a.DB, principal(r).OrgID)
	if err != nil {
		return err
	}
	p, err := toRetentionPolicy(req, current)
	if err != nil {
		return err
	}
	if p, err = ops.SetRetention(r.Context(), a.DB, principal(r).OrgID, p); err != nil {
		return err
	}
	web.Data(w, http.StatusOK, toRetentionResponse(p))
	return nil
}
