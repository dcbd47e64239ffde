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
	"net/url"
	"strconv"
	"strings"
	"sync"
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
	// Now is the clock for time zones and the Date header (nil: the real clock).
	Now func() time.Time

	seen, stamped, drifted throttle
	unknownPaths           onceSet
	reported               lastValue // the INFO a device last reported, as this node wrote it
}

// lastValue remembers, per device, the last value this node wrote of something.
type lastValue struct {
	mu   sync.Mutex
	last map[int64]string
}

// changed reports whether v differs from the device's last value, and remembers it.
func (l *lastValue) changed(id int64, v string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.last[id] == v {
		return false
	}
	if l.last == nil || len(l.last) > 100_000 {
		l.last = map[int64]string{}
	}
	l.last[id] = v
	return true
}

// WriteEvery is how often a node records a device's last call (Seen) and its ATTLOG stamp.
// Both change with every request; writing them each time would double the writes of a
// real-time punch. A stamp up to this old makes a restarted terminal send a few punches
// again, which are ignored as duplicates.
const WriteEvery = 20 * time.Second

// throttle remembers when this node last wrote something of a device.
type throttle struct {
	mu sync.Mutex
	at map[int64]time.Time
}

// due tells whether the device's write is due, and if so counts it as done now.
func (t *throttle) due(id int64) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := time.Now()
	if last, ok := t.at[id]; ok && now.Sub(last) < WriteEvery {
		return false
	}
	if t.at == nil || len(t.at) > 100_000 {
		t.at = map[int64]time.Time{}
	}
	t.at[id] = now
	return true
}

// Route is one protocol endpoint (the API route table lists them with the rest).
type Route struct {
	Method, Path string
	Handle       http.HandlerFunc
}

// Routes are the protocol's endpoints. Each also answers under its ".aspx" name, which eSSL
// and other OEM firmware call (cdata.aspx, getrequest.aspx, devicecmd.aspx). The last route,
// with no method, takes every other /iclock/ path, so a terminal never gets the web app's
// HTML page (which it would try to parse) nor a 405 for a method it expected to work.
func (s *Server) Routes() []Route {
	var rs []Route
	for _, alias := range []string{"", ".aspx"} {
		rs = append(rs,
			Route{"GET", "/iclock/cdata" + alias, s.device(s.handshake)},
			Route{"POST", "/iclock/cdata" + alias, s.device(s.upload)},
			Route{"GET", "/iclock/getrequest" + alias, s.device(s.getRequest)},
			Route{"POST", "/iclock/devicecmd" + alias, s.device(s.deviceCmd)},
			Route{"GET", "/iclock/rtdata" + alias, s.device(s.rtdata)},
			Route{"GET", "/iclock/ping" + alias, s.device(func(w http.ResponseWriter, r *http.Request, d device.Device) { text(w, "OK\n") })},
		)
	}
	// Security PUSH 3.x (security.go): registration, configuration and query answers.
	rs = append(rs,
		Route{"POST", "/iclock/registry", s.device(s.registry)},
		Route{"GET", "/iclock/push", s.device(s.push)},
		Route{"POST", "/iclock/push", s.device(s.push)},
		Route{"POST", "/iclock/querydata", s.device(s.queryData)},
	)
	return append(rs, Route{"", "/iclock/", s.unknown})
}

// onceSet remembers keys seen, to log something once (bounded: forgotten past 10,000 keys).
type onceSet struct {
	mu   sync.Mutex
	seen map[string]bool
}

// first reports whether key is new, and remembers it.
func (o *onceSet) first(key string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.seen[key] {
		return false
	}
	if o.seen == nil || len(o.seen) >= 10_000 {
		o.seen = map[string]bool{}
	}
	o.seen[key] = true
	return true
}

