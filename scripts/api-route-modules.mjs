// node scripts/api-route-modules.mjs — writes lib/engine/http/openapi/route-modules.ts, the static list
// of the main API's route modules that GET /api/v1/openapi.json describes. Run it after adding, moving
// or removing a route file under app/api/v1, or changing a route file's header comment (the summary of
// its calls); the unit test lib/engine/http/openapi/document.test.ts fails until then.
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import {
  readRouteFiles,
  ROUTE_MODULES_FILE,
  routeModulesSource,
} from '../lib/engine/http/openapi/route-files.mjs'

const routes = readRouteFiles()
writeFileSync(ROUTE_MODULES_FILE, routeModulesSource(routes))
const prettier = spawnSync(
  process.execPath,
  ['node_modules/prettier/bin/prettier.cjs', '--write', ROUTE_MODULES_FILE],
  {
    stdio: 'inherit',
  },
)
if (prettier.status !== 0) process.exit(prettier.status ?? 1)
console.log(`${ROUTE_MODULES_FILE}: ${routes.length} route files`)
