package api

import (
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"hadir/internal/attendance"
	"hadir/internal/platform/database"
	"hadir/internal/platform/export"
)

// statusWords are the statuses in each UI language, for exports (lang query parameter).
var statusWords = map[string][9]string{
	"en": {"Open", "Present", "Absent", "Leave", "Away", "Holiday", "Off day", "Not tracked", "No schedule"},
	"ms": {"Belum ditentukan", "Hadir", "Tidak hadir", "Cuti", "Tugas luar", "Cuti umum", "Hari rehat", "Tidak dijejak", "Tiada jadual"},
	"ch": {"未定", "出勤", "缺勤", "请假", "外出", "假日", "休息日", "不计考勤", "无排班"},
	"es": {"Pendiente", "Presente", "Ausente", "Permiso", "Fuera", "Festivo", "Día libre", "Sin seguimiento", "Sin horario"},
	"jp": {"未確定", "出勤", "欠勤", "休暇", "外出", "祝日", "休日", "対象外", "勤務表なし"},
	"de": {"Offen", "Anwesend", "Abwesend", "Urlaub", "Auswärts", "Feiertag", "Freier Tag", "Nicht erfasst", "Kein Dienstplan"},
	"fr": {"Ouvert", "Présent", "Absent", "Congé", "Extérieur", "Férié", "Repos", "Non suivi", "Sans horaire"},
}

// letters are the one-letter statuses of the monthly grid: P A L W H O, "-" when open, "–" when
// not tracked, N when no schedule applies.
var letters = [9]string{"-", "P", "A", "L", "W", "H", "O", "–", "N"}

// exportName is the download name of a report (spec §9).
func (f attFace) exportName(period, stamp string) string {
	switch f.kind {
	case "employee":
		return "Company " + period + " Attendance " + stamp
	case "teacher":
		return "Teacher " + period + " Report " + stamp
	}
	return "Staff " + period + " Report " + stamp
}

func words(r *http.Request) [9]string {
	if w, ok := statusWords[r.URL.Query().Get("lang")]; ok {
		return w
	}
	return statusWords["en"]
}

// streamReport sends a table: xlsx streams straight to the client, pdf is built whole first.
func streamReport(w http.ResponseWriter, t export.Table, name, format string) error {
	if format == "pdf" {
		return writeReport(w, t, name, format)
	}
	w.Header().Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	w.Header().Set("Content-Disposition", export.ContentDisposition(name+".xlsx"))
	w.Header().Set("Cache-Control", "no-store")
	sw := &sentWriter{ResponseWriter: w}
	err := export.WriteXLSX(sw, t)
	if err != nil && sw.n > 0 {
		cutShort(w, name, err)
		return nil
	}
	return err
}

// cutShort ends a download that failed after part of the file had gone out under a 200
// (the writers hold back only their first 64 KB), so an error answer cannot follow: it cuts
// the connection, so the download fails instead of ending as a short, broken file.
func cutShort(w http.ResponseWriter, name string, err error) {
	slog.Error("export failed after it had started", "name", name, "err", err)
	if conn, _, herr := http.NewResponseController(w).Hijack(); herr == nil {
		conn.Close()
	}
}

// sentWriter counts the bytes written to the client.
type sentWriter struct {
	http.ResponseWriter
	n int64
}

func (s *sentWriter) Write(p []byte) (int, error) {
	n, err := s.ResponseWriter.Write(p)
	s.n += int64(n)
	return n, err
}

func (f attFace) orgTitle(r *http.Request) (string, *time.Location, error) {
	o, err := f.a.Orgs.Get(r.Context(), principal(r).OrgID)
	if err != nil {
		return "", nil, err
	}
	return o.Name, o.Location(), nil
}

