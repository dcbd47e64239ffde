package imaging

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"runtime"
	"testing"
)

func solid(w, h int, c func(x, y int) color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetNRGBA(x, y, c(x, y))
		}
	}
	return img
}

func encodePNG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func decode(t *testing.T, data []byte) image.Image {
	t.Helper()
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("output does not decode: %v", err)
	}
	return img
}

func TestPNGWithAlphaStaysPNG(t *testing.T) {
	src := solid(400, 200, func(x, y int) color.NRGBA {
		if x < 200 {
			return color.NRGBA{0, 0, 0, 0} // transparent left half
		}
		return color.NRGBA{0, 128, 255, 255}
	})
	out, ct, w, h, err := Process(encodePNG(t, src), 100)
	if err != nil {
		t.Fatal(err)
	}
	if ct != "image/png" || w != 100 || h != 50 {
		t.Fatalf("got %s %dx%d, want image/png 100x50", ct, w, h)
	}
	img := decode(t, out)
	if img.Bounds().Dx() != 100 || img.Bounds().Dy() != 50 {
		t.Fatalf("decoded size %v", img.Bounds())
	}
	if _, _, _, a := img.At(5, 25).RGBA(); a != 0 {
		t.Errorf("left pixel alpha = %d, want 0", a)
	}
	if _, _, _, a := img.At(95, 25).RGBA(); a != 0xffff {
		t.Errorf("right pixel alpha = %d, want opaque", a)
	}
}

func TestOpaquePNGBecomesJPEGAndSmallIsNotUpscaled(t *testing.T) {
	src := solid(60, 30, func(x, y int) color.NRGBA { return color.NRGBA{200, 10, 10, 255} })
	out, ct, w, h, err := Process(encodePNG(t, src), 512)
	if err != nil {
		t.Fatal(err)
	}
	if ct != "image/jpeg" || w != 60 || h != 30 {
		t.Fatalf("got %s %dx%d", ct, w, h)
	}
	if _, err := jpeg.Decode(bytes.NewReader(out)); err != nil {
		t.Fatal(err)
	}
}

