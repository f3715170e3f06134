import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages } from './languages';

type Tree = { [key: string]: string | Tree };

const dir = join(import.meta.dirname, 'locales');
const text = (code: string) => readFileSync(join(dir, `${code}.json`), 'utf8');
const load = (code: string) => JSON.parse(text(code)) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [sub, text] of flatten(value, path)) entries.set(sub, text);
  }
  return entries;
}

/** The keys an object of `json` names twice, as paths: `JSON.parse` keeps the last one silently. */
function repeatedKeys(json: string): string[] {
  const repeated: string[] = [];
  const objects: { path: string; keys: Set<string>; key: string }[] = [];
  let last = '';
  for (let at = 0; at < json.length; at++) {
    const char = json[at];
    if (char === '"') {
      let end = at + 1;
      while (json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      last = JSON.parse(json.slice(at, end + 1)) as string;
      at = end;
    } else if (char === ':') {
      const object = objects.at(-1);
      if (object === undefined) continue;
      if (object.keys.has(last)) repeated.push(object.path + last);
      object.keys.add(last);
      object.key = last;
    } else if (char === '{') {
      const parent = objects.at(-1);
      objects.push({ path: parent ? `${parent.path}${parent.key}.` : '', keys: new Set(), key: '' });
    } else if (char === '}') objects.pop();
  }
  return repeated;
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

  it('finds a key named twice in one object, and no other', () => {
    expect(repeatedKeys('{"a": {"b": "x", "c": "y\\"}"}, "d": {"b": "w"}, "a": "v"}')).toEqual(['a']);
    expect(repeatedKeys('{"errors": {"lost": "1", "gone": "2", "lost": "3"}}')).toEqual(['errors.lost']);
  });

  it.each([...others, 'en'])('%s names every key once in its object', (code) => {
    expect(repeatedKeys(text(code))).toEqual([]);
  });

  it.each([...others, 'en'])('%s has no empty values', (code) => {
    for (const [key, text] of flatten(load(code))) expect([key, text.trim().length > 0]).toEqual([key, true]);
  });
});
