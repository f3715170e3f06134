// Once before all scenarios: the files they upload, and the backend unless LATHE_E2E_URL names
// one. Playwright's workers inherit both through the environment; the function returned is the
// teardown.
import { rmSync } from 'node:fs';
import { makeWorkDir, PREDICT_ROWS, ROWS, startBackend, stopBackend, writeCsv } from './server.mjs';

export default async function startScenarios() {
  const work = makeWorkDir();
  const removeWork = () => rmSync(work, { recursive: true, force: true });
  let backend;
  try {
    const files = {
      csv: writeCsv(work, 'people.csv', ROWS),
      newRows: writeCsv(work, 'new_people.csv', PREDICT_ROWS, { target: false }),
    };
    process.env.LATHE_E2E_FILES = JSON.stringify(files);
    backend = await startBackend(work);
  } catch (error) {
    removeWork();
    throw error;
  }
  process.env.LATHE_E2E_URL = backend.url;
  return async () => {
    await stopBackend(backend.child);
    removeWork();
  };
}
