package iclock

// Security PUSH 3.x: face/palm terminals and access controllers. They register
// (POST /iclock/registry), fetch their configuration (/iclock/push), answer queries on
// /iclock/querydata and upload real-time events as keyed records under table=rtlog, their
// state under table=rtstate and their own tables under table=tabledata. docs/api-devices.md
// lists which of these shapes were checked against which public source.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"hadir/internal/attendance"
	"hadir/internal/device"
)

// ServerVersion is the Security PUSH version the server speaks in its replies.
const ServerVersion = "3.1.2"

// RTLog is one real-time event of a Security PUSH terminal.
type RTLog struct {
	PIN        string
	Time       time.Time // wall clock of the terminal, read in the zone given
	LocalTime  string
	Event      int
	VerifyType string
	InOut      int
	Door       int
	Card       string
	Index      string
	// Thermal firmware adds "maskflag" (1 mask, 0 none) and "temperature" (°C or °F) to the
	// keyed record (a captured SpeedFace record in security_test.go, rtlogThermal): read by
	// key, so where they stand in the line does not matter. Nil when absent or not measured,
	// as for ATTLOG (thermal).
	Mask        *bool
	Temperature *float64
	Raw         string
}

// ErrBadRecord is a record that cannot be read.
var ErrBadRecord = errors.New("iclock: bad record")

// KeyedFields splits one keyed record, "k=v<TAB>k=v...", by key (lower-cased): the field list
// grew across firmware versions, so nothing is read by position. A leading table name
// ("user uid=1<TAB>...", as tabledata records start) is dropped.
func KeyedFields(line string) map[string]string {
	out := map[string]string{}
	for i, part := range strings.Split(strings.TrimRight(line, "\r"), "\t") {
		if i == 0 {
			if sp := strings.IndexByte(part, ' '); sp >= 0 && !strings.Contains(part[:sp], "=") {
				part = part[sp+1:]
			}
		}
		if k, v, ok := strings.Cut(part, "="); ok {
			out[strings.ToLower(strings.TrimSpace(k))] = strings.TrimSpace(v)
		}
	}
	return out
}

func intField(f map[string]string, k string) (int, error) {
	v := f[k]
	if v == "" {
		return 0, nil
	}
	return strconv.Atoi(v)
}

// ParseRTLog reads one rtlog record ("time=2026-01-10 11:49:32<TAB>pin=1001<TAB>cardno=0<TAB>
// eventaddr=1<TAB>event=0<TAB>inoutstatus=0<TAB>verifytype=15<TAB>index=42...").
func ParseRTLog(line string, loc *time.Location) (RTLog, error) {
	f := KeyedFields(line)
	r := RTLog{PIN: f["pin"], VerifyType: clip(f["verifytype"], 32), Card: clip(f["cardno"], 40), Index: clip(f["index"], 32), Raw: clip(line, 1000)}
	t, err := time.ParseInLocation("2006-01-02 15:04:05", f["time"], loc)
	if err != nil {
		return r, fmt.Errorf("%w: time %q", ErrBadRecord, clip(f["time"], 40))
	}
	r.Time, r.LocalTime = t, t.Format("2006-01-02T15:04:05")
	r.Mask, r.Temperature = thermal(f["maskflag"], f["temperature"])
	var e1, e2, e3 error
	r.Event, e1 = intField(f, "event")
	r.InOut, e2 = intField(f, "inoutstatus")
	r.Door, e3 = intField(f, "eventaddr")
	if f["event"] == "" || e1 != nil || e2 != nil || e3 != nil {
		return r, fmt.Errorf("%w: event, inoutstatus or eventaddr not a number", ErrBadRecord)
	}
	if len(r.PIN) > 40 || !storable(r.PIN) {
		return r, fmt.Errorf("%w: pin", ErrBadRecord)
	}
	return r, nil
}

// EventKind is the band of an rtlog event code: "device" when no person is named (pin 0 or
// none: a door sensor, a start-up), else granted (0-19, 200-253), denied (20-99), alarm
// (100-199) or unknown.
func EventKind(pin string, event int) string {
	if pin == "" || strings.Trim(pin, "0") == "" {
		return "device"
	}
	switch {
	case event >= 0 && event <= 19, event >= 200 && event <= 253:
		return "granted"
	case event >= 20 && event <= 99:
		return "denied"
	case event >= 100 && event <= 199:
		return "alarm"
	}
	return "unknown"
}

