import { LIMITS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { type ApiQuery, apiUrl as buildUrl } from './api-url';
import { takePrefetched } from './prefetched';
import { session } from './session';
import type { FieldErrors } from '@shared/schemas/api-common';

// The one API client: base /api, 10 s timeout, bearer from the `token` storage key,
// and the one place that turns a failed response into an ApiError.

export type { FieldErrors };

export class ApiError extends Error {
  constructor(
    /** HTTP status, or 0 when no response arrived (network failure, timeout). */
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
    readonly body: unknown = null,
  ) {
    super(message);
  }
  get hasResponse(): boolean {
    return this.status > 0;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  /** Bearer token to send; defaults to the stored `token`. Pass null for none. */
  token?: string | null;
  query?: ApiQuery;
  signal?: AbortSignal;
  /** Upload progress (0..1) for multipart bodies; uses XHR since fetch cannot report it. */
  onUploadProgress?: (fraction: number) => void;
}

function toApiError(status: number, body: unknown): ApiError {
  const b = (body ?? {}) as { message?: unknown; errors?: unknown };
  const message = typeof b.message === 'string' ? b.message : MESSAGES.genericRetry;
  const errors = b.errors && typeof b.errors === 'object' ? (b.errors as FieldErrors) : {};
  return new ApiError(status, message, errors, body);
}

function headersFor(options: RequestOptions, isForm: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.token === undefined ? session.token() : options.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (!isForm && options.body !== undefined) headers['content-type'] = 'application/json';
  return headers;
}

const bearerOf = (headers: Record<string, string>) => headers.authorization?.slice('Bearer '.length) ?? null;

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (isForm && options.onUploadProgress) return xhrRequest<T>(path, options);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LIMITS.apiTimeoutMs);
  options.signal?.addEventListener('abort', () => controller.abort());
  let response: Response;
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const url = buildUrl(path, options.query);
  const headers = headersFor(options, isForm);
  try {
    // A dashboard's first GETs may already be on their way (app/early-lists/list-prefetch.ts).
    const early = method === 'GET' ? takePrefetched(url, bearerOf(headers)) : null;
    response = await (early ??
      fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
        signal: controller.signal,
      }));
  } catch {
    throw new ApiError(0, MESSAGES.genericRetry);
  } finally {
    clearTimeout(timer);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}

function xhrRequest<T>(path: string, options: RequestOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', buildUrl(path, options.query));
    xhr.timeout = LIMITS.apiTimeoutMs * 6; // uploads over slow mobile data need longer than a JSON call
    for (const [k, v] of Object.entries(headersFor(options, true))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onUploadProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(toApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, MESSAGES.genericRetry));
    xhr.ontimeout = () => reject(new ApiError(0, MESSAGES.genericRetry));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(options.body as FormData);
  });
}

/**
 * A server-paginated list: the JSON array plus the X-Total-Count header; `capped` when a search matched more rows
 * than the server counts (X-Total-Count-Capped, docs/product/http-api.md « Pagination »).
 */
export async function apiPage<T>(
  path: string,
  query: RequestOptions['query'] = {},
): Promise<{ items: T[]; total: number; capped?: boolean }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LIMITS.apiTimeoutMs);
  try {
    const url = buildUrl(path, query);
    const headers = headersFor({}, false);
    // The first page of the list a dashboard opens on may already be on its way (app/early-lists/list-prefetch.ts).
    const response = await (takePrefetched(url, bearerOf(headers)) ?? fetch(url, { headers, signal: controller.signal }));
    const body = await response.json().catch(() => null);
    if (!response.ok) throw toApiError(response.status, body);
    const items = Array.isArray(body) ? (body as T[]) : [];
    const total = Number(response.headers.get('x-total-count') ?? items.length);
    return response.headers.get('x-total-count-capped') === 'true' ? { items, total, capped: true } : { items, total };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, MESSAGES.genericRetry);
  } finally {
    clearTimeout(timer);
  }
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
