// Package ociimage writes Hadir's container image as an OCI image layout in a tar file,
// without a container daemon, a base image or the network (issue 18). The binary is static
// (pure Go, CGO_ENABLED=0), so the image is one layer: the binary, /etc/passwd and /etc/group
// naming the non-root user, the /data volume owned by it, and the host's CA certificates when
// given (for SMTP over TLS). The tar is what `podman load`, `docker load` (25+) and
// `skopeo copy oci-archive:...` read; it also carries docker-archive's manifest.json so older
// docker load takes it. Everything is written with fixed times and modes, so the same
// binaries give the same digests.
package ociimage

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"time"
)

// The user the image runs as (the Dockerfile's too).
const (
	UID = 10001
	GID = 10001
)

// Media types of the OCI image specification.
const (
	MediaIndex    = "application/vnd.oci.image.index.v1+json"
	MediaManifest = "application/vnd.oci.image.manifest.v1+json"
	MediaConfig   = "application/vnd.oci.image.config.v1+json"
	MediaLayer    = "application/vnd.oci.image.layer.v1.tar+gzip"
)

// BinaryPath is where the binary lives in the image.
const BinaryPath = "usr/local/bin/hadir"

// Platform is one architecture's binary.
type Platform struct {
	Arch   string // GOARCH: amd64, arm64
	Binary string // path of the static linux binary for it
}

// Spec is what goes into the image.
type Spec struct {
	Platforms []Platform
	// Tag names the image in index.json (org.opencontainers.image.ref.name) and in
	// manifest.json (RepoTags), e.g. "hadir:1.4.0".
	Tag      string
	Version  string
	Revision string
	// Created is the time stamped on the image and its files (SOURCE_DATE_EPOCH, the commit's
	// time); the Unix epoch when zero.
	Created time.Time
	// CACerts is a PEM bundle copied to /etc/ssl/certs/ca-certificates.crt; none when empty.
	CACerts string
}

// Descriptor is an OCI content descriptor.
type Descriptor struct {
	MediaType   string            `json:"mediaType"`
	Digest      string            `json:"digest"`
	Size        int64             `json:"size"`
	Platform    *PlatformSpec     `json:"platform,omitempty"`
	Annotations map[string]string `json:"annotations,omitempty"`
}

// PlatformSpec is a descriptor's platform.
type PlatformSpec struct {
	Architecture string `json:"architecture"`
	OS           string `json:"os"`
}

// Index is index.json.
type Index struct {
	SchemaVersion int          `json:"schemaVersion"`
	MediaType     string       `json:"mediaType"`
	Manifests     []Descriptor `json:"manifests"`
}

// Manifest is an image manifest.
type Manifest struct {
	SchemaVersion int          `json:"schemaVersion"`
	MediaType     string       `json:"mediaType"`
	Config        Descriptor   `json:"config"`
	Layers        []Descriptor `json:"layers"`
}

// Healthcheck is the docker-format health check that podman and docker read from the config.
type Healthcheck struct {
	Test        []string      `json:"Test"`
	Interval    time.Duration `json:"Interval"`
	Timeout     time.Duration `json:"Timeout"`
	StartPeriod time.Duration `json:"StartPeriod"`
	Retries     int           `json:"Retries"`
}

// RunConfig is the config's "config": how a container of the image runs.
type RunConfig struct {
	User         string              `json:"User"`
	Env          []string            `json:"Env"`
	Entrypoint   []string            `json:"Entrypoint"`
	Cmd          []string            `json:"Cmd"`
	WorkingDir   string              `json:"WorkingDir"`
	ExposedPorts map[string]struct{} `json:"ExposedPorts"`
	Volumes      map[string]struct{} `json:"Volumes"`
	Labels       map[string]string   `json:"Labels"`
	Healthcheck  *Healthcheck        `json:"Healthcheck,omitempty"`
}

// Config is an image configuration.
type Config struct {
	Created      time.Time `json:"created"`
	Architecture string    `json:"architecture"`
	OS           string    `json:"os"`
	Config       RunConfig `json:"config"`
	RootFS       struct {
		Type    string   `json:"type"`
		DiffIDs []string `json:"diff_ids"`
	} `json:"rootfs"`
	History []struct {
		Created   time.Time `json:"created"`
		CreatedBy string    `json:"created_by"`
	} `json:"history"`
}

