package api

import (
	"bytes"
	"encoding/base64"
	"image/png"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/boombuler/barcode"
	"github.com/boombuler/barcode/qr"

	"hadir/internal/attendance"
	"hadir/internal/clockin"
	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
)

// ---- sites (admins) ----

type siteRequest struct {
	Name        string        `json:"name"`
	Latitude    *float64      `json:"latitude"`
	Longitude   *float64      `json:"longitude"`
	Radius      web.FlexInt   `json:"radius"`
	MaxAccuracy web.FlexInt   `json:"max_accuracy"`
	Anywhere    bool          `json:"anywhere"`
	GroupIDs    []web.FlexInt `json:"group_ids"`
}

// toSite converts a site request.
func toSite(req siteRequest, orgID, id int64) clockin.Site {
	// A missing coordinate is NaN, which JSON cannot carry: the service names it as required.
	s := clockin.Site{ID: id, OrgID: orgID, Name: req.Name, Latitude: math.NaN(), Longitude: math.NaN(),
		Radius: int(req.Radius), MaxAccuracy: int(req.MaxAccuracy), Anywhere: req.Anywhere, GroupIDs: []int64{}}
	if req.Latitude != nil {
		s.Latitude = *req.Latitude
	}
	if req.Longitude != nil {
		s.Longitude = *req.Longitude
	}
	for _, g := range req.GroupIDs {
		s.GroupIDs = append(s.GroupIDs, int64(g))
	}
	return s
}

func (a *API) listSites(w http.ResponseWriter, r *http.Request) error {
	items, err := a.Clockin.Sites(r.Context(), principal(r).OrgID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, items)
	return nil
}

// pathID reads the {id} of a path; anything but a positive integer is not found.
func pathID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id < 1 {
		return 0, errNotFound
	}
	return id, nil
}

func (a *API) saveSite(update bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var id int64
		if update {
			var err error
			if id, err = pathID(r); err != nil {
				return err
			}
			if _, err := a.Clockin.Site(r.Context(), principal(r).OrgID, id); err != nil {
				return err
			}
		}
		var req siteRequest
		if err := web.Decode(w, r, &req); err != nil {
			return err
		}
		s, err := a.Clockin.SaveSite(r.Context(), toSite(req, principal(r).OrgID, id))
		if err != nil {
			return err
		}
		web.Data(w, created(update), s)
		return nil
	}
}

// ---- web clock-in (any signed-in person) ----

type webClockRequest struct {
	Latitude  *float64 `json:"latitude"`
	Longitude *float64 `json:"longitude"`
	Accuracy  *float64 `json:"accuracy"`
}

// toPosition converts a web clock-in request, naming each missing field.
func toPosition(req webClockRequest) (clockin.Position, error) {
	c := validate.New()
	var p clockin.Position
	for _, f := range []struct {
		name string
		v    *float64
		dst  *float64
	}{{"latitude", req.Latitude, &p.Latitude}, {"longitude", req.Longitude, &p.Longitude}, {"accuracy", req.Accuracy, &p.Accuracy}} {
		if f.v == nil {
			c.Add(f.name, "validation.required", f.name+" is required", nil)
			continue
		}
		*f.dst = *f.v
	}
	return p, c.Err()
}

// webClock clocks the caller in from the position their browser reports; the server checks
// the distance to the allowed sites itself.
func (a *API) webClock(w http.ResponseWriter, r *http.Request) error {
	p, err := a.mine(r)
	if err != nil {
		return err
	}
	var req webClockRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	pos, err := toPosition(req)
	if err != nil {
		return err
	}
	pr := principal(r)
	out, err := a.Clockin.WebClock(r.Context(), pr.OrgID, p.ID, pr.UserID, pos)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusCreated, toClocked(out))
	return nil
}

type clockedPunch struct {
	ID        int64     `json:"id"`
	At        time.Time `json:"at"`
	LocalTime string    `json:"local_time"`
	Time      string    `json:"time"`
	Date      string    `json:"date"`
	Source    string    `json:"source"`
	Latitude  *float64  `json:"latitude"`
	Longitude *float64  `json:"longitude"`
	Accuracy  *float64  `json:"accuracy"`
	SiteID    *int64    `json:"site_id"`
}

type clockedSite struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Anywhere bool   `json:"anywhere"`
}

func toClockedSite(s clockin.Site) clockedSite {
	return clockedSite{ID: s.ID, Name: s.Name, Anywhere: s.Anywhere}
}

