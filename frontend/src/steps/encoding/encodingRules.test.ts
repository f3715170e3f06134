import { describe, expect, it } from 'vitest';
import {
  columnEncodingRequest,
  DEFAULT_GLOBAL_ENCODING,
  encodingCandidates,
  globalEncodingRequest,
  MAX_CATEGORIES_FIELD,
  newEncodingRow,
  usesOrdinalFlag,
} from './encodingRules';

describe('encoding rules', () => {
  it('defaults to auto with at most 10 categories; max categories is a whole number of at least 2', () => {
    expect(DEFAULT_GLOBAL_ENCODING).toEqual({ strategy: 'auto', maxCategories: 10 });
    expect(MAX_CATEGORIES_FIELD).toMatchObject({ min: 2, integer: true });
  });

  it("encodes the server's categorical columns, never the target", () => {
    const kinds = {
      city: 'categorical',
      kind: 'categorical',
      age: 'numeric',
      flag: 'boolean',
      when: 'datetime',
      y: 'categorical',
    } as const;
    expect(encodingCandidates(Object.keys(kinds), kinds, 'y')).toEqual(['city', 'kind']);
    expect(encodingCandidates(['city', 'y'], null, '')).toEqual(['city', 'y']);
  });

  it('needs a target column for the target strategy', () => {
    expect(globalEncodingRequest({ strategy: 'target', maxCategories: 10 }, '')).toEqual({ error: 'encoding.targetRequired' });
    expect(globalEncodingRequest({ strategy: 'target', maxCategories: 10 }, 'y')).toEqual({
      request: { default_strategy: 'target', max_categories: 10, target_column: 'y' },
    });
  });

  it('sends the target whenever one is chosen, so it is never encoded', () => {
    expect(globalEncodingRequest(DEFAULT_GLOBAL_ENCODING, 'y')).toEqual({
      request: { default_strategy: 'auto', max_categories: 10, target_column: 'y' },
    });
    expect(globalEncodingRequest({ strategy: 'onehot', maxCategories: 10 }, '')).toEqual({
      request: { default_strategy: 'onehot', max_categories: 10 },
    });
  });

  it('waits for a valid max categories with auto only', () => {
    expect(globalEncodingRequest({ strategy: 'auto', maxCategories: null }, '')).toBeNull();
    expect(globalEncodingRequest({ strategy: 'label', maxCategories: null }, '')).not.toBeNull();
  });

  it('needs a row, and a target column when a row uses the target strategy', () => {
    expect(columnEncodingRequest([], 'y', 10)).toEqual({ error: 'common.addFirst' });
    expect(columnEncodingRequest([{ column: 'a', strategy: 'target', ordinal: true }], '', 10)).toEqual({
      error: 'encoding.columnTargetRequired',
    });
    expect(columnEncodingRequest([{ column: 'a', strategy: 'label', ordinal: false }], '', 10)).toEqual({
      request: {
        default_strategy: 'auto',
        max_categories: 10,
        column_specific_settings: [{ column: 'a', strategy: 'label', ordinal: false }],
      },
    });
  });

  it('starts a row with the ordinal flag checked and shows it where categories get numbers', () => {
    expect(newEncodingRow('city')).toEqual({ column: 'city', strategy: 'auto', ordinal: true });
    expect(['auto', 'label', 'ordinal'].every((s) => usesOrdinalFlag(s as 'auto'))).toBe(true);
    expect(['onehot', 'binary', 'target'].some((s) => usesOrdinalFlag(s as 'auto'))).toBe(false);
  });
});
