// Package imaging validates and normalises uploaded profile pictures.
//
// Uploads are untrusted: the file name and the client's Content-Type say
// nothing reliable, the bytes may be a decompression bomb, and photos from
// phones carry EXIF metadata (GPS position, device serial numbers) that must
// not be republished. Process therefore sniffs and fully decodes the image,
// checks its dimensions before allocating pixels, and re-encodes it from
// pixels only, which drops every metadata segment.
package imaging

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"net/http"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/webp"
)

// Limits against decompression bombs: a small file can declare a huge
// canvas, and decoding allocates width×height×4 bytes up front.
const (
	// MaxPixels is the largest accepted canvas: 24 megapixels (≈ 96 MB RGBA
	// while decoding), more than any phone camera of today delivers.
	MaxPixels = 24_000_000
	// MaxSide is the largest accepted width or height, so that a long thin
	// canvas cannot slip under MaxPixels with an absurd side.
	MaxSide = 10_000
	// MaxConcurrentDecodes bounds the decodes running at once. A decode may
	// hold MaxPixels×4 bytes (96 MB, a PNG with alpha; a JPEG takes 36 MB)
	// plus a quarter of that while halving, so all image processing stays
	// under about MaxConcurrentDecodes×130 MB live however many uploads
	// arrive together; the others wait their turn.
	MaxConcurrentDecodes = 2
	// JPEGQuality is used for re-encoding: visually lossless for photos at
	// a fraction of the size of higher settings.
	JPEGQuality = 85
)

// decodeSlots is the semaphore of MaxConcurrentDecodes.
var decodeSlots = make(chan struct{}, MaxConcurrentDecodes)

var (
	// ErrNotImage means the bytes are not a supported, decodable image
	// (JPEG, PNG, GIF or WebP), whatever the file was called.
	ErrNotImage = errors.New("imaging: not a supported image (JPEG, PNG, GIF or WebP)")
	// ErrTooLarge means the declared dimensions exceed MaxPixels/MaxSide.
	ErrTooLarge = errors.New("imaging: image dimensions too large")
)

// decoders by sniffed MIME type. Registering them here instead of via
// image.RegisterFormat keeps the accepted set explicit.
var decoders = map[string]struct {
	config func([]byte) (image.Config, error)
	decode func([]byte) (image.Image, error)
}{
	"image/jpeg": {
		func(b []byte) (image.Config, error) { return jpeg.DecodeConfig(bytes.NewReader(b)) },
		func(b []byte) (image.Image, error) { return jpeg.Decode(bytes.NewReader(b)) },
	},
	"image/png": {
		func(b []byte) (image.Config, error) { return png.DecodeConfig(bytes.NewReader(b)) },
		func(b []byte) (image.Image, error) { return png.Decode(bytes.NewReader(b)) },
	},
	"image/gif": { // gif.Decode returns the first frame
		func(b []byte) (image.Config, error) { return gif.DecodeConfig(bytes.NewReader(b)) },
		func(b []byte) (image.Image, error) { return gif.Decode(bytes.NewReader(b)) },
	},
	"image/webp": {
		func(b []byte) (image.Config, error) { return webp.DecodeConfig(bytes.NewReader(b)) },
		func(b []byte) (image.Image, error) { return webp.Decode(bytes.NewReader(b)) },
	},
}

// Process decodes an uploaded image, applies its EXIF orientation (JPEG),
// scales it down so the longer side is at most maxSide pixels (no scaling
// when maxSide <= 0 or the image is already small; never scaled up), and
// re-encodes it: PNG when the result has transparent pixels, JPEG
// (quality 85) otherwise. The output carries no metadata. It returns the
// encoded bytes, their MIME type and the final width and height.
//
// Errors: ErrNotImage for anything that is not a decodable JPEG, PNG, GIF
// or WebP; ErrTooLarge when the declared canvas exceeds MaxPixels or
// MaxSide (checked before any pixel memory is allocated).
func Process(data []byte, maxSide int) (out []byte, contentType string, w, h int, err error) {
	ct := http.DetectContentType(data)
	dec, ok := decoders[ct]
	if !ok {
		return nil, "", 0, 0, ErrNotImage
	}
	cfg, err := dec.config(data)
	if err != nil {
		return nil, "", 0, 0, fmt.Errorf("%w: %v", ErrNotImage, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, "", 0, 0, ErrNotImage
	}
	if cfg.Width > MaxSide || cfg.Height > MaxSide || int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return nil, "", 0, 0, fmt.Errorf("%w: %dx%d", ErrTooLarge, cfg.Width, cfg.Height)
	}
	decodeSlots <- struct{}{}
	defer func() { <-decodeSlots }()
	img, err := dec.decode(data)
	if err != nil {
		return nil, "", 0, 0, fmt.Errorf("%w: %v", ErrNotImage, err)
	}
	if ct == "image/jpeg" {
		img = orient(img, jpegOrientation(data))
	}
	img = resize(img, maxSide)

	var buf bytes.Buffer
	if hasTransparency(img) {
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		err, contentType = enc.Encode(&buf, img), "image/png"
	} else {
		err, contentType = jpeg.Encode(&buf, img, &jpeg.Options{Quality: JPEGQuality}), "image/jpeg"
	}
	if err != nil {
		return nil, "", 0, 0, fmt.Errorf("imaging: encoding: %w", err)
	}
	b := img.Bounds()
	return buf.Bytes(), contentType, b.Dx(), b.Dy(), nil
}

