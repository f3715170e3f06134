import { describe, expect, it } from 'vitest';
import type { Evaluation } from '../api/training';
import { json, stubApi } from '../test/api';
import { NO_CHARTS, TRAINING_SUMMARY } from '../test/training';
import { explainedFor } from './explanation';

const EXPLANATION = { method: 'kernel', output: 'probability', explained_class: true, rows: 5, of_rows: 40, columns: [], beeswarm: [] };
const IMPORTANCES = { method: 'permutation', features: [{ feature: 'income', importance: 0.1 }] };
const result = (explained: boolean) => ({
  model: 'SVC',
  metrics: {},
  error: null,
  train_seconds: 0.1,
  sampling: [],
  charts: NO_CHARTS,
  explained,
  ...(explained ? { explanation: EXPLANATION } : {}),
});
const evaluation = (explained: boolean) =>
  ({ ...TRAINING_SUMMARY, best_model: 'SVC', message: '', results: [result(explained)] }) as unknown as Evaluation;
const ANSWER = { model: 'SVC', explanation: EXPLANATION, feature_importances: IMPORTANCES, computed: true };

describe('the report explains its best model', () => {
  it('asks for the explanation still to be computed and keeps it in the result', async () => {
    const api = stubApi({ 'POST /api/explanations/': () => json(ANSWER) });
    const explained = await explainedFor(evaluation(false), 'SVC');
    expect(explained.results[0]).toMatchObject({ explained: true, explanation: EXPLANATION, charts: { feature_importances: IMPORTANCES } });
    expect(api.calls.map((call) => call.body)).toEqual([{ model: 'SVC' }]);
  });

  it('waits for the running explanation of another model, then asks again', async () => {
    let polls = 0;
    const api = stubApi({
      'POST /api/explanations/': () =>
        polls < 2 ? json({ error: 'busy', code: 'task_running', params: { task: 'explanation' } }, 409) : json(ANSWER),
      'GET /api/progress/': () => json({ task: polls++ === 0 ? 'explanation' : null }),
    });
    const explained = await explainedFor(evaluation(false), 'SVC');
    expect(explained.results[0]?.explained).toBe(true);
    expect(api.routes()).toEqual(['POST /api/explanations/', 'GET /api/progress/', 'GET /api/progress/', 'POST /api/explanations/']);
  });

  it('asks nothing when the best model is explained already', async () => {
    const api = stubApi({});
    const kept = evaluation(true);
    expect(await explainedFor(kept, 'SVC')).toBe(kept);
    expect(api.calls).toEqual([]);
  });
});
