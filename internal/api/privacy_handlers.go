package api

import (
	"bytes"
	"context"
	"fmt"
	"net/http"

	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
	"hadir/internal/privacy"
)

// Personal data of one person (issue 18): the export as a zip, and the erasure of a leaver.

func (a *API) privacy(r *http.Request) *privacy.Service {
	p := principal(r)
	svc := &privacy.Service{DB: a.DB, DeleteUser: func(ctx context.Context, userID int64) error {
		return a.Accounts.DeleteUser(ctx, p, userID)
	}}
	if a.Devices != nil {
		svc.Unenrol = a.Devices.PersonErased
	}
	return svc
}

func (a *API) exportPersonalData(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	// Built in memory first: an error midway is a clean error answer, not a cut zip.
	var buf bytes.Buffer
	if err := a.privacy(r).Export(r.Context(), principal(r).OrgID, id, &buf); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="personal-data-%d.zip"`, id))
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(buf.Bytes())
	return nil
}

type eraseRequest struct {
	Confirm *bool `json:"confirm"`
}

func (a *API) erasePerson(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	var req eraseRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	if req.Confirm == nil || !*req.Confirm {
		return validate.Field("confirm", "validation.required", "confirm that the erasure cannot be undone")
	}
	p := principal(r)
	name := ""
	if u, _, err := a.Accounts.Me(r.Context(), p); err == nil {
		name = u.Name
	}
	code, err := a.privacy(r).Erase(r.Context(), p.OrgID, id, privacy.Actor{UserID: p.UserID, Name: name})
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]any{"id": id, "code": code})
	return nil
}