func toClocked(c clockin.Clocked) map[string]any {
	p := c.Punch
	date, clock, _ := strings.Cut(p.LocalTime, "T")
	return map[string]any{
		"punch": clockedPunch{ID: p.ID, At: p.At.UTC(), LocalTime: p.LocalTime, Time: clock, Date: date, Source: p.Source,
			Latitude: p.Latitude, Longitude: p.Longitude, Accuracy: p.Accuracy, SiteID: p.SiteID},
		"site": toClockedSite(c.Site),
	}
}

// ---- kiosks ----

func (a *API) listKiosks(w http.ResponseWriter, r *http.Request) error {
	items, err := a.Clockin.Kiosks(r.Context(), principal(r).OrgID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, items)
	return nil
}

type kioskRequest struct {
	Name   string      `json:"name"`
	SiteID web.FlexInt `json:"site_id"`
	PinPad bool        `json:"pin_pad"`
}

// createKiosk makes a kiosk and answers its secret path once; only its hash is kept.
func (a *API) createKiosk(w http.ResponseWriter, r *http.Request) error {
	var req kioskRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	k, secret, err := a.Clockin.CreateKiosk(r.Context(), principal(r).OrgID, int64(req.SiteID), req.Name, req.PinPad)
	if err != nil {
		return err
	}
	path := "/kiosk/" + secret
	web.Data(w, http.StatusCreated, map[string]any{"kiosk": k, "path": path, "url": a.publicURL(r, path)})
	return nil
}

type kioskPatch struct {
	PinPad *bool `json:"pin_pad"`
}

// updateKiosk switches a kiosk's PIN pad on or off.
func (a *API) updateKiosk(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	if _, err := a.Clockin.Kiosk(r.Context(), principal(r).OrgID, id); err != nil {
		return err // another organisation's kiosk is not found, whatever the body
	}
	var req kioskPatch
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	if req.PinPad == nil {
		return validate.Field("pin_pad", "validation.required", "pin_pad is required")
	}
	k, err := a.Clockin.SetPinPad(r.Context(), principal(r).OrgID, id, *req.PinPad)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, k)
	return nil
}

// ---- kiosk PINs ----

type pinRequest struct {
	Pin string `json:"pin"`
}

// setMyPin sets or changes the caller's own kiosk PIN.
func (a *API) setMyPin(w http.ResponseWriter, r *http.Request) error {
	p, err := a.mine(r)
	if err != nil {
		return err
	}
	var req pinRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	if err := a.Clockin.SetPin(r.Context(), principal(r).OrgID, p.ID, req.Pin); err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]any{"pin_set": true})
	return nil
}

// listPins lists who has a kiosk PIN (never the PIN).
func (a *API) listPins(w http.ResponseWriter, r *http.Request) error {
	items, err := a.Clockin.PinHolders(r.Context(), principal(r).OrgID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, items)
	return nil
}

// setPin sets (or clears) a person's kiosk PIN, for people without a phone.
func (a *API) setPin(clear bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := pathID(r)
		if err != nil {
			return err
		}
		orgID := principal(r).OrgID
		if clear {
			err = a.Clockin.ClearPin(r.Context(), orgID, id)
		} else {
			var req pinRequest
			if err := web.Decode(w, r, &req); err != nil {
				return err
			}
			err = a.Clockin.SetPin(r.Context(), orgID, id, req.Pin)
		}
		if err != nil {
			return err
		}
		web.Data(w, http.StatusOK, map[string]any{"person_id": id, "pin_set": !clear})
		return nil
	}
}

type kioskPinRequest struct {
	Code string `json:"code"`
	Pin  string `json:"pin"`
}

// kioskPin clocks a person in at a kiosk with the PIN pad (no account): person code and PIN.
func (a *API) kioskPin(w http.ResponseWriter, r *http.Request) error {
	var req kioskPinRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	out, err := a.Clockin.PinClock(r.Context(), r.PathValue("secret"), req.Code, req.Pin)
	if err != nil {
		return err
	}
	p := out.Punch
	date, clock, _ := strings.Cut(p.LocalTime, "T")
	w.Header().Set("Cache-Control", "no-store")
	web.Data(w, http.StatusCreated, map[string]any{
		"name": out.FirstName, "at": p.At.UTC(), "local_time": p.LocalTime, "date": date, "time": clock,
		"site": out.Site.Name,
	})
	return nil
}