// resize scales img so its longer side is maxSide, with Catmull-Rom
// (sharp, few artefacts) into an NRGBA canvas that keeps transparency.
func resize(img image.Image, maxSide int) image.Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if maxSide <= 0 || max(w, h) <= maxSide {
		return img
	}
	// The Catmull-Rom scaler keeps a float64 RGBA buffer of (new width ×
	// source height): 65 MB for a 6000×4000 picture scaled to 512. Halving
	// first (bilinear at exactly one half is a 2×2 box average, without
	// such a buffer) until the source is at most twice the target keeps it
	// at a few MB, and frees the full-size picture early.
	for max(w, h) > 2*maxSide {
		half := image.NewRGBA(image.Rect(0, 0, max(1, w/2), max(1, h/2)))
		xdraw.ApproxBiLinear.Scale(half, half.Bounds(), img, b, xdraw.Src, nil)
		img, b, w, h = half, half.Bounds(), half.Bounds().Dx(), half.Bounds().Dy()
	}
	nw, nh := maxSide, maxSide
	if w >= h {
		nh = max(1, (h*maxSide+w/2)/w)
	} else {
		nw = max(1, (w*maxSide+h/2)/h)
	}
	dst := image.NewNRGBA(image.Rect(0, 0, nw, nh))
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), img, b, xdraw.Src, nil)
	return dst
}

// hasTransparency reports whether any pixel is not fully opaque; only then
// is PNG worth its larger size.
func hasTransparency(img image.Image) bool {
	if o, ok := img.(interface{ Opaque() bool }); ok {
		return !o.Opaque()
	}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if _, _, _, a := img.At(x, y).RGBA(); a != 0xffff {
				return true
			}
		}
	}
	return false
}

// orient applies an EXIF orientation (1–8) so the picture appears upright
// once the EXIF block is gone.
func orient(img image.Image, o int) image.Image {
	if o < 2 || o > 8 {
		return img
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	dw, dh := w, h
	if o >= 5 { // 5–8 swap the axes
		dw, dh = h, w
	}
	src := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.Draw(src, src.Bounds(), img, b.Min, draw.Src)
	dst := image.NewNRGBA(image.Rect(0, 0, dw, dh))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var dx, dy int
			switch o {
			case 2: // mirror horizontal
				dx, dy = w-1-x, y
			case 3: // rotate 180
				dx, dy = w-1-x, h-1-y
			case 4: // mirror vertical
				dx, dy = x, h-1-y
			case 5: // transpose
				dx, dy = y, x
			case 6: // rotate 90 clockwise
				dx, dy = h-1-y, x
			case 7: // transverse
				dx, dy = h-1-y, w-1-x
			case 8: // rotate 90 counter-clockwise
				dx, dy = y, w-1-x
			}
			dst.SetNRGBA(dx, dy, src.NRGBAAt(x, y))
		}
	}
	return dst
}

// jpegOrientation returns the EXIF Orientation tag of a JPEG, or 1 when
// there is none or the EXIF block is malformed (never an error: the
// orientation is a nicety).
func jpegOrientation(data []byte) int {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return 1
	}
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xFF {
			return 1
		}
		marker := data[i+1]
		if marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01 || marker == 0xFF {
			i += 2
			if marker == 0xFF {
				i--
			}
			continue
		}
		if marker == 0xDA || marker == 0xD9 { // start of scan / end: no more headers
			return 1
		}
		n := int(data[i+2])<<8 | int(data[i+3])
		if n < 2 || i+2+n > len(data) {
			return 1
		}
		seg := data[i+4 : i+2+n]
		if marker == 0xE1 && len(seg) > 6 && string(seg[:6]) == "Exif\x00\x00" {
			return exifOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

// exifOrientation reads tag 0x0112 from IFD0 of a TIFF-structured block.
func exifOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var u16 func([]byte) int
	var u32 func([]byte) int
	switch string(t[:2]) {
	case "II":
		u16 = func(b []byte) int { return int(b[0]) | int(b[1])<<8 }
		u32 = func(b []byte) int { return int(b[0]) | int(b[1])<<8 | int(b[2])<<16 | int(b[3])<<24 }
	case "MM":
		u16 = func(b []byte) int { return int(b[1]) | int(b[0])<<8 }
		u32 = func(b []byte) int { return int(b[3]) | int(b[2])<<8 | int(b[1])<<16 | int(b[0])<<24 }
	default:
		return 1
	}
	off := u32(t[4:8])
	if off < 8 || off+2 > len(t) {
		return 1
	}
	count := u16(t[off:])
	for k := 0; k < count; k++ {
		e := off + 2 + 12*k
		if e+12 > len(t) {
			return 1
		}
		if u16(t[e:]) == 0x0112 && u16(t[e+2:]) == 3 { // SHORT
			if v := u16(t[e+8:]); v >= 1 && v <= 8 {
				return v
			}
			return 1
		}
	}
	return 1
}
