import http from 'node:http'

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/**
 * A request to a test server of the edge steps as a client sends it, with the answer's raw bytes (a
 * gzipped body as it came). A body given as pieces goes without a length (chunked).
 */
export function rawRequest(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string | string[],
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base)
    const request = http.request({ hostname, port, path, method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
    })
    request.on('error', reject)
    if (Array.isArray(body)) {
      for (const piece of body) request.write(piece)
      request.end()
    } else request.end(body)
  })
}
