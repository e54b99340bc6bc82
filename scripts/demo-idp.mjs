// The local OpenID provider of the demo and the test servers (never of a production server): a real
// OpenID Connect provider (oidc-provider) with the demo agency users of lib/engine/tenants/demo/sso.json,
// so the agency area's single sign-on runs the same authorization code flow with PKCE against it as
// against Keycloak or Entra ID in production. Started by scripts/demo.mjs, scripts/e2e-server.mjs and the
// db suite's server (tests/db/support/server-process.ts); stops with its parent.
//
//   DEMO_IDP_PORT          port on 127.0.0.1 (default 3190); the issuer is http://127.0.0.1:{port}
//   DEMO_IDP_PORTAL_URLS   the portal bases whose /{tenant}/sso may receive codes, comma-separated
//                          (default http://localhost:3000)
//
// Scopes: openid; department (claims department = the agency's key, department_name); basic (name,
// email, roles = the agency roles of SPEC §6). The claims are in the ID token.
import { generateKeyPairSync, randomBytes, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Provider from 'oidc-provider'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const demo = JSON.parse(readFileSync(path.join(root, 'lib/engine/tenants/demo/sso.json'), 'utf8'))
const port = Number(process.env.DEMO_IDP_PORT || 3190)
const issuer = `http://127.0.0.1:${port}`
const tenants = ['demo', 'demo-closed']
const portalUrls = (process.env.DEMO_IDP_PORTAL_URLS || 'http://localhost:3000')
  .split(',')
  .map((url) => url.trim().replace(/\/$/, ''))
  .filter(Boolean)

const users = new Map(demo.users.map((user) => [user.login.toLowerCase(), user]))

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'demo-idp-1', use: 'sig', alg: 'RS256' }

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: demo.client.id,
      client_secret: demo.client.secret,
      redirect_uris: portalUrls.flatMap((base) => tenants.map((tenant) => `${base}/${tenant}/sso`)),
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  jwks: { keys: [signingKey] },
  cookies: { keys: [randomBytes(32).toString('hex')] },
  scopes: ['openid', 'department', 'basic'],
  claims: { department: ['department', 'department_name'], basic: ['name', 'email', 'roles'] },
  // Keycloak and Entra ID put configured claims into the ID token; so does this provider.
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  features: { devInteractions: { enabled: false } },
  ttl: {
    AuthorizationCode: 60,
    IdToken: 300,
    AccessToken: 300,
    Interaction: 600,
    Session: 3600,
    Grant: 3600,
  },
  findAccount: (_ctx, id) => {
    const user = users.get(id)
    if (!user) return undefined
    return {
      accountId: id,
      claims: () => ({
        sub: id,
        name: user.name,
        email: user.login,
        roles: user.roles,
        department: user.department,
        department_name: user.department,
      }),
    }
  },
  // The portal is this provider's own client: the scopes it asks for are granted without a consent page.
  loadExistingGrant: async (ctx) => {
    const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId)
    if (grantId) return ctx.oidc.provider.Grant.find(grantId)
    const grant = new ctx.oidc.provider.Grant({
      clientId: ctx.oidc.client.clientId,
      accountId: ctx.oidc.session.accountId,
    })
    grant.addOIDCScope('openid department basic')
    await grant.save()
    return grant
  },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  renderError: (ctx, out) => {
    ctx.type = 'html'
    ctx.body = page('Anmeldung nicht möglich', `<p>${escape(out.error_description || out.error)}</p>`)
  },
})

function escape(value) {
  return String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  )
}

function page(title, body) {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} – Demo-Anmeldedienst</title>
<style>body{font-family:system-ui,sans-serif;background:#eef1f5;margin:0;padding:2rem 1rem;color:#1d2433}
main{max-width:24rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 10px #0002}
h1{font-size:1.35rem;margin:0 0 1rem}label{display:block;font-weight:600;margin:.9rem 0 .3rem}
input{width:100%;box-sizing:border-box;padding:.65rem;border:1px solid #8a93a6;border-radius:8px;font-size:1rem}
button{margin-top:1.2rem;width:100%;padding:.75rem;border:0;border-radius:8px;background:#1d4ed8;color:#fff;font-size:1rem;font-weight:600}
.error{color:#b42318;font-weight:600}small{display:block;margin-top:1rem;color:#4b5568}</style></head>
<body><main><h1>${escape(title)}</h1>${body}</main></body></html>`
}

function loginForm(uid, { login = '', error = '' } = {}) {
  return page(
    'Anmeldung für Agenturen',
    `${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}/login">
<label for="login">E-Mail-Adresse</label><input id="login" name="login" type="email" autocomplete="username" required value="${escape(login)}">
<label for="password">Passwort</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Anmelden</button></form>
<small>Lokaler Demo-Anmeldedienst (OpenID Connect). In Produktion meldet der Identitätsdienst der Agentur an.</small>`,
  )
}

function readForm(req) {
  return new Promise((resolve, reject) => {
    let data = ''
    req.setEncoding('utf8')
    req.on('data', (chunk) => {
      data += chunk
      if (data.length > 10_000) req.destroy()
    })
    req.on('end', () => resolve(new URLSearchParams(data)))
    req.on('error', reject)
  })
}

function passwordMatches(given) {
  const a = Buffer.from(String(given))
  const b = Buffer.from(demo.password)
  return a.length === b.length && timingSafeEqual(a, b)
}

function send(res, status, html) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(html)
}

const callback = provider.callback()

const server = http.createServer(async (req, res) => {
  const match = req.url?.match(/^\/interaction\/([\w-]+)(\/login)?$/)
  if (!match) return callback(req, res)
  try {
    const details = await provider.interactionDetails(req, res)
    if (req.method === 'GET' && !match[2]) return send(res, 200, loginForm(details.uid))
    if (req.method === 'POST' && match[2]) {
      const form = await readForm(req)
      const login = (form.get('login') || '').trim().toLowerCase()
      if (!users.has(login) || !passwordMatches(form.get('password') || '')) {
        return send(
          res,
          401,
          loginForm(details.uid, { login, error: 'E-Mail-Adresse oder Passwort ist falsch.' }),
        )
      }
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: login } },
        { mergeWithLastSubmission: false },
      )
    }
    send(res, 405, page('Nicht erlaubt', '<p>Diese Anfrage wird nicht unterstützt.</p>'))
  } catch (error) {
    send(
      res,
      400,
      page(
        'Anmeldung abgelaufen',
        `<p>Bitte starten Sie die Anmeldung im Portal erneut.</p><!-- ${escape(error?.message ?? '')} -->`,
      ),
    )
  }
})

server.on('error', (error) => {
  console.error(`demo OpenID provider: ${error.message}`)
  process.exit(1)
})
server.listen(port, '127.0.0.1', () => {
  console.log(`demo OpenID provider: ${issuer} (clients redirect to ${portalUrls.join(', ')})`)
  process.send?.('ready')
})

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.close(() => process.exit(0)))
}
// Stop with the process that started this one.
process.on('disconnect', () => process.exit(0))