type blob struct {
	digest string
	data   []byte
}

func newBlob(data []byte) blob {
	sum := sha256.Sum256(data)
	return blob{digest: "sha256:" + hex.EncodeToString(sum[:]), data: data}
}

// Write writes the image layout tar of spec to w.
func Write(w io.Writer, spec Spec) error {
	if len(spec.Platforms) == 0 {
		return fmt.Errorf("ociimage: no binary")
	}
	created := spec.Created.UTC()
	if spec.Created.IsZero() {
		created = time.Unix(0, 0).UTC()
	}
	var blobs []blob
	index := Index{SchemaVersion: 2, MediaType: MediaIndex}
	type dockerEntry struct {
		Config   string
		RepoTags []string
		Layers   []string
	}
	var docker []dockerEntry
	for _, p := range spec.Platforms {
		bin, err := os.ReadFile(p.Binary)
		if err != nil {
			return fmt.Errorf("ociimage: %w", err)
		}
		layerTar, err := rootFS(bin, spec.CACerts, created)
		if err != nil {
			return err
		}
		diffID := newBlob(layerTar).digest
		layer := newBlob(gzipped(layerTar))
		cfg := imageConfig(spec, p.Arch, created, diffID)
		cfgJSON, err := json.Marshal(cfg)
		if err != nil {
			return err
		}
		config := newBlob(cfgJSON)
		man := Manifest{SchemaVersion: 2, MediaType: MediaManifest,
			Config: Descriptor{MediaType: MediaConfig, Digest: config.digest, Size: int64(len(config.data))},
			Layers: []Descriptor{{MediaType: MediaLayer, Digest: layer.digest, Size: int64(len(layer.data))}}}
		manJSON, err := json.Marshal(man)
		if err != nil {
			return err
		}
		manifest := newBlob(manJSON)
		blobs = append(blobs, layer, config, manifest)
		d := Descriptor{MediaType: MediaManifest, Digest: manifest.digest, Size: int64(len(manifest.data)),
			Platform: &PlatformSpec{Architecture: p.Arch, OS: "linux"}}
		if spec.Tag != "" {
			d.Annotations = map[string]string{"org.opencontainers.image.ref.name": spec.Tag, "io.containerd.image.name": spec.Tag}
		}
		index.Manifests = append(index.Manifests, d)
		e := dockerEntry{Config: blobPath(config.digest), Layers: []string{blobPath(layer.digest)}}
		if spec.Tag != "" && len(docker) == 0 {
			e.RepoTags = []string{spec.Tag} // docker load tags the first platform's image
		}
		docker = append(docker, e)
	}
	indexJSON, err := json.Marshal(index)
	if err != nil {
		return err
	}
	dockerJSON, err := json.Marshal(docker)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(w)
	file := func(name string, data []byte) error {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(data)), ModTime: created, Typeflag: tar.TypeReg, Format: tar.FormatPAX}); err != nil {
			return err
		}
		_, err := tw.Write(data)
		return err
	}
	if err := file("oci-layout", []byte(`{"imageLayoutVersion":"1.0.0"}`)); err != nil {
		return err
	}
	if err := file("index.json", indexJSON); err != nil {
		return err
	}
	if err := file("manifest.json", dockerJSON); err != nil {
		return err
	}
	for _, dir := range []string{"blobs/", "blobs/sha256/"} {
		if err := tw.WriteHeader(&tar.Header{Name: dir, Mode: 0o755, ModTime: created, Typeflag: tar.TypeDir, Format: tar.FormatPAX}); err != nil {
			return err
		}
	}
	seen := map[string]bool{}
	for _, b := range blobs {
		if seen[b.digest] {
			continue
		}
		seen[b.digest] = true
		if err := file(blobPath(b.digest), b.data); err != nil {
			return err
		}
	}
	return tw.Close()
}

