import { describe, expect, it, vi } from 'vitest';
import { ApiError, api, setUnauthorizedHandler } from './api-client';
import { getSession, getToken, saveSession } from './session';
import { mockFetch, schoolOwner } from '../test/render-app';

describe('api client', () => {
  it('sends the bearer token from localStorage', async () => {
    saveSession(schoolOwner);
    const calls = mockFetch(() => ({ body: { data: { ok: true } } }));
    await api.get('/api/verify');
    expect(new Headers(calls[0].init?.headers).get('Authorization')).toBe('Bearer tok-1');
  });

  it('clears the session and calls the sign-out handler on 401', async () => {
    saveSession(schoolOwner);
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch(() => ({ status: 401, body: { message: 'unauthenticated', code: 'auth.unauthenticated' } }));
    const err = (await api.get('/api/company/profile').catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('auth.unauthenticated');
    expect(getToken()).toBeNull();
    expect(getSession()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('normalises validation errors with field details', async () => {
    mockFetch(() => ({
      status: 422,
      body: {
        message: 'field is not valid',
        code: 'validation.failed',
        errors: { email: ['email is required'] },
        details: { email: [{ code: 'validation.required' }] },
      },
    }));
    const err = (await api.post('/api/auth/login', {}).catch((e) => e)) as ApiError;
    expect(err.status).toBe(422);
    expect(err.message).toBe('field is not valid');
    expect(err.errors.email).toEqual(['email is required']);
    expect(err.details.email[0].code).toBe('validation.required');
  });

  it('keeps the cause of a 503 service.unavailable and maps a bare 503 to the same code', async () => {
    mockFetch(() => ({ status: 503, body: { message: 'the disk is full; please try again shortly', code: 'service.unavailable' } }));
    const err = (await api.post('/api/company/settings/positions', {}).catch((e) => e)) as ApiError;
    expect(err.status).toBe(503);
    expect(err.code).toBe('service.unavailable');
    expect(err.message).toContain('the disk is full');
    globalThis.fetch = (async () => new Response('<html>503</html>', { status: 503, statusText: 'Service Unavailable' })) as typeof fetch;
    const bare = (await api.get('/api/x').catch((e) => e)) as ApiError;
    expect(bare.code).toBe('service.unavailable');
  });

  it('keeps the user signed in on a 503', async () => {
    saveSession(schoolOwner);
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch(() => ({ status: 503, body: { message: 'the database is unavailable', code: 'service.unavailable' } }));
    await api.get('/api/verify').catch(() => undefined);
    expect(getToken()).toBe('tok-1');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns a non-JSON failure into a generic error', async () => {
    globalThis.fetch = (async () => new Response('boom', { status: 502, statusText: 'Bad Gateway' })) as typeof fetch;
    const err = (await api.get('/api/x').catch((e) => e)) as ApiError;
    expect(err.code).toBe('http.502');
    expect(err.status).toBe(502);
  });
});
