import type { MobilDetails } from '@/lib/contracts/catalog'
import type { Brand, Draft, Klasse, Name, Reward, Text } from '../types'
import { branded } from './text'

/** Mobile products: SIM tariffs, and devices offered with a tariff. */

export type SimTariff = {
  id: number
  ext: string
  klasse: Klasse
  name: Name
  preis: number
  gb: number | null
  extra: Text
  reward?: Reward
  /** Promotional monthly price in cents; sets Aktion to 1. */
  aktionspreis?: number
  top?: number
}
export type Device = {
  handyId: number
  ext: string
  typ: 'smartphone' | 'tablet' | 'surfstick'
  hersteller: string
  name: string
  desc: Text
}
export type Offer = {
  id: number
  device: Device
  tariff: SimTariff
  preisHandy: number
  /** Promotional one-time device price in cents; sets Aktion to 1. */
  aktionspreis?: number
  top?: number
}
export type MobilGroup = { kategorie: string; fussnote: string | null; reward: Reward }

const tariffText = (t: SimTariff): Text => {
  const [extraDe, extraEn] = t.extra
  return t.gb === null
    ? [
        `<strong>Unbegrenztes</strong> Datenvolumen mit 5G, ${extraDe}`,
        `<strong>Unlimited</strong> data with 5G, ${extraEn}`,
      ]
    : [
        `<strong>${t.gb} GB</strong> Datenvolumen mit 5G, ${extraDe}`,
        `<strong>${t.gb} GB</strong> data with 5G, ${extraEn}`,
      ]
}

export function simTariffs(brand: Brand, group: MobilGroup, tariffs: SimTariff[]): Draft[] {
  return tariffs.map((t, i) => {
    const name = branded(brand, t.name)
    const text = tariffText(t)
    const details: MobilDetails = {
      Art: 'mobil',
      GeraeteTyp: 'sim',
      Hersteller: '',
      Klasse: t.klasse,
      TarifHandyAnzeigeName: name[0],
      TarifHandyBeschreibung: text[0],
      TarifAnzeigeName: name[0],
      HandyAnzeigeName: '',
      HandyBeschreibung: '',
      HandyId: null,
      PreisHandy: 0,
      TarifId: t.id,
      PreisTarif: t.preis,
      Position: i + 1,
      Aktion: t.aktionspreis === undefined ? 0 : 1,
      TopPosition: t.top ?? 0,
      Aktionspreis: t.aktionspreis ?? null,
      Fussnote: group.fussnote,
    }
    const detailsEn: Partial<MobilDetails> = {
      TarifHandyAnzeigeName: name[1],
      TarifHandyBeschreibung: text[1],
      TarifAnzeigeName: name[1],
    }
    return {
      id: t.id,
      externeId: `${brand.prefix}-${t.ext}`,
      quelle: 'mobilfunk',
      kategorie: group.kategorie,
      details,
      detailsEn,
      reward: t.reward ?? group.reward,
    }
  })
}

export function deviceOffers(brand: Brand, group: MobilGroup, offers: Offer[]): Draft[] {
  return offers.map(({ id, device, tariff, preisHandy, aktionspreis, top }, i) => {
    const tariffName = branded(brand, tariff.name)
    const text = tariffText(tariff)
    const details: MobilDetails = {
      Art: 'mobil',
      GeraeteTyp: device.typ,
      Hersteller: device.hersteller,
      Klasse: tariff.klasse,
      TarifHandyAnzeigeName: `${device.name} mit ${tariffName[0]}`,
      TarifHandyBeschreibung: `${device.desc[0]}<br>${text[0]}`,
      TarifAnzeigeName: tariffName[0],
      HandyAnzeigeName: device.name,
      HandyBeschreibung: device.desc[0],
      HandyId: device.handyId,
      PreisHandy: preisHandy,
      TarifId: tariff.id,
      PreisTarif: tariff.preis,
      Position: i + 1,
      Aktion: aktionspreis === undefined ? 0 : 1,
      TopPosition: top ?? 0,
      Aktionspreis: aktionspreis ?? null,
      Fussnote: group.fussnote,
    }
    const detailsEn: Partial<MobilDetails> = {
      TarifHandyAnzeigeName: `${device.name} with ${tariffName[1]}`,
      TarifHandyBeschreibung: `${device.desc[1]}<br>${text[1]}`,
      TarifAnzeigeName: tariffName[1],
      HandyBeschreibung: device.desc[1],
    }
    return {
      id,
      externeId: `${brand.prefix}-${device.ext}-${tariff.ext}`,
      quelle: 'mobilfunk',
      kategorie: group.kategorie,
      details,
      detailsEn,
      reward: group.reward,
    }
  })
}

export function sim(
  id: number,
  ext: string,
  klasse: Klasse,
  name: Name,
  preis: number,
  gb: number | null,
  extra: Text,
  options: Pick<SimTariff, 'aktionspreis' | 'top' | 'reward'> = {},
): SimTariff {
  return { id, ext, klasse, name, preis, gb, extra, ...options }
}

/** A device: its name is the maker plus the model, its part of the external id the device id. */
const device =
  (typ: Device['typ']) =>
  (handyId: number, hersteller: string, model: string, desc: Text): Device => ({
    handyId,
    ext: `H${handyId}`,
    typ,
    hersteller,
    name: `${hersteller} ${model}`,
    desc,
  })
export const phone = device('smartphone')
export const tablet = device('tablet')
export const stick = device('surfstick')
