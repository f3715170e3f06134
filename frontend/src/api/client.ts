import createClient from 'openapi-fetch';
import type { paths } from './schema';

/** An API failure, read as SPEC §8 says; `code` and `params` come from the server when it sends them. */
export class ApiError extends Error {
  readonly code: string | undefined;
  readonly params: Record<string, unknown>;
  readonly status: number | undefined;

  constructor(message: string, options: { code?: string; params?: Record<string, unknown>; status?: number } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = options.code;
    this.params = options.params ?? {};
    this.status = options.status;
  }
}

export function apiBaseUrl(configured: string | undefined = import.meta.env.VITE_API_BASE_URL): string {
  return (configured ?? '').replace(/\/+$/, '');
}

/** The one client every call goes through. `fetch` is looked up per call so tests can replace it. */
export const api = createClient<paths>({
  baseUrl: apiBaseUrl(),
  credentials: 'include',
  fetch: (request) => globalThis.fetch(request),
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Turns a non-2xx response body (parsed JSON, raw text or nothing) into an ApiError. */
export function readErrorBody(status: number, body: unknown): ApiError {
  if (isRecord(body)) {
    const text = [body.error, body.message].find((value): value is string => typeof value === 'string' && value !== '');
    if (text === undefined) return new ApiError(`Request failed: ${status}`, { code: 'request_failed', params: { status }, status });
    return new ApiError(text, {
      ...(typeof body.code === 'string' ? { code: body.code } : {}),
      ...(isRecord(body.params) ? { params: body.params } : {}),
      status,
    });
  }
  const text = typeof body === 'string' ? body.trim() : body === undefined || body === null ? '' : JSON.stringify(body);
  if (text === '') {
    return new ApiError(`Request failed: ${status} — No body`, { code: 'request_failed_no_body', params: { status }, status });
  }
  return new ApiError(`Request failed: ${status} — ${text}`, {
    code: 'request_failed_body',
    params: { status, body: text },
    status,
  });
}

function readNetworkError(error: unknown): ApiError {
  if (error instanceof Error && error.message !== '') return new ApiError(error.message);
  return new ApiError('Network error', { code: 'network_error' });
}

interface ApiResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** Awaits an openapi-fetch call and returns its data with the response, or throws an ApiError. */
export async function unwrapResponse<Result extends ApiResult>(
  call: Promise<Result>,
): Promise<{ data: NonNullable<Result['data']>; response: Response }> {
  let result: Result;
  try {
    result = await call;
  } catch (error) {
    throw readNetworkError(error);
  }
  if (!result.response.ok) throw readErrorBody(result.response.status, result.error);
  if (result.data === undefined || result.data === null) throw readErrorBody(result.response.status, undefined);
  return { data: result.data, response: result.response };
}

/** Awaits an openapi-fetch call and returns its data, or throws an ApiError. */
export async function unwrap<Result extends ApiResult>(call: Promise<Result>): Promise<NonNullable<Result['data']>> {
  return (await unwrapResponse(call)).data;
}

/**
 * A multipart form with `file` and text `fields`. The generated types describe the binary part
 * as a string, so calls pass this through `bodySerializer` to send the File itself.
 */
export function fileForm(file: File, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('file', file);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}
