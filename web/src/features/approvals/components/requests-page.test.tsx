import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, signIn } from '../../../test/render-app';

/** Types a value into an antd date or time picker (the input the test id names, or inside it). */
function typeInto(testId: string, value: string) {
  const input = screen
    .getAllByTestId(testId)
    .map((e) => (e.tagName === 'INPUT' ? e : e.querySelector('input')))
    .find(Boolean)!;
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  fireEvent.blur(input);
}

async function choose(testId: string, option: string) {
  const select = await screen.findByTestId(testId, {}, { timeout: 15_000 });
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  return screen.findAllByText(option).then((els) => fireEvent.click(els[els.length - 1]));
}

describe('Requests', () => {
  it("asks to move one of the day's punches: the punches of the date chosen, then the new time", async () => {
    signIn(companyOwner);
    const { access_token: _a, expires_at: _e, ...info } = companyOwner;
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/verify') return { body: { data: info } };
      if (url.pathname === '/api/requests') return { body: { data: [] } };
      if (url.pathname === '/api/school/personal/attendance/clock') {
        return { body: { data: { date: url.searchParams.get('date'), day: {}, records: [{ id: 41, time: '08:02:00', source: 'web' }, { id: 42, time: '16:10:00', source: 'web' }] } } };
      }
      if (url.pathname === '/api/requests/attendance' && init?.method === 'POST') return { status: 201, body: { data: { id: 1 } } };
      return undefined;
    });
    await renderApp('/personal/requests');
    await choose('request-kind', 'Move a punch');
    // No date yet: the punch list waits for one.
    expect(await screen.findByText('Choose the date first')).toBeTruthy();
    typeInto('request-date', '2026-11-16');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/school/personal/attendance/clock' && c.url.searchParams.get('date') === '2026-11-16')).toBe(true));
    await choose('request-punch', '16:10');
    typeInto('request-time', '17:30');
    fireEvent.change(screen.getByTestId('request-reason'), { target: { value: 'Clocked out at the wrong terminal' } });
    fireEvent.click(screen.getByTestId('request-submit'));
    await waitFor(() => {
      const sent = calls.find((c) => c.url.pathname === '/api/requests/attendance' && c.init?.method === 'POST');
      expect(sent).toBeTruthy();
      expect(JSON.parse(String(sent!.init!.body))).toEqual({
        date: '2026-11-16', kind: 'move_punch', time: '17:30', punch_id: 42, reason: 'Clocked out at the wrong terminal',
      });
    });
  }, 60_000);

  it('sends a document with the request as a multipart form, and refuses a file that is not a PDF or an image', async () => {
    signIn(companyOwner);
    const { access_token: _a, expires_at: _e, ...info } = companyOwner;
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/verify') return { body: { data: info } };
      if (url.pathname === '/api/requests') return { body: { data: [] } };
      if (url.pathname === '/api/requests/attendance' && init?.method === 'POST') return { status: 201, body: { data: { id: 1 } } };
      return undefined;
    });
    const { container } = await renderApp('/personal/requests');
    typeInto('request-date', '2026-11-16');
    typeInto('request-time', '17:30');
    fireEvent.change(screen.getByTestId('request-reason'), { target: { value: 'Forgot; gate log attached' } });
    // rc-upload renders a new file input after each choice: look it up each time.
    const input = () => container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input(), { target: { files: [new File(['plain'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('The attachment must be a PDF or an image.')).toBeTruthy();
    fireEvent.change(input(), { target: { files: [new File(['%PDF-1.4'], 'gate-log.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('gate-log.pdf')).toBeTruthy();
    fireEvent.click(screen.getByTestId('request-submit'));
    await waitFor(() => {
      const sent = calls.find((c) => c.url.pathname === '/api/requests/attendance' && c.init?.method === 'POST');
      expect(sent).toBeTruthy();
      const fd = sent!.init!.body as FormData;
      expect(fd).toBeInstanceOf(FormData);
      expect([fd.get('date'), fd.get('kind'), fd.get('time'), fd.get('reason')]).toEqual(['2026-11-16', 'add_punch', '17:30', 'Forgot; gate log attached']);
      expect((fd.get('attachment') as File).name).toBe('gate-log.pdf');
    });
  }, 60_000);
});
