// ESLint has one job here: the import direction the code follows.
//   app → features → components / lib; a feature imports only itself;
//   components and lib never import features or app.
// No other rule is on. The Babel parser reads TypeScript and JSX without the
// TypeScript compiler's JavaScript API, which TypeScript 7 no longer ships.
import { readdirSync } from 'node:fs';
import babelParser from '@babel/eslint-parser';
import boundaries from 'eslint-plugin-boundaries';

const here = new URL('.', import.meta.url);
export const features = readdirSync(new URL('src/features/', here), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const reactHooksStub = {
  rules: { 'exhaustive-deps': { meta: { schema: false }, create: () => ({}) } },
};

const featureType = (name) => `feature-${name}`;
const shared = ['components', 'lib', 'locales'];

const allow = (from, to) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: to } } } },
});

const policies = (test) => {
  const t = test ? ['test-support'] : [];
  return [
    allow('test-support', ['app', ...features.map(featureType), 'test-support', ...shared]),
    allow('app', ['app', ...features.map(featureType), ...shared, ...t]),
    ...features.map((name) => allow(featureType(name), [featureType(name), ...shared, ...t])),
    allow('components', ['components', 'lib', 'locales', ...t]),
    allow('lib', ['lib', 'locales', ...t]),
  ];
};

export default [
  { ignores: ['dist/**', 'node_modules/**', 'e2e/**', 'src/lib/api-types.ts'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: {
      parser: babelParser,
      parserOptions: {
        requireConfigFile: false,
        babelOptions: {
          babelrc: false,
          configFile: false,
          presets: [['@babel/preset-typescript', { allowDeclareFields: true }]],
        },
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    // The code's existing `eslint-disable react-hooks/exhaustive-deps` comments
    // name a rule that is not installed; this stub (never switched on) keeps
    // ESLint from failing on them.
    plugins: { boundaries, 'react-hooks': reactHooksStub },
    settings: {
      'boundaries/include': ['src/**/*'],
      'boundaries/elements': [
        { type: 'test-support', pattern: 'src/test' },
        { type: 'app', pattern: 'src/app' },
        ...features.map((name) => ({ type: featureType(name), pattern: `src/features/${name}` })),
        { type: 'components', pattern: 'src/components' },
        { type: 'lib', pattern: 'src/lib' },
        { type: 'locales', pattern: 'src/locales' },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: { 'boundaries/dependencies': [2, { default: 'disallow', policies: policies(false) }] },
  },
  {
    // Tests may also use the shared test harness in src/test.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { 'boundaries/dependencies': [2, { default: 'disallow', policies: policies(true) }] },
  },
];
