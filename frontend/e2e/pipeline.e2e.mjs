// Drives the built interface, served by the real backend, through the whole pipeline in
// headless Chromium: every scenario of e2e/scenarios/, each on a page of its own. A scenario
// also runs alone: `node e2e/scenarios/models.e2e.mjs`. Starts the backend itself unless
// LATHE_E2E_URL points at a running one.
import accessibility from './scenarios/accessibility.e2e.mjs';
import analyze from './scenarios/analyze.e2e.mjs';
import german from './scenarios/german.e2e.mjs';
import guards from './scenarios/guards.e2e.mjs';
import keyboard from './scenarios/keyboard.e2e.mjs';
import longtasks from './scenarios/longtasks.e2e.mjs';
import mobile from './scenarios/mobile.e2e.mjs';
import models from './scenarios/models.e2e.mjs';
import readnotes from './scenarios/readnotes.e2e.mjs';
import report from './scenarios/report.e2e.mjs';
import transforms from './scenarios/transforms.e2e.mjs';
import { runScenarios } from './support/runner.mjs';

await runScenarios([analyze, readnotes, transforms, models, report, guards, german, mobile, accessibility, keyboard, longtasks]);