func blobPath(digest string) string { return "blobs/sha256/" + digest[len("sha256:"):] }

// imageConfig is how the image runs: hadir serve as the non-root user, data in /data.
func imageConfig(spec Spec, arch string, created time.Time, diffID string) Config {
	var c Config
	c.Created, c.Architecture, c.OS = created, arch, "linux"
	c.Config = RunConfig{
		User:         fmt.Sprintf("%d:%d", UID, GID),
		Env:          []string{"PATH=/usr/local/bin", "HADIR_ADDR=0.0.0.0:8080", "HADIR_DATA_DIR=/data", "HADIR_LOG_FORMAT=json"},
		Entrypoint:   []string{"/" + BinaryPath},
		Cmd:          []string{"serve"},
		WorkingDir:   "/data",
		ExposedPorts: map[string]struct{}{"8080/tcp": {}},
		Volumes:      map[string]struct{}{"/data": {}},
		Labels: map[string]string{
			"org.opencontainers.image.title":    "Hadir",
			"org.opencontainers.image.version":  spec.Version,
			"org.opencontainers.image.revision": spec.Revision,
			"org.opencontainers.image.created":  created.Format(time.RFC3339),
		},
		Healthcheck: &Healthcheck{Test: []string{"CMD", "/" + BinaryPath, "healthcheck"},
			Interval: 30 * time.Second, Timeout: 5 * time.Second, StartPeriod: 60 * time.Second, Retries: 3},
	}
	c.RootFS.Type = "layers"
	c.RootFS.DiffIDs = []string{diffID}
	c.History = append(c.History, struct {
		Created   time.Time `json:"created"`
		CreatedBy string    `json:"created_by"`
	}{created, "hadir image " + spec.Version + " (internal/ociimage): static binary, passwd, /data"})
	return c
}

// rootFS is the layer: a tar of the image's whole file system.
func rootFS(bin []byte, caCerts string, mtime time.Time) ([]byte, error) {
	type entry struct {
		hdr  tar.Header
		data []byte
	}
	dir := func(name string, mode int64, uid, gid int) entry {
		return entry{hdr: tar.Header{Name: name, Typeflag: tar.TypeDir, Mode: mode, Uid: uid, Gid: gid}}
	}
	reg := func(name string, mode int64, data []byte) entry {
		return entry{hdr: tar.Header{Name: name, Typeflag: tar.TypeReg, Mode: mode, Size: int64(len(data))}, data: data}
	}
	passwd := fmt.Sprintf("root:x:0:0:root:/root:/sbin/nologin\nhadir:x:%d:%d:Hadir:/data:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\n", UID, GID)
	group := fmt.Sprintf("root:x:0:\nhadir:x:%d:\nnobody:x:65534:\n", GID)
	entries := []entry{
		dir("data/", 0o750, UID, GID),
		dir("etc/", 0o755, 0, 0),
		reg("etc/group", 0o644, []byte(group)),
		reg("etc/passwd", 0o644, []byte(passwd)),
		dir("tmp/", 0o1777, 0, 0),
		dir("usr/", 0o755, 0, 0),
		dir("usr/local/", 0o755, 0, 0),
		dir("usr/local/bin/", 0o755, 0, 0),
		reg(BinaryPath, 0o755, bin),
	}
	if caCerts != "" {
		entries = append(entries, dir("etc/ssl/", 0o755, 0, 0), dir("etc/ssl/certs/", 0o755, 0, 0),
			reg("etc/ssl/certs/ca-certificates.crt", 0o644, []byte(caCerts)))
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].hdr.Name < entries[j].hdr.Name })
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, e := range entries {
		h := e.hdr
		h.ModTime, h.Format = mtime, tar.FormatPAX
		if h.Uid == UID {
			h.Uname, h.Gname = "hadir", "hadir"
		} else {
			h.Uname, h.Gname = "root", "root"
		}
		if err := tw.WriteHeader(&h); err != nil {
			return nil, err
		}
		if _, err := tw.Write(e.data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// gzipped compresses without a name or time in the header, so the digest depends only on
// the content.
func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write(b)
	_ = zw.Close()
	return buf.Bytes()
}