// ParseRegistry reads a registration body: "key=value" pairs separated by commas (a key may
// start with "~"; a value has no comma), into what the device reports of itself.
func ParseRegistry(body string) device.Report {
	f := map[string]string{}
	for _, part := range strings.Split(strings.ReplaceAll(body, "\n", ","), ",") {
		if k, v, ok := strings.Cut(strings.TrimSpace(part), "="); ok {
			f[strings.ToLower(strings.TrimPrefix(k, "~"))] = strings.TrimSpace(v)
		}
	}
	r := device.Report{Firmware: clip(f["firmver"], 100), PushVersion: clip(f["pushversion"], 40)}
	if n := f["devicename"]; n != "" {
		r.Info = clip("DeviceName="+n, 500)
	}
	num := func(k string) *int {
		if v, err := strconv.Atoi(f[k]); err == nil && v >= 0 {
			return &v
		}
		return nil
	}
	r.MaxUsers, r.MaxLogs = num("maxusercount"), num("maxattlogcount")
	return r
}

// SecurityOptions is the configuration of a registered Security PUSH terminal: the reply to
// its handshake (with registry=ok and its RegistryCode first) and to /iclock/push.
func SecurityOptions(d device.Device, handshake bool) string {
	var b strings.Builder
	if handshake {
		b.WriteString("registry=ok\nRegistryCode=" + d.RegistryCode + "\n")
	}
	b.WriteString("ServerVersion=" + ServerVersion + "\nServerName=Hadir\nPushProtVer=" + ServerVersion + "\nPushVersion=" + ServerVersion + "\n" +
		"ErrorDelay=30\nRequestDelay=5\nTransTimes=00:00;14:05\nTransInterval=1\nTransTables=User Transaction\nRealtime=1\n" +
		"SessionID=" + d.SessionID + "\nTimeoutSec=10\n")
	return b.String()
}

// security tells whether a request comes from a Security PUSH terminal: registered as one,
// or announcing DeviceType=acc.
func security(r *http.Request, d device.Device) bool {
	return d.Protocol == device.ProtocolSecurity || strings.EqualFold(r.URL.Query().Get("DeviceType"), "acc")
}

// registry takes POST /iclock/registry: the device's parameters; the answer is its RegistryCode.
func (s *Server) registry(w http.ResponseWriter, r *http.Request, d device.Device) {
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "too large", http.StatusRequestEntityTooLarge)
		return
	}
	d, err = s.Devices.Register(r.Context(), d, remoteIP(r), ParseRegistry(asText(string(raw))))
	if err != nil {
		slog.Error("iclock: registry", "sn", d.Code, "err", err)
		http.Error(w, "try later", http.StatusServiceUnavailable)
		return
	}
	text(w, "RegistryCode="+d.RegistryCode+"\n")
}

// registered is the device with its RegistryCode and SessionID, minted when it has none
// (a terminal that skipped registration because a handshake told it it was registered).
func (s *Server) registered(ctx context.Context, r *http.Request, d device.Device) (device.Device, error) {
	if d.Protocol == device.ProtocolSecurity && d.RegistryCode != "" && d.SessionID != "" {
		return d, nil
	}
	fresh, err := s.Devices.BySerial(ctx, d.Code)
	if err != nil {
		return d, err
	}
	if fresh.Protocol == device.ProtocolSecurity && fresh.RegistryCode != "" && fresh.SessionID != "" {
		return fresh, nil
	}
	return s.Devices.Register(ctx, fresh, remoteIP(r), device.Report{})
}

