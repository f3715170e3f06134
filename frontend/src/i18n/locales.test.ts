import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages } from './languages';

type Tree = { [key: string]: string | Tree };

const dir = join(import.meta.dirname, 'locales');
const load = (code: string) => JSON.parse(readFileSync(join(dir, `${code}.json`), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [sub, text] of flatten(value, path)) entries.set(sub, text);
  }
  return entries;
}

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

const en = flatten(load('en'));
const others = languages.map((language) => language.code).filter((code) => code !== 'en');

describe('locale files', () => {
  it('exist for exactly the eight languages', () => {
    expect(
      readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort(),
    ).toEqual(languages.map((language) => `${language.code}.json`).sort());
  });

  it.each(others)('%s has the same nested keys as en', (code) => {
    expect([...flatten(load(code)).keys()].sort()).toEqual([...en.keys()].sort());
  });

  it.each(others)('%s is a translation, not a copy of en', (code) => {
    const translated = flatten(load(code));
    const changed = [...en].filter(([key, text]) => translated.get(key) !== text);
    expect(changed.length).toBeGreaterThan(en.size / 2);
  });

  it.each(others)('%s keeps every interpolation variable of en', (code) => {
    const translated = flatten(load(code));
    for (const [key, text] of en) {
      expect([key, variables(translated.get(key) ?? '')]).toEqual([key, variables(text)]);
    }
  });

  it.each([...others, 'en'])('%s has no empty values', (code) => {
    for (const [key, text] of flatten(load(code))) expect([key, text.trim().length > 0]).toEqual([key, true]);
  });
});
