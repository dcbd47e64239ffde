package api

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"hadir/internal/people"
	"hadir/internal/platform/export"
	"hadir/internal/platform/tabular"
	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
)

// reportLabels are the words of the people list report per UI language (the lang query
// parameter); file names stay English as spec §9 gives them.
var reportLabels = map[string]map[string]string{
	"en": {"teacher": "Teacher List", "staff": "Staff List", "employee": "Employee List", "no": "No.", "code": "Code", "name": "Name", "email": "E-mail", "join_date": "Join date", "account": "Account", "admin": "Admin", "member": "Member", "none": "Not registered", "generated": "Generated"},
	"ms": {"teacher": "Senarai Guru", "staff": "Senarai Staf", "employee": "Senarai Pekerja", "no": "Bil.", "code": "Kod", "name": "Nama", "email": "E-mel", "join_date": "Tarikh mula", "account": "Akaun", "admin": "Pentadbir", "member": "Ahli", "none": "Belum berdaftar", "generated": "Dijana"},
	"ch": {"teacher": "教师名单", "staff": "职员名单", "employee": "员工名单", "no": "序号", "code": "编号", "name": "姓名", "email": "电子邮件", "join_date": "入职日期", "account": "账户", "admin": "管理员", "member": "成员", "none": "未注册", "generated": "生成时间"},
	"es": {"teacher": "Lista de docentes", "staff": "Lista de personal", "employee": "Lista de empleados", "no": "N.º", "code": "Código", "name": "Nombre", "email": "Correo", "join_date": "Fecha de ingreso", "account": "Cuenta", "admin": "Administrador", "member": "Miembro", "none": "Sin registrar", "generated": "Generado"},
	"jp": {"teacher": "教員一覧", "staff": "職員一覧", "employee": "従業員一覧", "no": "番号", "code": "コード", "name": "氏名", "email": "メール", "join_date": "入社日", "account": "アカウント", "admin": "管理者", "member": "メンバー", "none": "未登録", "generated": "作成日時"},
	"de": {"teacher": "Lehrerliste", "staff": "Personalliste", "employee": "Mitarbeiterliste", "no": "Nr.", "code": "Kennung", "name": "Name", "email": "E-Mail", "join_date": "Eintrittsdatum", "account": "Konto", "admin": "Administrator", "member": "Mitglied", "none": "Nicht registriert", "generated": "Erstellt"},
	"fr": {"teacher": "Liste des enseignants", "staff": "Liste du personnel", "employee": "Liste des employés", "no": "N°", "code": "Code", "name": "Nom", "email": "E-mail", "join_date": "Date d'entrée", "account": "Compte", "admin": "Administrateur", "member": "Membre", "none": "Non inscrit", "generated": "Généré"},
}

// reportFormat reads type: pdf (1, the default) or xlsx (2).
func reportFormat(r *http.Request) (string, error) {
	switch strings.ToLower(r.URL.Query().Get("type")) {
	case "", "1", "pdf":
		return "pdf", nil
	case "2", "xlsx", "excel":
		return "xlsx", nil
	}
	return "", validate.Field("type", "validation.invalid", "type must be pdf or xlsx")
}

// writeReport sends a table as a download named "<name>.<format>".
func writeReport(w http.ResponseWriter, t export.Table, name, format string) error {
	var buf bytes.Buffer
	var err error
	ctype := "application/pdf"
	if format == "xlsx" {
		ctype = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
		err = export.WriteXLSX(&buf, t)
	} else {
		err = export.WritePDF(&buf, t)
	}
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", export.ContentDisposition(name+"."+format))
	w.Header().Set("Cache-Control", "no-store")
	_, err = w.Write(buf.Bytes())
	return err
}

func (f face) report(w http.ResponseWriter, r *http.Request) error {
	format, err := reportFormat(r)
	if err != nil {
		return err
	}
	pr := principal(r)
	o, err := f.a.Orgs.Get(r.Context(), pr.OrgID)
	if err != nil {
		return err
	}
	lang := r.URL.Query().Get("lang")
	L, ok := reportLabels[lang]
	if !ok {
		L = reportLabels["en"]
	}
	filter := people.ListFilter{Kind: f.kind, Base: r.URL.Query().Get("filter[base]")}
	now := time.Now().In(o.Location())
	n := 0
	t := export.Table{
		Title: L[string(f.kind)], Subtitle: o.Name, GeneratedAt: now, GeneratedLabel: L["generated"], Lang: export.LanguageTag(lang),
		Columns: []export.Column{{Header: L["no"], Width: 6}, {Header: L["code"], Width: 14}, {Header: L["name"], Width: 34},
			{Header: L["email"], Width: 32}, {Header: L["join_date"], Width: 14}, {Header: L["account"], Width: 16}},
		// Pages through the list so a large organisation is never held in memory at once.
		Source: func(yield func([]string) error) error {
			var after *people.After
			for {
				items, next, err := f.a.People.ListAfter(r.Context(), pr.OrgID, filter, after, 500)
				if err != nil {
					return err
				}
				for _, p := range items {
					n++
					account := L["none"]
					switch {
					case p.Role == "admin" || p.Role == "owner":
						account = L["admin"]
					case p.Role != "":
						account = L["member"]
					}
					if err := yield([]string{fmt.Sprint(n), p.Code, strings.TrimSpace(p.FirstName + " " + p.LastName), p.Email, p.JoinDate, account}); err != nil {
						return err
					}
				}
				if after = next; after == nil {
					return nil
				}
			}
		},
	}
	return writeReport(w, t, reportLabels["en"][string(f.kind)]+" "+now.Format("2006-01-02"), format)
}

