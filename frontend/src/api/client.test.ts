import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../test/api';
import { api, ApiError, apiBaseUrl, readErrorBody, unwrap } from './client';

async function failure(response: Response | (() => Promise<Response>)): Promise<ApiError> {
  vi.stubGlobal('fetch', vi.fn(typeof response === 'function' ? response : () => Promise.resolve(response)));
  try {
    await unwrap(api.GET('/api/get-session-data/'));
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

describe('the API client', () => {
  it('removes trailing slashes from the base URL and sends credentials', async () => {
    expect(apiBaseUrl('https://lathe.example.com//')).toBe('https://lathe.example.com');
    expect(apiBaseUrl('')).toBe('');
    const stub = stubApi({
      'GET /api/get-session-data/': () => json({ columns: [], data: [], shape: [0, 0], dtypes: {}, missing_values: {} }),
    });
    await expect(unwrap(api.GET('/api/get-session-data/'))).resolves.toMatchObject({ columns: [] });
    const [call] = stub.calls;
    expect(call?.request.url).toBe('http://lathe.test/api/get-session-data/');
    expect(call?.request.credentials).toBe('include');
  });

  it('reads the error field of a JSON body, with its code and params', async () => {
    const error = await failure(json({ error: 'Unknown columns: x', code: 'unknown_columns', params: { columns: 'x' } }, 400));
    expect(error.message).toBe('Unknown columns: x');
    expect(error.code).toBe('unknown_columns');
    expect(error.params).toEqual({ columns: 'x' });
    expect(error.status).toBe(400);
  });

  it('reads the message field when there is no error field', async () => {
    expect((await failure(json({ message: 'Try again later' }, 503))).message).toBe('Try again later');
  });

  it('says which status failed when a JSON body has neither field', async () => {
    expect((await failure(json({ detail: [] }, 422))).message).toBe('Request failed: 422');
  });

  it('appends a body that is not JSON', async () => {
    const error = await failure(new Response('Bad gateway', { status: 502 }));
    expect(error.message).toBe('Request failed: 502 — Bad gateway');
    expect(error.params).toEqual({ status: 502, body: 'Bad gateway' });
  });

  it('says No body when the body is empty', async () => {
    expect((await failure(new Response(null, { status: 500 }))).message).toBe('Request failed: 500 — No body');
    expect(readErrorBody(500, '').message).toBe('Request failed: 500 — No body');
  });

  it('uses the message of a network failure, or Network error', async () => {
    expect((await failure(() => Promise.reject(new TypeError('Failed to fetch')))).message).toBe('Failed to fetch');
    const error = await failure(() => Promise.reject(new Error('')));
    expect(error.message).toBe('Network error');
    expect(error.code).toBe('network_error');
  });
});
