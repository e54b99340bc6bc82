import type { FestnetzDetails, MobilDetails } from '@/lib/contracts/catalog'

/** The shapes of the demo catalogue (demo-catalog.ts) and of the building blocks its data is written with. */

export type DemoReward = {
  id: number
  wertCent: number
  startdatum: string
  enddatum: string | null
  enddatumAnzeige: string | null
}

export type DemoProduct = {
  id: number
  externeId: string
  quelle: string
  kategorie: string
  sortierung: number
  details: FestnetzDetails | MobilDetails
  /** English texts over the German ones (names, descriptions); omitted fields stay German. */
  detailsEn?: Partial<FestnetzDetails> | Partial<MobilDetails>
  rewards: DemoReward[]
}

/** A German text and its English counterpart. */
export type Text = readonly [de: string, en: string]
/** A name: German and English, or one string for both. */
export type Name = string | Text
export type Klasse = FestnetzDetails['Klasse']
/** Reward in cents: the current period's amount, then the next period's. */
export type Reward = readonly [current: number, next: number]
/** The provider whose products a catalogue lists: its name, external id prefix and product code. */
export type Brand = { name: string; prefix: string; code: string }
/** A product before its position and reward periods are known (demoCatalog adds them). */
export type Draft = Omit<DemoProduct, 'sortierung' | 'rewards'> & { reward: Reward }
/** A promotion: its name and the monthly discount in cents. */
export type Aktion = { name: Text; rabatt: number }