func (f face) importTemplate(w http.ResponseWriter, r *http.Request) error {
	cols := make([]export.Column, len(people.ImportColumns))
	for i, c := range people.ImportColumns {
		cols[i] = export.Column{Header: c, Width: 20}
	}
	t := export.Table{Title: "Import", Columns: cols, OmitTitleRows: true}
	return writeReport(w, t, reportLabels["en"][string(f.kind)]+" Import Template", "xlsx")
}

// importPeople reads a CSV or xlsx file of people and creates them (see people.Service.Import).
func (f face) importPeople(w http.ResponseWriter, r *http.Request) error {
	const maxFile = 5 << 20
	r.Body = http.MaxBytesReader(w, r.Body, maxFile+64<<10)
	if err := r.ParseMultipartForm(maxFile); err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return web.NewError(http.StatusRequestEntityTooLarge, "upload.too_large", "the file is too large (at most 5 MB)")
		}
		return validate.Field("file", "validation.required", "file is required (multipart/form-data)")
	}
	defer r.MultipartForm.RemoveAll()
	file, hdr, err := r.FormFile("file")
	if err != nil {
		return validate.Field("file", "validation.required", "file is required")
	}
	defer file.Close()
	mode := r.FormValue("mode")
	if mode != "" && mode != "all" && mode != "valid" {
		return validate.Field("mode", "validation.invalid", "mode must be all or valid")
	}
	header, rows, err := tabular.Read(io.LimitReader(file, maxFile), hdr.Filename, people.MaxImportRows)
	switch {
	case errors.Is(err, tabular.ErrTooManyRows):
		return validate.Field("file", "import.too_many_rows", fmt.Sprintf("the file has more than %d rows", people.MaxImportRows))
	case errors.Is(err, tabular.ErrUnzippedTooLarge):
		return validate.Field("file", "import.too_large", fmt.Sprintf("the workbook is too large when unpacked (at most %d MB)", tabular.MaxUnzippedBytes>>20))
	case errors.Is(err, tabular.ErrTooManyColumns):
		return validate.Field("file", "import.too_many_columns", fmt.Sprintf("a row has more than %d cells", tabular.MaxColumns))
	case err != nil:
		return validate.Field("file", "import.unreadable", "the file is not a readable CSV (UTF-8) or xlsx file")
	}
	idx := tabular.Index(header)
	aliases := map[string][]string{"code": {"code", "unique_code", "kod"}, "first_name": {"first_name", "firstname", "name"},
		"last_name": {"last_name", "lastname", "surname"}, "email": {"email", "e_mail"}, "join_date": {"join_date", "joined", "employment_date"}}
	col := map[string]int{}
	for field, names := range aliases {
		col[field] = -1
		for _, n := range names {
			if i, ok := idx[n]; ok {
				col[field] = i
				break
			}
		}
	}
	if col["code"] < 0 || col["first_name"] < 0 {
		return validate.Field("file", "import.missing_columns", "the file needs at least the columns code and first_name")
	}
	get := func(row tabular.Row, field string) string {
		if col[field] < 0 {
			return ""
		}
		return row.Get(col[field])
	}
	in := make([]people.ImportRow, len(rows))
	for i, row := range rows {
		in[i] = people.ImportRow{Line: row.Line, General: people.General{Code: get(row, "code"), FirstName: get(row, "first_name"),
			LastName: get(row, "last_name"), Email: get(row, "email"), JoinDate: get(row, "join_date")}}
	}
	created, rowErrs, err := f.a.People.Import(r.Context(), principal(r).OrgID, f.kind, in, mode == "valid")
	if err != nil {
		return err
	}
	if rowErrs == nil {
		rowErrs = []people.RowError{}
	}
	if len(rowErrs) > 0 && mode != "valid" {
		web.JSON(w, http.StatusUnprocessableEntity, map[string]any{"message": "some rows are not valid; nothing was imported",
			"code": "import.invalid_rows", "rows": rowErrs})
		return nil
	}
	web.Data(w, http.StatusOK, map[string]any{"created": created, "skipped": len(rows) - created, "errors": rowErrs})
	return nil
}
