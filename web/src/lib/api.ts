import type { ApiError } from '@portal/contracts';

/** A failed API call, carrying the server's error body (the one error shape). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiError;

  constructor(status: number, body: ApiError) {
    super(body.message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
  }

  get fields(): Record<string, string[]> {
    return this.body.fields ?? {};
  }
}

let csrfToken: string | undefined;

/** Set from GET /api/v1/config; state-changing requests send it back. */
export function setCsrfToken(token: string | undefined) {
  csrfToken = token;
}

/** `csrf` sends the CSRF token on a GET too (state-changing requests always send it). */
type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal; csrf?: boolean };

async function refreshCsrf() {
  const res = await fetch('/api/v1/config', { credentials: 'same-origin' });
  if (res.ok) setCsrfToken(((await res.json()) as { csrf_token: string }).csrf_token);
}

async function parseError(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as Partial<ApiError>;
    if (typeof body.message === 'string') return { errors: [], code: 'internal', ...body } as ApiError;
  } catch {
    // not JSON: fall through
  }
  return { message: res.statusText || 'Error occurred', errors: [], code: 'internal' };
}

async function send(path: string, options: RequestOptions, retried = false): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (method !== 'GET' || options.csrf) {
    if (!csrfToken) await refreshCsrf();
    if (csrfToken) headers['x-csrf-token'] = csrfToken;
  }
  const res = await fetch(`/api/v1${path}`, {
    method,
    headers,
    body: body ?? null,
    credentials: 'same-origin',
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (res.ok) return res;
  const error = await parseError(res);
  if (error.code === 'csrf_invalid' && !retried) {
    await refreshCsrf();
    return send(path, options, true);
  }
  throw new ApiRequestError(res.status, error);
}

/** fetch for /api/v1: JSON or FormData in, JSON out, ApiRequestError on failure. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(path, options);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A page of a list: the items, the Total / Per-Page headers, and the Link header's page cursors. */
export type Page<T> = { items: T[]; total: number; perPage: number; next?: string; prev?: string };

/** The `cursor` of the Link header's next or prev URL, if it has one. */
function linkCursor(link: string | null, rel: 'next' | 'prev'): string | undefined {
  const url = link?.split(', ').find((part) => part.endsWith(`rel="${rel}"`));
  const cursor = url && /[?&]cursor=([^&>]+)/.exec(url)?.[1];
  return cursor ? decodeURIComponent(cursor) : undefined;
}

/** A list endpoint: the items plus the Total, Per-Page and Link headers. */
export async function apiPage<T>(path: string, options: RequestOptions = {}): Promise<Page<T>> {
  const res = await send(path, options);
  const items = (await res.json()) as T[];
  const link = res.headers.get('Link');
  const next = linkCursor(link, 'next');
  const prev = linkCursor(link, 'prev');
  return {
    items,
    total: Number(res.headers.get('Total') ?? items.length),
    perPage: Number(res.headers.get('Per-Page') ?? items.length),
    ...(next ? { next } : {}),
    ...(prev ? { prev } : {}),
  };
}

/** Upload progress: the share of the body sent so far, 0 to 1. */
export type UploadProgress = (fraction: number) => void;

function xhrSend(method: string, url: string, form: FormData, onProgress: UploadProgress) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (csrfToken) xhr.setRequestHeader('x-csrf-token', csrfToken);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.send(form);
  });
}

/**
 * Sends form data like `api`, reporting upload progress (fetch cannot report a request body's
 * progress, so this one call uses XMLHttpRequest).
 */
export async function apiUpload<T>(
  path: string,
  form: FormData,
  { method = 'POST', onProgress }: { method?: string; onProgress: UploadProgress },
): Promise<T> {
  if (!csrfToken) await refreshCsrf();
  for (let attempt = 0; ; attempt++) {
    const res = await xhrSend(method, `/api/v1${path}`, form, onProgress);
    if (res.status >= 200 && res.status < 300) return (res.text ? JSON.parse(res.text) : undefined) as T;
    const error = await parseError(new Response(res.text, { status: res.status }));
    if (error.code !== 'csrf_invalid' || attempt > 0) throw new ApiRequestError(res.status, error);
    await refreshCsrf();
  }
}

/**
 * Spec developer-apps §8's rule for a failed action's banner: the errors list joined with spaces, else the
 * message, else the fallback.
 */
export function errorsJoined(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) {
    if (error.body.errors.length) return error.body.errors.join(' ');
    return error.body.message || fallback;
  }
  return fallback;
}

/**
 * The text to show for a failed request (spec admin §8): the server's errors list, else the error's
 * message (the server's, or the browser's for a request that never got an answer), else a fallback.
 */
export function errorText(error: unknown, fallback = 'Error occurred'): string {
  if (error instanceof ApiRequestError) {
    if (error.body.errors.length) return error.body.errors.join('\n');
    return error.body.message || fallback;
  }
  return (error instanceof Error && error.message) || fallback;
}
