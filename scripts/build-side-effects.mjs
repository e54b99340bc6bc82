// next build with a distDir other than .next (NEXT_DIST_DIR) adds "<distDir>/types/**/*.ts" to the
// include list of tsconfig.json and points next-env.d.ts at "<distDir>/types". A benchmark or demo build
// should leave the working tree as it was: this undoes exactly those edits, and nothing else.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

const read = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : null)

/** Call before the build; call the returned function after it (also when it failed). */
export function keepTypeConfig(distDir) {
  const tsconfigBefore = read('tsconfig.json')
  const nextEnvBefore = read('next-env.d.ts')
  const ours = (entry) => typeof entry === 'string' && entry.startsWith(`${distDir}/`)
  const withoutOurs = (text) => {
    const config = JSON.parse(text)
    if (Array.isArray(config.include)) config.include = config.include.filter((entry) => !ours(entry))
    return JSON.stringify(config)
  }

  return function restore() {
    const tsconfigAfter = read('tsconfig.json')
    if (tsconfigBefore !== null && tsconfigAfter !== null && tsconfigAfter !== tsconfigBefore) {
      try {
        // Only when our include entries are the whole difference (someone may have edited it meanwhile).
        if (withoutOurs(tsconfigAfter) === withoutOurs(tsconfigBefore))
          writeFileSync('tsconfig.json', tsconfigBefore)
      } catch {
        // not plain JSON (comments): leave it as the build wrote it
      }
    }
    const nextEnvAfter = read('next-env.d.ts')
    if (
      nextEnvBefore !== null &&
      nextEnvAfter !== nextEnvBefore &&
      nextEnvAfter?.includes(`./${distDir}/types/`)
    ) {
      writeFileSync('next-env.d.ts', nextEnvBefore)
    }
  }
}
