// `npm run e2e`: checks that Chromium is installed, then runs the browser tests with node's
// test runner. Without Chromium the tests are skipped locally and fail under CI.
import { existsSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM } from './harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));

if (!existsSync(CHROMIUM)) {
  if (process.env.CI === 'true') {
    console.error(`e2e: ${CHROMIUM} is missing; install it with apt-get install -y --no-install-recommends chromium`);
    process.exit(1);
  }
  console.log('skipping browser tests: install Chromium with apt-get install -y --no-install-recommends chromium');
  process.exit(0);
}

// Every *.test.mjs beside this file, in name order, with the screenshots last (they are
// artefacts for review, not checks); `npm run e2e -- name.test.mjs …` runs only the named ones.
const only = process.argv.slice(2).map((f) => basename(f));
const names = readdirSync(here)
  .filter((f) => f.endsWith('.test.mjs') && (only.length === 0 || only.includes(f)))
  .sort((a, b) => (a === 'screenshots.test.mjs') - (b === 'screenshots.test.mjs') || a.localeCompare(b));
const files = names.map((f) => join(here, f));
const res = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...files], { stdio: 'inherit' });
process.exit(res.status ?? 1);
