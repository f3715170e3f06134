// Prints the gzipped size of the JavaScript the first page load fetches (the entry chunk and
// the chunks dist/index.html preloads with it, not lazy chunks) and fails above the budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 400;
const dist = 'dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const scripts = [
  ...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
  ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
].map((match) => match[1]);
const files = [...new Set(scripts)].filter((src) => src.endsWith('.js'));

if (files.length === 0) {
  console.error('first-load JS: no module scripts found in dist/index.html');
  process.exit(1);
}

let total = 0;
for (const file of files) {
  const bytes = gzipSync(readFileSync(join(dist, file.replace(/^\//, '')))).length;
  total += bytes;
  console.log(`  ${file}  ${(bytes / 1024).toFixed(1)} KB gzip`);
}
const totalKb = total / 1024;
console.log(`first-load JS: ${totalKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (totalKb > BUDGET_KB) {
  console.error(`first-load JS is over the ${BUDGET_KB} KB budget`);
  process.exit(1);
}
