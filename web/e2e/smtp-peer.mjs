// A minimal SMTP server for the browser tests: it speaks EHLO/HELO, MAIL, RCPT, DATA, RSET,
// NOOP and QUIT (no STARTTLS, no AUTH) and keeps every message it receives.
import { createServer } from 'node:net';

export async function startSmtpPeer() {
  const messages = [];
  const waiters = [];
  const server = createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let envelope = { from: '', to: [], data: '' };
    const reply = (line) => socket.write(`${line}\r\n`);
    reply('220 hadir-e2e ESMTP ready');
    socket.on('data', (chunk) => {
      buffer += chunk;
      let idx;
      while ((idx = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, idx);
        buffer = buffer.slice(idx + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const msg = { ...envelope, data: envelope.data };
            messages.push(msg);
            waiters.splice(0).forEach((w) => w());
            envelope = { from: '', to: [], data: '' };
            reply('250 2.0.0 queued');
          } else {
            envelope.data += (line.startsWith('..') ? line.slice(1) : line) + '\n';
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-hadir-e2e\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
        else if (verb === 'HELO') reply('250 hadir-e2e');
        else if (verb === 'MAIL') {
          envelope = { from: line.replace(/^MAIL FROM:\s*/i, ''), to: [], data: '' };
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          envelope.to.push(line.replace(/^RCPT TO:\s*<?([^>\s]*)>?.*$/i, '$1'));
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.2 command not implemented');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise((res) => server.listen(0, '127.0.0.1', res));
  const { port } = server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Resolves with the first message to `to` (lower case) that matches, waiting up to timeoutMs. */
    async waitFor(to, match = () => true, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase()) && match(m));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms (got ${messages.length})`);
        await new Promise((r) => {
          waiters.push(r);
          setTimeout(r, Math.min(left, 500));
        });
      }
    },
    close: () => new Promise((r) => server.close(r)),
  };
}
