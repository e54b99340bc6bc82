// The small load balancer of the fault benchmark (scripts/bench-fault.mjs), as a cloud's or an ingress's
// would behave: round robin over the servers whose /readyz is green (asked every 250 ms); a server that
// refuses a connection leaves the rotation at once; a request that never reached a server (refused),
// and a GET whose connection broke, are sent to another one; when no server is ready, it "fails open"
// and uses every server that still accepts connections (a database restart turns every /readyz red,
// and the cached pages can still be served). Everything else that breaks answers 502.
import http from 'node:http'

const CHECK_MS = 250

/**
 * @param {{ port: number, upstreams: { name: string, port: number }[] }} options
 * @returns {Promise<{ close: () => Promise<void> }>}
 */
export async function startBalancer({ port, upstreams }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  const servers = upstreams.map((u) => ({ ...u, ready: false, alive: false }))
  let next = 0
  let stopped = false

  async function check(server) {
    try {
      const answer = await fetch(`http://127.0.0.1:${server.port}/readyz`, {
        signal: AbortSignal.timeout(3_000),
      })
      await answer.arrayBuffer()
      server.alive = true
      server.ready = answer.status === 200
    } catch {
      server.alive = false
      server.ready = false
    }
  }
  async function checkLoop() {
    while (!stopped) {
      await Promise.all(servers.map(check))
      await new Promise((resolve) => setTimeout(resolve, CHECK_MS))
    }
  }
  await Promise.all(servers.map(check))
  void checkLoop()

  /** The next server in turn: a ready one, else (fail open) one that is alive, else none. */
  function pick(except) {
    const candidates = servers.filter((s) => s !== except && s.ready)
    const pool = candidates.length ? candidates : servers.filter((s) => s !== except && s.alive)
    if (!pool.length) return null
    next = (next + 1) % pool.length
    return pool[next]
  }

  function forward(server, request, body) {
    return new Promise((resolve) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
          agent,
        },
        (answer) => resolve({ answer }),
      )
      upstream.on('error', (error) => resolve({ error }))
      upstream.end(body)
    })
  }

  const balancer = http.createServer(async (request, response) => {
    const chunks = []
    for await (const chunk of request) chunks.push(chunk)
    const body = Buffer.concat(chunks)
    let server = pick(null)
    for (let attempt = 0; attempt < 2 && server; attempt++) {
      const { answer, error } = await forward(server, request, body)
      if (answer) {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
        return
      }
      const neverArrived = error.code === 'ECONNREFUSED'
      if (neverArrived) {
        server.alive = false
        server.ready = false
      }
      if (!neverArrived && request.method !== 'GET' && request.method !== 'HEAD') break
      server = pick(server)
    }
    response.writeHead(502, { 'Content-Type': 'text/plain' })
    response.end('no server answered')
  })
  balancer.keepAliveTimeout = 65_000
  await new Promise((resolve) => balancer.listen(port, '127.0.0.1', resolve))
  return {
    close: async () => {
      stopped = true
      balancer.closeAllConnections()
      await new Promise((resolve) => balancer.close(resolve))
      agent.destroy()
    },
  }
}
