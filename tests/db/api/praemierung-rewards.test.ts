import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { issueToken } from '@/lib/engine/auth/token'
import { praemierungDetailsSchema, praemierungenSchema } from '@/lib/contracts/praemierung'
import { recommendationsSchema } from '@/lib/contracts/recommendation'
import { call, expectError } from '../support/http'
import { waitForMail } from '../support/mailbox'
import { daysAgo, reportOrders, rewardLinkOf } from '../support/rewards'
import { results, IBAN, providerKey, orderedLongAgo, operatorApi } from './praemierung-fixtures'

/** PUT /praemierung: picks how a reward is paid out, with the token given. */
const pickReward = (body: unknown, token: string) =>
  call('/api/v1/demo/praemierung', { method: 'PUT', token, body })

describe('/praemierung/ (rewards of the referrer and by the reward link)', () => {
  it('mails the ready reward, lists it with the balance, and lets it be picked once with bank data', async () => {
    const { rec, who } = await orderedLongAgo(50)
    const link = await rewardLinkOf('demo', rec.email)
    expect(link.mail.Betreff.replace(/\s/g, ' ')).toBe('Ihre Prämie von 35 € steht bereit')

    const own = praemierungenSchema.parse((await call('/api/v1/demo/praemierung', { token: rec.token })).json)
    const mine = own.Praemien.find((p) => p.PraemieId === link.id)!
    expect(mine).toMatchObject({
      Status: 'Bereitgestellt',
      WertCent: 3500,
      Empfehlungsnummer: rec.nr,
      Optionen: ['Bargeld', 'Gutschein'],
    })
    expect(own.Konto).toEqual({ OffenCent: 0, BereitCent: 3500, InAuszahlungCent: 0, AusgezahltCent: 0 })
    // The link's own token shows this one reward, and only to the tenant it belongs to.
    const byLink = praemierungenSchema.parse(
      (await call('/api/v1/demo/praemierung', { token: link.token })).json,
    )
    expect(byLink.Praemien.map((p) => p.PraemieId)).toEqual([link.id])
    expectError(
      await call('/api/v1/demo-closed/praemierung', { token: link.token }),
      403,
      'PraemieTokenUngueltig',
    )
    expectError(
      await call('/api/v1/demo/praemierung', { token: 'abcdefghijklmnopqrstuvwxyz0123456789' }),
      403,
      'PraemieTokenUngueltig',
    )
    expectError(await call('/api/v1/demo/praemierung'), 401, 'PSOF0204')
    // The link is checked before the input: a wrong one is refused as such, whatever the body holds.
    for (const body of [{}, { PraemieId: 'kaputt' }, { PraemieId: link.id, Auswahl: 'Gutschein' }])
      expectError(
        await pickReward(body, 'abcdefghijklmnopqrstuvwxyz0123456789'),
        403,
        'PraemieTokenUngueltig',
      )
    expectError(
      await call(`/api/v1/demo/praemierung?details=kaputt`, { token: rec.token }),
      400,
      'UngueltigeEingabe',
    )
    expectError(
      await call(`/api/v1/demo/praemierung?details=ABCDEFGHJK`, { token: rec.token }),
      404,
      'NichtGefunden',
    )

    const pick = (body: unknown, token = link.token) => pickReward(body, token)
    expectError(await pick({ PraemieId: link.id }), 400, 'UngueltigeEingabe')
    expectError(await pick({ PraemieId: link.id, Auswahl: 'Bargeld' }), 400, 'BankdatenErforderlich')
    expectError(
      await pick({
        PraemieId: link.id,
        Auswahl: 'Bargeld',
        Bankdaten: { IBAN: 'DE89370400440532013001', Kontoinhaber: 'Jana Landung' },
      }),
      400,
      'IbanUngueltig',
    )
    expectError(await pick({ PraemieId: link.id, Auswahl: 'Gutschrift' }), 400, 'KundennummerErforderlich')
    const picked = await pick({
      PraemieId: link.id,
      Auswahl: 'Bargeld',
      Bankdaten: { IBAN, Kontoinhaber: 'Jana Landung' },
    })
    expect(picked.status).toBe(200)
    expect(praemierungDetailsSchema.parse(picked.json)).toMatchObject({
      Auswahl: 'Bargeld',
      Optionen: [],
      Bankdaten: { IBAN: 'DE89 •••• •••• •••• ••30 00', Kontoinhaber: 'J••• L••••••' },
    })
    expect(picked.text).not.toContain(IBAN)
    // Chosen, it leaves the account's "ready" figure for "payout follows".
    expect(
      praemierungenSchema.parse((await call('/api/v1/demo/praemierung', { token: rec.token })).json).Konto,
    ).toEqual({ OffenCent: 0, BereitCent: 0, InAuszahlungCent: 3500, AusgezahltCent: 0 })
    expectError(
      await pick({ PraemieId: link.id, Auswahl: 'Gutschein' }, rec.token),
      409,
      'PraemieBereitsAbgeholt',
    )

    // The SEPA export holds it once; the file is the same on every download; paid: Ausgezahlt and the mail.
    const exported = await operatorApi('/api/v1/demo/operator/auszahlungen', {
      method: 'POST',
      body: { Art: 'SEPA' },
    })
    expect(exported.status).toBe(200)
    const batch = z.object({ Id: z.string(), Anzahl: z.number(), SummeCent: z.number() }).parse(exported.json)
    const file = await operatorApi(`/api/v1/demo/operator/auszahlungen/${batch.Id}`)
    expect(file.headers.get('content-type')).toMatch(/^application\/xml/)
    expect(file.text.split(`<EndToEndId>${link.id}</EndToEndId>`)).toHaveLength(2)
    expect((await operatorApi(`/api/v1/demo/operator/auszahlungen/${batch.Id}`)).text).toBe(file.text)
    expectError(
      await call(`/api/v1/demo/operator/auszahlungen/${batch.Id}`, { token: rec.token }),
      401,
      'PSOF0204',
    )
    expectError(
      await operatorApi('/api/v1/demo/operator/auszahlungen', {
        method: 'POST',
        body: { Art: 'Bar' },
      }),
      400,
      'UngueltigeEingabe',
    )
    const paid = await operatorApi(`/api/v1/demo/operator/auszahlungen/${batch.Id}/bezahlt`, {
      method: 'PUT',
    })
    expect(paid.status).toBe(200)
    expectError(
      await operatorApi(`/api/v1/demo/operator/auszahlungen/${batch.Id}/bezahlt`, {
        method: 'PUT',
      }),
      409,
      'AuszahlungBereitsBezahlt',
    )
    const details = praemierungDetailsSchema.parse(
      (await call(`/api/v1/demo/praemierung?details=${link.id}`, { token: rec.token })).json,
    )
    expect(details.Status).toBe('Ausgezahlt')
    const paidMail = await waitForMail('demo', rec.email, { subject: /ausgezahlt/ })
    expect(paidMail.Text).toContain('DE89 •••• •••• •••• ••30 00')
    const list = recommendationsSchema.parse(
      (await call('/api/v1/demo/empfehler/empfehlungen', { token: rec.token })).json,
    )
    expect(list.find((r) => r.Empfehlungsnummer === rec.nr)!.Statusleiste).toMatchObject({
      Text: 'praemieAusgezahlt',
    })

    // The friend's half, by the friend's link: a voucher from the imported pool.
    const friendLink = await rewardLinkOf('demo', who.email)
    const imported = await operatorApi('/api/v1/demo/operator/gutscheine', {
      method: 'POST',
      body: { Gutscheine: [{ Code: `JEST-${friendLink.id}`, WertCent: 3500, Anbieter: 'Buchhandel' }] },
    })
    expect(imported.status).toBe(200)
    const voucher = await pick({ PraemieId: friendLink.id, Auswahl: 'Gutschein' }, friendLink.token)
    expect(praemierungDetailsSchema.parse(voucher.json)).toMatchObject({
      Status: 'Abgeholt',
      Gutschein: { Anbieter: expect.any(String) },
    })
    const voucherMail = await waitForMail('demo', who.email, { subject: /Gutschein/ })
    expect(voucherMail.Text).toContain(praemierungDetailsSchema.parse(voucher.json).Gutschein!.Code)
    const friendView = await call(`/api/v1/demo/empfaenger/${who.empfaengernummer}/praemie/`, {
      token: who.token,
      redirect: 'follow',
    })
    expect(friendView.json).toMatchObject({
      Praemien: [expect.objectContaining({ PraemieId: friendLink.id, Status: 'Abgeholt' })],
    })
  })

  it('sends the reward mail again with the same link, and shows the banner answer', async () => {
    const { rec } = await orderedLongAgo(100)
    const first = await rewardLinkOf('demo', rec.email)
    const before = new Date()
    const resent = await call(`/api/v1/demo/empfehler/praemierungmail/${first.id}`, { token: rec.token })
    expect(resent.json).toEqual({ Gesendet: true })
    const again = await waitForMail('demo', rec.email, { subject: /Prämie/, after: before })
    expect(again.Text).toContain(`token=${first.token}`)
    expectError(
      await call(`/api/v1/demo/empfehler/praemierungmail/${first.id}`, {
        token: rec.token,
        withoutRequestedWith: true,
      }),
      400,
      'AnfrageUnvollstaendig',
    )
    expectError(
      await call(`/api/v1/demo/empfehler/praemierungmail/ABCDEFGHJK`, { token: rec.token }),
      404,
      'NichtGefunden',
    )
    expectError(
      await call(`/api/v1/demo/empfehler/praemierungmail/${first.id}`, { token: first.token }),
      401,
      'PSOF0204',
    )

    const banner = await call('/api/v1/demo/empfehler/empfehlungen/showbanner/BannerTEZuTP', {
      token: rec.token,
    })
    expect(banner.json).toEqual({ ShowBanner: expect.any(Boolean) })
    const product = z.object({ Kategorie: z.string() }).parse((await call('/api/v1/demo/produkt/462')).json)
    expect(banner.json).toEqual({ ShowBanner: product.Kategorie === 'DP' })
    expect(
      (await call('/api/v1/demo/praemierung/showbanner/BannerTEZuTP', { token: rec.token })).json,
    ).toEqual(banner.json)
    expectError(await call('/api/v1/demo/praemierung/showbanner/BannerTEZuTP'), 401, 'PSOF0204')
  })

  it('keeps the bank data given with a cash pick for later rewards only when the referrer asks for it', async () => {
    const storedOf = async (token: string) =>
      (await call('/api/v1/demo/empfehler/bankdaten', { token })).json as { IBAN: string | null }
    // By the reward link (no login) nothing is kept, even when asked.
    const byLink = await orderedLongAgo(50)
    const link = await rewardLinkOf('demo', byLink.rec.email)
    const bank = { IBAN, Kontoinhaber: 'Jana Landung' }
    const linkPick = await pickReward(
      { PraemieId: link.id, Auswahl: 'Bargeld', Bankdaten: bank, BankdatenSpeichern: true },
      link.token,
    )
    expect(linkPick.status).toBe(200)
    expect(await storedOf(byLink.rec.token)).toMatchObject({ IBAN: null })
    // Logged in and asked: picked and kept, masked in "Bankdaten"; the next cash reward can use it.
    const loggedIn = await orderedLongAgo(50)
    const own = await rewardLinkOf('demo', loggedIn.rec.email)
    const picked = await pickReward(
      { PraemieId: own.id, Auswahl: 'Bargeld', Bankdaten: bank, BankdatenSpeichern: true },
      loggedIn.rec.token,
    )
    expect(picked.status).toBe(200)
    expect(await storedOf(loggedIn.rec.token)).toMatchObject({ IBAN: 'DE89 •••• •••• •••• ••30 00' })
    expect(
      praemierungenSchema.parse((await call('/api/v1/demo/praemierung', { token: loggedIn.rec.token })).json)
        .BankdatenGespeichert,
    ).toBe(true)
    expectError(
      await pickReward(
        { PraemieId: own.id, Auswahl: 'Bargeld', BankdatenSpeichern: 'ja' },
        loggedIn.rec.token,
      ),
      400,
      'UngueltigeEingabe',
    )
  })

  it('refuses a token of the other demo tenant and a recipient on another recipient’s reward', async () => {
    const { rec, who } = await orderedLongAgo(50)
    const link = await rewardLinkOf('demo', rec.email)
    // A valid referrer token of the other demo tenant.
    const closed = { token: issueToken({ ten: 'demo-closed', sub: randomUUID(), role: 'referrer', sv: 1 }) }
    expectError(await call('/api/v1/demo/praemierung', { token: closed.token }), 401, 'PSOF0204')
    expectError(await pickReward({ PraemieId: link.id, Auswahl: 'Gutschein' }, closed.token), 401, 'PSOF0204')
    // The friend's own token sees the friend's reward only.
    const friendsView = praemierungenSchema.parse(
      (await call('/api/v1/demo/praemierung', { token: who.token })).json,
    )
    expect(friendsView.Praemien.map((p) => p.Beguenstigter)).toEqual(['Empfaenger'])
    expectError(
      await call(`/api/v1/demo/praemierung?details=${link.id}`, { token: who.token }),
      404,
      'NichtGefunden',
    )
  })

  it('cancels a ready reward when the order is cancelled before payout', async () => {
    const { rec, who, no } = await orderedLongAgo(100)
    const link = await rewardLinkOf('demo', rec.email)
    const cancelled = await reportOrders(
      'demo',
      [
        {
          Auftragsnummer: no,
          Empfaengernummer: who.empfaengernummer,
          ProduktId: 462,
          Auftragsdatum: daysAgo(35),
          Status: 'Storniert',
        },
      ],
      providerKey,
    )
    expect(results.parse(cancelled.json).Ergebnisse[0]).toMatchObject({
      Ergebnis: 'Aktualisiert',
      Status: 'Storniert',
    })
    expectError(
      await pickReward({ PraemieId: link.id, Auswahl: 'Gutschein' }, link.token),
      409,
      'PraemieStorniert',
    )
    const list = recommendationsSchema.parse(
      (await call('/api/v1/demo/empfehler/empfehlungen', { token: rec.token })).json,
    )
    expect(list.find((r) => r.Empfehlungsnummer === rec.nr)!.Statusleiste).toMatchObject({
      Text: 'keinVertrag',
    })
  })
})
