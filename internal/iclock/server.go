package iclock

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"hadir/internal/attendance"
	"hadir/internal/device"
	"hadir/internal/org"
	"hadir/internal/platform/database"
)

// MaxUpload bounds one upload's body.
const MaxUpload = 4 << 20

// Orgs gives a device's organisation and its zone.
type Orgs interface {
	Get(ctx context.Context, id int64) (org.Org, error)
}

// Server answers the terminals.
type Server struct {
	DB         *database.DB
	Devices    *device.Service
	Attendance *attendance.Service
	Orgs       Orgs
}

// Route is one protocol endpoint (the API route table lists them with the rest).
type Route struct {
	Method, Path string
	Handle       http.HandlerFunc
}

// Routes are the protocol's endpoints.
func (s *Server) Routes() []Route {
	return []Route{
		{"GET", "/iclock/cdata", s.device(s.handshake)},
		{"POST", "/iclock/cdata", s.device(s.upload)},
		{"GET", "/iclock/getrequest", s.device(s.getRequest)},
		{"POST", "/iclock/devicecmd", s.device(s.deviceCmd)},
		{"GET", "/iclock/ping", s.device(func(w http.ResponseWriter, r *http.Request, d device.Device) { text(w, "OK\n") })},
	}
}

func text(w http.ResponseWriter, s string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, s)
}

func remoteIP(r *http.Request) string {
	ip, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return ip
}

// storable reports whether text can be stored and searched on both engines: PostgreSQL
// refuses invalid UTF-8 and NUL.
func storable(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// asText makes what a terminal sent storable: invalid UTF-8 becomes U+FFFD and NUL is
// dropped. Answering "try later" to such a body instead made the terminal send it forever.
func asText(s string) string {
	if storable(s) {
		return s
	}
	return strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), "\uFFFD")
}

// device resolves the SN of a request. Unknown or disabled devices, a wrong key or a source
// address outside the device's list get nothing, and are logged.
func (s *Server) device(next func(http.ResponseWriter, *http.Request, device.Device)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		sn := r.URL.Query().Get("SN")
		ip := remoteIP(r)
		var d device.Device
		err := device.ErrNotFound // a serial number that is not text names no device
		if storable(sn) {
			d, err = s.Devices.BySerial(r.Context(), sn)
		}
		switch {
		case errors.Is(err, device.ErrNotFound) || sn == "":
			slog.Warn("iclock: unknown device", "sn", sn, "ip", ip, "path", r.URL.Path)
			http.Error(w, "unknown device", http.StatusForbidden)
			return
		case err != nil:
			slog.Error("iclock: device lookup", "err", err)
			http.Error(w, "try later", http.StatusServiceUnavailable)
			return
		case !d.Enabled:
			slog.Warn("iclock: disabled device", "sn", sn, "ip", ip)
			http.Error(w, "device disabled", http.StatusForbidden)
			return
		case d.PushKey != "" && subtle.ConstantTimeCompare([]byte(d.PushKey), []byte(r.URL.Query().Get("key"))) != 1:
			slog.Warn("iclock: wrong device key", "sn", sn, "ip", ip)
			http.Error(w, "wrong key", http.StatusForbidden)
			return
		case !d.Allows(ip):
			slog.Warn("iclock: device from a source address not allowed", "sn", sn, "ip", ip)
			http.Error(w, "address not allowed", http.StatusForbidden)
			return
		}
		// Record the call, but not more than every 20 seconds: a busy terminal's uploads
		// should not each cost a write.
		if d.LastSeen == nil || time.Since(*d.LastSeen) > 20*time.Second || r.URL.Query().Get("options") == "all" {
			if err := s.Devices.Seen(r.Context(), d, ip, r.URL.Query().Get("pushver"), ""); err != nil {
				slog.Error("iclock: seen", "err", err)
			}
		}
		next(w, r, d)
	}
}

func (s *Server) zone(ctx context.Context, orgID int64) (*time.Location, error) {
	o, err := s.Orgs.Get(ctx, orgID)
	if err != nil {
		return nil, err
	}
	return o.Location(), nil
}

// handshake answers GET cdata: with options=all the options block that sets the device's
// zone and stamps; any other GET (a "time" query, say) a plain OK.
func (s *Server) handshake(w http.ResponseWriter, r *http.Request, d device.Device) {
	if r.URL.Query().Get("options") != "all" {
		text(w, "OK\n")
		return
	}
	loc, err := s.zone(r.Context(), d.OrgID)
	if err != nil {
		http.Error(w, "try later", http.StatusServiceUnavailable)
		return
	}
	_, off := time.Now().In(loc).Zone()
	w.Header().Set("Date", time.Now().UTC().Format(http.TimeFormat))
	text(w, Options(d.Code, d.AttStamp, float64(off)/3600))
}

