// @ts-check
// The container image's /app, made from a standalone build (NEXT_OUTPUT=standalone next build):
//   node scripts/assemble-image.mjs <distDir> <target>
// The Dockerfile runs it in its build stage; scripts/image-check.mjs runs it here and starts the result.
// The target holds the build's standalone server files with the packages they use (Next traces them),
// its static files and public/, and what the production server reads besides: server.mjs with its edge
// steps (lib/edge), the migrations and the file-based content. Not the project's node_modules, sources
// or tests. It is started with `node server.mjs` (server.mjs takes the built configuration there).
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, rmSync } from 'node:fs'
import path from 'node:path'

const [distArg, targetArg] = process.argv.slice(2)
if (!distArg || !targetArg) {
  console.error('usage: node scripts/assemble-image.mjs <distDir> <target>')
  process.exit(2)
}
const dist = path.resolve(distArg)
const target = path.resolve(targetArg)
const standalone = path.join(dist, 'standalone')
if (!existsSync(standalone)) {
  console.error(`${standalone} is missing: build with NEXT_OUTPUT=standalone first`)
  process.exit(1)
}

rmSync(target, { recursive: true, force: true })
mkdirSync(target, { recursive: true })
/** @param {string} from @param {string} to */
// Links as they are: the build's package links (.next/node_modules/<package>-<hash>) are relative and
// must stay so, or they would point back into this machine's build directory.
const copy = (from, to) => cpSync(from, path.join(target, to), { recursive: true, verbatimSymlinks: true })

// The standalone build: package.json, the traced node_modules, the build's server files. Its own
// server.js is not used (server.mjs is the server: edge steps before Next).
copy(standalone, '.')
rmSync(path.join(target, 'server.js'), { force: true })
// Native modules compiled when the packages were installed (argon2): the trace takes their prebuilt
// binaries, which node-gyp-build prefers less than build/Release and which need not run on this system.
for (const name of readdirSync(path.join(target, 'node_modules'))) {
  const compiled = path.join('node_modules', name, 'build', 'Release')
  if (existsSync(compiled)) copy(compiled, compiled)
}
const distName = path.basename(dist)
copy(path.join(dist, 'static'), path.join(distName, 'static'))
copy('public', 'public')
copy('server.mjs', 'server.mjs')
for (const file of readdirSync('lib/edge')) {
  if (file.endsWith('.mjs')) copy(path.join('lib/edge', file), path.join('lib/edge', file))
}
// What the edge steps import from outside lib/edge, and the demo provider's starter (it starts nothing
// without DEMO_IDP_PORT, which production refuses).
for (const file of [
  'lib/shared/profile-holder.mjs',
  'lib/shared/tenants/slug-rule.mjs',
  'scripts/demo-idp-process.mjs',
])
  copy(file, file)
// Read at run time from the working directory: the error texts of the edge's refusals, the migrations
// and the file-based content.
copy('messages', 'messages')
copy('lib/db/migrations', 'lib/db/migrations')
copy('lib/engine/content/sources/files', 'lib/engine/content/sources/files')
// Nothing in the image may lead out of it.
/** @param {string} dir */
function checkLinks(dir) {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry)
    const stat = lstatSync(file)
    if (stat.isSymbolicLink()) {
      const resolved = path.resolve(dir, readlinkSync(file))
      if (!resolved.startsWith(`${target}${path.sep}`)) {
        console.error(`${file} links out of the image: ${readlinkSync(file)}`)
        process.exit(1)
      }
    } else if (stat.isDirectory()) checkLinks(file)
  }
}
checkLinks(target)
console.log(`assembled ${target} from ${dist}`)
