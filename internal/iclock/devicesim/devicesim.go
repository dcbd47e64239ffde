// Package devicesim plays an attendance terminal against a Hadir server over the PUSH
// protocol, as a real one behaves: it shakes hands and sets its clock from the reply,
// uploads punches and keeps them until a 200 answer that starts with "OK", polls for
// commands, applies them to its own user table and reports the results. Tests and the
// demo use it; `hadir devicesim` runs it from the command line.
package devicesim

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"hadir/internal/iclock"
)

// User is an entry of the terminal's user table.
type User struct {
	PIN   string
	Name  string
	Pri   string
	Card  string
	Photo bool
}

// Sim is one simulated terminal.
type Sim struct {
	Server string // base URL, e.g. http://127.0.0.1:8080
	SN     string
	Key    string
	Client *http.Client
	// ASPX makes the terminal call the ".aspx" names of the endpoints (cdata.aspx,
	// getrequest.aspx, devicecmd.aspx), as eSSL and other OEM firmware do.
	ASPX bool
	// PushVersion is the pushver of the handshake ("2.4.1" by default); "" plays the
	// black-and-white 6.60 generation, which sends none and reads TimeZone in whole hours.
	PushVersion string
	// UserTable is the table the terminal uploads its user list in when asked
	// (DATA QUERY USERINFO): "OPERLOG" ("USER PIN=..." lines, the default) or "USERINFO"
	// ("PIN=..." lines, newer firmware).
	UserTable string
	// NoUserQuery plays old firmware that refuses DATA QUERY USERINFO (-1002).
	NoUserQuery bool
	// Security plays a Security PUSH 3.x terminal (face/palm, access controller): it registers,
	// its handshake announces DeviceType=acc, it sets its clock with rtdata, uploads its
	// punches as rtlog events and takes commands in the 3.x form (security.go).
	Security     bool
	RegistryCode string
	SessionID    string
	// ClockError is how far the terminal's clock runs ahead of the time it was set to (a
	// drifting crystal, or a clock set by hand): its punches are stamped by it.
	ClockError time.Duration

	mu       sync.Mutex
	users    map[string]User
	received []string // every command fetched, in order (a test's record of the wire)
	pending  []iclock.AttLog
	events   []int         // the rtlog event code of each pending punch (Security)
	index    int           // the last rtlog index
	offset   time.Duration // server clock minus ours
	zone     *time.Location
	Stamp    string
	Uploaded int // punches acknowledged so far
}

// New returns a simulator for a serial number.
func New(server, sn string) *Sim {
	return &Sim{Server: strings.TrimRight(server, "/"), SN: sn, Client: &http.Client{Timeout: 15 * time.Second}, users: map[string]User{}, zone: time.UTC, PushVersion: "2.4.1"}
}

func (s *Sim) url(path string, q url.Values) string {
	if q == nil {
		q = url.Values{}
	}
	q.Set("SN", s.SN)
	if s.Key != "" {
		q.Set("key", s.Key)
	}
	if s.ASPX && path != "/iclock/ping" {
		path += ".aspx"
	}
	return s.Server + path + "?" + q.Encode()
}

func (s *Sim) do(ctx context.Context, method, u, body string) (int, string, http.Header, error) {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		return 0, "", nil, err
	}
	req.Header.Set("User-Agent", "iClock Proxy/1.09 (hadir devicesim)")
	if body != "" {
		req.Header.Set("Content-Type", "text/plain")
	}
	res, err := s.Client.Do(req)
	if err != nil {
		return 0, "", nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	return res.StatusCode, string(b), res.Header, err
}

// ErrRefused is an answer that is not 200: the server does not know the device.
var ErrRefused = errors.New("devicesim: the server refused the device")

