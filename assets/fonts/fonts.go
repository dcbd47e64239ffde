// Package fonts embeds the TrueType fonts that Hadir's PDF reports use, so a
// server binary renders every UI language (English, Malay, Chinese, Spanish,
// Japanese, German, French) on a fresh machine without any system fonts.
//
// Two families are needed because no single small, freely licensed TrueType
// (glyf-outline) font covers both Latin and CJK: DejaVu Sans has Latin,
// Greek and Cyrillic but no CJK, and Droid Sans Fallback has CJK (Han,
// Hiragana, Katakana) but no Latin. Renderers pick DejaVu for every rune it
// has and fall back to Droid for the rest. CFF/.ttc fonts such as Noto CJK
// are not used because fpdf cannot load them.
//
// Licences: DejaVu (Bitstream Vera licence, DejaVu changes public domain),
// Droid Sans Fallback (Apache-2.0). See README.md and the LICENSE-* files.
package fonts

import _ "embed"

// DejaVuSans is the regular Latin/Greek/Cyrillic face (DejaVuSans.ttf).
//
//go:embed DejaVuSans.ttf
var DejaVuSans []byte

// DejaVuSansBold is the bold face of DejaVuSans, used for titles and table
// headers (DejaVuSans-Bold.ttf).
//
//go:embed DejaVuSans-Bold.ttf
var DejaVuSansBold []byte

// DroidSansFallback covers CJK ideographs and kana that DejaVu
// lacks (DroidSansFallbackFull.ttf, from Debian's fonts-droid-fallback).
// It has no bold face; bold CJK text is drawn with this regular face.
//
//go:embed DroidSansFallbackFull.ttf
var DroidSansFallback []byte