// unknown answers an /iclock/ path (or method) the server does not serve with a plain-text
// 404, logged once per device and path on this node: a terminal asking for it keeps asking,
// and one line tells the administrator which firmware wants what.
func (s *Server) unknown(w http.ResponseWriter, r *http.Request) {
	sn := r.URL.Query().Get("SN")
	if storable(sn) && storable(r.URL.Path) && s.unknownPaths.first(strings.ToUpper(sn)+" "+r.Method+" "+r.URL.Path) {
		slog.Warn("iclock: unknown path", "sn", sn, "method", r.Method, "path", r.URL.Path, "ip", remoteIP(r))
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	io.WriteString(w, "unknown path\n")
}

// rtdata answers "GET rtdata?type=time", the clock synchronisation of newer firmware, with
// the server's time in UTC in the protocol's own encoding and the offset of the device's
// zone (the organisation's) at this instant: "DateTime=<encoded>,ServerTZ=+0530". Any other
// type gets OK.
func (s *Server) rtdata(w http.ResponseWriter, r *http.Request, d device.Device) {
	if !strings.EqualFold(r.URL.Query().Get("type"), "time") {
		text(w, "OK\n")
		return
	}
	loc, err := s.zone(r.Context(), d.OrgID)
	if err != nil {
		http.Error(w, "try later", http.StatusServiceUnavailable)
		return
	}
	text(w, TimeReply(s.now(), loc)+"\n")
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
		handshake := r.URL.Query().Get("options") == "all"
		var d device.Device
		err := device.ErrNotFound // a serial number that is not text names no device
		switch {
		case !storable(sn):
		case handshake: // answers with the stored stamp: read it fresh
			d, err = s.Devices.BySerial(r.Context(), sn)
		default:
			d, err = s.Devices.Terminal(r.Context(), sn)
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
		case !keyAccepted(d, r.URL.Query()):
			slog.Warn("iclock: wrong device key", "sn", sn, "ip", ip)
			http.Error(w, "wrong key", http.StatusForbidden)
			return
		case !d.Allows(ip):
			slog.Warn("iclock: device from a source address not allowed", "sn", sn, "ip", ip)
			http.Error(w, "address not allowed", http.StatusForbidden)
			return
		}
		// Record the call, but not more than every WriteEvery: a busy terminal's uploads
		// should not each cost a write. Firmware 2.x reports its counts on every command
		// poll (getrequest?INFO=...): those are written when they changed.
		info := r.URL.Query().Get("INFO")
		if handshake || s.seen.due(d.ID) || (info != "" && s.reported.changed(d.ID, info)) {
			rep := ParseInfoParam(info)
			if v := r.URL.Query().Get("pushver"); v != "" {
				rep.PushVersion = clip(asText(v), 40)
			}
			if err := s.Devices.Seen(r.Context(), d, ip, rep); err != nil {
				slog.Error("iclock: seen", "err", err)
			}
		}
		next(w, r, d)
	}
}

// keyAccepted tells whether a request passes the device's push key. Few firmware versions
// can send a key= parameter, so the key is optional: a request without one is accepted when
// the device is locked to its serial number plus allowed source addresses instead (checked
// next, by Allows). A key that is sent must be right.
func keyAccepted(d device.Device, q url.Values) bool {
	if d.PushKey == "" {
		return true
	}
	sent, ok := q["key"]
	if !ok || len(sent) == 0 || sent[0] == "" {
		return strings.TrimSpace(d.AllowedIPs) != ""
	}
	return subtle.ConstantTimeCompare([]byte(d.PushKey), []byte(sent[0])) == 1
}

// zone is the organisation's time zone, cached as the reports have it: a real-time terminal
// sends one request per punch, and each round trip counts (issue 16, single punch p99).
func (s *Server) zone(ctx context.Context, orgID int64) (*time.Location, error) {
	return s.Attendance.Location(ctx, orgID)
}