// Handshake asks for the options, sets the clock from the server's Date and zone, and
// remembers the ATTLOG stamp.
func (s *Sim) Handshake(ctx context.Context) (map[string]string, error) {
	q := url.Values{"options": {"all"}, "language": {"69"}}
	if s.Security {
		q.Set("DeviceType", "acc")
	}
	if s.PushVersion != "" {
		q.Set("pushver", s.PushVersion)
	}
	code, body, hdr, err := s.do(ctx, "GET", s.url("/iclock/cdata", q), "")
	if err != nil {
		return nil, err
	}
	if code != http.StatusOK {
		return nil, fmt.Errorf("%w: %d %s", ErrRefused, code, strings.TrimSpace(body))
	}
	opts := map[string]string{}
	for _, line := range strings.Split(body, "\n") {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), "="); ok {
			opts[k] = v
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// Whole hours, or minutes beyond ±14 on newer firmware; old firmware reads hours only.
	if tz, err := strconv.Atoi(opts["TimeZone"]); err == nil {
		switch {
		case tz >= -14 && tz <= 14:
			s.zone = time.FixedZone("device", tz*3600)
		case s.PushVersion != "":
			s.zone = time.FixedZone("device", tz*60)
		}
	}
	if d, err := http.ParseTime(hdr.Get("Date")); err == nil {
		s.offset = time.Until(d)
	}
	s.Stamp = opts["ATTLOGStamp"]
	if s.Security {
		if opts["RegistryCode"] != "" {
			s.RegistryCode = opts["RegistryCode"]
		}
		s.SessionID = opts["SessionID"]
	}
	return opts, nil
}

// SyncTime asks the server for the time (rtdata?type=time), as newer firmware does, and sets
// the terminal's clock and zone from "DateTime=<encoded UTC>,ServerTZ=+HHMM".
func (s *Sim) SyncTime(ctx context.Context) error {
	code, body, _, err := s.do(ctx, "GET", s.url("/iclock/rtdata", url.Values{"type": {"time"}}), "")
	if err != nil {
		return err
	}
	if code != http.StatusOK {
		return fmt.Errorf("%w: %d %s", ErrRefused, code, strings.TrimSpace(body))
	}
	v := map[string]string{}
	for _, part := range strings.Split(strings.TrimSpace(body), ",") {
		if k, val, ok := strings.Cut(part, "="); ok {
			v[k] = val
		}
	}
	enc, err := strconv.ParseInt(v["DateTime"], 10, 64)
	tz := v["ServerTZ"]
	if err != nil || len(tz) != 5 || (tz[0] != '+' && tz[0] != '-') {
		return fmt.Errorf("devicesim: bad time reply %q", body)
	}
	hh, err1 := strconv.Atoi(tz[1:3])
	mm, err2 := strconv.Atoi(tz[3:5])
	if err1 != nil || err2 != nil {
		return fmt.Errorf("devicesim: bad time zone %q", tz)
	}
	off := hh*3600 + mm*60
	if tz[0] == '-' {
		off = -off
	}
	utc := iclock.DecodeTime(enc, time.UTC)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.zone = time.FixedZone("device", off)
	s.offset = time.Until(utc)
	return nil
}

// Now is the terminal's clock (set from the handshake), in its zone.
func (s *Sim) Now() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return time.Now().Add(s.offset + s.ClockError).In(s.zone)
}

// Zone is the terminal's zone (from the handshake).
func (s *Sim) Zone() *time.Location {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.zone
}

// Punch records a punch on the terminal, to upload with the next Upload.
func (s *Sim) Punch(pin string, at time.Time, status, verify int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pending = append(s.pending, iclock.AttLog{PIN: pin, Time: at.In(s.zone), Status: status, Verify: verify})
	s.events = append(s.events, 0)
}

// AccessEvent records a real-time event of a Security terminal with its event code (0-19
// granted, 20-99 denied, 100-199 alarm), to upload with the next Upload.
func (s *Sim) AccessEvent(pin string, at time.Time, event, inOut int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pending = append(s.pending, iclock.AttLog{PIN: pin, Time: at.In(s.zone), Status: inOut, Verify: 15})
	s.events = append(s.events, event)
}

// PunchThermal records a punch as a thermal terminal takes it: with the body temperature
// (°C) and whether a mask was worn, sent in the 9-field ATTLOG line of that firmware.
func (s *Sim) PunchThermal(pin string, at time.Time, status, verify int, temperature float64, mask bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pending = append(s.pending, iclock.AttLog{PIN: pin, Time: at.In(s.zone), Status: status, Verify: verify, Temperature: &temperature, Mask: &mask})
	s.events = append(s.events, 0)
}

