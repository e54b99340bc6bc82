import { LUMENTA } from './brands'
import { deviceOffers, phone, sim, simTariffs, stick, tablet } from './builders/mobil'
import { EU, LONG_BATTERY, screen } from './descriptions'
import { MOBILE } from './reward-amounts'
import type { Draft, Text } from './types'

/** Lumenta Telekom (`demo`), its mobile products: SIM tariffs, smartphones, tablets and surf sticks. */
export function lumentaMobile(): Draft[] {
  const b = LUMENTA
  const DATA: Text = ['nur Daten', 'data only']
  const PREPAID: Text = ['ohne Vertragslaufzeit', 'no minimum term']
  const YOUNG: Text = ['für alle unter 28', 'for everyone under 28']
  const FAMILY: Text = ['für Familienmitglieder', 'for family members']
  const WATCH: Text = ['für Ihre Smartwatch', 'for your smartwatch']
  const mobilS = sim(532, 'MOB-S', 'S', ['Mobil S', 'Mobile S'], 2995, 20, EU)
  const mobilM = sim(531, 'MOB-M', 'M', ['Mobil M', 'Mobile M'], 3995, 40, EU, { top: 1 })
  const mobilL = sim(533, 'MOB-L', 'L', ['Mobil L', 'Mobile L'], 4995, 100, EU, {
    aktionspreis: 4495,
    top: 2,
  })
  const mobilXL = sim(534, 'MOB-XL', 'XL', ['Mobil XL', 'Mobile XL'], 6995, null, EU)
  const dataS = sim(571, 'DATA-S', 'S', 'Data S', 1495, 10, DATA)
  const dataM = sim(572, 'DATA-M', 'M', 'Data M', 2495, 50, DATA, { top: 1 })
  const dataL = sim(573, 'DATA-L', 'L', 'Data L', 3995, null, DATA)

  const np15 = phone(8101, 'Nordphone', '15', screen('6.1', 128, ['Dual-Kamera', 'dual camera']))
  const np15Max = phone(8102, 'Nordphone', '15 Max', screen('6.7', 256, ['Dreifach-Kamera', 'triple camera']))
  const vega = phone(8201, 'Sonaris', 'Vega 9', screen('6.4', 256, ['Stift inklusive', 'stylus included']))
  const vegaLite = phone(8202, 'Sonaris', 'Vega 9 Lite', screen('6.1', 128, LONG_BATTERY))
  const x5 = phone(8301, 'Kivo', 'X5 Pro', screen('6.6', 256, ['120-Hz-Display', '120 Hz display']))
  const pine = phone(8401, 'Taiga', 'Pine 3', screen('6.3', 128, ['IP68-wasserdicht', 'IP68 waterproof']))
  const tab11 = tablet(8211, 'Sonaris', 'Tab 11', screen('11', 128, ['mit Stift', 'with stylus']))
  const pad10 = tablet(8311, 'Kivo', 'Pad 10', screen('10.4', 64, ['leicht und flach', 'light and slim']))
  const slate = tablet(8411, 'Taiga', 'Slate 12', screen('12.4', 256, ['robustes Gehäuse', 'rugged case']))
  const stick5g = stick(8321, 'Kivo', 'Stick 5G', [
    '<strong>5G</strong>-Surfstick mit USB-C',
    '<strong>5G</strong> surf stick with USB-C',
  ])
  const hotspot = stick(8421, 'Taiga', 'Hotspot Go', [
    'Mobiler <strong>WLAN-Hotspot</strong> für 10 Geräte',
    'Mobile <strong>Wi-Fi hotspot</strong> for 10 devices',
  ])
  const lteStick = stick(8121, 'Nordphone', 'Surfstick', [
    '<strong>LTE</strong>-Surfstick, Plug & Play',
    '<strong>LTE</strong> surf stick, plug and play',
  ])

  return [
    ...simTariffs(b, { kategorie: 'tarife', fussnote: 'fn-mobil-24', reward: MOBILE }, [
      mobilS,
      mobilM,
      mobilL,
      mobilXL,
      // Legacy tariffs: present in the data, filtered out of every product API result (SPEC §7.7).
      sim(637, 'MOB-ALT-1', 'S', ['Mobil Classic (Bestandstarif)', 'Mobile Classic (legacy)'], 2495, 5, EU),
      sim(638, 'MOB-ALT-2', 'M', ['Mobil Plus (Bestandstarif)', 'Mobile Plus (legacy)'], 3495, 12, EU),
    ]),
    ...simTariffs(b, { kategorie: 'prepaid', fussnote: null, reward: MOBILE }, [
      sim(551, 'PRE-S', 'S', 'Prepaid S', 995, 5, PREPAID),
      sim(552, 'PRE-M', 'M', 'Prepaid M', 1495, 15, PREPAID, { top: 1 }),
      sim(553, 'PRE-L', 'L', 'Prepaid L', 1995, 30, PREPAID),
    ]),
    ...simTariffs(b, { kategorie: 'young', fussnote: 'fn-young-28', reward: MOBILE }, [
      sim(561, 'MYNG-S', 'S', ['Mobil Young S', 'Mobile Young S'], 2495, 30, YOUNG),
      sim(562, 'MYNG-M', 'M', ['Mobil Young M', 'Mobile Young M'], 2995, 60, YOUNG, { aktionspreis: 2495 }),
      sim(563, 'MYNG-L', 'L', ['Mobil Young L', 'Mobile Young L'], 3995, null, YOUNG),
    ]),
    ...simTariffs(b, { kategorie: 'daten', fussnote: 'fn-mobil-24', reward: MOBILE }, [dataS, dataM, dataL]),
    ...simTariffs(b, { kategorie: 'zusatzkarten', fussnote: 'fn-mobil-24', reward: MOBILE }, [
      sim(581, 'ZK-WATCH', 'S', ['Zusatzkarte Smartwatch', 'Add-on card Smartwatch'], 495, 1, WATCH),
      sim(582, 'ZK-DATA', 'S', ['Zusatzkarte Data', 'Add-on card Data'], 995, 10, [
        'für Tablet oder Laptop',
        'for tablet or laptop',
      ]),
      sim(583, 'ZK-MOBIL', 'M', ['Zusatzkarte Mobil', 'Add-on card Mobile'], 1495, 20, EU),
    ]),
    ...simTariffs(b, { kategorie: 'combi-cards', fussnote: 'fn-combi', reward: MOBILE }, [
      sim(591, 'CC-S', 'S', 'Combi Card S', 1995, 15, FAMILY),
      sim(592, 'CC-M', 'M', 'Combi Card M', 2495, 30, FAMILY, { top: 1 }),
      sim(593, 'CC-L', 'L', 'Combi Card L', 2995, null, FAMILY),
    ]),
    ...deviceOffers(b, { kategorie: 'smartphones', fussnote: 'fn-geraet-24', reward: MOBILE }, [
      { id: 1006, device: np15, tariff: mobilM, preisHandy: 4995, top: 1 },
      { id: 1001, device: np15, tariff: mobilL, preisHandy: 100 },
      { id: 1002, device: np15Max, tariff: mobilL, preisHandy: 19995, aktionspreis: 9995, top: 2 },
      { id: 1003, device: np15Max, tariff: mobilXL, preisHandy: 100 },
      { id: 1004, device: vega, tariff: mobilM, preisHandy: 14995, top: 3 },
      { id: 1005, device: vega, tariff: mobilXL, preisHandy: 100 },
      { id: 1007, device: vegaLite, tariff: mobilM, preisHandy: 100 },
      { id: 1008, device: x5, tariff: mobilM, preisHandy: 9995, aktionspreis: 4995 },
      { id: 1009, device: x5, tariff: mobilL, preisHandy: 100 },
      { id: 1010, device: pine, tariff: mobilM, preisHandy: 2995 },
      { id: 1011, device: pine, tariff: mobilL, preisHandy: 100 },
      // The small tariff with the two lower-priced phones, so every smartphone tariff has offers.
      { id: 1012, device: vegaLite, tariff: mobilS, preisHandy: 4995 },
      { id: 1013, device: pine, tariff: mobilS, preisHandy: 7995 },
    ]),
    ...deviceOffers(b, { kategorie: 'tablets', fussnote: 'fn-geraet-24', reward: MOBILE }, [
      { id: 1254, device: tab11, tariff: dataM, preisHandy: 9995, top: 1 },
      { id: 1251, device: tab11, tariff: dataL, preisHandy: 100 },
      { id: 1252, device: pad10, tariff: dataS, preisHandy: 4995, aktionspreis: 100 },
      { id: 1253, device: slate, tariff: dataM, preisHandy: 14995 },
    ]),
    ...deviceOffers(b, { kategorie: 'surfsticks', fussnote: 'fn-geraet-24', reward: MOBILE }, [
      { id: 1271, device: stick5g, tariff: dataM, preisHandy: 100, top: 1 },
      { id: 1272, device: hotspot, tariff: dataL, preisHandy: 4995 },
      { id: 1273, device: lteStick, tariff: dataS, preisHandy: 100 },
    ]),
  ]
}
