//go:build linux || darwin || freebsd || netbsd || openbsd

package database

import "syscall"

// freeBytes is the space left in the file system of dir for an unprivileged writer.
func freeBytes(dir string) (uint64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, err
	}
	return uint64(st.Bavail) * uint64(st.Bsize), nil
}
