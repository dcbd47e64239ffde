package api_test

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// bombPNG is a valid PNG of w×h black RGB pixels, about 100 KB at 6000×6000 (36 MP).
func bombPNG(w, h int) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		c := append([]byte(typ), data...)
		b.Write(c)
		_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(c))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 2
	chunk("IHDR", ihdr)
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	row := make([]byte, 1+3*w)
	for range h {
		_, _ = zw.Write(row)
	}
	_ = zw.Close()
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return b.Bytes()
}

// tinyGIF is a ~50-byte GIF header declaring a 65535×65535 canvas.
func tinyGIF() []byte {
	b := []byte("GIF89a\xff\xff\xff\xff\x80\x00\x00\x00\x00\x00\xff\xff\xff")
	b = append(b, 0x2C, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0, 2, 2, 0x4C, 0x01, 0, 0x3B)
	return b
}

func expectDimensions(t *testing.T, r resp) {
	t.Helper()
	if r.status != 422 || r.str("code") != "upload.image_dimensions" {
		t.Fatalf("want 422 upload.image_dimensions, got %d %s", r.status, r.raw)
	}
	if _, ok := r.body["errors"].(map[string]any)["image"]; !ok {
		t.Fatalf("the field image is not named: %s", r.raw)
	}
}

// TestImageDimensionsRefused is issue 9 D4 through every image upload route: a small file
// declaring a huge canvas gets 422 upload.image_dimensions (not 413), whole or in chunks.
func TestImageDimensionsRefused(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		bomb := bombPNG(6000, 6000)
		if len(bomb) > 200<<10 {
			t.Fatalf("bomb is %d bytes", len(bomb))
		}
		s := e.school("Bomb School")
		tid := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "B1", "first_name": "Bom"}), 201))
		sid := idOf(e.expect(e.call("POST", "/api/school/employee/staff", s.token, map[string]any{"code": "B2", "first_name": "Bom"}), 201))
		c := e.company("Bomb Company")
		eid := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "B3", "first_name": "Bom"}), 201))
		member := e.member(s.orgID, tid)

		routes := []struct {
			path, token string
			fields      map[string]string
		}{
			{"/api/school/employee/teacher/image", s.token, map[string]string{"id": fmt.Sprint(tid)}},
			{"/api/school/employee/staff/image", s.token, map[string]string{"id": fmt.Sprint(sid)}},
			{"/api/employee/profile/image", c.token, map[string]string{"employee_id": fmt.Sprint(eid)}},
			{"/api/school/personal/profile/image", member, map[string]string{}},
		}
		for _, rt := range routes {
			expectDimensions(t, e.upload(rt.path, rt.token, rt.fields, bomb))
			expectDimensions(t, e.upload(rt.path, rt.token, rt.fields, tinyGIF()))
			// Chunked: the first chunk is stored, the last one is judged whole.
			first := map[string]string{"is_last": "false"}
			for k, v := range rt.fields {
				first[k] = v
			}
			r := e.expect(e.upload(rt.path, rt.token, first, bomb[:len(bomb)/2]), 202)
			last := map[string]string{"is_last": "true", "upload_id": r.str("data", "upload_id")}
			for k, v := range rt.fields {
				last[k] = v
			}
			expectDimensions(t, e.upload(rt.path, rt.token, last, bomb[len(bomb)/2:]))
		}
		var leftover int
		_ = db.QueryRow(`SELECT COUNT(*) FROM upload_chunks`).Scan(&leftover)
		if leftover != 0 {
			t.Fatalf("refused uploads left %d chunks", leftover)
		}
	})
}
