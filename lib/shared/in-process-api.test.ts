import { answerJson, jsonResponse } from './in-process-api'

// The engine's JSON answers keep their text beside them, and the portal in the same process reads it
// there instead of through the body's stream: the same JSON either way.

it('answers as Response.json does, and is read from its kept text without the stream', async () => {
  const value = { Code: 'Ok', Liste: [1, 'zwei', null], Datum: new Date('2026-11-29T10:00:00Z') }
  const response = jsonResponse(value, { status: 201, headers: { 'Cache-Control': 'no-store' } })
  expect(response.status).toBe(201)
  expect(response.headers.get('content-type')).toBe('application/json')
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(await answerJson(response)).toEqual(JSON.parse(JSON.stringify(value)))
  expect(response.bodyUsed).toBe(false)
  // Over HTTP the same bytes arrive.
  expect(await response.text()).toBe(await Response.json(value).text())
})

it('reads any other answer through its body, and holds null where it is no JSON', async () => {
  expect(await answerJson(Response.json({ a: 1 }))).toEqual({ a: 1 })
  expect(await answerJson(new Response('<html>', { status: 502 }))).toBeNull()
  expect(await answerJson(new Response(null, { status: 204 }))).toBeNull()
})
