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
  {
    // Screens and BFF code reach the engine only through the main-API client (lib/api).
    files: ['app/\\[tenant\\]/**', 'components/**', 'lib/api/**', 'proxy.ts', 'lib/proxy/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/lib/engine/*', '@/lib/db/*', '@/lib/engine', '@/lib/db'],
              message: 'Portal code calls the main API through lib/api.',
            },
          ],
        },
      ],
    },
  },
]

export default config