// EnrolAtTerminal adds a user at the terminal's own keypad, as an installer does: the
// server is not told.
func (s *Sim) EnrolAtTerminal(pin, name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.users[pin] = User{PIN: pin, Name: name}
}

// SetUser writes a user record at the terminal (a rename, a card, an administrator's
// privilege given at the keypad): the server is not told.
func (s *Sim) SetUser(u User) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.users[u.PIN] = u
}

// RemoveAtTerminal deletes a user at the terminal's keypad: the server is not told.
func (s *Sim) RemoveAtTerminal(pin string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.users, pin)
}

// Pending is the number of punches not yet acknowledged.
func (s *Sim) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.pending)
}

// Upload sends the pending punches (at most batch at a time) and keeps any batch the server
// did not answer with 200 and "OK", as a terminal does.
func (s *Sim) Upload(ctx context.Context, batch int) (int, error) {
	sent := 0
	for {
		s.mu.Lock()
		n := min(batch, len(s.pending))
		lines := make([]string, n)
		q := url.Values{"table": {"ATTLOG"}, "Stamp": {strconv.FormatInt(time.Now().Unix(), 10)}}
		for i := 0; i < n; i++ {
			if s.Security {
				lines[i] = s.rtlogLine(s.pending[i], s.events[i], s.index+i+1)
			} else {
				lines[i] = iclock.FormatAttLog(s.pending[i])
			}
		}
		if s.Security {
			q = url.Values{"table": {"rtlog"}}
		}
		s.mu.Unlock()
		if n == 0 {
			return sent, nil
		}
		code, body, _, err := s.do(ctx, "POST", s.url("/iclock/cdata", q), strings.Join(lines, "\n")+"\n")
		if err != nil {
			return sent, err
		}
		if code != http.StatusOK || !strings.HasPrefix(strings.TrimSpace(body), "OK") {
			return sent, fmt.Errorf("devicesim: upload not acknowledged: %d %q", code, strings.TrimSpace(body))
		}
		s.mu.Lock()
		s.pending = s.pending[n:]
		s.events = s.events[n:]
		s.index += n
		s.Uploaded += n
		s.mu.Unlock()
		sent += n
	}
}

