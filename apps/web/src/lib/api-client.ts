import type { ErrorCode } from '@b2b/shared';
import { getIdToken } from '@/lib/firebase';
import { takePrefetched } from '@/lib/prefetch';

/*
 * The one place the web app talks to the API. Every error the server sends has the shape
 * {statusCode, code, error, message, details?}; this module turns it (or a network failure)
 * into an ApiError whose message is a sentence the UI can show as it is.
 */

export type FieldError = { field: string; message: string };

/** The API's own codes, plus what the client itself can run into on the way. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'HTTP_ERROR' | 'INVALID_RESPONSE';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details?: FieldError[];

  constructor(init: { status: number; code: ApiErrorCode; message: string; details?: FieldError[] }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    if (init.details) this.details = init.details;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** An array is sent as the parameter repeated (brand=a&brand=b). */
export type QueryValue = string | number | boolean | undefined | readonly string[];

export type ApiFetchOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData or a Blob (a file upload) is sent as it is. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
};

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) for (const item of value as readonly string[]) search.append(key, item);
    else if (value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

async function bearerToken(): Promise<string | null> {
  try {
    return await getIdToken();
  } catch {
    // Without the identity service public endpoints still work; protected ones answer 401.
    return null;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  // The schema (and the validation library) is loaded with the first error, not with every page.
  const [body, { errorBodySchema }] = await Promise.all([
    response.json().catch((): unknown => null),
    import('@/lib/error-body'),
  ]);
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, details } = parsed.data;
    return new ApiError({ status: response.status, code, message, ...(details ? { details } : {}) });
  }
  return new ApiError({
    status: response.status,
    code: 'HTTP_ERROR',
    message: `The server could not complete the request (HTTP ${response.status}). Please try again.`,
  });
}

async function request(path: string, options: ApiFetchOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // A form or a file carries its own type (the browser writes a form's boundary itself).
  const raw = options.body instanceof FormData || options.body instanceof Blob;
  if (options.body !== undefined && !raw) headers['Content-Type'] = 'application/json';
  const token = await bearerToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const url = apiUrl(path, options.query);
  const method = options.method ?? 'GET';
  let response: Response;
  try {
    // The page shell may have asked already (lib/prefetch.ts); if that failed, ask again.
    const prefetched = method === 'GET' ? takePrefetched(url, token) : undefined;
    response =
      (prefetched && (await prefetched.catch(() => undefined))) ||
      (await fetch(url, {
        method,
        headers,
        ...(options.body !== undefined
          ? { body: raw ? (options.body as FormData | Blob) : JSON.stringify(options.body) }
          : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      }));
  } catch (error) {
    // An abort is the caller's decision (e.g. TanStack Query cancelling), not a failure to report.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function readJson<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: 'The server sent an answer the app could not read. Please try again.',
    });
  }
}

export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  return readJson<T>(await request(path, options));
}

/** Sends a file as the `file` part of a multipart form (POST), e.g. a spreadsheet the server reads. */
export async function apiUpload<T>(path: string, file: File, options: Omit<ApiFetchOptions, 'body'> = {}) {
  const form = new FormData();
  form.append('file', file, file.name);
  return readJson<T>(await request(path, { method: 'POST', ...options, body: form }));
}

/** One page of a list endpoint, with what the response headers say about the rest of the list. */
export type ApiPage<T> = {
  items: T[];
  /** X-Total-Count; the item count when the header is missing. */
  total: number;
  /**
   * False when X-Total-Count-Relation is `gte` (the real total is at least `total`) or
   * `estimate` (the real total is near `total`, above or below it).
   */
  totalIsExact: boolean;
  /** X-Total-Count-Relation `estimate`: "about 12,400 results". */
  totalIsEstimate: boolean;
  /** X-Next-Cursor: present only when rows exist after this page. */
  nextCursor: string | null;
  /** X-Search-Corrected: nothing matched `q` as typed, and these are the results for this spelling. */
  correctedQuery: string | null;
};

function decodeHeader(value: string | null): string | null {
  if (value === null || value === '') return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** For list endpoints: the page of items plus the total and paging hints from the headers. */
export async function apiFetchPage<T>(path: string, options: ApiFetchOptions = {}): Promise<ApiPage<T>> {
  const response = await request(path, options);
  const items = await readJson<T[]>(response);
  const header = response.headers.get('X-Total-Count');
  const total = header === null ? Number.NaN : Number(header);
  const counted = Number.isInteger(total) && total >= 0;
  // Without the relation header the count is exact, as it was before the API could estimate.
  const relation = counted ? response.headers.get('X-Total-Count-Relation')?.trim().toLowerCase() : undefined;
  return {
    items,
    total: counted ? total : items.length,
    totalIsExact: relation !== 'gte' && relation !== 'estimate',
    totalIsEstimate: relation === 'estimate',
    nextCursor: response.headers.get('X-Next-Cursor') || null,
    correctedQuery: decodeHeader(response.headers.get('X-Search-Corrected')),
  };
}

/** A file the API sends (an export, a template), with the name its Content-Disposition gives. */
export type ApiFile = { blob: Blob; fileName: string };

function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return decodeHeader(match?.[1] ?? null) ?? fallback;
}

/**
 * Downloads a protected file: the request carries the Bearer token, which a plain link cannot,
 * so the file arrives as a Blob for `saveFile` (lib/download.ts). Errors are ApiErrors as ever.
 */
export async function apiDownload(
  path: string,
  options: ApiFetchOptions & { accept: string; fallbackName: string },
): Promise<ApiFile> {
  const { accept, fallbackName, ...rest } = options;
  const response = await request(path, { ...rest, headers: { ...rest.headers, Accept: accept } });
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('Content-Disposition'), fallbackName),
  };
}
