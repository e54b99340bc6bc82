import { z } from 'zod'

export const produktKategorieSchema = z.object({
  Id: z.number().int(),
  Slug: z.string(),
  Name: z.string(),
  Beschreibung: z.string(),
  Icon: z.string(),
  Sortierung: z.number().int(),
})
export type ProduktKategorie = z.infer<typeof produktKategorieSchema>
export const produktKategorienSchema = z.array(produktKategorieSchema)

/**
 * A reward period of a product (SPEC §3 Praemie): the amount from Startdatum to Enddatum (ISO dates,
 * inclusive; Enddatum null = open). EnddatumAnzeige is the end date advertised, when it differs.
 */
export const praemieSchema = z.object({
  Id: z.number().int(),
  Wert: z.string(),
  WertCent: z.number().int(),
  Startdatum: z.string(),
  Enddatum: z.string().nullable(),
  EnddatumAnzeige: z.string().nullable(),
})
export type Praemie = z.infer<typeof praemieSchema>

/** Fixed-line tariff fields (SPEC §3 "Product (fixed-line tariff)"); also used for TV, sport and business. */
export const festnetzDetailsSchema = z.object({
  Art: z.literal('festnetz'),
  Kategorie: z.enum(['DP', 'TP']),
  Name: z.string(),
  Young: z.boolean(),
  Hybrid: z.boolean(),
  Gruppe: z.string(),
  Klasse: z.enum(['S', 'M', 'L', 'XL']),
  PreisMonatlich: z.number().int(),
  PreisEinmalig: z.number().int(),
  AnzeigeName: z.string(),
  Beschreibung1: z.string(),
  Beschreibung2: z.string(),
  Beschreibung3: z.string(),
  Beschreibung4: z.string(),
  Provision: z.string(),
  TelekomProduktId: z.string(),
  Fussnote: z.string().nullable(),
  Preisaufteilung: z.string(),
  Aktionsname: z.string(),
  Aktionsrabatt: z.number().int(),
})
export type FestnetzDetails = z.infer<typeof festnetzDetailsSchema>

/** Mobile offer fields (SPEC §3 "Mobile offer"): a tariff, alone or with a device. */
export const mobilDetailsSchema = z.object({
  Art: z.literal('mobil'),
  GeraeteTyp: z.enum(['smartphone', 'tablet', 'surfstick', 'sim']),
  Hersteller: z.string(),
  Klasse: z.enum(['S', 'M', 'L', 'XL']),
  TarifHandyAnzeigeName: z.string(),
  TarifHandyBeschreibung: z.string(),
  TarifAnzeigeName: z.string(),
  HandyAnzeigeName: z.string(),
  HandyBeschreibung: z.string(),
  HandyId: z.number().int().nullable(),
  PreisHandy: z.number().int(),
  TarifId: z.number().int(),
  PreisTarif: z.number().int(),
  Position: z.number().int(),
  Aktion: z.union([z.literal(0), z.literal(1)]),
  TopPosition: z.number().int(),
  Aktionspreis: z.number().int().nullable(),
  Fussnote: z.string().nullable(),
})
export type MobilDetails = z.infer<typeof mobilDetailsSchema>

export const produktDetailsSchema = z.discriminatedUnion('Art', [festnetzDetailsSchema, mobilDetailsSchema])
export type ProduktDetails = z.infer<typeof produktDetailsSchema>

/** A product as the product API answers it (SPEC §3 shared form + the fields of its kind). */
export const produktSchema = z.intersection(
  z.object({
    Id: z.number().int(),
    ExterneId: z.string(),
    Quelle: z.string(),
    Produktkategorie: z.string(),
    Praemien: z.array(praemieSchema),
    Photo: z.string(),
  }),
  produktDetailsSchema,
)
export type Produkt = z.infer<typeof produktSchema>
export const produkteSchema = z.array(produktSchema)

/**
 * A campaign as GET /aktion/alleAktiven answers it (SPEC §3 Campaign): `Zustimmung` tells whether the
 * referrer must tick its consent (`RechtsText`) to take part; `abgehakt` is the tick, false until the
 * form sets it.
 */
export const aktionSchema = z.object({
  AktionsId: z.number().int(),
  Titel: z.string(),
  Text: z.string(),
  RechtsText: z.string(),
  abgehakt: z.boolean(),
  Zustimmung: z.boolean(),
})
export type Aktion = z.infer<typeof aktionSchema>
export const aktionenSchema = z.array(aktionSchema)

export const campaignTextsSchema = z.object({
  de: z.object({ Titel: z.string(), Text: z.string(), RechtsText: z.string() }),
  en: z.object({ Titel: z.string(), Text: z.string(), RechtsText: z.string() }).partial().optional(),
})

/** GET /produkt/maxpraemiewert: the highest reward in force today ("up to … €"). */
export const maxRewardValueSchema = z.object({ WertCent: z.number().int(), Wert: z.string() })