// handshake answers GET cdata: with options=all the options block that sets the device's
// zone and stamps; any other GET (a "time" query, say) a plain OK.
func (s *Server) handshake(w http.ResponseWriter, r *http.Request, d device.Device) {
	if r.URL.Query().Get("options") != "all" {
		text(w, "OK\n")
		return
	}
	if security(r, d) {
		s.securityHandshake(w, r, d)
		return
	}
	loc, err := s.zone(r.Context(), d.OrgID)
	if err != nil {
		http.Error(w, "try later", http.StatusServiceUnavailable)
		return
	}
	now := s.now()
	pushver := clip(asText(r.URL.Query().Get("pushver")), 40)
	tz, told := TimeZoneOption(now, loc, OldFirmware(pushver))
	if err := s.Devices.Told(r.Context(), d, told, pushver, device.PollInterval); err != nil {
		http.Error(w, "try later", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Date", now.UTC().Format(http.TimeFormat))
	text(w, Options(d.Code, d.AttStamp, tz))
}

// now is the server's clock (Now when set, for tests across a daylight-saving change).
func (s *Server) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// deviceZone is the zone the terminal's clock runs in: the offset it was last told, which
// old firmware keeps through a daylight-saving change until it is told again, or the
// organisation's zone before its first handshake.
func deviceZone(d device.Device, org *time.Location) *time.Location {
	if d.TZTold == nil {
		return org
	}
	return time.FixedZone("device", *d.TZTold)
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
	switch table {
	case "RTLOG":
		if _, err := s.rtlog(ctx, d, body); err != nil {
			slog.Error("iclock: rtlog", "sn", d.Code, "err", err)
			http.Error(w, "try later", http.StatusServiceUnavailable)
			return
		}
		text(w, "OK\n") // what Security PUSH servers answer (docs/api-devices.md)
		return
	case "TABLEDATA":
		s.tableData(w, r, d, body)
		return
	}
	if table != "ATTLOG" {
		// The user list answering a synchronisation's query is kept whole for Reconcile.
		if table == "OPERLOG" || table == "USERINFO" {
			if err := s.userList(ctx, d, body, ""); err != nil {
				slog.Error("iclock: user list", "sn", d.Code, "err", err)
				http.Error(w, "try later", http.StatusServiceUnavailable)
				return
			}
		}
		if err := s.Devices.Record(ctx, d, table, body); err != nil {
			http.Error(w, "try later", http.StatusServiceUnavailable)
			return
		}
		text(w, fmt.Sprintf("OK: %d\n", strings.Count(strings.TrimSpace(body), "\n")+1))
		return
	}
	received := s.now()
	n, newest, err := s.ingest(ctx, d, body)
	if err != nil {
		slog.Error("iclock: ATTLOG", "sn", d.Code, "err", err)
		http.Error(w, "try later", http.StatusServiceUnavailable)
		return
	}
	// The terminal's clock, as its newest punch's stamp against the time it arrived
	// (device.DriftWindow says why that is a lower bound, and how it is kept).
	if !newest.IsZero() && s.drifted.due(d.ID) {
		drift := int(newest.Sub(received).Round(time.Second) / time.Second)
		if err := s.Devices.MeasuredDrift(ctx, d, drift, received); err != nil {
			slog.Error("iclock: clock drift", "sn", d.Code, "err", err)
		}
	}
	if stamp := r.URL.Query().Get("Stamp"); stamp != "" && s.stamped.due(d.ID) {
		_ = s.Devices.SetStamp(ctx, d, asText(stamp))
	}
	text(w, fmt.Sprintf("OK: %d\n", n))
}

// userList keeps an upload holding user lines (OPERLOG, USERINFO, a 3.x querydata user
// table) while the device's user query is waiting for its answer. cmdid, when the terminal
// names the command it answers (3.x), must be that query.
func (s *Server) userList(ctx context.Context, d device.Device, body, cmdid string) error {
	if len(device.ParseUserList(body)) == 0 {
		return nil
	}
	id, err := s.Devices.PendingSync(ctx, d)
	if err != nil || id == 0 {
		return err
	}
	if cmdid != "" && cmdid != strconv.FormatInt(id, 10) {
		return nil
	}
	return s.Devices.RecordUserList(ctx, d, id, body)
}

// ingest stores the punches of an ATTLOG body and returns how many lines it accepted (new
// or already stored) and the newest punch's instant by the terminal's clock (zero when no
// line was a punch); lines that are not punches or name an unknown PIN are recorded.
func (s *Server) ingest(ctx context.Context, d device.Device, body string) (int, time.Time, error) {
	var newest time.Time
	loc, err := s.zone(ctx, d.OrgID)
	if err != nil {
		return 0, newest, err
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
		return 0, newest, err
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
		a, err := ParseAttLog(line, deviceZone(d, loc))
		if err != nil {
			rejected = append(rejected, line)
			continue
		}
		if a.Time.After(newest) {
			newest = a.Time
		}
		pid, ok := pins[strings.ToUpper(a.PIN)]
		if !ok {
			rejected = append(rejected, line)
			accepted++ // acknowledged so the device stops resending; kept for review
			continue
		}
		// Read at the terminal's clock, kept in the organisation's zone.
		local := a.Time.In(loc)
		_, off := local.Zone()
		punches = append(punches, attendance.Punch{OrgID: d.OrgID, PersonID: pid, At: local, LocalTime: local.Format("2006-01-02T15:04:05"), Offset: off / 60,
			Source: source, DeviceID: &dev, State: a.Status, VerifyMode: a.Verify, Temperature: a.Temperature, Mask: a.Mask, Raw: a.Raw})
		accepted++
	}
	store := func(ctx context.Context) error {
		if _, err := s.Attendance.RecordBatch(ctx, punches); err != nil {
			return err
		}
		if len(rejected) > 0 {
			return s.Devices.Record(ctx, d, "ATTLOG-REJECTED", strings.Join(rejected, "\n"))
		}
		return nil
	}
	if len(rejected) == 0 && len(punches) <= attendance.PunchesPerStatement {
		// One statement is atomic by itself: a real-time punch is stored without BEGIN and
		// COMMIT, two of its round trips to PostgreSQL.
		err = store(ctx)
	} else {
		err = s.DB.WithTx(ctx, store)
	}
	if err != nil {
		return 0, newest, err
	}
	// A backlog of many uploads adds up: the punches table is analysed once the rows
	// written reach a tenth of it (database.RowsWritten), in the background.
	s.DB.RowsWritten(len(punches), "punches")
	return accepted, newest, nil
}

// getRequest hands the device its next commands, one "C:<id>:<command>" line each, or OK.
func (s *Server) getRequest(w http.ResponseWriter, r *http.Request, d device.Device) {
	if err := s.clockCheck(r.Context(), d); err != nil {
		slog.Error("iclock: clock check", "err", err)
	}
	cmds, err := s.Devices.Claim(r.Context(), d, 20)
	if err != nil {
		slog.Error("iclock: claim", "err", err)
		http.Error(w, "try later", http.StatusServiceUnavailable)
		return
	}
	if d.Protocol == device.ProtocolSecurity {
		cmds = s.securityCommands(r.Context(), d, cmds)
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

// clockCheck queues a clock re-sync when what the terminal would be told now differs from
// what it was told (the organisation's zone changed its offset: daylight saving).
func (s *Server) clockCheck(ctx context.Context, d device.Device) error {
	if d.TZTold == nil {
		return nil
	}
	loc, err := s.zone(ctx, d.OrgID)
	if err != nil {
		return err
	}
	if _, told := TimeZoneOption(s.now(), loc, OldFirmware(d.PushVersion)); told != *d.TZTold {
		return s.Devices.QueueClockSync(ctx, d)
	}
	return nil
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
	// The results of one post in one transaction: a commit each made a large
	// synchronisation slow on PostgreSQL (BenchmarkReconcile10000).
	err = s.DB.WithTx(r.Context(), func(ctx context.Context) error {
		for _, res := range results {
			label, err := s.Devices.Result(ctx, d, res.ID, res.Return, strings.TrimSpace(res.Extra))
			if err != nil && !errors.Is(err, device.ErrNotFound) {
				return err
			}
			// The terminal answered a synchronisation's user query: its list came before
			// this result (POST cdata); the difference is queued now.
			if err == nil && device.IsSync(label) {
				if _, err := s.Devices.Reconcile(ctx, d, res.ID, label, res.Return >= 0); err != nil {
					return err
				}
			}
			if res.Cmd == "INFO" && res.Extra != "" {
				if err := s.Devices.Seen(ctx, d, remoteIP(r), ParseInfoReply(res.Extra)); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		slog.Error("iclock: devicecmd", "sn", d.Code, "err", err)
		http.Error(w, "try later", http.StatusServiceUnavailable)
		return
	}
	text(w, "OK\n")
}
