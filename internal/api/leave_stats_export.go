package api

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"hadir/internal/leave"
	"hadir/internal/platform/export"
)

// leaveStatsLabels are the leave statistics report's words in each UI language (lang).
var leaveStatsLabels = map[string]map[string]string{
	"en": {"leave": "Leave statistics", "away": "Away statistics", "code": "Code", "name": "Name", "type": "Type", "entitled": "Entitled", "carried": "Carried over",
		"taken": "Taken", "pending": "Pending", "balance": "Balance", "total": "Applications", "approved": "Approved", "rejected": "Rejected", "cancelled": "Cancelled",
		"generated": "Generated", "months": "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec"},
	"ms": {"leave": "Statistik cuti", "away": "Statistik keluar", "code": "Kod", "name": "Nama", "type": "Jenis", "entitled": "Layak", "carried": "Dibawa ke hadapan",
		"taken": "Diambil", "pending": "Menunggu", "balance": "Baki", "total": "Permohonan", "approved": "Diluluskan", "rejected": "Ditolak", "cancelled": "Dibatalkan",
		"generated": "Dijana", "months": "Jan Feb Mac Apr Mei Jun Jul Ogo Sep Okt Nov Dis"},
	"ch": {"leave": "请假统计", "away": "外出统计", "code": "编号", "name": "姓名", "type": "类型", "entitled": "额度", "carried": "结转",
		"taken": "已用", "pending": "待审批", "balance": "余额", "total": "申请", "approved": "已批准", "rejected": "已拒绝", "cancelled": "已取消",
		"generated": "生成时间", "months": "1月 2月 3月 4月 5月 6月 7月 8月 9月 10月 11月 12月"},
	"jp": {"leave": "休暇の統計", "away": "外出の統計", "code": "コード", "name": "氏名", "type": "種類", "entitled": "付与数", "carried": "繰越",
		"taken": "取得済み", "pending": "承認待ち", "balance": "残高", "total": "申請", "approved": "承認済み", "rejected": "却下", "cancelled": "取り消し",
		"generated": "作成日時", "months": "1月 2月 3月 4月 5月 6月 7月 8月 9月 10月 11月 12月"},
	"es": {"leave": "Estadísticas de permisos", "away": "Estadísticas de salidas", "code": "Código", "name": "Nombre", "type": "Tipo", "entitled": "Concedido", "carried": "Traspasado",
		"taken": "Usado", "pending": "Pendiente", "balance": "Saldo", "total": "Solicitudes", "approved": "Aprobadas", "rejected": "Rechazadas", "cancelled": "Canceladas",
		"generated": "Generado", "months": "ene feb mar abr may jun jul ago sep oct nov dic"},
	"de": {"leave": "Urlaubsstatistik", "away": "Abwesenheitsstatistik", "code": "Kennung", "name": "Name", "type": "Art", "entitled": "Anspruch", "carried": "Übertragen",
		"taken": "Genommen", "pending": "Offen", "balance": "Saldo", "total": "Anträge", "approved": "Genehmigt", "rejected": "Abgelehnt", "cancelled": "Storniert",
		"generated": "Erstellt", "months": "Jan Feb Mär Apr Mai Jun Jul Aug Sep Okt Nov Dez"},
	"fr": {"leave": "Statistiques des congés", "away": "Statistiques des absences", "code": "Matricule", "name": "Nom", "type": "Type", "entitled": "Acquis", "carried": "Reporté",
		"taken": "Pris", "pending": "En attente", "balance": "Solde", "total": "Demandes", "approved": "Approuvées", "rejected": "Refusées", "cancelled": "Annulées",
		"generated": "Généré", "months": "janv. févr. mars avr. mai juin juil. août sept. oct. nov. déc."},
}

// ledgerYear is the year of a ledger or statistics call: year (YYYY), else date, else this year.
func (f leaveFace) ledgerYear(r *http.Request) (int, error) {
	if v := r.URL.Query().Get("year"); v != "" {
		q := r.URL.Query()
		q.Set("date", v)
		r.URL.RawQuery = q.Encode()
	}
	return f.a.year(r)
}

// statsExport is the leave statistics screen as a file (xlsx or pdf): the year's applications
// by status, then the year's ledger (one row per person and type: entitled, carried over,
// taken, pending, balance and the amount taken in each month, by the month it starts).
func (f leaveFace) statsExport(w http.ResponseWriter, r *http.Request) error {
	format, err := exportFormat(r, f.personKind == "employee")
	if err != nil {
		return err
	}
	y, err := f.ledgerYear(r)
	if err != nil {
		return err
	}
	pr := principal(r)
	o, err := f.a.Orgs.Get(r.Context(), pr.OrgID)
	if err != nil {
		return err
	}
	counts, err := f.a.Leave.YearCounts(r.Context(), pr.OrgID, f.kind, y)
	if err != nil {
		return err
	}
	rows, err := f.a.Leave.Ledger(r.Context(), pr.OrgID, f.kind, f.personKind, y)
	if err != nil {
		return err
	}
	lang := r.URL.Query().Get("lang")
	L, ok := leaveStatsLabels[lang]
	if !ok {
		L = leaveStatsLabels["en"]
	}
	cols := []export.Column{{Header: L["code"], Width: 10}, {Header: L["name"], Width: 24}, {Header: L["type"], Width: 18}}
	for _, k := range []string{"entitled", "carried", "taken", "pending", "balance"} {
		cols = append(cols, export.Column{Header: L[k], Width: 9})
	}
	for _, m := range strings.Fields(L["months"]) {
		cols = append(cols, export.Column{Header: m, Width: 6})
	}
	summary := make([]string, 0, 5)
	for _, k := range []string{"total", leave.Approved, leave.Pending, leave.Rejected, leave.Cancelled} {
		summary = append(summary, fmt.Sprintf("%s: %d", L[k], counts[k]))
	}
	t := export.Table{Title: fmt.Sprintf("%s %d", L[f.kind], y), Subtitle: o.Name + " · " + strings.Join(summary, " · "),
		GeneratedAt: time.Now().In(o.Location()), GeneratedLabel: L["generated"], Lang: export.LanguageTag(lang), Columns: cols}
	for _, row := range rows {
		cells := []string{row.Code, row.Name, row.TypeName}
		for _, a := range []leave.Amount{row.Entitled, row.Carried, row.Taken, row.Pending, row.Balance} {
			cells = append(cells, a.String())
		}
		for _, a := range row.Months {
			cells = append(cells, a.String())
		}
		t.Rows = append(t.Rows, cells)
	}
	name := map[string]string{"leave": "Leave Statistics", "away": "Away Statistics"}[f.kind]
	return writeReport(w, t, fmt.Sprintf("%s %d", name, y), format)
}
