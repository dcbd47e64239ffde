package ociimage_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"hadir/internal/ociimage"
)

// buildHadir builds the real binary as make image does: static, pure Go.
func buildHadir(t *testing.T) string {
	t.Helper()
	mod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Dir(strings.TrimSpace(string(mod)))
	bin := filepath.Join(t.TempDir(), "hadir")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w -X main.version=9.9.9-test", "-o", bin, "./cmd/hadir")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// image is an image layout tar read back as a runtime would: by digest, from index.json.
type image map[string][]byte

func readImage(t *testing.T, b []byte) image {
	t.Helper()
	img := image{}
	tr := tar.NewReader(bytes.NewReader(b))
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		img[h.Name] = data
	}
	return img
}

// blob returns the blob of a descriptor after checking its digest and size.
func (img image) blob(t *testing.T, d ociimage.Descriptor) []byte {
	t.Helper()
	b, ok := img["blobs/sha256/"+strings.TrimPrefix(d.Digest, "sha256:")]
	if !ok {
		t.Fatalf("no blob %s", d.Digest)
	}
	sum := sha256.Sum256(b)
	if "sha256:"+hex.EncodeToString(sum[:]) != d.Digest || int64(len(b)) != d.Size {
		t.Fatalf("blob %s does not match its descriptor (size %d, want %d)", d.Digest, len(b), d.Size)
	}
	return b
}

func decode(t *testing.T, b []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
}

// The image is built from the real binary without a daemon, and read back as a runtime reads
// it: index → manifest → config and layer, every digest checked; the config runs hadir serve
// as user 10001 with /data a volume and a health check; the layer's binary is static and
// answers hadir version; the same input gives the same bytes.
func TestImageRunsHadirVersion(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the image's binary is linux")
	}
	bin := buildHadir(t)
	spec := ociimage.Spec{Platforms: []ociimage.Platform{{Arch: runtime.GOARCH, Binary: bin}}, Tag: "hadir:test",
		Version: "9.9.9-test", Revision: "abc", Created: time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC), CACerts: "-----BEGIN CERTIFICATE-----\n"}
	var buf bytes.Buffer
	if err := ociimage.Write(&buf, spec); err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := ociimage.Write(&again, spec); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Error("the same binary gave two different images")
	}
	img := readImage(t, buf.Bytes())
	if string(img["oci-layout"]) != `{"imageLayoutVersion":"1.0.0"}` {
		t.Fatalf("oci-layout: %q", img["oci-layout"])
	}
	var index ociimage.Index
	decode(t, img["index.json"], &index)
	if len(index.Manifests) != 1 || index.Manifests[0].Platform == nil || index.Manifests[0].Platform.Architecture != runtime.GOARCH ||
		index.Manifests[0].Annotations["org.opencontainers.image.ref.name"] != "hadir:test" {
		t.Fatalf("index: %s", img["index.json"])
	}
	var man ociimage.Manifest
	decode(t, img.blob(t, index.Manifests[0]), &man)
	if man.MediaType != ociimage.MediaManifest || man.Config.MediaType != ociimage.MediaConfig || len(man.Layers) != 1 {
		t.Fatalf("manifest: %+v", man)
	}
	var cfg ociimage.Config
	decode(t, img.blob(t, man.Config), &cfg)
	rc := cfg.Config
	if rc.User != "10001:10001" || !slices.Equal(rc.Entrypoint, []string{"/usr/local/bin/hadir"}) || !slices.Equal(rc.Cmd, []string{"serve"}) {
		t.Errorf("runs %v %v as %q, want hadir serve as 10001", rc.Entrypoint, rc.Cmd, rc.User)
	}
	if _, ok := rc.Volumes["/data"]; !ok || !slices.Contains(rc.Env, "HADIR_DATA_DIR=/data") || !slices.Contains(rc.Env, "HADIR_ADDR=0.0.0.0:8080") {
		t.Errorf("data: volumes %v env %v", rc.Volumes, rc.Env)
	}
	if rc.Healthcheck == nil || !slices.Equal(rc.Healthcheck.Test, []string{"CMD", "/usr/local/bin/hadir", "healthcheck"}) {
		t.Errorf("health check: %+v", rc.Healthcheck)
	}
	if cfg.OS != "linux" || cfg.Architecture != runtime.GOARCH || cfg.Config.Labels["org.opencontainers.image.version"] != "9.9.9-test" {
		t.Errorf("config: %s %s %v", cfg.OS, cfg.Architecture, cfg.Config.Labels)
	}

	// The layer: its diff_id is the digest of the uncompressed tar.
	zr, err := gzip.NewReader(bytes.NewReader(img.blob(t, man.Layers[0])))
	if err != nil {
		t.Fatal(err)
	}
	layer, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(layer)
	if len(cfg.RootFS.DiffIDs) != 1 || cfg.RootFS.DiffIDs[0] != "sha256:"+hex.EncodeToString(sum[:]) {
		t.Fatalf("diff_ids %v", cfg.RootFS.DiffIDs)
	}
	files := map[string]*tar.Header{}
	var hadir []byte
	tr := tar.NewReader(bytes.NewReader(layer))
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		files[h.Name] = h
		if h.Name == ociimage.BinaryPath {
			hadir, _ = io.ReadAll(tr)
		} else if h.Name == "etc/passwd" {
			pw, _ := io.ReadAll(tr)
			if !strings.Contains(string(pw), "hadir:x:10001:10001:") {
				t.Errorf("passwd: %s", pw)
			}
		}
	}
	if d := files["data/"]; d == nil || d.Uid != 10001 || d.Typeflag != tar.TypeDir {
		t.Errorf("/data: %+v", d)
	}
	if h := files[ociimage.BinaryPath]; h == nil || h.Mode&0o111 == 0 || h.Uid != 0 {
		t.Fatalf("binary: %+v", h)
	}
	if files["etc/ssl/certs/ca-certificates.crt"] == nil {
		t.Error("no CA certificates")
	}

	// The binary from the layer is static and runs.
	out := filepath.Join(t.TempDir(), "hadir-from-image")
	if err := os.WriteFile(out, hadir, 0o755); err != nil {
		t.Fatal(err)
	}
	ef, err := elf.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ef.Progs {
		if p.Type == elf.PT_INTERP {
			t.Error("the binary asks for a dynamic loader: not static")
		}
	}
	ef.Close()
	v, err := exec.Command(out, "version").CombinedOutput()
	if err != nil || !strings.HasPrefix(string(v), "hadir 9.9.9-test commit ") || !strings.Contains(string(v), " schema ") {
		t.Fatalf("hadir version from the image: %q %v", v, err)
	}
	t.Logf("%s; image %d bytes", strings.TrimSpace(string(v)), buf.Len())

	// docker load's manifest.json names the same config and layer.
	var docker []struct {
		Config   string
		RepoTags []string
		Layers   []string
	}
	decode(t, img["manifest.json"], &docker)
	if len(docker) != 1 || docker[0].Config != "blobs/sha256/"+strings.TrimPrefix(man.Config.Digest, "sha256:") ||
		!slices.Equal(docker[0].RepoTags, []string{"hadir:test"}) || len(docker[0].Layers) != 1 {
		t.Errorf("manifest.json: %s", img["manifest.json"])
	}
}
