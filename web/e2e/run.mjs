// `npm run e2e`: checks that Chromium is installed, then runs the browser tests with node's
// test runner. Without Chromium the tests are skipped locally and fail under CI.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
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

const files = ['foundation.test.mjs', 'company.test.mjs', 'people.test.mjs', 'attendance.test.mjs', 'leave.test.mjs', 'company-away.test.mjs', 'company-roles.test.mjs', 'devices.test.mjs', 'two-factor.test.mjs', 'lockout.test.mjs'].map((f) => join(here, f));
const res = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...files], { stdio: 'inherit' });
process.exit(res.status ?? 1);
