package auth

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
)

// ErrSealBroken is a sealed value that does not open: altered, or sealed under another key.
var ErrSealBroken = errors.New("auth: sealed value does not open")

// Derive returns a 32-byte key for one purpose, derived from the signer's secret key
// (HMAC-SHA256 of the purpose). Secrets kept at rest are sealed with such a key, so a copy of
// the database alone does not reveal them, and a token key never doubles as an encryption key.
func (s *Signer) Derive(purpose string) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte("hadir/" + purpose))
	return m.Sum(nil)
}

// Seal encrypts and authenticates plaintext with AES-256-GCM under a 32-byte key; the result
// is base64url text holding the random nonce and the ciphertext.
func Seal(key, plaintext []byte) (string, error) {
	aead, err := gcm(key)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(aead.Seal(nonce, nonce, plaintext, nil)), nil
}

// Open reverses Seal; anything altered or sealed under another key gives ErrSealBroken.
func Open(key []byte, sealed string) ([]byte, error) {
	aead, err := gcm(key)
	if err != nil {
		return nil, err
	}
	b, err := base64.RawURLEncoding.DecodeString(sealed)
	if err != nil || len(b) < aead.NonceSize() {
		return nil, ErrSealBroken
	}
	out, err := aead.Open(nil, b[:aead.NonceSize()], b[aead.NonceSize():], nil)
	if err != nil {
		return nil, ErrSealBroken
	}
	return out, nil
}

func gcm(key []byte) (cipher.AEAD, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}
