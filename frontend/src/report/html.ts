/** Text as HTML: every character that could open markup or end an attribute is escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** An element with escaped text content and an optional class. */
export function element(tag: string, text: string, className?: string): string {
  const attribute = className === undefined ? '' : ` class="${escapeHtml(className)}"`;
  return `<${tag}${attribute}>${escapeHtml(text)}</${tag}>`;
}

/**
 * A table of escaped cells: the header row, then the body rows (each cell text, or [text, class]).
 * Its headers never break inside a word, so a wide table scrolls inside its wrapper.
 */
export function table(header: string[], rows: (string | [string, string])[][]): string {
  const cell = (value: string | [string, string], tag: 'td' | 'th') =>
    typeof value === 'string' ? element(tag, value) : element(tag, value[0], value[1]);
  const head = `<thead><tr>${header.map((name) => element('th', name)).join('')}</tr></thead>`;
  const body = rows.map((row) => `<tr>${row.map((value, index) => cell(value, index === 0 ? 'th' : 'td')).join('')}</tr>`).join('');
  return `<div class="table-wrap"><table>${head}<tbody>${body}</tbody></table></div>`;
}

/** A list of terms and their values, both escaped. */
export function definitions(items: [string, string][]): string {
  return `<dl>${items.map(([term, value]) => `<div>${element('dt', term)}${element('dd', value)}</div>`).join('')}</dl>`;
}
