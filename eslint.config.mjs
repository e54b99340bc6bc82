import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'
import prettier from 'eslint-config-prettier/flat'

const config = [
  ...nextVitals,
  ...nextTs,
  prettier,
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      'node_modules/**',
      '.data/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  // The layers (README "Architecture"): each may import only what is below or beside it.
  ...layers(),
]

/**
 * The import rule of the layers, in both directions:
 *   portal (screens, components, lib/portal, the portal's own routes) → main-API client → engine over HTTP;
 *   engine (lib/engine, app/api/v1, app/api/dev) → db (schema and connection);
 *   shared (contracts, i18n, routes, lib/shared) and edge (server.mjs's steps) import neither wing.
 * Relative paths into a forbidden folder count too.
 */
function layers() {
  // The alias form and any relative path that reaches into the folder.
  const at = (...dirs) => dirs.flatMap((d) => [`@/${d}`, `@/${d}/*`, `**/${d.split('/').pop()}/**`])
  // Tests may reach across (e.g. shared code checked against the demo data); the product code may not.
  const tests = ['**/*.test.ts', '**/*.test.tsx']
  const rule = (files, forbidden, message, ignores = [], more = { paths: [], patterns: [] }) => ({
    files,
    ignores: [...ignores, ...tests],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: more.paths,
          patterns: [{ group: forbidden, message }, ...more.patterns],
        },
      ],
    },
  })
  // What a form checks in the browser comes without zod (lib/contracts/form-rules.ts): zod stays on
  // the server, out of the pages' scripts.
  const noZod = {
    paths: [
      { name: 'zod', message: 'Forms check with lib/contracts/form-rules.ts; zod stays on the server.' },
    ],
    patterns: [],
  }
  const zodFreeOnly = {
    paths: noZod.paths,
    patterns: [
      {
        group: ['./*', '!./form-rules', '!./characters', '!./password-rule'],
        message: 'The zod-free rules import only each other: the other contracts are built on zod.',
      },
    ],
  }
  const sharedForbidden = at('lib/engine', 'lib/db', 'lib/portal', 'components', 'app')
  const sharedMessage = 'Shared code (and the edge) belongs to neither wing.'
  const zodFree = [
    'lib/contracts/form-rules.ts',
    'lib/contracts/characters.ts',
    'lib/contracts/password-rule.ts',
  ]
  const portal = ['app/**', 'lib/portal/**', 'proxy.ts', 'instrumentation-client.ts']
  const engineRoutes = ['app/api/v1/**', 'app/api/dev/**']
  return [
    rule(
      portal,
      at('lib/engine', 'lib/db'),
      'Portal code calls the main API through lib/portal/main-api.',
      engineRoutes,
    ),
    rule(
      ['lib/engine/**', ...engineRoutes],
      at('lib/portal', 'components', 'app'),
      'The engine is a closed wing: it never imports the portal, components or screens.',
    ),
    rule(
      ['lib/db/**'],
      at('lib/engine', 'lib/portal', 'components', 'app'),
      'lib/db is schema and connection only.',
    ),
    rule(
      ['lib/shared/**', 'lib/contracts/**', 'lib/i18n/**', 'lib/routes/**', 'lib/edge/**'],
      sharedForbidden,
      sharedMessage,
    ),
    // The zod-free rules import neither zod nor a contract built on it (only each other).
    rule(zodFree, sharedForbidden, sharedMessage, [], zodFreeOnly),
    rule(
      ['components/**'],
      at('lib/engine', 'lib/db', 'app'),
      'Components reach the main API through lib/portal/main-api and take server actions as props.',
      [],
      noZod,
    ),
  ]
}

export default config
