package iclock

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"hadir/internal/attendance"
	"hadir/internal/device"
	"hadir/internal/platform/tabular"
	"hadir/internal/platform/validate"
)

// Offline logs (issue 14): the attendance log a terminal exports to a USB stick (attlog.dat,
// the same tab-separated lines it pushes as ATTLOG) and CSV files of other systems become
// punches through the one punch path (attendance.Service.RecordBatch). An import is previewed
// first, is deduplicated against stored punches and within the file, and is all or nothing:
// one row error and nothing is stored.

// Import file formats.
const (
	ImportAttLog = "attlog"
	ImportCSV    = "csv"
)

// MaxImportFile bounds an imported punch file; MaxImportRows its punches.
const (
	MaxImportFile = 5 << 20
	MaxImportRows = 100_000
)

// ImportPreviewRows is how many rows of the file a preview lists.
const ImportPreviewRows = 50

// ErrImportRows means some rows of the file are not valid, so nothing was stored.
var ErrImportRows = errors.New("iclock: some rows of the file are not valid; nothing was imported")

// PunchFile is a file to import.
type PunchFile struct {
	OrgID  int64
	Format string
	// Device is the terminal the log came from: its punches get that terminal's source and
	// clock zone. Required for attlog; for CSV nil means punches of source "import" read in the
	// organisation's zone.
	Device *device.Device
	Name   string
	Data   []byte
}

// ImportRowError is one row the import cannot take.
type ImportRowError struct {
	Line    int    `json:"line"`
	Field   string `json:"field"`
	Message string `json:"message"`
	Code    string `json:"code"`
}

// ImportRow is one row of a preview.
type ImportRow struct {
	Line   int    `json:"line"`
	Code   string `json:"code"`
	Name   string `json:"name"`
	Time   string `json:"time"`
	Status string `json:"status"` // new, duplicate or error
}

// ImportResult counts a file's punches: rows read, new ones (stored, or to be stored by the
// import), duplicates (already stored, or twice in the file) and the row errors.
type ImportResult struct {
	Rows       int              `json:"rows"`
	New        int              `json:"new"`
	Duplicates int              `json:"duplicates"`
	Errors     []ImportRowError `json:"errors"`
	Preview    []ImportRow      `json:"preview,omitempty"`
}

// fileRow is one parsed line of a file.
type fileRow struct {
	line  int
	code  string
	at    time.Time
	state int
	raw   string
	err   *ImportRowError
}

