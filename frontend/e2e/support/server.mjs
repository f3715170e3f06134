// The backend the scenarios drive, and the files they upload.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const artifacts = join(e2eDir, 'artifacts');
const backendDir = resolve(e2eDir, '..', '..', 'backend');

/** The rows of the uploaded file, and of the file predicted on. */
export const ROWS = 120;
export const PREDICT_ROWS = 15;
export const COLUMNS = ['id', 'name', 'age', 'income', 'city', 'segment', 'score', 'member', 'joined'];

/** A scratch folder for the files and the backend's data; removed by the global setup's teardown. */
export function makeWorkDir() {
  mkdirSync(artifacts, { recursive: true });
  return mkdtempSync(join(tmpdir(), 'lathe-e2e-'));
}

/**
 * A people table with gaps: age and income often go missing together, income is skewed with a
 * few extreme values, score tracks id, city and segment are categorical. Without `target`, the
 * member column is left out (new rows to predict).
 */
export function writeCsv(work, name, rows, { target = true } = {}) {
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const cities = ['Oslo', 'Lima', 'Pune', 'Kyiv', 'Nice'];
  const keep = (cells) => cells.filter((_, index) => target || index !== 7).join(',');
  const lines = [keep(COLUMNS)];
  for (let i = 1; i <= rows; i += 1) {
    const ageMissing = i % 7 === 0;
    const age = ageMissing ? '' : String(20 + (i % 30));
    const extreme = i % 37 === 0 ? 40 : 1;
    const income = ageMissing || i % 11 === 0 ? '' : (extreme * 20000 * Math.exp(random() * random() * 3)).toFixed(2);
    const cityIndex = i % cities.length;
    const city = i % 9 === 0 ? '' : cities[cityIndex];
    const segment = random() < 0.8 ? (cityIndex < 2 ? 'north' : 'south') : 'other';
    const member = i % 3 === 0 ? 'true' : 'false';
    const joined = `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    lines.push(keep([i, `person ${i}`, age, income, city, segment, (i * 1.25).toFixed(2), member, joined]));
  }
  const path = join(work, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** The backend serving the built interface: LATHE_E2E_URL when set, else one started here. */
export async function startBackend(work) {
  if (process.env.LATHE_E2E_URL) return { url: process.env.LATHE_E2E_URL.replace(/\/+$/, '') };
  if (!existsSync(resolve(e2eDir, '..', 'dist', 'index.html'))) {
    throw new Error('frontend/dist is missing: run `npm run build` first (the backend serves it at /)');
  }
  const port = await freePort();
  const log = createWriteStream(join(artifacts, 'server.log'));
  const child = spawn(
    join(backendDir, '.venv', 'bin', 'python'),
    ['-m', 'uvicorn', 'lathe.main:create_app', '--factory', '--host', '127.0.0.1', '--port', String(port)],
    { cwd: backendDir, env: { ...process.env, LATHE_DATA_DIR: join(work, 'data') }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the backend exited with ${child.exitCode}; see e2e/artifacts/server.log`);
    try {
      const response = await fetch(`${url}/health/`);
      if (response.ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the backend did not answer /health/ within 60 s');
}

export async function stopBackend(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
