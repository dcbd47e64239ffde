package api

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"hadir/internal/iclock"
	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
)

// importPunches takes a terminal's USB attendance log (attlog.dat) or a CSV of another
// system as a multipart form: file, format (attlog or csv), device_id (the terminal the log
// came from; required for attlog) and dry_run (true: the preview, nothing stored). Row
// errors answer 422 with every row error and the counts, and nothing is stored (issue 14,
// offline logs).
func (a *API) importPunches(w http.ResponseWriter, r *http.Request) error {
	if a.ICLock == nil {
		return errRouteNotFound
	}
	r.Body = http.MaxBytesReader(w, r.Body, iclock.MaxImportFile+64<<10)
	if err := r.ParseMultipartForm(iclock.MaxImportFile); err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return web.NewError(http.StatusRequestEntityTooLarge, "upload.too_large", "the file is too large (at most 5 MB)")
		}
		return validate.Field("file", "validation.required", "file is required (multipart/form-data)")
	}
	defer r.MultipartForm.RemoveAll()
	format := strings.ToLower(strings.TrimSpace(r.FormValue("format")))
	if format != iclock.ImportAttLog && format != iclock.ImportCSV {
		return validate.Field("format", "validation.invalid", "format must be attlog or csv")
	}
	dry := false
	switch v := strings.ToLower(strings.TrimSpace(r.FormValue("dry_run"))); v {
	case "", "false", "0":
	case "true", "1":
		dry = true
	default:
		return validate.Field("dry_run", "validation.invalid", "dry_run must be true or false")
	}
	org := principal(r).OrgID
	in := iclock.PunchFile{OrgID: org, Format: format}
	if v := strings.TrimSpace(r.FormValue("device_id")); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			return validate.Field("device_id", "validation.invalid", "device_id must be a device's id")
		}
		d, err := a.Devices.Get(r.Context(), org, id)
		if err != nil {
			return err
		}
		in.Device = &d
	} else if format == iclock.ImportAttLog {
		return validate.Field("device_id", "validation.required", "device_id is required: the terminal the attendance log came from")
	}
	file, hdr, err := r.FormFile("file")
	if err != nil {
		return validate.Field("file", "validation.required", "file is required")
	}
	defer file.Close()
	in.Name = hdr.Filename
	if in.Data, err = io.ReadAll(io.LimitReader(file, iclock.MaxImportFile+1)); err != nil {
		return err
	}
	if len(in.Data) > iclock.MaxImportFile {
		return web.NewError(http.StatusRequestEntityTooLarge, "upload.too_large", "the file is too large (at most 5 MB)")
	}
	res, err := a.ICLock.ImportPunches(r.Context(), in, !dry)
	if errors.Is(err, iclock.ErrImportRows) {
		noteErrorCode(w, "import.invalid_rows")
		// The error envelope of a rejected import (rows: the row errors, as the people import
		// answers) with the whole answer in data, the preview's table included.
		web.JSON(w, http.StatusUnprocessableEntity, map[string]any{"message": "some rows are not valid; nothing was imported",
			"code": "import.invalid_rows", "rows": res.Errors, "data": res})
		return nil
	}
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, res)
	return nil
}