// dailyExport is the daily report as xlsx (default for the company) or pdf.
func (f attFace) dailyExport(w http.ResponseWriter, r *http.Request) error {
	format, err := exportFormat(r, f.kind == "employee")
	if err != nil {
		return err
	}
	rows, _, totals, err := f.dailyRows(r, database.Page{})
	if err != nil {
		return err
	}
	org, loc, err := f.orgTitle(r)
	if err != nil {
		return err
	}
	W := words(r)
	date := rows0Date(rows, r)
	t := export.Table{Title: fmt.Sprintf("%s — %s", strings.TrimSuffix(f.exportName("Daily", ""), " "), date), Subtitle: fmt.Sprintf("%s · %s %d · %s %d · %s %d · %s %d",
		org, W[1], totals.Present, W[2], totals.Absent, W[3], totals.Leave, W[4], totals.Away), GeneratedAt: time.Now().In(loc),
		Columns: []export.Column{{Header: "No.", Width: 6}, {Header: "Code", Width: 12}, {Header: "Name", Width: 30}, {Header: "Status", Width: 14},
			{Header: "In time", Width: 10}, {Header: "Last seen", Width: 10}, {Header: "Late", Width: 7}, {Header: "Early out", Width: 9},
			{Header: "Away h", Width: 8}, {Header: "Leave h", Width: 8}, {Header: "Overtime (min)", Width: 9}, {Header: "OT approved (min)", Width: 9}, {Header: "Reason", Width: 48}}}
	lang := r.URL.Query().Get("lang")
	for i, row := range rows {
		d := row.Days[0]
		in, last := "", ""
		if d.InTime != nil {
			in, last = d.InTime.Format("15:04"), d.LastSeen.Format("15:04")
		}
		t.Rows = append(t.Rows, []string{fmt.Sprint(i + 1), row.Person.Code, strings.TrimSpace(row.Person.FirstName + " " + row.Person.LastName),
			W[d.Status], in, last, yes(d.Late), yes(d.EarlyOut),
			hoursText(d.RangeAwayMinutes), hoursText(d.RangeLeaveMinutes), strconv.Itoa(d.OvertimeMinutes), strconv.Itoa(d.OvertimeApproved), attendance.ReasonText(d.Reason, lang)})
	}
	name := f.exportName("Daily", date)
	if f.kind == "employee" {
		name = "Company Daily Attendance"
	}
	return streamReport(w, t, name, format)
}

func rows0Date(rows []attendance.Row, r *http.Request) string {
	if len(rows) > 0 && len(rows[0].Days) > 0 {
		return rows[0].Days[0].Date
	}
	return r.URL.Query().Get("date")
}

// rangeExport is the monthly (or from/to) grid: one column per day with the status letter
// (a "+" marks late), then the totals.
func (f attFace) rangeExport(w http.ResponseWriter, r *http.Request) error {
	format, err := exportFormat(r, f.kind == "employee")
	if err != nil {
		return err
	}
	from, to, err := f.a.monthRange(r)
	if err != nil {
		return err
	}
	org, loc, err := f.orgTitle(r)
	if err != nil {
		return err
	}
	// Check the range once before streaming, so a bad range is a clean 422.
	if err := f.a.Attendance.CheckReport(r.Context(), principal(r).OrgID, attendance.Query{Kind: f.kind, From: from, To: to}); err != nil {
		return err
	}
	fd, _ := time.Parse(time.DateOnly, from)
	td, _ := time.Parse(time.DateOnly, to)
	cols := []export.Column{{Header: "Code", Width: 10}, {Header: "Name", Width: 26}}
	for d := fd; !d.After(td); d = d.AddDate(0, 0, 1) {
		cols = append(cols, export.Column{Header: d.Format("02"), Width: 4})
	}
	W := words(r)
	// No schedule has no totals column: its letter N in the grid says it, and one more column
	// would squeeze the names of the pdf's 30-day grid onto two lines.
	for _, h := range []string{W[1], W[2], W[3], W[4], W[5], W[6], "Late"} {
		cols = append(cols, export.Column{Header: h, Width: 8})
	}
	// The hours of partial-day away and leave and the overtime (worked/approved minutes): in
	// the spreadsheet only, since a PDF page of a month's grid has no room left for more
	// columns (the names would wrap).
	withHours := format == "xlsx"
	otNote := ""
	if withHours {
		cols = append(cols, export.Column{Header: "Away h", Width: 8}, export.Column{Header: "Leave h", Width: 8}, export.Column{Header: "OT", Width: 8})
		otNote = " · OT overtime minutes, worked/approved"
	}
	base := r.URL.Query().Get("filter[base]")
	pr := principal(r)
	t := export.Table{Title: fmt.Sprintf("%s %s – %s", strings.TrimSpace(f.exportName("Monthly", "")), from, to),
		Subtitle:    org + " · P " + W[1] + " · A " + W[2] + " · L " + W[3] + " · W " + W[4] + " · H " + W[5] + " · O " + W[6] + " · – " + W[7] + " · N " + W[8] + " · + late" + otNote,
		GeneratedAt: time.Now().In(loc), Columns: cols,
		Source: func(yield func([]string) error) error {
			q := attendance.Query{Kind: f.kind, Base: base, From: from, To: to}
			return f.a.Attendance.ReportEach(r.Context(), pr.OrgID, q, exportPageSize, func(row attendance.Row) error {
				cells := make([]string, 0, len(cols))
				cells = append(cells, row.Person.Code, strings.TrimSpace(row.Person.FirstName+" "+row.Person.LastName))
				for _, d := range row.Days {
					l := letters[d.Status]
					if d.Late {
						l += "+"
					}
					cells = append(cells, l)
				}
				tt := row.Totals
				for _, n := range []int{tt.Present, tt.Absent, tt.Leave, tt.Away, tt.Holiday, tt.OffDay, tt.Late} {
					cells = append(cells, strconv.Itoa(n))
				}
				if withHours {
					cells = append(cells, hoursText(tt.AwayMinutes), hoursText(tt.LeaveMinutes), fmt.Sprintf("%d/%d", tt.OvertimeMinutes, tt.OvertimeApproved))
				}
				return yield(cells)
			})
		}}
	name := f.exportName("Monthly", from[:7])
	if from[:7] != to[:7] {
		name = f.exportName("Monthly", from+" to "+to)
	}
	if f.kind == "employee" {
		name = "Company Monthly Attendance"
	}
	return streamReport(w, t, name, format)
}

