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
  const rule = (files, forbidden, message, ignores = []) => ({
    files,
    ignores: [...ignores, ...tests],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: forbidden, message }],
        },
      ],
    },
  })
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
      at('lib/engine', 'lib/db', 'lib/portal', 'components', 'app'),
      'Shared code (and the edge) belongs to neither wing.',
    ),
    rule(
      ['components/**'],
      at('lib/engine', 'lib/db', 'app'),
      'Components reach the main API through lib/portal/main-api and take server actions as props.',
    ),
  ]
}

export default config
