package mail

import (
	"bytes"
	"context"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"strings"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/platform/mail/smtptest"
)

// A message with attachments is stored with them, goes out as multipart/mixed with the plain
// body first and each file in base64, and the files arrive at a real SMTP peer byte for byte.
func TestOutboxSendsAttachments(t *testing.T) {
	eachEngine(t, func(t *testing.T, e database.Dialect) {
		db := nodes(t, e, 1)[0]
		srv := smtptest.Start(t)
		o := newTestOutbox(t, db, srv, 1)
		bin := make([]byte, 5000)
		for i := range bin {
			bin[i] = byte(i * 7)
		}
		ctx := context.Background()
		m := Message{To: "boss@example.com", Subject: "Rapport · daily", Body: "Line one\nLine two",
			Attachments: []Attachment{{Filename: "Daily report.xlsx", ContentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", Data: bin},
				{Filename: "notes.txt", Data: []byte("hello")}}}
		if err := o.Enqueue(ctx, m); err != nil {
			t.Fatal(err)
		}
		if ok, err := o.SendOne(ctx); !ok || err != nil {
			t.Fatalf("SendOne = %v, %v", ok, err)
		}
		got := srv.WaitFor(t, "boss@example.com", 5*time.Second)
		if got.Subject != m.Subject {
			t.Errorf("subject %q", got.Subject)
		}
		pm, err := mail.ReadMessage(strings.NewReader(got.Raw))
		if err != nil {
			t.Fatal(err)
		}
		mt, params, err := mime.ParseMediaType(pm.Header.Get("Content-Type"))
		if err != nil || mt != "multipart/mixed" {
			t.Fatalf("content type %q %v", mt, err)
		}
		mr := multipart.NewReader(pm.Body, params["boundary"])
		var parts []*multipart.Part
		var datas [][]byte
		for {
			p, err := mr.NextRawPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(p)
			parts = append(parts, p)
			datas = append(datas, raw)
		}
		if len(parts) != 3 {
			t.Fatalf("%d parts, want 3", len(parts))
		}
		if !strings.HasPrefix(parts[0].Header.Get("Content-Type"), "text/plain") || string(datas[0]) != "Line one\r\nLine two" {
			t.Errorf("body part %q: %q", parts[0].Header.Get("Content-Type"), datas[0])
		}
		for i, want := range m.Attachments {
			p := parts[i+1]
			if p.FileName() != want.Filename {
				t.Errorf("part %d file name %q, want %q", i+1, p.FileName(), want.Filename)
			}
			if p.Header.Get("Content-Transfer-Encoding") != "base64" {
				t.Errorf("part %d encoding %q", i+1, p.Header.Get("Content-Transfer-Encoding"))
			}
			for _, line := range strings.Split(strings.TrimRight(string(datas[i+1]), "\r\n"), "\r\n") {
				if len(line) > 76 {
					t.Fatalf("part %d has a line of %d characters", i+1, len(line))
				}
			}
			dec, err := base64.StdEncoding.DecodeString(strings.ReplaceAll(string(datas[i+1]), "\r\n", ""))
			if err != nil || !bytes.Equal(dec, want.Data) {
				t.Errorf("part %d: %d bytes decoded (%v), want %d", i+1, len(dec), err, len(want.Data))
			}
		}
		// Once sent, the files are not kept.
		var kept int
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM outbox_attachments`).Scan(&kept); err != nil || kept != 0 {
			t.Errorf("%d attachments kept after sending (%v)", kept, err)
		}
		// A message without attachments stays a single text/plain part.
		if err := o.Enqueue(ctx, Message{To: "plain@example.com", Subject: "s", Body: "b"}); err != nil {
			t.Fatal(err)
		}
		if ok, err := o.SendOne(ctx); !ok || err != nil {
			t.Fatalf("SendOne = %v, %v", ok, err)
		}
		plain := srv.WaitFor(t, "plain@example.com", 5*time.Second)
		if !strings.Contains(plain.Raw, "Content-Type: text/plain; charset=utf-8") || strings.Contains(plain.Raw, "multipart") {
			t.Errorf("plain message: %q", plain.Raw)
		}
	})
}
