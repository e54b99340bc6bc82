// @ts-check
import nextJest from 'next/jest.js'

/**
 * Three Jest projects (select one with --selectProjects):
 *   unit  fast tests without a server: lib/ and tests/unit in node, components in jsdom
 *         (two configs that share the display name "unit", so the SWC transform targets the right side)
 *   db    the database and the main API: engine tests open the database in-process (PGlite in memory,
 *         PostgreSQL when DATABASE_URL is set); API tests call the production server that
 *         tests/db/support/global-setup.ts starts on port 3101 from the build in NEXT_DIST_DIR or .next
 *   fuzz  generated hostile input against every main-API call and server action; each test file starts a
 *         production server of its own (ports from 3103, JEST_FUZZ_PORT), so files may run side by side
 */

const createJestConfig = nextJest({ dir: './' })

/**
 * Packages Jest's CommonJS runtime must transform: the ESM-only ones, and PGlite, whose CommonJS build
 * still loads node built-ins with import(), which Jest's vm refuses without --experimental-vm-modules.
 */
const TRANSFORMED_PACKAGES = [
  'next-intl',
  'use-intl',
  '@formatjs',
  'intl-messageformat',
  'geist',
  '@electric-sql/pglite',
  // sanitize-html's HTML parser and its helpers are ESM-only
  'htmlparser2',
  'domhandler',
  'domutils',
  'dom-serializer',
  'entities',
  'domelementtype',
  // the OpenID client of the agency single sign-on and its building blocks are ESM-only
  'openid-client',
  'oauth4webapi',
  'jose',
]

const shared = {
  rootDir: '.',
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    '^server-only$': '<rootDir>/tests/support/empty.js',
  },
  // Build outputs and local data hold copies of package.json and sources: keep them out of the module map.
  modulePathIgnorePatterns: ['<rootDir>/\\.next[^/]*/', '<rootDir>/\\.data/'],
  testPathIgnorePatterns: ['<rootDir>/\\.next[^/]*/', '<rootDir>/\\.data/', '<rootDir>/tests/e2e/'],
}

/**
 * next/jest only lets a config append to transformIgnorePatterns, and its first pattern ignores every
 * package outside `transpilePackages`; replace it so the packages above are transformed.
 * @param {import('jest').Config} config
 * @returns {Promise<import('jest').Config>}
 */
async function project(config) {
  const resolved = await createJestConfig({ ...shared, ...config })()
  const swc = resolved.transform?.['^.+\\.(js|jsx|ts|tsx|mjs)$']
  return {
    ...resolved,
    // PGlite's CommonJS build is a .cjs file, which next/jest's transform pattern leaves out.
    transform: { ...resolved.transform, ...(swc ? { '^.+\\.cjs$': swc } : {}) },
    transformIgnorePatterns: [
      `/node_modules/(?!(${TRANSFORMED_PACKAGES.join('|')})/)`,
      '^.+\\.module\\.(css|sass|scss)$',
    ],
  }
}

/** @type {import('jest').Config} */
const config = {
  projects: [
    await project({
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/lib/**/*.test.ts', '<rootDir>/tests/unit/**/*.test.ts'],
    }),
    await project({
      displayName: 'unit',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/components/**/*.test.tsx', '<rootDir>/tests/unit/**/*.test.tsx'],
      setupFilesAfterEnv: ['@testing-library/jest-dom'],
    }),
    await project({
      displayName: 'db',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/db/**/*.test.ts'],
      setupFiles: ['<rootDir>/tests/db/support/setup-env.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/db/support/setup-timeout.ts'],
      globalSetup: '<rootDir>/tests/db/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/db/support/global-teardown.ts',
    }),
    await project({
      displayName: 'fuzz',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/fuzz/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/fuzz/support/setup.ts'],
    }),
  ],
}

export default config
