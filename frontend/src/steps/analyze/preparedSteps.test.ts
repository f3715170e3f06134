import { describe, expect, it } from 'vitest';
import type { PreparedResult } from '../../api/transforms';
import { preparedStepResults } from './preparedSteps';

describe('preparedStepResults', () => {
  it('gives each of steps 3–7 a result, listing the change on the screens the server recorded steps for', () => {
    const prepared = { message: 'Prepared.', shape: [80, 9], screens: [{ step_id: 3 }, { step_id: 5 }] } as PreparedResult;
    const change = { action: 'automatic', message: 'Prepared.', shape: [80, 9] };
    expect(preparedStepResults(prepared)).toEqual({
      3: { changes: [change] },
      4: { changes: [] },
      5: { changes: [change] },
      6: { changes: [] },
      7: { changes: [] },
    });
  });
});