// exifSegment builds an APP1 Exif block (little-endian TIFF) with an
// Orientation tag and an ASCII tag whose text is secret.
func exifSegment(orientation uint16, secret string) []byte {
	var t bytes.Buffer
	le := binary.LittleEndian
	t.WriteString("II")
	binary.Write(&t, le, uint16(42))
	binary.Write(&t, le, uint32(8)) // IFD0 offset
	binary.Write(&t, le, uint16(2)) // entries
	// Orientation, SHORT, count 1, value inline
	binary.Write(&t, le, []uint16{0x0112, 3})
	binary.Write(&t, le, uint32(1))
	binary.Write(&t, le, []uint16{orientation, 0})
	// ImageDescription (ASCII) pointing after the IFD
	dataOff := uint32(8 + 2 + 2*12 + 4)
	binary.Write(&t, le, []uint16{0x010E, 2})
	binary.Write(&t, le, uint32(len(secret)+1))
	binary.Write(&t, le, dataOff)
	binary.Write(&t, le, uint32(0)) // next IFD
	t.WriteString(secret)
	t.WriteByte(0)

	payload := append([]byte("Exif\x00\x00"), t.Bytes()...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	return append(seg, payload...)
}

func withExif(jpg, seg []byte) []byte {
	out := append([]byte{}, jpg[:2]...) // SOI
	out = append(out, seg...)
	return append(out, jpg[2:]...)
}

func TestJPEGMetadataStrippedAndOrientationApplied(t *testing.T) {
	const secret = "GPSLatitude=3.139N;GPSLongitude=101.687E;SECRET-MARKER"
	// 80x40: red left half, blue right half.
	src := solid(80, 40, func(x, y int) color.NRGBA {
		if x < 40 {
			return color.NRGBA{255, 0, 0, 255}
		}
		return color.NRGBA{0, 0, 255, 255}
	})
	var b bytes.Buffer
	if err := jpeg.Encode(&b, src, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	in := withExif(b.Bytes(), exifSegment(6, secret)) // 6 = rotate 90° clockwise
	if !bytes.Contains(in, []byte(secret)) {
		t.Fatal("test input lacks the marker")
	}
	if _, err := jpeg.Decode(bytes.NewReader(in)); err != nil {
		t.Fatalf("test input is not a valid JPEG: %v", err)
	}

	out, ct, w, h, err := Process(in, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(out, []byte("SECRET-MARKER")) || bytes.Contains(out, []byte("Exif")) {
		t.Fatal("output still contains EXIF metadata")
	}
	if ct != "image/jpeg" || w != 40 || h != 80 {
		t.Fatalf("got %s %dx%d, want image/jpeg 40x80 (rotated)", ct, w, h)
	}
	img := decode(t, out)
	// After a clockwise turn the red (left) half is on top.
	if r, _, bl, _ := img.At(20, 10).RGBA(); r < 0xc000 || bl > 0x4000 {
		t.Errorf("top pixel not red: r=%x b=%x", r, bl)
	}
	if r, _, bl, _ := img.At(20, 70).RGBA(); bl < 0xc000 || r > 0x4000 {
		t.Errorf("bottom pixel not blue: r=%x b=%x", r, bl)
	}
}

func TestOrientAllCases(t *testing.T) {
	// 3x2 image with a unique colour at (0,0); check where it lands.
	src := solid(3, 2, func(x, y int) color.NRGBA {
		if x == 0 && y == 0 {
			return color.NRGBA{255, 255, 255, 255}
		}
		return color.NRGBA{0, 0, 0, 255}
	})
	want := map[int]struct{ w, h, x, y int }{
		1: {3, 2, 0, 0}, 2: {3, 2, 2, 0}, 3: {3, 2, 2, 1}, 4: {3, 2, 0, 1},
		5: {2, 3, 0, 0}, 6: {2, 3, 1, 0}, 7: {2, 3, 1, 2}, 8: {2, 3, 0, 2},
	}
	for o, wt := range want {
		got := orient(src, o)
		b := got.Bounds()
		if b.Dx() != wt.w || b.Dy() != wt.h {
			t.Errorf("orientation %d: size %v", o, b)
			continue
		}
		if r, _, _, _ := got.At(wt.x, wt.y).RGBA(); r != 0xffff {
			t.Errorf("orientation %d: marker not at (%d,%d)", o, wt.x, wt.y)
		}
	}
}

func TestGIFFirstFrame(t *testing.T) {
	pal := color.Palette{color.NRGBA{0, 0, 0, 0}, color.NRGBA{0, 200, 0, 255}}
	frame := image.NewPaletted(image.Rect(0, 0, 20, 20), pal)
	for i := range frame.Pix {
		frame.Pix[i] = 1
	}
	frame.Pix[0] = 0 // one transparent pixel
	var b bytes.Buffer
	if err := gif.EncodeAll(&b, &gif.GIF{Image: []*image.Paletted{frame, frame}, Delay: []int{10, 10}}); err != nil {
		t.Fatal(err)
	}
	_, ct, w, h, err := Process(b.Bytes(), 10)
	if err != nil {
		t.Fatal(err)
	}
	if ct != "image/png" || w != 10 || h != 10 {
		t.Fatalf("got %s %dx%d", ct, w, h)
	}
}

func TestWebP(t *testing.T) {
	// 1x1 lossless WebP.
	data, _ := base64.StdEncoding.DecodeString("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==")
	out, ct, w, h, err := Process(data, 100)
	if err != nil {
		t.Fatal(err)
	}
	if w != 1 || h != 1 || (ct != "image/png" && ct != "image/jpeg") {
		t.Fatalf("got %s %dx%d", ct, w, h)
	}
	decode(t, out)
}

func TestRejectsNonImages(t *testing.T) {
	cases := map[string][]byte{
		"text renamed .jpg": []byte("Dear parent, this is not a photo.\n"),
		"empty":             nil,
		"svg":               []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`),
		"pdf":               []byte("%PDF-1.4\n%..."),
		"truncated png":     encodePNG(t, solid(50, 50, func(x, y int) color.NRGBA { return color.NRGBA{1, 2, 3, 255} }))[:60],
		"jpeg magic only":   {0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 'J', 'F', 'I', 'F', 0},
	}
	for name, data := range cases {
		if _, _, _, _, err := Process(data, 100); !errors.Is(err, ErrNotImage) {
			t.Errorf("%s: err = %v, want ErrNotImage", name, err)
		}
	}
}

// pngHeader is a PNG signature and IHDR chunk declaring w×h, with no pixel
// data: a few bytes that would make a naive decoder allocate gigabytes.
func pngHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	binary.Write(&b, binary.BigEndian, uint32(len(ihdr)))
	chunk := append([]byte("IHDR"), ihdr...)
	b.Write(chunk)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return b.Bytes()
}

func TestRejectsDecompressionBombs(t *testing.T) {
	for _, d := range [][2]uint32{{100_000, 100_000}, {30_000, 10}, {10_001, 1}, {1, 10_001}, {6000, 6000}, {4900, 4900}} {
		_, _, _, _, err := Process(pngHeader(d[0], d[1]), 256)
		if !errors.Is(err, ErrTooLarge) {
			t.Errorf("%dx%d: err = %v, want ErrTooLarge", d[0], d[1], err)
		}
	}
	// Within limits the same header is merely a broken image.
	for _, d := range [][2]uint32{{100, 100}, {10_000, 1}, {6000, 4000}} {
		if _, _, _, _, err := Process(pngHeader(d[0], d[1]), 256); !errors.Is(err, ErrNotImage) {
			t.Errorf("%dx%d header only: err = %v, want ErrNotImage", d[0], d[1], err)
		}
	}
}

// bombPNG is a complete, valid PNG of w×h black RGB pixels, compressed
// row by row so that building it never holds the canvas in memory. At
// 6000×6000 it is about 100 KB and declares 36 megapixels (108 MB of RGB).
func bombPNG(t *testing.T, w, h int, gray bool) []byte {
	t.Helper()
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		c := append([]byte(typ), data...)
		b.Write(c)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(c))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 2 // 8-bit RGB
	bpp := 3
	if gray {
		ihdr[9], bpp = 0, 1
	}
	chunk("IHDR", ihdr)
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	row := make([]byte, 1+w*bpp) // filter byte 0, then black pixels
	for range h {
		zw.Write(row)
	}
	zw.Close()
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return b.Bytes()
}

// gifHeader is a tiny, well-formed GIF whose logical screen and only frame
// declare w×h: about 50 bytes.
func gifHeader(w, h uint16) []byte {
	var b bytes.Buffer
	b.WriteString("GIF89a")
	binary.Write(&b, binary.LittleEndian, w)
	binary.Write(&b, binary.LittleEndian, h)
	b.Write([]byte{0x80, 0, 0}) // global colour table of 2 entries
	b.Write([]byte{0, 0, 0, 255, 255, 255})
	b.WriteByte(0x2C) // image descriptor
	binary.Write(&b, binary.LittleEndian, uint16(0))
	binary.Write(&b, binary.LittleEndian, uint16(0))
	binary.Write(&b, binary.LittleEndian, w)
	binary.Write(&b, binary.LittleEndian, h)
	b.WriteByte(0)
	b.Write([]byte{2, 2, 0x4C, 0x01, 0}) // LZW min code size 2, one tiny sub-block
	b.WriteByte(0x3B)
	return b.Bytes()
}

// allocated runs f once and returns the bytes it allocated on the heap.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestBombRefusedWithoutDecoding is issue 9 D4: a ~100 KB PNG declaring
// 36 megapixels used to be decoded (+167 MB, 1.7 s). It is refused from its
// header, so the refusal allocates almost nothing.
func TestBombRefusedWithoutDecoding(t *testing.T) {
	bomb := bombPNG(t, 6000, 6000, false)
	if len(bomb) > 200<<10 {
		t.Fatalf("bomb is %d bytes, want about 100 KB", len(bomb))
	}
	if _, err := png.DecodeConfig(bytes.NewReader(bomb)); err != nil {
		t.Fatalf("the bomb must be a valid PNG: %v", err)
	}
	var err error
	n := allocated(func() { _, _, _, _, err = Process(bomb, 256) })
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
	if n > 2<<20 {
		t.Fatalf("refusing the bomb allocated %d bytes, want under 2 MB", n)
	}

	tiny := gifHeader(65_535, 65_535)
	if len(tiny) > 64 {
		t.Fatalf("gif is %d bytes", len(tiny))
	}
	n = allocated(func() { _, _, _, _, err = Process(tiny, 256) })
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("tiny gif: err = %v, want ErrTooLarge", err)
	}
	if n > 1<<20 {
		t.Fatalf("refusing the gif allocated %d bytes", n)
	}
}

// TestLargestAcceptedImage: a real 24-megapixel picture (the limit) is
// still accepted and scaled down.
func TestLargestAcceptedImage(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes 24 megapixels")
	}
	img := bombPNG(t, 6000, 4000, true)
	out, ct, w, h, err := Process(img, 256)
	if err != nil {
		t.Fatal(err)
	}
	if ct != "image/jpeg" || w != 256 || h != 171 {
		t.Fatalf("got %s %dx%d", ct, w, h)
	}
	decode(t, out)
}
