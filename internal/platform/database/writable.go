package database

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// CheckWritable makes sure the folder of a SQLite file exists and takes a new file (a probe
// file is created and removed: SQLite needs to create its -wal and -shm files beside the
// database), and that the database file, if there is one, opens for writing. It names the
// path and the cause (permission, read-only file system, disk full) instead of SQLite's
// "unable to open database file (14)".
func CheckWritable(path string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return fmt.Errorf("database: cannot create the data directory %s: %s", dir, reason(err))
	}
	probe := filepath.Join(dir, ".hadir-write-probe")
	f, err := os.OpenFile(probe, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
	if err == nil {
		_, err = f.Write([]byte("ok"))
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if rerr := os.Remove(probe); err == nil {
			err = rerr
		}
	}
	if err != nil {
		return fmt.Errorf("database: the data directory %s is not writable: %s", dir, reason(err))
	}
	f, err = os.OpenFile(path, os.O_RDWR, 0)
	switch {
	case err == nil:
		return f.Close()
	case errors.Is(err, fs.ErrNotExist):
		return nil
	default:
		return fmt.Errorf("database: the database file %s cannot be opened for writing: %s", path, reason(err))
	}
}

// reason says in words why a file operation failed.
func reason(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		switch errno {
		case syscall.EACCES, syscall.EPERM:
			return "permission denied (the user running hadir may not write there; check the owner and mode)"
		case syscall.EROFS:
			return "the file system is read-only"
		case syscall.ENOSPC:
			return "the disk is full"
		case syscall.EDQUOT:
			return "the disk quota is exceeded"
		case syscall.ENOTDIR:
			return "a part of the path is not a directory"
		case syscall.EIO:
			return "input/output error"
		}
	}
	return err.Error()
}
