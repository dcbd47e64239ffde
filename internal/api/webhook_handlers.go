package api

import (
	"net/http"
	"strconv"

	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
	"hadir/internal/webhook"
)

// Webhooks of the organisation (issue 15): list, create (the signing secret is in this
// answer only), change, delete, the delivery log and manual redelivery.

type webhookRequest struct {
	URL    string   `json:"url"`
	Events []string `json:"events"`
	Active *bool    `json:"active"`
}

type createdWebhookResponse struct {
	webhook.Webhook
	Secret string `json:"secret"`
}

func (a *API) listWebhooks(w http.ResponseWriter, r *http.Request) error {
	hs, err := a.Webhooks.List(r.Context(), principal(r).OrgID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, hs)
	return nil
}

func (a *API) createWebhook(w http.ResponseWriter, r *http.Request) error {
	var req webhookRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	p := principal(r)
	h, secret, err := a.Webhooks.Create(r.Context(), p.OrgID, p.UserID, webhook.NewWebhook{URL: req.URL, Events: req.Events})
	if err != nil {
		return err
	}
	web.Data(w, http.StatusCreated, createdWebhookResponse{Webhook: h, Secret: secret})
	return nil
}

func (a *API) updateWebhook(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	var req webhookRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	if req.Active == nil {
		return validate.Field("active", "validation.required", "active is required")
	}
	h, err := a.Webhooks.Update(r.Context(), principal(r).OrgID, id, webhook.NewWebhook{URL: req.URL, Events: req.Events}, *req.Active)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, h)
	return nil
}

func (a *API) deleteWebhook(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	if err := a.Webhooks.Delete(r.Context(), principal(r).OrgID, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (a *API) webhookDeliveries(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	limit := 50
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 200 {
			return validate.Field("limit", "validation.range", "limit must be a number from 1 to 200")
		}
		limit = n
	}
	ds, err := a.Webhooks.Deliveries(r.Context(), principal(r).OrgID, id, limit)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, ds)
	return nil
}

func (a *API) redeliverWebhook(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	delivery, err := web.ID("delivery", r.PathValue("delivery"))
	if err != nil {
		return err
	}
	d, err := a.Webhooks.Redeliver(r.Context(), principal(r).OrgID, id, delivery)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusCreated, d)
	return nil
}