// yearlyExport lists, per person, the present days of each month and the year's totals.
func (f attFace) yearlyExport(w http.ResponseWriter, r *http.Request) error {
	format, err := exportFormat(r, f.kind == "employee")
	if err != nil {
		return err
	}
	y, err := f.a.year(r)
	if err != nil {
		return err
	}
	org, loc, err := f.orgTitle(r)
	if err != nil {
		return err
	}
	W := words(r)
	cols := []export.Column{{Header: "Code", Width: 10}, {Header: "Name", Width: 26}}
	for m := 1; m <= 12; m++ {
		cols = append(cols, export.Column{Header: time.Month(m).String()[:3], Width: 6})
	}
	for _, h := range []string{W[1], W[2], W[3], W[4], "Late", "Away h", "Leave h"} {
		cols = append(cols, export.Column{Header: h, Width: 9})
	}
	pr := principal(r)
	from, to := fmt.Sprintf("%04d-01-01", y), fmt.Sprintf("%04d-12-31", y)
	t := export.Table{Title: fmt.Sprintf("%s %d", strings.TrimSpace(f.exportName("Yearly", "")), y), Subtitle: org + " · " + W[1] + " per month",
		GeneratedAt: time.Now().In(loc), Columns: cols,
		Source: func(yield func([]string) error) error {
			q := attendance.Query{Kind: f.kind, From: from, To: to}
			return f.a.Attendance.ReportEach(r.Context(), pr.OrgID, q, exportPageSize, func(row attendance.Row) error {
				var per [12]int
				for _, d := range row.Days {
					if d.Status == attendance.StatusPresent {
						per[monthOf(d.Date)-1]++
					}
				}
				cells := make([]string, 0, len(cols))
				cells = append(cells, row.Person.Code, strings.TrimSpace(row.Person.FirstName+" "+row.Person.LastName))
				for _, n := range per {
					cells = append(cells, strconv.Itoa(n))
				}
				tt := row.Totals
				for _, n := range []int{tt.Present, tt.Absent, tt.Leave, tt.Away, tt.Late} {
					cells = append(cells, strconv.Itoa(n))
				}
				cells = append(cells, hoursText(tt.AwayMinutes), hoursText(tt.LeaveMinutes))
				return yield(cells)
			})
		}}
	name := f.exportName("Yearly", fmt.Sprint(y))
	if f.kind == "employee" {
		name = "Company Yearly Attendance"
	}
	return streamReport(w, t, name, format)
}

// exportPageSize is how many people an export computes at a time; 0 lets the attendance
// service choose (attendance.ReportEach). Tests make it small to cross page boundaries.
var exportPageSize = 0

// monthOf is the month (1–12) of a YYYY-MM-DD date.
func monthOf(date string) int { return int(date[5]-'0')*10 + int(date[6]-'0') }

// exportFormat reads type like reportFormat, but the company's spreadsheet calls default to xlsx.
func exportFormat(r *http.Request, xlsxDefault bool) (string, error) {
	if xlsxDefault && r.URL.Query().Get("type") == "" {
		return "xlsx", nil
	}
	return reportFormat(r)
}

func yes(b bool) string {
	if b {
		return "✓"
	}
	return ""
}

// hoursText is minutes of partial-day away or leave as decimal hours ("2", "2.5"; "" for none).
func hoursText(minutes int) string {
	if minutes == 0 {
		return ""
	}
	return strings.TrimRight(strings.TrimRight(strconv.FormatFloat(float64(minutes)/60, 'f', 2, 64), "0"), ".")
}
