// Every browser scenario, in this order: the first training comes after the cluster has
// warmed up, and longtasks, whose searches may outlive its page on the workers, comes last.
import accessibility from './scenarios/accessibility.e2e.mjs';
import analyze from './scenarios/analyze.e2e.mjs';
import automatic from './scenarios/automatic.e2e.mjs';
import bestmodel from './scenarios/bestmodel.e2e.mjs';
import german from './scenarios/german.e2e.mjs';
import guards from './scenarios/guards.e2e.mjs';
import keyboard from './scenarios/keyboard.e2e.mjs';
import longtasks from './scenarios/longtasks.e2e.mjs';
import lookingback from './scenarios/lookingback.e2e.mjs';
import mobile from './scenarios/mobile.e2e.mjs';
import models from './scenarios/models.e2e.mjs';
import optimization from './scenarios/optimization.e2e.mjs';
import readnotes from './scenarios/readnotes.e2e.mjs';
import report from './scenarios/report.e2e.mjs';
import transforms from './scenarios/transforms.e2e.mjs';
import { describeScenario } from './support/scenario.mjs';

for (const scenario of [
  analyze,
  readnotes,
  transforms,
  automatic,
  bestmodel,
  models,
  lookingback,
  optimization,
  report,
  guards,
  german,
  mobile,
  accessibility,
  keyboard,
  longtasks,
]) {
  describeScenario(scenario);
}
