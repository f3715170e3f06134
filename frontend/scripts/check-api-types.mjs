// Fails when src/api/schema.d.ts is not what openapi-typescript generates from ../openapi.yaml.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const committed = 'src/api/schema.d.ts';
const dir = mkdtempSync(join(tmpdir(), 'lathe-api-types-'));
const fresh = join(dir, 'schema.d.ts');

try {
  const run = spawnSync('npx', ['--no-install', 'openapi-typescript', '../openapi.yaml', '-o', fresh], {
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    process.stderr.write(run.stderr || run.stdout);
    console.error('check:api: could not generate types from ../openapi.yaml');
    process.exit(1);
  }
  if (readFileSync(fresh, 'utf8') !== readFileSync(committed, 'utf8')) {
    console.error(`check:api: ${committed} is stale; run \`npm run gen:api\` (or \`make openapi\`) and commit the result.`);
    process.exit(1);
  }
  console.log(`check:api: ${committed} matches ../openapi.yaml`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
