package api

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"hadir/internal/attendance"
	"hadir/internal/device"
	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
)

// deviceFace is the handler family of facial devices for schools or companies.
type deviceFace struct{ a *API }

type deviceRequest struct {
	ID           web.FlexInt `json:"id"`
	DeviceID     web.FlexInt `json:"device_id"`
	Name         string      `json:"name"`
	Model        string      `json:"model"`
	Code         string      `json:"code"`
	PurchaseDate string      `json:"purchase_date"`
	Enabled      *bool       `json:"enabled"`
	PushKey      string      `json:"push_key"`
	AllowedIPs   string      `json:"allowed_ips"`
	// Use: attendance (punches) or access (a door, events kept for review); "" keeps it.
	Use string `json:"use"`
	// The model's rules: a preset by name, or each rule; what is not sent is kept (update)
	// or the default (no limits, photos sent).
	Profile       string `json:"profile"`
	PINDigitsOnly *bool  `json:"pin_digits_only"`
	PINMaxLength  *int   `json:"pin_max_length"`
	NameMaxBytes  *int   `json:"name_max_bytes"`
	TakesPhotos   *bool  `json:"takes_photos"`
}

// profile resolves the request's model rules against the device's current ones.
func (req deviceRequest) profile(current device.Profile) (device.Profile, error) {
	p := current
	if req.Profile != "" {
		preset, ok := device.Profiles[req.Profile]
		if !ok {
			return p, validate.Field("profile", "validation.invalid", "profile is one of bw_660, tft, face, unlimited")
		}
		p = preset
	}
	if req.PINDigitsOnly != nil {
		p.PINDigitsOnly = *req.PINDigitsOnly
	}
	if req.PINMaxLength != nil {
		p.PINMaxLength = *req.PINMaxLength
	}
	if req.NameMaxBytes != nil {
		p.NameMaxBytes = *req.NameMaxBytes
	}
	if req.TakesPhotos != nil {
		p.TakesPhotos = *req.TakesPhotos
	}
	return p, nil
}

func (f deviceFace) list(w http.ResponseWriter, r *http.Request) error {
	pg, err := web.Paging(r, 20)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	items, total, err := f.a.Devices.List(r.Context(), principal(r).OrgID, q.Get("filter[name]"), q.Get("filter[purchase_date]"), pg)
	if err != nil {
		return err
	}
	web.List(w, items, total, pg)
	return nil
}

func (f deviceFace) form(w http.ResponseWriter, r *http.Request) error {
	id, err := web.ID("id", r.URL.Query().Get("id"))
	if err != nil {
		return err
	}
	d, err := f.a.Devices.Get(r.Context(), principal(r).OrgID, id)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, d)
	return nil
}

func (f deviceFace) save(update bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req deviceRequest
		if err := web.Decode(w, r, &req); err != nil {
			return err
		}
		id := int64(req.ID)
		if id == 0 {
			id = int64(req.DeviceID)
		}
		if update && id < 1 {
			_, err := web.ID("id", "")
			return err
		}
		if !update {
			id = 0
		}
		enabled := true
		if req.Enabled != nil {
			enabled = *req.Enabled
		}
		current := device.DefaultProfile
		use := req.Use
		if update {
			old, err := f.a.Devices.Get(r.Context(), principal(r).OrgID, id)
			if err != nil {
				return err
			}
			current = old.Profile
			if use == "" {
				use = old.Use
			}
		}
		prof, err := req.profile(current)
		if err != nil {
			return err
		}
		d, err := f.a.Devices.Save(r.Context(), device.Device{ID: id, OrgID: principal(r).OrgID, Name: req.Name, Model: req.Model, Code: req.Code,
			PurchaseDate: req.PurchaseDate, Enabled: enabled, PushKey: req.PushKey, AllowedIPs: req.AllowedIPs, Profile: prof, Use: use})
		if err != nil {
			return err
		}
		web.Data(w, created(update), d)
		return nil
	}
}

func (f deviceFace) code(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	var except int64
	if v := q.Get("id"); v != "" {
		n, err := web.ID("id", v)
		if err != nil {
			return err
		}
		except = n
	}
	if q.Get("code") == "" {
		return validate.Field("code", "validation.required", "code is required")
	}
	free, err := f.a.Devices.CodeAvailable(r.Context(), q.Get("code"), except)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]bool{"available": free, "exists": !free})
	return nil
}

// people lists the people of a kind enrolled (in) or not on a device.
func (f deviceFace) people(kind string, in bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		pg, err := web.Paging(r, 10)
		if err != nil {
			return err
		}
		q := r.URL.Query()
		raw := q.Get("id")
		if raw == "" {
			raw = q.Get("device_id")
		}
		id, err := web.ID("id", raw)
		if err != nil {
			return err
		}
		items, total, err := f.a.Devices.People(r.Context(), principal(r).OrgID, id, kind, in, q.Get("filter[base]")+q.Get("filter[first_name]"), pg)
		if err != nil {
			return err
		}
		web.List(w, items, total, pg)
		return nil
	}
}

type enrolRequest struct {
	DeviceID       web.FlexInt   `json:"device_id"`
	ID             web.FlexInt   `json:"id"`
	Employee       []web.FlexInt `json:"employee"`
	Employees      []web.FlexInt `json:"employees"`
	SchoolEmployee []web.FlexInt `json:"school_employee"`
}