// UploadRetrying uploads until everything is acknowledged, waiting between failed tries
// (a terminal's ErrorDelay), for at most tries attempts.
func (s *Sim) UploadRetrying(ctx context.Context, batch, tries int, wait time.Duration) error {
	var err error
	for i := 0; i < tries; i++ {
		if _, err = s.Upload(ctx, batch); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
	return err
}

// Poll fetches the waiting commands, applies them and reports their results. It returns how
// many commands it ran.
func (s *Sim) Poll(ctx context.Context) (int, error) {
	code, body, _, err := s.do(ctx, "GET", s.url("/iclock/getrequest", nil), "")
	if err != nil {
		return 0, err
	}
	if code != http.StatusOK {
		return 0, fmt.Errorf("%w: %d", ErrRefused, code)
	}
	var results []string
	recheck := false
	for _, line := range strings.Split(body, "\n") {
		line = strings.TrimRight(line, "\r")
		if !strings.HasPrefix(line, "C:") {
			continue
		}
		rest := line[2:]
		idText, cmd, ok := strings.Cut(rest, ":")
		if !ok {
			continue
		}
		ret, kind, extra := s.apply(cmd)
		// Asked for its users, a terminal uploads them (POST cdata) before it reports the
		// command's result, 1,000 lines a post.
		if strings.HasPrefix(cmd, "DATA QUERY USERINFO") && ret == 0 {
			if err := s.uploadUsers(ctx); err != nil {
				return 0, err
			}
		}
		// A Security PUSH 3.x terminal posts its table to /iclock/querydata, naming the
		// query (cmdid), before it reports the result.
		if s.Security && strings.HasPrefix(cmd, "DATA QUERY tablename=user,") && ret >= 0 {
			if err := s.queryUsers(ctx, idText); err != nil {
				return 0, err
			}
		}
		recheck = recheck || cmd == "CHECK"
		r := "ID=" + idText + "&Return=" + strconv.Itoa(ret) + "&CMD=" + kind
		if extra != "" {
			r += "\n" + extra
		}
		results = append(results, r)
	}
	if len(results) == 0 {
		return 0, nil
	}
	code, body, _, err = s.do(ctx, "POST", s.url("/iclock/devicecmd", nil), strings.Join(results, "\n")+"\n")
	if err != nil {
		return 0, err
	}
	if code != http.StatusOK {
		return 0, fmt.Errorf("devicesim: results not taken: %d %s", code, body)
	}
	// CHECK makes a terminal fetch its options again: the new TimeZone sets its clock.
	if recheck {
		if _, err := s.Handshake(ctx); err != nil {
			return 0, err
		}
	}
	return len(results), nil
}

// uploadUsers sends the user table as a terminal answers DATA QUERY USERINFO.
func (s *Sim) uploadUsers(ctx context.Context) error {
	table, prefix := "OPERLOG", "USER "
	if s.UserTable == "USERINFO" {
		table, prefix = "USERINFO", ""
	}
	var lines []string
	for _, u := range s.Users() {
		lines = append(lines, fmt.Sprintf("%sPIN=%s\tName=%s\tPri=%s\tPasswd=\tCard=%s\tGrp=1\tTZ=0000000000000000", prefix, u.PIN, u.Name, u.Pri, u.Card))
	}
	for start := 0; start < len(lines); start += 1000 {
		part := lines[start:min(start+1000, len(lines))]
		code, body, _, err := s.do(ctx, "POST", s.url("/iclock/cdata", url.Values{"table": {table}, "Stamp": {"9999"}}), strings.Join(part, "\n")+"\n")
		if err != nil {
			return err
		}
		if code != http.StatusOK || !strings.HasPrefix(strings.TrimSpace(body), "OK") {
			return fmt.Errorf("devicesim: user list not acknowledged: %d %q", code, strings.TrimSpace(body))
		}
	}
	return nil
}

// queryUsers posts the user table as a Security PUSH 3.x terminal answers
// "DATA QUERY tablename=user,...": POST /iclock/querydata?type=tabledata&cmdid=<id>&
// tablename=user&count=<n>&packcnt=<packs>&packidx=<i>, one "user uid=..\tpin=.." record a
// line, 1,000 a post; each post is acknowledged "user=<count>".
func (s *Sim) queryUsers(ctx context.Context, cmdID string) error {
	users := s.Users()
	lines := make([]string, len(users))
	for i, u := range users {
		lines[i] = fmt.Sprintf("user uid=%d\tcardno=%s\tpin=%s\tpassword=\tgroup=1\tstarttime=0\tendtime=0\tname=%s\tprivilege=%s\tdisable=0\tverify=0",
			i+1, u.Card, u.PIN, u.Name, u.Pri)
	}
	const per = 1000
	packs := max(1, (len(lines)+per-1)/per)
	for i := 0; i < packs; i++ {
		part := lines[min(i*per, len(lines)):min((i+1)*per, len(lines))]
		q := url.Values{"type": {"tabledata"}, "cmdid": {cmdID}, "tablename": {"user"}, "count": {strconv.Itoa(len(part))},
			"packcnt": {strconv.Itoa(packs)}, "packidx": {strconv.Itoa(i + 1)}}
		body := strings.Join(part, "\n")
		if body != "" {
			body += "\n"
		}
		code, reply, _, err := s.do(ctx, "POST", s.url("/iclock/querydata", q), body)
		if err != nil {
			return err
		}
		if code != http.StatusOK || strings.TrimSpace(reply) != "user="+strconv.Itoa(len(part)) {
			return fmt.Errorf("devicesim: user table not acknowledged: %d %q", code, strings.TrimSpace(reply))
		}
	}
	return nil
}

// apply runs one command on the user table and gives its return code.
func (s *Sim) apply(cmd string) (int, string, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.received = append(s.received, cmd)
	switch {
	case s.Security && strings.HasPrefix(cmd, "DATA UPDATE user "):
		f := iclock.Fields(strings.TrimPrefix(cmd, "DATA UPDATE user "))
		if f["Pin"] == "" {
			return -1, "DATA", ""
		}
		u := s.users[f["Pin"]]
		u.PIN, u.Name, u.Pri = f["Pin"], f["Name"], f["Privilege"]
		s.users[u.PIN] = u
		return 0, "DATA", ""
	case s.Security && strings.HasPrefix(cmd, "DATA DELETE user "):
		f := iclock.Fields(strings.TrimPrefix(cmd, "DATA DELETE user "))
		delete(s.users, f["Pin"])
		return 0, "DATA", ""
	case s.Security && strings.HasPrefix(cmd, "DATA UPDATE biophoto "):
		f := iclock.Fields(strings.TrimPrefix(cmd, "DATA UPDATE biophoto "))
		u, ok := s.users[f["PIN"]]
		if !ok || f["Content"] == "" {
			return -1001, "DATA", ""
		}
		u.Photo = true
		s.users[u.PIN] = u
		return 0, "DATA", ""
	case s.Security && strings.HasPrefix(cmd, "DATA QUERY tablename=user,") && !s.NoUserQuery:
		return len(s.users), "DATA", "" // the table goes up by POST querydata (queryUsers)
	case s.Security:
		// A 3.x terminal refuses the attendance PUSH commands (USERINFO, INFO, CHECK).
		return -1002, strings.Fields(cmd + " X")[0], ""
	case strings.HasPrefix(cmd, "DATA UPDATE USERINFO "):
		f := iclock.Fields(strings.TrimPrefix(cmd, "DATA UPDATE "))
		if f["PIN"] == "" {
			return -1, "DATA", ""
		}
		u := s.users[f["PIN"]]
		u.PIN, u.Name, u.Pri, u.Card = f["PIN"], f["Name"], f["Pri"], f["Card"]
		s.users[u.PIN] = u
		return 0, "DATA", ""
	case strings.HasPrefix(cmd, "DATA DELETE USERINFO "):
		f := iclock.Fields(strings.TrimPrefix(cmd, "DATA DELETE "))
		delete(s.users, f["PIN"])
		return 0, "DATA", ""
	case strings.HasPrefix(cmd, "DATA UPDATE BIOPHOTO "):
		f := iclock.Fields(strings.TrimPrefix(cmd, "DATA UPDATE "))
		u, ok := s.users[f["PIN"]]
		if !ok || f["Content"] == "" {
			return -1001, "DATA", "" // no such user on the terminal
		}
		u.Photo = true
		s.users[u.PIN] = u
		return 0, "DATA", ""
	case cmd == "DATA QUERY USERINFO" && !s.NoUserQuery:
		return 0, "DATA", "" // the list goes up by POST cdata (uploadUsers)
	case cmd == "INFO":
		return 0, "INFO", fmt.Sprintf("~DeviceName=Hadir Simulator\nFWVersion=Ver 6.60 devicesim\nUserCount=%d\nMaxUserCount=3000\nFaceCount=%d\nTransactionCount=%d\nMaxAttLogCount=100000\nIPAddress=127.0.0.1",
			len(s.users), s.faces(), s.Uploaded)
	case cmd == "CHECK", cmd == "REBOOT":
		return 0, cmd, ""
	}
	return -1002, strings.Fields(cmd + " X")[0], "" // unsupported command
}

func (s *Sim) faces() int {
	n := 0
	for _, u := range s.users {
		if u.Photo {
			n++
		}
	}
	return n
}

// Users is the terminal's user table, by PIN.
func (s *Sim) Users() []User {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]User, 0, len(s.users))
	for _, u := range s.users {
		out = append(out, u)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].PIN < out[j].PIN })
	return out
}

