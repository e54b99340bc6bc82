import { readdirSync } from 'node:fs'
import path from 'node:path'

/**
 * The port of this test file's fuzz server: JEST_FUZZ_PORT (default 3103) plus the file's place among
 * the fuzz test files. Kept free of other imports: the setup reads it before any db-suite module loads.
 */

const FUZZ_DIR = path.resolve('tests/fuzz')

function slotOf(testPath: string): number {
  const files = readdirSync(FUZZ_DIR)
    .filter((file) => file.endsWith('.test.ts'))
    .sort()
  const slot = files.indexOf(path.basename(testPath))
  if (slot < 0) throw new Error(`${testPath} is not a test file of tests/fuzz`)
  return slot
}

export const FUZZ_PORT = Number(process.env.JEST_FUZZ_PORT ?? 3103) + slotOf(expect.getState().testPath ?? '')
