import { rmSync } from 'node:fs'
import { DATA_DIR, stopServer } from './global-setup'

export default async function globalTeardown() {
  await stopServer()
  rmSync(DATA_DIR, { recursive: true, force: true })
}
