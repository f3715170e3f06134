import { describe, expect, it } from 'vitest';
import { formatCell, fullNumber } from '../components/DataTable/formatCell';
import { formatMetric } from '../steps/evaluation/metrics';
import { TEST_METRIC_CATALOG } from '../test/metricCatalog';
import {
  chartSeparators,
  formatDateText,
  formatDecimal,
  formatInteger,
  formatMegabytes,
  formatPercent,
  formatPreviewNumber,
  formatSignificant,
} from './format';

/** Intl writes some spaces as no-break spaces; tests read them as plain ones. */
const plain = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, ' ');

describe('number formats per language', () => {
  it('uses a decimal comma in de, tr, ru, es, fr and it, and a point in en', () => {
    const decimals = ['en', 'de', 'tr', 'ru', 'es', 'fr', 'it'].map((language) => plain(formatDecimal(0.91234, 4, language)));
    expect(decimals).toEqual(['0.9123', '0,9123', '0,9123', '0,9123', '0,9123', '0,9123', '0,9123']);
  });

  it('groups thousands as each language does', () => {
    expect(['en', 'de', 'ru', 'fr'].map((language) => plain(formatInteger(3201, language)))).toEqual(['3,201', '3.201', '3 201', '3 201']);
    expect(plain(formatInteger(1234567, 'es'))).toBe('1.234.567');
  });

  it('writes metrics to 4 decimals and cluster counts as whole numbers', () => {
    expect(formatMetric(TEST_METRIC_CATALOG, 'accuracy', 0.8, 'de')).toBe('0,8000');
    expect(formatMetric(TEST_METRIC_CATALOG, 'n_clusters', 3, 'de')).toBe('3');
    expect(formatMetric(TEST_METRIC_CATALOG, 'r2', null, 'de')).toBe('—');
  });

  it('writes percentages with the sign where the language puts it', () => {
    expect(['en', 'de', 'tr'].map((language) => plain(formatPercent(12.5, 1, language)))).toEqual(['12.5%', '12,5 %', '%12,5']);
  });

  it('writes contributions to 4 significant digits, small or large', () => {
    expect(formatSignificant(0.00123456, 4, 'de')).toBe('0,001235');
    expect(formatSignificant(12345.6, 4, 'en')).toBe('12,350');
    expect(formatSignificant(-0.5, 4, 'en')).toBe('-0.5');
  });

  it('writes sizes in megabytes to two decimals', () => {
    expect(formatMegabytes(1_572_864, 'de')).toBe('1,50');
    expect(formatMegabytes(1_572_864, 'en')).toBe('1.50');
  });
});

describe('chart separators', () => {
  it('gives Plotly the decimal mark and then the thousands separator of the language', () => {
    expect(chartSeparators('en')).toBe('.,');
    expect(chartSeparators('de')).toBe(',.');
    expect(chartSeparators('es')).toBe(',.');
    expect(['fr', 'ru'].map((language) => plain(chartSeparators(language)))).toEqual([', ', ', ']);
  });
});

describe('preview values', () => {
  it('keeps whole numbers as written and cuts floats to a sensible precision', () => {
    expect(formatPreviewNumber(2024, 'de')).toBe('2024');
    expect(formatPreviewNumber(3.14159265, 'de')).toBe('3,14159');
    expect(formatCell(12.5, 'fr')).toBe('12,5');
  });

  it('shows floats to at most 6 significant digits, and float noise as 0', () => {
    expect(formatCell(-0.000000000000001307, 'en')).toBe('0');
    expect(formatCell(1234.56789012, 'en')).toBe('1234.57');
    expect(formatCell(0.000123456789, 'en')).toBe('0.000123457');
    expect(formatCell(-0, 'en')).toBe('0');
    expect(formatCell(-2.5, 'de')).toBe('-2,5');
    expect(formatCell(123456789.123, 'en')).toBe('123457000');
  });

  it('writes only very small floats with an exponent', () => {
    expect(formatCell(0.00000012345678, 'en')).toBe('1.23457E-7');
    expect(formatCell(1.5e20, 'en')).toBe('150000000000000000000');
  });

  it('keeps the full value of a shortened float for its title', () => {
    expect(fullNumber(1234.56789012)).toBe('1234.56789012');
    expect(fullNumber(-0.000000000000001307)).toBe('-1.307e-15');
    expect(fullNumber(2024)).toBeUndefined();
    expect(fullNumber('Oslo')).toBeUndefined();
  });

  it('shows dates as dates of the language, and times only when there are some', () => {
    expect(formatDateText('1970-01-01T00:00:00', 'de')).toBe('01.01.1970');
    expect(formatDateText('2024-03-05', 'en')).toBe('Mar 5, 2024');
    expect(formatDateText('2024-03-05T14:30:00', 'de')).toBe('05.03.2024, 14:30');
    expect(formatDateText('not a date', 'en')).toBeNull();
    expect(formatCell('1970-01-01T00:00:00', 'en')).toBe('Jan 1, 1970');
    expect(formatCell('Oslo', 'de')).toBe('Oslo');
  });
});
