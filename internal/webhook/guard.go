package webhook

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"hadir/internal/platform/validate"
)

// Where a webhook may be delivered (issue 15, "webhook URLs are not restricted"). An
// organisation's admin chooses the URL, so an unrestricted one would let them make the server
// reach what only it can reach: loopback services, the cloud's metadata address, the office
// network (server-side request forgery). Deliveries to loopback, private, link-local, shared
// (CGNAT) and other non-public addresses are refused unless the operator allows the network
// (HADIR_WEBHOOK_ALLOW_NETS), e.g. an on-premises receiver at 10.0.5.20.
//
// The check sits in the dialer, on the address actually connected to, so a name that resolves
// (or re-resolves) to a refused address is caught too; a URL whose host is a refused literal
// address or "localhost" is refused already when it is registered, with a 422 on "url".

// nonPublic lists what is not the public internet.
var nonPublic = func() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
		"192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24",
		"203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
		"::/128", "::1/128", "64:ff9b::/96", "64:ff9b:1::/48", "100::/64", "2001:db8::/32", "fc00::/7", "fe80::/10", "ff00::/8",
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

// RefusedAddressError is a delivery refused because of where it would connect.
type RefusedAddressError struct{ Addr netip.Addr }

func (e *RefusedAddressError) Error() string {
	return fmt.Sprintf("%s is not a public address; the server's operator can allow its network with HADIR_WEBHOOK_ALLOW_NETS", e.Addr)
}

// permitted reports whether a webhook may connect to a.
func (s *Service) permitted(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range s.AllowNets {
		if p.Contains(a) {
			return true
		}
	}
	for _, p := range nonPublic {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// newClient is the delivery client: no proxy from the environment (it would hide the
// address), no redirects followed, and the address check in the dialer.
func (s *Service) newClient() *http.Client {
	dialer := &net.Dialer{Timeout: 10 * time.Second, Control: func(_, address string, _ syscall.RawConn) error {
		host, _, err := net.SplitHostPort(address)
		if err != nil {
			return err
		}
		a, err := netip.ParseAddr(host)
		if err != nil {
			return err
		}
		if !s.permitted(a) {
			return &RefusedAddressError{Addr: a.Unmap()}
		}
		return nil
	}}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.Proxy = nil
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		return dialer.DialContext(ctx, network, addr)
	}
	return &http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// checkURL validates a webhook's address as it is registered.
func (s *Service) checkURL(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	u, err := url.Parse(raw)
	if raw == "" || err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || len(raw) > 2000 {
		return "", validate.Field("url", "invalid", "must be an http or https address")
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return "", validate.Field("url", "webhook.not_public", "must be a public address, not this server")
	}
	if a, err := netip.ParseAddr(host); err == nil && !s.permitted(a) {
		return "", validate.Field("url", "webhook.not_public", (&RefusedAddressError{Addr: a.Unmap()}).Error())
	}
	return raw, nil
}
