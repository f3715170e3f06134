import { api, ApiError, fileForm, readErrorBody, unwrap, unwrapResponse } from './client';
import type { components } from './schema';

type Schemas = components['schemas'];

export type OptimizeRequest = Schemas['OptimizeModelRequest'];
export type OptimizeResult = Awaited<ReturnType<typeof optimizeModel>>;
export type OptimizationMethod = OptimizeRequest['optimization_method'];
export type OptimizationHistory = Schemas['OptimizationHistoryResponse'];
export type ModelOptimizations = Schemas['ModelOptimizations'];
export type OptimizationRun = Schemas['OptimizationRunRecord'];
export type SearchSpaceEdit = NonNullable<OptimizeRequest['search_space']>;
export type CatalogModel = Schemas['CatalogModel'];
export type SearchSpace = CatalogModel['search_space'];
export type ExportRequest = Schemas['ExportModelRequest'];
export type ExportFormat = ExportRequest['format'];
export type UsageCode = Schemas['UsageCodeResponse'];

/** A file the server sent, with the name its Content-Disposition header gives. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** SPEC §7: the name of an exported file when the server gives none. */
export const DEFAULT_EXPORT_NAME = 'model_export';

/** The name of a predictions file when the server gives none. */
export const DEFAULT_PREDICTIONS_NAME = 'predictions.csv';

/** Searches the model's parameters; progress meanwhile on `getProgress`. */
export function optimizeModel(body: OptimizeRequest) {
  return unwrap(api.POST('/api/optimize-model/', { body }));
}

/** Every optimized model's kept runs and the run picked (exported and predicting). */
export function getOptimizationHistory() {
  return unwrap(api.GET('/api/optimization-result/'));
}

/** Makes one of a model's kept runs its optimized model; answers the history. */
export function pickOptimization(model: string, runId: number) {
  return unwrap(api.POST('/api/optimization-pick/', { body: { selected_model: model, run_id: runId } }));
}

/** Every model with the parameters optimization searches for it. */
export async function getModelCatalog() {
  return (await unwrap(api.GET('/api/model-catalog/'))).models;
}

export function getUsageCode(modelName: string, format: ExportFormat) {
  return unwrap(api.GET('/api/usage-code/', { params: { query: { model_name: modelName, format } } }));
}

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first), else `fallback`. */
export function attachmentFileName(header: string | null, fallback: string): string {
  if (header === null) return fallback;
  const encoded = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header)?.[2];
  if (encoded !== undefined) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name === '' ? fallback : name;
}

interface FileResult {
  data?: Blob;
  error?: unknown;
  response: Response;
}

/**
 * SPEC §8 "File export failure": the body's error or message, else 'Export failed ({status})';
 * 'Export failed' when no answer came; 'Export failed: empty response.' for an empty file.
 */
async function exportedFile(call: Promise<FileResult>): Promise<DownloadedFile> {
  let result: FileResult;
  try {
    result = await call;
  } catch {
    throw new ApiError('Export failed', { code: 'export_failed' });
  }
  const { response } = result;
  if (!response.ok) {
    const failure = readErrorBody(response.status, result.error);
    if (failure.code?.startsWith('request_failed')) {
      throw new ApiError(`Export failed (${response.status})`, {
        code: 'export_failed_status',
        params: { status: response.status },
        status: response.status,
      });
    }
    throw failure;
  }
  if (result.data === undefined || result.data.size === 0) {
    throw new ApiError('Export failed: empty response.', { code: 'export_empty_response', status: response.status });
  }
  return { blob: result.data, fileName: attachmentFileName(response.headers.get('Content-Disposition'), DEFAULT_EXPORT_NAME) };
}

/** The model's whole fitted pipeline as a file (its optimized one with `optimized`). */
export function exportModel(body: ExportRequest): Promise<DownloadedFile> {
  return exportedFile(api.POST('/api/export-model/', { body, parseAs: 'blob' }));
}

export interface PredictRequest {
  file: File;
  model: string;
  optimized: boolean;
  /** Add each row's three strongest contributing columns. */
  explain: boolean;
}

/** The rows of `file` with the model's predictions, as CSV; failures read as any call's. */
export async function predictFile({ file, model, optimized, explain }: PredictRequest): Promise<DownloadedFile> {
  const { data, response } = await unwrapResponse(
    api.POST('/api/predict/', {
      body: { file: file.name, selected_model: model, optimized, explain },
      bodySerializer: () => fileForm(file, { selected_model: model, optimized: String(optimized), explain: String(explain) }),
      parseAs: 'blob',
    }),
  );
  return { blob: data, fileName: attachmentFileName(response.headers.get('Content-Disposition'), DEFAULT_PREDICTIONS_NAME) };
}