// ImportPunches reads a punch file and, when apply, stores its new punches in one
// transaction. Without apply (the preview) it stores nothing and lists the first rows. Row
// errors return the result with ErrImportRows and store nothing; a file that cannot be read
// at all is a validation error of the field "file".
func (s *Server) ImportPunches(ctx context.Context, f PunchFile, apply bool) (ImportResult, error) {
	res := ImportResult{Errors: []ImportRowError{}}
	org, err := s.zone(ctx, f.OrgID)
	if err != nil {
		return res, err
	}
	zone, source := org, attendance.SourceImport
	var devID *int64
	if f.Device != nil {
		zone, source = deviceZone(*f.Device, org), attendance.DeviceSource(f.Device.ID)
		id := f.Device.ID
		devID = &id
	}
	var rows []fileRow
	switch f.Format {
	case ImportAttLog:
		rows, err = readAttLog(f.Data, zone)
	case ImportCSV:
		rows, err = readPunchCSV(f.Data, f.Name, zone)
	default:
		return res, validate.Field("format", "validation.invalid", "format must be attlog or csv")
	}
	if err != nil {
		return res, err
	}
	if len(rows) == 0 {
		return res, validate.Field("file", "import.empty", "the file has no punches")
	}
	res.Rows = len(rows)

	var codes []string
	for _, r := range rows {
		if r.err == nil {
			codes = append(codes, r.code)
		}
	}
	pins, err := s.Devices.PersonByPIN(ctx, f.OrgID, codes)
	if err != nil {
		return res, err
	}
	person := make([]int64, len(rows))
	var from, to time.Time
	for i := range rows {
		r := &rows[i]
		if r.err != nil {
			continue
		}
		pid, ok := pins[strings.ToUpper(r.code)]
		if !ok {
			r.err = &ImportRowError{Line: r.line, Field: "code", Code: "import.unknown_person",
				Message: fmt.Sprintf("line %d: no active person has the code %q", r.line, r.code)}
			continue
		}
		person[i] = pid
		if from.IsZero() || r.at.Before(from) {
			from = r.at
		}
		if to.IsZero() || r.at.After(to) {
			to = r.at
		}
	}

	status := make([]string, len(rows))
	err = s.DB.WithTx(ctx, func(ctx context.Context) error {
		stored := map[attendance.PunchKey]bool{}
		if !from.IsZero() {
			keys, err := s.Attendance.StoredPunchKeys(ctx, f.OrgID, source, from, to)
			if err != nil {
				return err
			}
			stored = keys
		}
		var punches []attendance.Punch
		for i, r := range rows {
			if r.err != nil {
				status[i] = "error"
				res.Errors = append(res.Errors, *r.err)
				continue
			}
			k := attendance.PunchKey{PersonID: person[i], AtUnix: r.at.Unix(), State: r.state}
			if stored[k] {
				status[i] = "duplicate"
				res.Duplicates++
				continue
			}
			stored[k] = true // a second copy in the file is a duplicate too
			status[i] = "new"
			res.New++
			local := r.at.In(org)
			_, off := local.Zone()
			punches = append(punches, attendance.Punch{OrgID: f.OrgID, PersonID: person[i], At: local, LocalTime: local.Format("2006-01-02T15:04:05"),
				Offset: off / 60, Source: source, DeviceID: devID, State: r.state, Raw: r.raw})
		}
		if len(res.Errors) > 0 || !apply {
			return nil
		}
		created, err := s.Attendance.RecordBatch(ctx, punches)
		if err != nil {
			return err
		}
		// Another import or upload may have stored some of them meanwhile: count what was new.
		res.Duplicates += res.New - created
		res.New = created
		return nil
	})
	if err != nil {
		return res, err
	}
	if !apply {
		var ids []int64
		for i := range rows[:min(len(rows), ImportPreviewRows)] {
			if person[i] != 0 {
				ids = append(ids, person[i])
			}
		}
		names, err := s.Attendance.PersonNames(ctx, f.OrgID, ids)
		if err != nil {
			return res, err
		}
		res.Preview = make([]ImportRow, 0, min(len(rows), ImportPreviewRows))
		for i, r := range rows[:min(len(rows), ImportPreviewRows)] {
			row := ImportRow{Line: r.line, Code: r.code, Name: names[person[i]], Status: status[i]}
			if !r.at.IsZero() {
				row.Time = r.at.In(org).Format("2006-01-02 15:04:05")
			}
			res.Preview = append(res.Preview, row)
		}
	}
	if len(res.Errors) > 0 {
		return res, ErrImportRows
	}
	return res, nil
}

// importText is a file's text: UTF-8, with an optional byte-order mark.
func importText(data []byte) (string, error) {
	data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
	if !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 {
		return "", validate.Field("file", "import.unreadable", "the file is not a UTF-8 text file")
	}
	return string(data), nil
}

// readAttLog reads a terminal's attlog.dat: every non-empty line an ATTLOG line, read in the
// terminal's zone.
func readAttLog(data []byte, zone *time.Location) ([]fileRow, error) {
	text, err := importText(data)
	if err != nil {
		return nil, err
	}
	var rows []fileRow
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if len(rows) >= MaxImportRows {
			return nil, validate.Field("file", "import.too_many_rows", fmt.Sprintf("the file has more than %d rows", MaxImportRows))
		}
		n := i + 1
		a, err := ParseAttLog(line, zone)
		if err != nil {
			code, _, _ := strings.Cut(line, "\t")
			rows = append(rows, fileRow{line: n, code: strings.TrimSpace(code), raw: line, err: attLogError(n, err)})
			continue
		}
		rows = append(rows, fileRow{line: n, code: a.PIN, at: a.Time, state: a.Status, raw: a.Raw})
	}
	return rows, nil
}

