import type { DbHandle } from '@/lib/db/client'

// The engine's connection is opened once per process, and opened anew once it is gone for good (the
// embedded database's thread ended).

const opened: { lost: boolean; handle: DbHandle }[] = []
jest.mock('@/lib/db/client', () => ({
  openDatabase: jest.fn(async () => {
    const entry = { lost: false, handle: null as unknown as DbHandle }
    entry.handle = {
      db: { name: `db${opened.length + 1}` } as unknown as DbHandle['db'],
      kind: 'pglite',
      close: jest.fn(async () => undefined),
      lost: () => entry.lost,
    }
    opened.push(entry)
    return entry.handle
  }),
  throughRestarts: jest.fn(),
}))
jest.mock('@/lib/engine/start', () => ({ runStartTasks: jest.fn() }))

import { closeDb, getHandle } from './db'

afterEach(() => closeDb())

it('opens the connection once and shares it', async () => {
  const [a, b] = await Promise.all([getHandle(), getHandle()])
  expect(a).toBe(b)
  expect(await getHandle()).toBe(a)
})

it('opens anew once the connection is lost, and shares the new one', async () => {
  const first = await getHandle()
  opened.at(-1)!.lost = true
  const [second, third] = await Promise.all([getHandle(), getHandle()])
  expect(second).not.toBe(first)
  expect(third).toBe(second)
  expect(await getHandle()).toBe(second)
})
