import { praemierungenSchema } from '@/lib/contracts/praemierung'
import { exportedPayoutBatchSchema } from '@/lib/contracts/operator'
import { call, expectError } from '../support/http'
import { rewardLinkOf } from '../support/rewards'
import { orderedLongAgo, operatorApi } from './praemierung-fixtures'

// Credits to a customer number (RewardKinds 'credit', demo): a referrer may pick a credit while the
// number waits for the operator's check, but the billing export (POST operator/auszahlungen {Art:
// Gutschrift}) books it only once the operator confirmed that number; a rejected or replaced number
// undoes the credits picked with it, which are then picked again.

const setNumber = (number: string, token: string) =>
  call(
    `/api/v1/demo/empfehler/SetKundennummerForEmpfehler/${encodeURIComponent(number)}?bestandskunde=true`,
    {
      method: 'PUT',
      token,
    },
  )
const review = (Email: string, Status: 'Bestaetigt' | 'Abgelehnt') =>
  operatorApi('/api/v1/demo/operator/kundennummer', {
    method: 'PUT',
    body: { Email, Status, Bearbeiter: 'Jest' },
  })
const pick = (PraemieId: string, Auswahl: string, token: string) =>
  call('/api/v1/demo/praemierung', { method: 'PUT', token, body: { PraemieId, Auswahl } })

/** Exports the due credits: the batch (null when none was due) and the rewards that wait. */
async function exportCredits() {
  const answer = await operatorApi('/api/v1/demo/operator/auszahlungen', {
    method: 'POST',
    body: { Art: 'Gutschrift' },
  })
  if (answer.status === 404) {
    expectError(answer, 404, 'KeineAuszahlungen')
    return { file: '', waiting: [] as string[] }
  }
  const batch = exportedPayoutBatchSchema.parse(answer.json)
  const file = (await operatorApi(`/api/v1/demo/operator/auszahlungen/${batch.Id}`)).text
  return { file, waiting: batch.Wartend }
}

/** A referrer with a ready reward: its id, the referrer's token and e-mail. */
async function readyReward() {
  const { rec } = await orderedLongAgo(50)
  const link = await rewardLinkOf('demo', rec.email)
  return { id: link.id, token: rec.token, email: rec.email }
}

async function rewardOf(id: string, token: string) {
  const list = praemierungenSchema.parse((await call('/api/v1/demo/praemierung', { token })).json)
  return list.Praemien.find((p) => p.PraemieId === id)!
}

it('books a credit only once the operator confirmed the customer number', async () => {
  const checked = await readyReward()
  const pending = await readyReward()
  const numbers = { checked: '4711081599', pending: '4711081600' }
  for (const [reward, number] of [
    [checked, numbers.checked],
    [pending, numbers.pending],
  ] as const) {
    expect((await setNumber(number, reward.token)).status).toBe(200)
    expect((await pick(reward.id, 'Gutschrift', reward.token)).status).toBe(200)
  }
  expect((await review(checked.email, 'Bestaetigt')).status).toBe(200)

  // The number still to be checked waits, and is in no billing file.
  const first = await exportCredits()
  expect(first.file.split('\r\n')).toContainEqual(expect.stringMatching(`^${checked.id};${numbers.checked};`))
  expect(first.file).not.toContain(pending.id)
  expect(first.file).not.toContain(numbers.pending)
  expect(first.waiting).toContain(pending.id)

  expect((await review(pending.email, 'Bestaetigt')).status).toBe(200)
  const second = await exportCredits()
  expect(second.file.split('\r\n')).toContainEqual(
    expect.stringMatching(`^${pending.id};${numbers.pending};`),
  )
  expect(second.file).not.toContain(checked.id)
  expect(second.waiting).not.toContain(pending.id)
})

it('undoes a credit picked with a number the operator rejects, so it is picked again', async () => {
  const reward = await readyReward()
  expect((await setNumber('5550001234', reward.token)).status).toBe(200)
  expect((await pick(reward.id, 'Gutschrift', reward.token)).status).toBe(200)
  expect((await rewardOf(reward.id, reward.token)).Auswahl).toBe('Gutschrift')

  expect((await review(reward.email, 'Abgelehnt')).status).toBe(200)
  const after = await rewardOf(reward.id, reward.token)
  expect(after).toMatchObject({ Status: 'Bereitgestellt', Auswahl: null })
  // A rejected number offers no credit; cash or a voucher can be picked now.
  expect(after.Optionen).not.toContain('Gutschrift')
  expect(await exportCredits()).toMatchObject({ waiting: expect.not.arrayContaining([reward.id]) })
  expect((await pick(reward.id, 'Gutschein', reward.token)).status).toBe(200)
})

it('undoes a credit picked with a number the referrer then replaces', async () => {
  const reward = await readyReward()
  expect((await setNumber('6660001234', reward.token)).status).toBe(200)
  expect((await pick(reward.id, 'Gutschrift', reward.token)).status).toBe(200)
  // The same number again changes nothing.
  expect((await setNumber('666 000 1234', reward.token)).status).toBe(200)
  expect((await rewardOf(reward.id, reward.token)).Auswahl).toBe('Gutschrift')
  expect((await setNumber('6660009999', reward.token)).status).toBe(200)
  expect(await rewardOf(reward.id, reward.token)).toMatchObject({ Auswahl: null })
  expect((await rewardOf(reward.id, reward.token)).Optionen).toContain('Gutschrift')
})
