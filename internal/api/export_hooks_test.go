package api

// SetExportPageSize makes the attendance exports compute n people at a time until the
// returned function restores the default, so tests cross page boundaries with few people.
func SetExportPageSize(n int) (restore func()) {
	old := exportPageSize
	exportPageSize = n
	return func() { exportPageSize = old }
}
