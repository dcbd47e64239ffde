import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderApp, schoolOwner } from '../../../test/render-app';
import { getToken } from '../../../lib/session';

describe('login second step', () => {
  it('asks for the authenticator code after a correct password, then signs in with it', async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/auth/login') {
        const body = JSON.parse(String(init?.body)) as { otp_code?: string };
        if (!body.otp_code) return { status: 401, body: { message: 'enter the code', code: 'auth.two_factor_required' } };
        if (body.otp_code !== '123456')
          return {
            status: 422,
            body: {
              message: 'the code is wrong or has been used',
              code: 'auth.two_factor_invalid',
              errors: { otp_code: ['the code is wrong or has been used'] },
              details: { otp_code: [{ code: 'auth.two_factor_invalid' }] },
            },
          };
        return { body: { data: schoolOwner } };
      }
      if (url.pathname === '/api/verify') {
        const { access_token: _a, expires_at: _e, ...info } = schoolOwner;
        return { body: { data: info } };
      }
      return undefined;
    });
    const { router } = await renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Username (your e-mail address)'), { target: { value: 'aisyah@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByTestId('login-submit'));

    // The second step: still on /login, nothing signed out, a labelled code input.
    const code = (await screen.findByLabelText('Authentication code')) as HTMLInputElement;
    expect(router.state.location.pathname).toBe('/login');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('login-otp-submit'));
    expect(await screen.findByText('The code is wrong or has already been used.')).toBeTruthy();

    // A recovery code goes through the same field.
    fireEvent.click(screen.getByTestId('login-use-recovery'));
    expect(await screen.findByLabelText('Recovery code')).toBeTruthy();
    fireEvent.click(screen.getByTestId('login-use-recovery'));

    fireEvent.change(await screen.findByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('login-otp-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getToken()).toBe('tok-1');
    const logins = calls.filter((c) => c.url.pathname === '/api/auth/login').map((c) => JSON.parse(String(c.init?.body)));
    expect(logins.at(-1)).toEqual({ email: 'aisyah@example.com', password: 'correct horse', otp_code: '123456' });
  });

  it('sends an owner whose organisation requires two-factor to the account page to set it up', async () => {
    const held = { ...schoolOwner, two_factor_setup_required: true };
    mockFetch((url) => {
      if (url.pathname === '/api/auth/login') return { body: { data: held } };
      if (url.pathname === '/api/verify') {
        const { access_token: _a, expires_at: _e, ...info } = held;
        return { body: { data: info } };
      }
      if (url.pathname === '/api/account/two-factor')
        return { body: { data: { enabled: false, pending: false, recovery_codes_left: 0, required: true } } };
      return undefined;
    });
    const { router } = await renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Username (your e-mail address)'), { target: { value: 'aisyah@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/personal/account'));
    expect(await screen.findByTestId('two-factor-required', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByTestId('two-factor-start')).toBeTruthy();
  });
});

// The sign-in form is a plain form (no antd Form, issue 11): its own checks must refuse what
// antd's rules refused, before anything is sent, and show the server's field errors.
describe('login form checks', () => {
  it('refuses an empty or malformed address and an empty password without sending anything', async () => {
    const calls = mockFetch(() => undefined);
    await renderApp('/login');
    const email = await screen.findByLabelText('Username (your e-mail address)');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Username (in the form of an e-mail) is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);

    fireEvent.change(email, { target: { value: 'not-an-address' } });
    expect(await screen.findByText('The e-mail address must be valid.')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'aisyah@example.com' } });
    await waitFor(() => expect(screen.queryByText('The e-mail address must be valid.')).toBeNull());
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/auth/login')).toHaveLength(0);
  });

  it("shows the server's field error under its field and the message above the form", async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/auth/login')
        return {
          status: 422,
          body: {
            message: 'the given data was invalid',
            code: 'validation.failed',
            errors: { email: ['the e-mail address must be valid'] },
            details: { email: [{ code: 'form.email_invalid' }] },
          },
        };
      return undefined;
    });
    await renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Username (your e-mail address)'), { target: { value: 'aisyah@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-error')).toBeTruthy();
    expect(screen.getByText('The e-mail address must be valid.')).toBeTruthy();
  });
});