func (f deviceFace) enrol(kind string, add bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req enrolRequest
		if err := web.Decode(w, r, &req); err != nil {
			return err
		}
		id, err := groupID(req.DeviceID, req.ID)
		if err != nil {
			return err
		}
		var ids []int64
		for _, x := range append(append(req.Employee, req.Employees...), req.SchoolEmployee...) {
			ids = append(ids, int64(x))
		}
		if err := f.a.Devices.Enrol(r.Context(), principal(r).OrgID, id, kind, ids, add); err != nil {
			return err
		}
		d, err := f.a.Devices.Get(r.Context(), principal(r).OrgID, id)
		if err != nil {
			return err
		}
		web.Data(w, http.StatusOK, d)
		return nil
	}
}

type syncRequest struct {
	enrolRequest
	// RemoveUnknown also deletes the PINs on the terminal that Hadir never put there.
	RemoveUnknown bool `json:"remove_unknown"`
}

func (f deviceFace) synchronise(w http.ResponseWriter, r *http.Request) error {
	var req syncRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	id, err := groupID(req.DeviceID, req.ID)
	if err != nil {
		return err
	}
	n, err := f.a.Devices.Synchronise(r.Context(), principal(r).OrgID, id, req.RemoveUnknown)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]int{"queued": n})
	return nil
}

func (f deviceFace) commands(w http.ResponseWriter, r *http.Request) error {
	pg, err := web.Paging(r, 30)
	if err != nil {
		return err
	}
	id, err := web.ID("id", r.URL.Query().Get("id"))
	if err != nil {
		return err
	}
	items, total, err := f.a.Devices.Commands(r.Context(), principal(r).OrgID, id, pg)
	if err != nil {
		return err
	}
	web.List(w, items, total, pg)
	return nil
}

// accessEvents lists the real-time events of the organisation's Security PUSH terminals,
// newest first, of one device (device_id) and one kind (granted, denied, alarm, device, unknown).
func (f deviceFace) accessEvents(w http.ResponseWriter, r *http.Request) error {
	pg, err := web.Paging(r, 30)
	if err != nil {
		return err
	}
	var dev int64
	if v := r.URL.Query().Get("device_id"); v != "" {
		if dev, err = web.ID("device_id", v); err != nil {
			return err
		}
		if _, err := f.a.Devices.Get(r.Context(), principal(r).OrgID, dev); err != nil {
			return err
		}
	}
	kind := r.URL.Query().Get("kind")
	switch kind {
	case "", "granted", "denied", "alarm", "device", "unknown":
	default:
		return validate.Field("kind", "validation.invalid", "kind is granted, denied, alarm, device or unknown")
	}
	items, total, err := f.a.Devices.AccessEvents(r.Context(), principal(r).OrgID, dev, kind, pg)
	if err != nil {
		return err
	}
	web.List(w, items, total, pg)
	return nil
}

// ---- beacons ----

type beaconRequest struct {
	ID     web.FlexInt `json:"id"`
	Name   string      `json:"name"`
	UUID   string      `json:"uuid"`
	Major  web.FlexInt `json:"major"`
	Minor  web.FlexInt `json:"minor"`
	Serial string      `json:"serial_number"`
}

func (a *API) listBeacons(w http.ResponseWriter, r *http.Request) error {
	pg, err := web.Paging(r, 20)
	if err != nil {
		return err
	}
	items, total, err := a.Devices.Beacons(r.Context(), principal(r).OrgID, r.URL.Query().Get("filter[name]"), pg)
	if err != nil {
		return err
	}
	web.List(w, items, total, pg)
	return nil
}

func (a *API) saveBeacon(update bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req beaconRequest
		if err := web.Decode(w, r, &req); err != nil {
			return err
		}
		if update && req.ID < 1 {
			_, err := web.ID("id", "")
			return err
		}
		if !update {
			req.ID = 0
		}
		b, err := a.Devices.SaveBeacon(r.Context(), device.Beacon{ID: int64(req.ID), OrgID: principal(r).OrgID, Name: req.Name, UUID: req.UUID,
			Major: int(req.Major), Minor: int(req.Minor), Serial: req.Serial})
		if err != nil {
			return err
		}
		web.Data(w, created(update), b)
		return nil
	}
}

type beaconPunchRequest struct {
	UUID  string      `json:"uuid"`
	Major web.FlexInt `json:"major"`
	Minor web.FlexInt `json:"minor"`
}

// beaconClockIn lets a signed-in member clock in when their app sees one of their
// organisation's beacons; at most once a minute.
func (a *API) beaconClockIn(w http.ResponseWriter, r *http.Request) error {
	p, err := a.mine(r)
	if err != nil {
		return err
	}
	var req beaconPunchRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	pr := principal(r)
	b, err := a.Devices.BeaconOf(r.Context(), pr.OrgID, req.UUID, int(req.Major), int(req.Minor))
	if errors.Is(err, device.ErrNotFound) {
		return validate.Field("uuid", "beacon.unknown", "this beacon does not belong to your organisation")
	}
	if err != nil {
		return err
	}
	if err := a.Devices.ReserveBeaconClockIn(r.Context(), pr.OrgID, p.ID); err != nil {
		return err
	}
	now := time.Now()
	by := pr.UserID
	if _, err := a.Attendance.Record(r.Context(), attendance.Punch{OrgID: pr.OrgID, PersonID: p.ID, At: now.Truncate(time.Second), Source: "beacon:" + strconv.FormatInt(b.ID, 10),
		Raw: b.Identifier(), CreatedBy: &by}); err != nil {
		_ = a.Devices.ReleaseBeaconClockIn(r.Context(), pr.OrgID, p.ID)
		return err
	}
	o, err := a.Orgs.Get(r.Context(), pr.OrgID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusCreated, map[string]any{"beacon": b.Name, "time": now.In(o.Location()).Format("15:04:05"), "date": now.In(o.Location()).Format(time.DateOnly)})
	return nil
}