// Received lists every command the terminal fetched, in order: what crossed the wire, so a
// test can tell that a superseded command was never delivered.
func (s *Sim) Received() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.received...)
}

// PollUntilIdle polls until no command is waiting (at most tries times).
func (s *Sim) PollUntilIdle(ctx context.Context, tries int) error {
	for i := 0; i < tries; i++ {
		n, err := s.Poll(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
	}
	return nil
}

// rtlogLine is a punch as a Security terminal sends it: keyed fields, TAB-separated; a
// thermal punch (PunchThermal) adds maskflag and temperature, as thermal firmware does.
func (s *Sim) rtlogLine(a iclock.AttLog, event, index int) string {
	line := fmt.Sprintf("time=%s\tpin=%s\tcardno=0\teventaddr=1\tevent=%d\tinoutstatus=%d\tverifytype=%d\tindex=%d",
		a.Time.Format("2006-01-02 15:04:05"), a.PIN, event, a.Status, a.Verify, index)
	if a.Mask != nil || a.Temperature != nil {
		mask, temp := "0", "0"
		if a.Mask != nil && *a.Mask {
			mask = "1"
		}
		if a.Temperature != nil {
			temp = strconv.FormatFloat(*a.Temperature, 'f', 1, 64)
		}
		line += "\tmaskflag=" + mask + "\ttemperature=" + temp
	}
	return line
}

// Register is a Security terminal's registration (POST /iclock/registry) with its parameters,
// then its configuration download (/iclock/push); it keeps the RegistryCode and SessionID.
func (s *Sim) Register(ctx context.Context) (map[string]string, error) {
	body := "DeviceType=acc,~DeviceName=Hadir Simulator,FirmVer=devicesim 3.x,PushVersion=" + s.PushVersion + ",~MaxUserCount=3000,~MaxAttLogCount=100000,LockCount=1,ReaderCount=2"
	code, reply, _, err := s.do(ctx, "POST", s.url("/iclock/registry", nil), body)
	if err != nil {
		return nil, err
	}
	if code != http.StatusOK {
		return nil, fmt.Errorf("%w: %d %s", ErrRefused, code, strings.TrimSpace(reply))
	}
	rc, ok := strings.CutPrefix(strings.TrimSpace(reply), "RegistryCode=")
	if !ok || rc == "" {
		return nil, fmt.Errorf("devicesim: bad registry reply %q", reply)
	}
	code, reply, _, err = s.do(ctx, "POST", s.url("/iclock/push", nil), "")
	if err != nil {
		return nil, err
	}
	if code != http.StatusOK {
		return nil, fmt.Errorf("%w: %d %s", ErrRefused, code, strings.TrimSpace(reply))
	}
	opts := map[string]string{}
	for _, line := range strings.Split(reply, "\n") {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), "="); ok {
			opts[k] = v
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.RegistryCode, s.SessionID = rc, opts["SessionID"]
	return opts, nil
}

// NewSecurity returns a simulator of a Security PUSH 3.x terminal.
func NewSecurity(server, sn string) *Sim {
	s := New(server, sn)
	s.Security, s.PushVersion = true, "3.1.2"
	return s
}

// UploadUsers sends the terminal's user table as a Security terminal pushes it
// (table=tabledata&tablename=user) and returns the server's acknowledgement.
func (s *Sim) UploadUsers(ctx context.Context) (string, error) {
	users := s.Users()
	lines := make([]string, len(users))
	for i, u := range users {
		lines[i] = fmt.Sprintf("user uid=%d\tcardno=\tpin=%s\tpassword=\tgroup=1\tstarttime=0\tendtime=0\tname=%s\tprivilege=0\tdisable=0\tverify=0", i+1, u.PIN, u.Name)
	}
	code, reply, _, err := s.do(ctx, "POST", s.url("/iclock/cdata", url.Values{"table": {"tabledata"}, "tablename": {"user"}, "count": {strconv.Itoa(len(users))}}), strings.Join(lines, "\n")+"\n")
	if err != nil {
		return "", err
	}
	if code != http.StatusOK {
		return "", fmt.Errorf("%w: %d %s", ErrRefused, code, strings.TrimSpace(reply))
	}
	return strings.TrimSpace(reply), nil
}
