import { closeDb } from '@/lib/engine/db'
import { listActiveCampaigns } from '@/lib/engine/catalog/list-active-campaigns'
import { getTenantOrThrow } from '@/lib/engine/tenants/get-tenant-or-throw'

// The active rule for campaigns with an injected clock: a campaign runs from its start date through its
// end date (German time); open-ended ones run on.

afterAll(async () => {
  await closeDb()
})

it('shows a campaign only between its start and end dates', async () => {
  const demo = await getTenantOrThrow('demo')
  const now = await listActiveCampaigns(demo, 'de')
  expect(now.map((c) => c.AktionsId)).toEqual([1, 2])
  // Two years on, only the open-ended campaigns are running (the glass fibre bonus and the spring offer).
  const later = await listActiveCampaigns(demo, 'de', () => new Date(Date.now() + 2 * 365 * 24 * 3600 * 1000))
  expect(later.map((c) => c.AktionsId)).toEqual([2, 4])
  const earlier = await listActiveCampaigns(
    demo,
    'de',
    () => new Date(Date.now() - 2 * 365 * 24 * 3600 * 1000),
  )
  expect(earlier).toEqual([])
})
