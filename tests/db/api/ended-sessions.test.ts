import { praemierungenSchema } from '@/lib/contracts/praemierung'
import { call, expectError } from '../support/http'
import { MAIL_SUBJECTS, operatorCall, releaseRegisteredAccounts } from '../support/accounts'
import { linkFrom, waitForMail } from '../support/mailbox'
import { sharedRecommendation, type Shared } from '../support/recommendations'
import { confirmedFriend, readyRewardOf } from '../support/rewards'

// A token whose session logout, a password change, a lock or the deletion of the account has ended is
// refused by every call that takes a referrer token (issue 15, item 1): before, the reward calls
// checked only the signature, so such a token picked a ready reward as cash to a new IBAN.

const IBAN = 'DE89370400440532013000'

afterAll(releaseRegisteredAccounts)

/** A referrer (with session token) whose reward from a completed order is ready to pick. */
async function referrerWithReadyReward(
  label: string,
): Promise<{ rec: Shared; rewardId: string; linkToken: string }> {
  const rec = await sharedRecommendation(label, { anteil: 100 })
  const { id, token } = await readyRewardOf(rec, await confirmedFriend(rec))
  return { rec, rewardId: id, linkToken: token }
}

const ENDINGS: [label: string, end: (rec: Shared) => Promise<void>][] = [
  [
    'logout',
    async (rec) => {
      expect((await call('/api/v1/demo/account/logout', { method: 'POST', token: rec.token })).status).toBe(
        200,
      )
    },
  ],
  [
    'a password change by the mailed link',
    async (rec) => {
      const before = new Date()
      const asked = await call(`/api/v1/demo/account/resetPassword/${encodeURIComponent(rec.email)}`)
      expect(asked.status).toBe(200)
      const mail = await waitForMail('demo', rec.email, {
        subject: MAIL_SUBJECTS.resetPassword,
        after: before,
      })
      const reset = await call('/api/v1/demo/account/resetPassword', {
        method: 'PUT',
        body: { Token: linkFrom(mail, '/demo/passwortsetzen'), Password: 'Neues-Passw0rt' },
      })
      expect(reset.status).toBe(200)
    },
  ],
  [
    'a lock by the operator',
    async (rec) => {
      const locked = await operatorCall('demo', 'kontosperre', {
        Email: rec.email,
        Gesperrt: true,
        Bearbeiter: 'Jest',
      })
      expect(locked.status).toBe(200)
    },
  ],
  [
    'the deletion of the account',
    async (rec) => {
      expect(
        (await call('/api/v1/demo/empfehler/delete', { method: 'DELETE', token: rec.token })).status,
      ).toBe(200)
    },
  ],
]

describe.each(ENDINGS)('a referrer token after %s', (label, end) => {
  it('is refused by every reward call, and the ready reward stays unpicked', async () => {
    const { rec, rewardId, linkToken } = await referrerWithReadyReward(`ende-${label.split(' ').at(-1)}`)
    // The token works until the session ends.
    const before = praemierungenSchema.parse(
      (await call('/api/v1/demo/praemierung', { token: rec.token })).json,
    )
    expect(before.Praemien.find((p) => p.PraemieId === rewardId)?.Status).toBe('Bereitgestellt')

    await end(rec)

    expectError(await call('/api/v1/demo/account/user', { token: rec.token }), 401, 'PSOF0204')
    expectError(await call('/api/v1/demo/praemierung', { token: rec.token }), 401, 'PSOF0204')
    expectError(
      await call(`/api/v1/demo/praemierung?details=${rewardId}`, { token: rec.token }),
      401,
      'PSOF0204',
    )
    expectError(
      await call('/api/v1/demo/praemierung', {
        method: 'PUT',
        token: rec.token,
        body: { PraemieId: rewardId, Auswahl: 'Bargeld', Bankdaten: { IBAN, Kontoinhaber: 'Fremde Person' } },
      }),
      401,
      'PSOF0204',
    )
    expectError(
      await call(`/api/v1/demo/empfehler/praemierungmail/${rewardId}`, { token: rec.token }),
      401,
      'PSOF0204',
    )
    expectError(
      await call('/api/v1/demo/praemierung/showbanner/BannerTEZuTP', { token: rec.token }),
      401,
      'PSOF0204',
    )
    // A public call with the ended token is refused too, so the portal logs the browser out.
    expectError(await call('/api/v1/demo/produktkategorie', { token: rec.token }), 401, 'PSOF0204')

    if (label !== 'the deletion of the account') {
      // Nothing was picked: the reward link still shows the reward ready, without a choice.
      const byLink = praemierungenSchema.parse(
        (await call('/api/v1/demo/praemierung', { token: linkToken })).json,
      )
      expect(byLink.Praemien.find((p) => p.PraemieId === rewardId)).toMatchObject({
        Status: 'Bereitgestellt',
        Auswahl: null,
      })
    }
  })
})
