// One client for every API call: attaches the bearer token, unwraps JSON, normalises errors
// to ApiError and signs the user out on any 401.
import type { ApiErrorDetail } from './api-schemas';
import { clearSession, getToken } from './session';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: Record<string, string[]>;
  readonly details: Record<string, ApiErrorDetail[]>;
  /** Row errors of a rejected import (code import.invalid_rows). */
  readonly rows?: { line: number; field: string; code: string; message: string }[];
  /** The answer a rejected punch import still carries (counts and preview, issue 14). */
  readonly data?: unknown;

  constructor(init: {
    status: number;
    message: string;
    code: string;
    errors?: Record<string, string[]>;
    details?: Record<string, ApiErrorDetail[]>;
    rows?: { line: number; field: string; code: string; message: string }[];
    data?: unknown;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors ?? {};
    this.details = init.details ?? {};
    this.rows = init.rows;
    this.data = init.data;
  }
}

type UnauthorizedHandler = () => void;

let onUnauthorized: UnauthorizedHandler = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

/** Lets the router replace the full-page redirect with client-side navigation. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown | FormData;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    // A non-JSON error body (proxy, crash) keeps the generic fallback below.
  }
  return new ApiError({
    status: res.status,
    message: typeof body.message === 'string' ? body.message : res.statusText || 'request failed',
    // A 503 without Hadir's body (a proxy or load balancer with no node ready) means the
    // same to the user as Hadir's own service.unavailable: try again shortly.
    code: typeof body.code === 'string' ? body.code : res.status === 503 ? 'service.unavailable' : `http.${res.status}`,
    errors: (body.errors as Record<string, string[]>) ?? undefined,
    details: (body.details as Record<string, ApiErrorDetail[]>) ?? undefined,
    rows: Array.isArray(body.rows) ? (body.rows as ApiError['rows']) : undefined,
    data: body.data,
  });
}

/** Sends a request with the bearer token; answers the raw response once it is a success. */
async function send(path: string, options: RequestOptions, accept = 'application/json'): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError({ status: 0, message: 'network error', code: 'network_error' });
  }
  if (res.status === 401) {
    const err = await toApiError(res);
    // A sign-in that still needs its second factor is a step of the login form, not an
    // ended session.
    if (err.code !== 'auth.two_factor_required') {
      clearSession();
      onUnauthorized();
    }
    throw err;
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(path, options);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A JSON call that also reports the HTTP status (202 and 200 mean different things to uploads). */
export async function apiRequestWithStatus<T>(path: string, options: RequestOptions = {}): Promise<{ status: number; body: T }> {
  const res = await send(path, options);
  const text = res.status === 204 ? '' : await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Reads the file name out of a Content-Disposition header (RFC 6266, with filename* first). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A badly encoded filename* falls back to the plain filename.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  if (plain) return (plain[2] ?? plain[1]).trim();
  return fallback;
}

/** Downloads a file answer: the bytes and the server's file name. */
export async function apiDownload(
  path: string,
  query?: Record<string, QueryValue>,
  fallbackName = 'download',
): Promise<{ blob: Blob; fileName: string }> {
  const res = await send(path, { query }, '*/*');
  const blob = await res.blob();
  return { blob, fileName: fileNameFromDisposition(res.headers.get('Content-Disposition'), fallbackName) };
}

export const api = {
  get: <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) =>
    apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  postForm: <T>(path: string, form: FormData) => apiRequest<T>(path, { method: 'POST', body: form }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string, query?: Record<string, QueryValue>) =>
    apiRequest<T>(path, { method: 'DELETE', query }),
};
