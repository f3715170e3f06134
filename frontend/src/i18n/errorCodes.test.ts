import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeKey } from './errorMessage';
import { languages } from './languages';

type Messages = Record<string, string>;

/** The server's catalogue of error codes, as openapi.yaml publishes it: the `ErrorCode` enum of the generated types. */
function catalogue(): string[] {
  const schema = readFileSync(join(import.meta.dirname, '..', 'api', 'schema.d.ts'), 'utf8');
  const union = /^\s*ErrorCode:\s*([^;]+);/m.exec(schema)?.[1] ?? '';
  return [...union.matchAll(/"([a-z0-9_]+)"/g)].map((match) => match[1] ?? '');
}

const errors = (code: string) =>
  (JSON.parse(readFileSync(join(import.meta.dirname, 'locales', `${code}.json`), 'utf8')) as { errors: Messages }).errors;

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

const codes = catalogue();
const english = errors('en');

describe('the error catalogue', () => {
  it('is read from the generated types', () => {
    expect(codes).toContain('no_dataset');
    expect(codes.length).toBeGreaterThan(80);
  });

  it.each(languages.map((language) => language.code))('%s words every code, with the placeholders of English', (language) => {
    const messages = errors(language);
    const missing = codes.filter((code) => !messages[codeKey(code)]?.trim());
    expect(missing).toEqual([]);
    const shown = (texts: Messages, code: string) => placeholders(texts[codeKey(code)] ?? '').join();
    const differing = codes.filter((code) => shown(messages, code) !== shown(english, code));
    expect(differing).toEqual([]);
  });
});