// attLogError names the field of a line ParseAttLog refused.
func attLogError(line int, err error) *ImportRowError {
	msg := err.Error()
	switch {
	case strings.Contains(msg, ": PIN "):
		return &ImportRowError{Line: line, Field: "code", Code: "validation.invalid", Message: fmt.Sprintf("line %d: the user code is missing or longer than 24 characters", line)}
	case strings.Contains(msg, ": time "):
		return &ImportRowError{Line: line, Field: "time", Code: "validation.invalid", Message: fmt.Sprintf("line %d: the time is not YYYY-MM-DD HH:MM:SS", line)}
	case strings.Contains(msg, ": status "):
		return &ImportRowError{Line: line, Field: "state", Code: "validation.invalid", Message: fmt.Sprintf("line %d: the state is not a number from 0 to 255", line)}
	case strings.Contains(msg, ": verify "):
		return &ImportRowError{Line: line, Field: "verify", Code: "validation.invalid", Message: fmt.Sprintf("line %d: the verify mode is not a number from 0 to 255", line)}
	}
	return &ImportRowError{Line: line, Field: "line", Code: "validation.invalid", Message: fmt.Sprintf("line %d: not an attendance log line (user code, tab, time)", line)}
}

// csvTimeLayouts are the times a CSV may hold, read in the zone of the import.
var csvTimeLayouts = []string{"2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02T15:04:05", "2006-01-02T15:04"}

// readPunchCSV reads a CSV (or xlsx) file with a header row naming the columns code and time,
// and optionally state.
func readPunchCSV(data []byte, name string, zone *time.Location) ([]fileRow, error) {
	header, recs, err := tabular.Read(bytes.NewReader(data), name, MaxImportRows)
	switch {
	case errors.Is(err, tabular.ErrTooManyRows):
		return nil, validate.Field("file", "import.too_many_rows", fmt.Sprintf("the file has more than %d rows", MaxImportRows))
	case errors.Is(err, tabular.ErrEmpty):
		return nil, validate.Field("file", "import.empty", "the file has no punches")
	case err != nil:
		return nil, validate.Field("file", "import.unreadable", "the file is not a readable CSV (UTF-8) file")
	}
	idx := tabular.Index(header)
	col := func(names ...string) int {
		for _, n := range names {
			if i, ok := idx[n]; ok {
				return i
			}
		}
		return -1
	}
	cCode, cTime, cState := col("code", "pin", "user_id"), col("time", "datetime", "date_time", "timestamp"), col("state", "status")
	if cCode < 0 || cTime < 0 {
		return nil, validate.Field("file", "import.missing_columns", "the file needs a header row with the columns code and time")
	}
	rows := make([]fileRow, 0, len(recs))
	for _, rec := range recs {
		r := fileRow{line: rec.Line, code: rec.Get(cCode), raw: strings.Join(rec.Cells, ",")}
		bad := func(field, msg string) {
			r.err = &ImportRowError{Line: rec.Line, Field: field, Code: "validation.invalid", Message: fmt.Sprintf("line %d: %s", rec.Line, msg)}
		}
		switch {
		case r.code == "" || len(r.code) > 24:
			bad("code", "the code is missing or longer than 24 characters")
		default:
			t, ok := parseCSVTime(rec.Get(cTime), zone)
			if !ok {
				bad("time", "the time is not YYYY-MM-DD HH:MM or YYYY-MM-DD HH:MM:SS")
				break
			}
			r.at = t
			if v := rec.Get(cState); cState >= 0 && v != "" {
				n, err := strconv.Atoi(v)
				if err != nil || n < 0 || n > 255 {
					bad("state", "the state is not a number from 0 to 255")
					break
				}
				r.state = n
			}
		}
		if r.err != nil {
			r.at = time.Time{}
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// parseCSVTime reads a local time in zone, or an ISO time with its own offset.
func parseCSVTime(v string, zone *time.Location) (time.Time, bool) {
	v = strings.TrimSpace(v)
	for _, l := range csvTimeLayouts {
		if t, err := time.ParseInLocation(l, v, zone); err == nil {
			return t, true
		}
	}
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		return t, true
	}
	return time.Time{}, false
}