// publicURL is the address of a path of the app: under the configured public address, or
// else under the address the request came to.
func (a *API) publicURL(r *http.Request, path string) string {
	if a.BaseURL != "" {
		return strings.TrimRight(a.BaseURL, "/") + path
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host + path
}

// kioskCode is the kiosk tablet's poll (no account): the kiosk's name and site, and a fresh
// code as text, as the app URL a phone opens, and as a QR code of that URL. A revoked or
// unknown kiosk is not found, so its screen stops at once.
func (a *API) kioskCode(w http.ResponseWriter, r *http.Request) error {
	k, err := a.Clockin.KioskBySecret(r.Context(), r.PathValue("secret"))
	if err != nil {
		return err
	}
	o, err := a.Orgs.Get(r.Context(), k.OrgID)
	if err != nil {
		return err
	}
	now := a.Clockin.Now()
	code := a.Clockin.Code(k, now)
	link := a.publicURL(r, "/clock/kiosk?code="+url.QueryEscape(code))
	img, err := qrPNG(link)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	web.Data(w, http.StatusOK, map[string]any{
		"kiosk":        k.Name,
		"pin_pad":      k.PinPad,
		"site":         k.SiteName,
		"organisation": o.Name,
		"timezone":     o.Timezone,
		"code":         code,
		"url":          link,
		"qr_code":      img,
		"issued_at":    now.UTC().Truncate(time.Second),
		"refresh_in":   int(clockin.CodeRefresh.Seconds()),
		"valid_for":    int(clockin.CodeLifetime.Seconds()),
	})
	return nil
}

// qrPNG is a QR code of text as a PNG data URL (medium error correction, 320 px).
func qrPNG(text string) (string, error) {
	code, err := qr.Encode(text, qr.M, qr.Auto)
	if err != nil {
		return "", err
	}
	code, err = barcode.Scale(code, 320, 320)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, code); err != nil {
		return "", err
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}

type kioskClockRequest struct {
	Code string `json:"code"`
}

// kioskClock clocks the caller in with a code scanned at a kiosk. The code is checked before
// the caller's person record, so another organisation's kiosk is a 404 for anyone.
func (a *API) kioskClock(w http.ResponseWriter, r *http.Request) error {
	var req kioskClockRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	pr := principal(r)
	if _, _, err := a.Clockin.KioskOf(r.Context(), pr.OrgID, req.Code); err != nil {
		return err
	}
	p, err := a.mine(r)
	if err != nil {
		return err
	}
	out, err := a.Clockin.KioskClock(r.Context(), pr.OrgID, p.ID, pr.UserID, req.Code)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusCreated, toClocked(out))
	return nil
}

// ---- the member's home screen ----

// memberHome gathers what a member's home screen shows besides leave: today's status with
// the first and last punch, whether and where they may clock in from the web, and the next
// holiday.
func (a *API) memberHome(w http.ResponseWriter, r *http.Request) error {
	p, err := a.mine(r)
	if err != nil {
		return err
	}
	pr := principal(r)
	today, err := a.Attendance.Today(r.Context(), pr.OrgID)
	if err != nil {
		return err
	}
	rows, _, _, err := a.Attendance.Report(r.Context(), pr.OrgID, attendance.Query{Kind: string(p.Kind), PersonID: p.ID, From: today, To: today}, database.Page{})
	if err != nil {
		return err
	}
	sites, err := a.Clockin.Allowed(r.Context(), pr.OrgID, p.ID)
	if err != nil {
		return err
	}
	shown := make([]clockedSite, len(sites))
	for i, s := range sites {
		shown[i] = toClockedSite(s)
	}
	hs, _, err := a.Attendance.Holidays(r.Context(), pr.OrgID, "", today, "", database.Page{Number: 1, Size: 1})
	if err != nil {
		return err
	}
	var next *attendance.Holiday
	if len(hs) > 0 {
		next = &hs[0]
	}
	hasPin, err := a.Clockin.HasPin(r.Context(), pr.OrgID, p.ID)
	if err != nil {
		return err
	}
	var day dayResponse
	if len(rows) > 0 && len(rows[0].Days) > 0 {
		day = toDay(rows[0].Days[0])
	}
	web.Data(w, http.StatusOK, map[string]any{
		"date":         today,
		"kind":         p.Kind,
		"today":        day,
		"web_clock":    map[string]any{"allowed": len(sites) > 0, "sites": shown},
		"kiosk_pin":    hasPin,
		"next_holiday": next,
	})
	return nil
}

// siteNames names the clock sites of web and kiosk punches (none looked up when no punch
// has a site).
func (a *API) siteNames(r *http.Request, ps []attendance.Punch) (map[int64]string, error) {
	out := map[int64]string{}
	for _, p := range ps {
		if p.SiteID == nil {
			continue
		}
		sites, err := a.Clockin.Sites(r.Context(), principal(r).OrgID)
		if err != nil {
			return nil, err
		}
		for _, s := range sites {
			out[s.ID] = s.Name
		}
		break
	}
	return out, nil
}
