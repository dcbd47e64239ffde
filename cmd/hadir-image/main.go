// Command hadir-image writes Hadir's container image as an OCI image layout tar from static
// binaries already built, with no container daemon, base image or network (make image):
//
//	hadir-image -o dist/hadir-image.tar -tag hadir:1.4.0 amd64=dist/linux-amd64/hadir arm64=dist/linux-arm64/hadir
//
// Load it with podman load -i, docker load -i, or skopeo copy oci-archive:dist/hadir-image.tar ...
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"hadir/internal/ociimage"
)

func main() {
	out := flag.String("o", "hadir-image.tar", "the image tar to write")
	tag := flag.String("tag", "hadir:dev", "the image's name and tag")
	version := flag.String("version", "dev", "the release, for the image's labels")
	revision := flag.String("revision", "", "the commit, for the image's labels")
	ca := flag.String("ca", "/etc/ssl/certs/ca-certificates.crt", "CA certificates (PEM) to put in the image for SMTP over TLS; empty for none")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: hadir-image [flags] ARCH=BINARY...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if err := run(*out, *tag, *version, *revision, *ca, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "hadir-image:", err)
		os.Exit(1)
	}
}

func run(out, tag, version, revision, ca string, args []string) error {
	spec := ociimage.Spec{Tag: tag, Version: version, Revision: revision}
	// SOURCE_DATE_EPOCH (reproducible builds): the same commit gives the same image digest.
	if v := os.Getenv("SOURCE_DATE_EPOCH"); v != "" {
		sec, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return fmt.Errorf("SOURCE_DATE_EPOCH: %w", err)
		}
		spec.Created = time.Unix(sec, 0)
	}
	if ca != "" {
		if b, err := os.ReadFile(ca); err == nil {
			spec.CACerts = string(b)
		} else if !os.IsNotExist(err) {
			return err
		} else {
			fmt.Fprintln(os.Stderr, "hadir-image: no", ca, "- the image will have no CA certificates (SMTP over TLS fails)")
		}
	}
	for _, a := range args {
		arch, bin, ok := strings.Cut(a, "=")
		if !ok || arch == "" || bin == "" {
			return fmt.Errorf("want ARCH=BINARY, got %q", a)
		}
		spec.Platforms = append(spec.Platforms, ociimage.Platform{Arch: arch, Binary: bin})
	}
	if len(spec.Platforms) == 0 {
		flag.Usage()
		os.Exit(2)
	}
	f, err := os.Create(out + ".partial")
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	if err := ociimage.Write(w, spec); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(out+".partial", out); err != nil {
		return err
	}
	fmt.Println("image written to", out, "("+tag+")")
	return nil
}
