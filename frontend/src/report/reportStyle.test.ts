import { describe, expect, it } from 'vitest';
import { REPORT_CSS } from './reportStyle';

function rules(css: string): CSSStyleRule[] {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  const sheet = style.sheet;
  style.remove();
  return [...(sheet?.cssRules ?? [])].filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule);
}

describe('the report style', () => {
  it('never breaks a table header inside a word, and lets a wide table scroll in its wrapper', () => {
    const parsed = rules(REPORT_CSS);
    const header = parsed.find((rule) => rule.selectorText === 'th');
    expect(header?.style.getPropertyValue('word-break')).toBe('normal');
    expect(header?.style.getPropertyValue('overflow-wrap')).toBe('normal');
    expect(header?.style.getPropertyValue('hyphens')).toBe('manual');
    // no later rule for every header cell breaks it again
    const later = parsed.slice(parsed.indexOf(header as CSSStyleRule) + 1).filter((rule) => /(^|,\s*)th\b/.test(rule.selectorText));
    expect(
      later.every((rule) => rule.style.getPropertyValue('overflow-wrap') === '' && rule.style.getPropertyValue('word-break') === ''),
    ).toBe(true);
    expect(parsed.find((rule) => rule.selectorText === '.table-wrap')?.style.getPropertyValue('overflow-x')).toBe('auto');
  });
});