// upload takes POST cdata: ATTLOG lines become punches in one transaction, answered
// "OK: n" only after they are committed, so a device that gets no answer sends them again
// and the duplicates are ignored. Other tables are recorded as they came.
func (s *Server) upload(w http.ResponseWriter, r *http.Request, d device.Device) {
	r.Body = http.MaxBytesReader(w, r.Body, MaxUpload)
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "upload too large", http.StatusRequestEntityTooLarge)
		return
	}
	body := asText(string(raw))
	table := asText(strings.ToUpper(r.URL.Query().Get("table")))
	ctx := r.Context()
	if table != "ATTLOG" {
		if err := s.Devices.Record(ctx, d, table, body); err != nil {
			http.Error(w, "try later", http.StatusServiceUnavailable)
			return
		}
		text(w, fmt.Sprintf("OK: %d\n", strings.Count(strings.TrimSpace(body), "\n")+1))
		return
	}
	n, err := s.ingest(ctx, d, body)
	if err != nil {
		slog.Error("iclock: ATTLOG", "sn", d.Code, "err", err)
		http.Error(w, "try later", http.StatusServiceUnavailable)
		return
	}
	if stamp := r.URL.Query().Get("Stamp"); stamp != "" {
		_ = s.Devices.SetStamp(ctx, d, asText(stamp))
	}
	text(w, fmt.Sprintf("OK: %d\n", n))
}

// ingest stores the punches of an ATTLOG body and returns how many lines it accepted (new
// or already stored); lines that are not punches or name an unknown PIN are recorded.
func (s *Server) ingest(ctx context.Context, d device.Device, body string) (int, error) {
	loc, err := s.zone(ctx, d.OrgID)
	if err != nil {
		return 0, err
	}
	lines := strings.Split(body, "\n")
	var wanted []string
	for _, line := range lines {
		if pin, _, ok := strings.Cut(line, "\t"); ok {
			wanted = append(wanted, strings.TrimSpace(pin))
		}
	}
	pins, err := s.Devices.PersonByPIN(ctx, d.OrgID, wanted)
	if err != nil {
		return 0, err
	}
	dev := d.ID
	source := attendance.DeviceSource(d.ID)
	var punches []attendance.Punch
	var rejected []string
	accepted := 0
	for _, line := range lines {
		if strings.TrimSpace(line) == "" {
			continue
		}
		a, err := ParseAttLog(line, loc)
		if err != nil {
			rejected = append(rejected, line)
			continue
		}
		pid, ok := pins[strings.ToUpper(a.PIN)]
		if !ok {
			rejected = append(rejected, line)
			accepted++ // acknowledged so the device stops resending; kept for review
			continue
		}
		_, off := a.Time.Zone()
		punches = append(punches, attendance.Punch{OrgID: d.OrgID, PersonID: pid, At: a.Time, LocalTime: a.Time.Format("2006-01-02T15:04:05"), Offset: off / 60,
			Source: source, DeviceID: &dev, State: a.Status, VerifyMode: a.Verify, Raw: a.Raw})
		accepted++
	}
	err = s.DB.WithTx(ctx, func(ctx context.Context) error {
		if _, err := s.Attendance.RecordBatch(ctx, punches); err != nil {
			return err
		}
		if len(rejected) > 0 {
			return s.Devices.Record(ctx, d, "ATTLOG-REJECTED", strings.Join(rejected, "\n"))
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return accepted, nil
}

// getRequest hands the device its next commands, one "C:<id>:<command>" line each, or OK.
func (s *Server) getRequest(w http.ResponseWriter, r *http.Request, d device.Device) {
	cmds, err := s.Devices.Claim(r.Context(), d, 20)
	if err != nil {
		slog.Error("iclock: claim", "err", err)
		http.Error(w, "try later", http.StatusServiceUnavailable)
		return
	}
	if len(cmds) == 0 {
		text(w, "OK\n")
		return
	}
	var b strings.Builder
	for _, c := range cmds {
		b.WriteString("C:" + strconv.FormatInt(c.ID, 10) + ":" + c.Command + "\n")
	}
	text(w, b.String())
}

// deviceCmd records command results with the device's return codes; an INFO reply's lines
// update the device's firmware and counts.
func (s *Server) deviceCmd(w http.ResponseWriter, r *http.Request, d device.Device) {
	r.Body = http.MaxBytesReader(w, r.Body, MaxUpload)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "too large", http.StatusRequestEntityTooLarge)
		return
	}
	results, err := ParseResults(asText(string(body)))
	if err != nil {
		slog.Warn("iclock: bad devicecmd", "sn", d.Code, "err", err)
	}
	for _, res := range results {
		if err := s.Devices.Result(r.Context(), d, res.ID, res.Return, strings.TrimSpace(res.Extra)); err != nil && !errors.Is(err, device.ErrNotFound) {
			http.Error(w, "try later", http.StatusServiceUnavailable)
			return
		}
		if res.Cmd == "INFO" && res.Extra != "" {
			info := Fields(strings.ReplaceAll(strings.TrimSpace(res.Extra), "\n", "\t"))
			_ = s.Devices.Seen(r.Context(), d, remoteIP(r), info["FWVersion"], strings.TrimSpace(res.Extra))
		}
	}
	text(w, "OK\n")
}
