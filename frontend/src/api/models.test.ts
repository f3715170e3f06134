import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../test/api';
import { ApiError } from './client';
import { attachmentFileName, exportModel } from './models';

const REQUEST = { selected_model: 'LogisticRegression', model_name: 'churn', format: 'joblib', optimized: false } as const;

function answer(response: Response | (() => Promise<Response>)) {
  stubApi({ 'POST /api/export-model/': typeof response === 'function' ? response : () => response });
}

async function exportFailure(): Promise<ApiError> {
  try {
    await exportModel(REQUEST);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the export did not fail');
}

describe('attachmentFileName', () => {
  it('reads the file name of a Content-Disposition header', () => {
    expect(attachmentFileName('attachment; filename="churn.joblib"', 'model_export')).toBe('churn.joblib');
    expect(attachmentFileName('attachment; filename=churn.pkl', 'model_export')).toBe('churn.pkl');
    expect(attachmentFileName('attachment; filename="x.onnx"; filename*=UTF-8\'\'m%C3%BCnster.onnx', 'model_export')).toBe('münster.onnx');
  });

  it('falls back to the default when there is no header or no name', () => {
    expect(attachmentFileName(null, 'model_export')).toBe('model_export');
    expect(attachmentFileName('attachment', 'model_export')).toBe('model_export');
    expect(attachmentFileName('attachment; filename=""', 'model_export')).toBe('model_export');
  });
});

describe('exportModel', () => {
  it('returns the file with the name the server gives, or model_export', async () => {
    const headers = { 'Content-Disposition': 'attachment; filename="churn.joblib"' };
    const calls = stubApi({ 'POST /api/export-model/': () => new Response('model bytes', { headers }) });
    const file = await exportModel(REQUEST);
    expect(file.fileName).toBe('churn.joblib');
    expect(await file.blob.text()).toBe('model bytes');
    expect(calls.calls[0]?.body).toEqual(REQUEST);

    answer(new Response('model bytes'));
    expect((await exportModel(REQUEST)).fileName).toBe('model_export');
  });

  it("reports the body's error, or its message, with the code", async () => {
    answer(json({ error: 'Select a model please.', code: 'model_required' }, 400));
    const error = await exportFailure();
    expect([error.message, error.code]).toEqual(['Select a model please.', 'model_required']);
    answer(json({ message: 'Try later' }, 503));
    expect((await exportFailure()).message).toBe('Try later');
  });

  it("says 'Export failed ({status})' when the body names no error", async () => {
    answer(json({ detail: [] }, 422));
    expect((await exportFailure()).message).toBe('Export failed (422)');
    answer(new Response('Bad gateway', { status: 502 }));
    const error = await exportFailure();
    expect([error.message, error.code, error.params]).toEqual(['Export failed (502)', 'export_failed_status', { status: 502 }]);
    answer(new Response(null, { status: 500 }));
    expect((await exportFailure()).message).toBe('Export failed (500)');
  });

  it("says 'Export failed' when no answer came", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await exportFailure();
    expect([error.message, error.code]).toEqual(['Export failed', 'export_failed']);
  });

  it("says 'Export failed: empty response.' for an empty file", async () => {
    answer(new Response('', { status: 200, headers: { 'Content-Length': '0' } }));
    expect((await exportFailure()).message).toBe('Export failed: empty response.');
    answer(new Response(new Uint8Array(0), { status: 200 }));
    expect((await exportFailure()).code).toBe('export_empty_response');
  });
});
