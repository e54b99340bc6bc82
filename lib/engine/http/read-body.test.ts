import { ApiError } from '@/lib/shared/errors'
import { readJson, readText } from './api-handler'

// The main API reads a body as it streams in: whole, too large, or cut off by a caller that went away.

function streamed(chunks: string[], { failAfter }: { failAfter?: number } = {}) {
  let sent = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (failAfter !== undefined && sent === failAfter) {
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))
        return
      }
      const chunk = chunks[sent++]
      if (chunk === undefined) controller.close()
      else controller.enqueue(new TextEncoder().encode(chunk))
    },
  })
  return new Request('http://127.0.0.1/api/v1/demo/Empfehlen/create', {
    method: 'POST',
    body,
    duplex: 'half',
  } as RequestInit)
}

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : error)

it('reads a body that arrives in pieces', async () => {
  expect(await readJson(streamed(['{"Vorname":', '"Bea"}']))).toEqual({ Vorname: 'Bea' })
})

it('refuses a body over the limit as ZuGross', async () => {
  expect(codeOf(await readText(streamed(['x'.repeat(10), 'x'.repeat(10)]), 15).catch((e) => e))).toBe(
    'ZuGross',
  )
})

it('answers a body cut off by its caller as malformed input, not as a fault of the server', async () => {
  const error = await readText(streamed(['{"Vorname":'], { failAfter: 1 }), 1_000).catch((e) => e)
  expect(codeOf(error)).toBe('UngueltigeEingabe')
  expect((error as ApiError).status).toBe(400)
})

it('keeps any other failure of the read a fault of the server', async () => {
  const request = new Request('http://127.0.0.1/api/v1/demo/Empfehlen/create', {
    method: 'POST',
    body: new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new TypeError('stream broke'))
      },
    }),
    duplex: 'half',
  } as RequestInit)
  const error = await readText(request, 1_000).catch((e) => e)
  expect(error).toBeInstanceOf(TypeError)
})
