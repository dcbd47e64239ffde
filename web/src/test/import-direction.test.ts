// The import-direction rule of eslint.config.js, run through ESLint's API on
// small fixtures: a deliberate violation of each kind fails, the allowed
// directions pass.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// npm test runs in web/, where eslint.config.js is.
const web = process.cwd();
const eslint = new ESLint({ cwd: web });

// An import that does not resolve is never checked, so every fixture names a real module.
function expectResolvable(file: string, source: string) {
  for (const [, spec] of source.matchAll(/from '(\.[^']+)'/g)) {
    const base = resolve(web, dirname(file), spec);
    expect(['.ts', '.tsx'].some((ext) => existsSync(base + ext)), `${spec} from ${file}`).toBe(true);
  }
}

async function problems(file: string, source: string): Promise<string[]> {
  expectResolvable(file, source);
  const [result] = await eslint.lintText(source, { filePath: `${web}/${file}` });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import direction', () => {
  it.each([
    ['a feature imports another feature', 'src/features/leave/components/x.tsx', "import { x } from '../../people/api/faces';"],
    ['components import a feature', 'src/components/x.tsx', "import { x } from '../features/people/api/faces';"],
    ['lib imports a feature', 'src/lib/x.ts', "import { x } from '../features/people/api/faces';"],
    ['lib imports app', 'src/lib/x.ts', "import { x } from '../app/routes';"],
    ['components import app', 'src/components/x.tsx', "import { x } from '../app/menu';"],
    ['lib imports components', 'src/lib/x.ts', "import { x } from '../components/page-header';"],
    ['a feature imports app', 'src/features/leave/components/x.tsx', "import { x } from '../../../app/menu';"],
  ])('rejects: %s', async (_name, file, source) => {
    const found = await problems(file, `${source}\nexport const y = x;\n`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^boundaries\/dependencies: /);
  });

  it.each([
    ['app imports a feature', 'src/app/x.tsx', "import { x } from '../features/people/api/faces';"],
    ['a feature imports itself, components and lib', 'src/features/leave/components/x.tsx',
      "import { a } from '../api/faces';\nimport { b } from '../../../components/page-header';\nimport { c } from '../../../lib/csv';"],
    ['components import lib', 'src/components/x.tsx', "import { x } from '../lib/csv';"],
    ['a TSX component with types and generics', 'src/components/x.tsx',
      "import type { ReactNode } from 'react';\nexport function X<T,>({ c }: { c: T }): ReactNode { return <div>{String(c as unknown)}</div>; }"],
  ])('allows: %s', async (_name, file, source) => {
    expect(await problems(file, source)).toEqual([]);
  });
});
