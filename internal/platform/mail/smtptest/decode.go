package smtptest

import "mime"

type mimeDecoder struct{ d mime.WordDecoder }

func (m *mimeDecoder) header(v string) string {
	s, err := m.d.DecodeHeader(v)
	if err != nil {
		return v
	}
	return s
}