// push takes /iclock/push: the configuration of a registered terminal.
func (s *Server) push(w http.ResponseWriter, r *http.Request, d device.Device) {
	d, err := s.registered(r.Context(), r, d)
	if err != nil {
		http.Error(w, "try later", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Date", s.now().UTC().Format(http.TimeFormat))
	text(w, SecurityOptions(d, false))
}

// securityHandshake answers the handshake of a Security PUSH terminal.
func (s *Server) securityHandshake(w http.ResponseWriter, r *http.Request, d device.Device) {
	d, err := s.registered(r.Context(), r, d)
	if err != nil {
		http.Error(w, "try later", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Date", s.now().UTC().Format(http.TimeFormat))
	text(w, SecurityOptions(d, true))
}

// tableData takes the terminal's own tables (user, biophoto, biodata, ...) pushed under
// table=tabledata or sent in answer to a query on /iclock/querydata: they are recorded as
// they came, and acknowledged "<tablename>=<count>", which the terminal waits for.
func (s *Server) tableData(w http.ResponseWriter, r *http.Request, d device.Device, body string) {
	name := clip(asText(r.URL.Query().Get("tablename")), 40)
	count := strings.TrimSpace(r.URL.Query().Get("count"))
	if _, err := strconv.Atoi(count); err != nil {
		n := 0
		for _, line := range strings.Split(body, "\n") {
			if strings.TrimSpace(line) != "" {
				n++
			}
		}
		count = strconv.Itoa(n)
	}
	if name == "" {
		name = "tabledata"
	}
	if err := s.Devices.Record(r.Context(), d, "tabledata:"+name, body); err != nil {
		http.Error(w, "try later", http.StatusServiceUnavailable)
		return
	}
	text(w, name+"="+count+"\n")
}

// queryData takes POST /iclock/querydata, a terminal's answer to a DATA QUERY
// (?type=tabledata&cmdid=<the query's id>&tablename=user&count=<n>, packcnt/packidx when the
// table comes in several posts). The user table answering a synchronisation's query is kept
// whole for Reconcile, as the attendance PUSH answer is (userList); the result the terminal
// reports next on devicecmd runs the reconciliation. A post naming another command (cmdid)
// than the query waiting is not taken as its answer.
func (s *Server) queryData(w http.ResponseWriter, r *http.Request, d device.Device) {
	r.Body = http.MaxBytesReader(w, r.Body, MaxUpload)
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "upload too large", http.StatusRequestEntityTooLarge)
		return
	}
	body := asText(string(raw))
	q := r.URL.Query()
	if strings.EqualFold(q.Get("tablename"), "user") && (q.Get("type") == "" || strings.EqualFold(q.Get("type"), "tabledata")) {
		if err := s.userList(r.Context(), d, body, q.Get("cmdid")); err != nil {
			slog.Error("iclock: user list", "sn", d.Code, "err", err)
			http.Error(w, "try later", http.StatusServiceUnavailable)
			return
		}
	}
	s.tableData(w, r, d, body)
}

// rtlog stores a terminal's real-time events: every one as an access event for review, and
// the granted events of a person on an attendance device as punches, through the same
// recording as ATTLOG (attendance.RecordBatch), in one transaction.
func (s *Server) rtlog(ctx context.Context, d device.Device, body string) (int, error) {
	loc, err := s.zone(ctx, d.OrgID)
	if err != nil {
		return 0, err
	}
	var recs []RTLog
	var rejected, pins []string
	accepted := 0
	for _, line := range strings.Split(body, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		accepted++ // every record is acknowledged: a terminal resends what is not
		rec, err := ParseRTLog(line, loc)
		if err != nil {
			rejected = append(rejected, line)
			continue
		}
		recs = append(recs, rec)
		pins = append(pins, rec.PIN)
	}
	people, err := s.Devices.PersonByPIN(ctx, d.OrgID, pins)
	if err != nil {
		return 0, err
	}
	dev := d.ID
	var events []device.AccessEvent
	var punches []attendance.Punch
	for _, rec := range recs {
		kind := EventKind(rec.PIN, rec.Event)
		ev := device.AccessEvent{OrgID: d.OrgID, DeviceID: d.ID, PIN: rec.PIN, At: rec.Time, LocalTime: rec.LocalTime, Event: rec.Event, Kind: kind,
			VerifyType: rec.VerifyType, InOut: rec.InOut, Door: rec.Door, Card: rec.Card, Raw: rec.Raw}
		if pid, ok := people[strings.ToUpper(rec.PIN)]; ok && kind != "device" {
			id := pid
			ev.PersonID = &id
			if kind == "granted" && d.Use != device.UseAccess {
				ev.Punched = true
				_, off := rec.Time.Zone()
				verify, _ := strconv.Atoi(rec.VerifyType)
				punches = append(punches, attendance.Punch{OrgID: d.OrgID, PersonID: pid, At: rec.Time, LocalTime: rec.LocalTime, Offset: off / 60,
					Source: attendance.DeviceSource(d.ID), DeviceID: &dev, State: rec.InOut, VerifyMode: verify, Temperature: rec.Temperature, Mask: rec.Mask, Raw: rec.Raw})
			}
		}
		events = append(events, ev)
	}
	err = s.DB.WithTx(ctx, func(ctx context.Context) error {
		if _, err := s.Devices.RecordAccessEvents(ctx, events); err != nil {
			return err
		}
		if _, err := s.Attendance.RecordBatch(ctx, punches); err != nil {
			return err
		}
		if len(rejected) > 0 {
			return s.Devices.Record(ctx, d, "RTLOG-REJECTED", strings.Join(rejected, "\n"))
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	s.DB.RowsWritten(len(punches), "punches")
	return accepted, nil
}

// securityCommands turns the commands handed to a Security PUSH terminal into the 3.x form;
// one without such a form is marked done without being sent.
func (s *Server) securityCommands(ctx context.Context, d device.Device, cmds []device.Command) []device.Command {
	out := cmds[:0]
	for _, c := range cmds {
		sc := device.SecurityCommand(c.Command)
		if sc == "" {
			if _, err := s.Devices.Result(ctx, d, c.ID, 0, "not sent: no Security PUSH form"); err != nil && !errors.Is(err, device.ErrNotFound) {
				slog.Error("iclock: skip command", "err", err)
			}
			continue
		}
		c.Command = sc
		out = append(out, c)
	}
	return out
}
