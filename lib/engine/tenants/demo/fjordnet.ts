import { FJORDNET } from './brands'
import { festnetz, festnetzGroup, line } from './builders/festnetz'
import { deviceOffers, phone, sim, simTariffs } from './builders/mobil'
import { EU, FIBRE, LONG_BATTERY, ROUTER, screen, WINTER } from './descriptions'
import { FIBRE_REWARD, FIBRE_TOP, MOBILE } from './reward-amounts'
import type { Draft } from './types'

/** Fjordnet (`demo-closed`): glass fibre, DSL and mobile only. */
export function fjordnet(): Draft[] {
  const b = FJORDNET
  const netS = sim(5201, 'MOB-S', 'S', ['Mobil 15', 'Mobile 15'], 1995, 15, EU)
  const netM = sim(5202, 'MOB-M', 'M', ['Mobil 50', 'Mobile 50'], 2995, 50, EU, { top: 1 })
  const netL = sim(5203, 'MOB-L', 'L', ['Mobil Unbegrenzt', 'Mobile Unlimited'], 4495, null, EU, {
    aktionspreis: 3995,
  })
  const nordphone = phone(9101, 'Nordphone', '15', screen('6.1', 128, ['Dual-Kamera', 'dual camera']))
  const sonaris = phone(9201, 'Sonaris', 'Vega 9 Lite', screen('6.1', 128, LONG_BATTERY))
  const kivo = phone(9301, 'Kivo', 'X5', screen('6.5', 128, ['90-Hz-Display', '90 Hz display']))

  return [
    ...festnetz(b, festnetzGroup('festnetz', 'glasfaser', 'Glasfaser', { einmalig: 0, reward: FIBRE_TOP }), [
      line(5101, 'GF-100', 'S', ['Glasfaser 100', 'Fibre 100'], [100, 50], 3495, FIBRE, {
        reward: FIBRE_REWARD,
      }),
      line(5102, 'GF-250', 'M', ['Glasfaser 250', 'Fibre 250'], [250, 125], 3995, FIBRE, { aktion: WINTER }),
      line(5103, 'GF-500', 'L', ['Glasfaser 500', 'Fibre 500'], [500, 250], 4995, FIBRE),
      line(5104, 'GF-1000', 'XL', ['Glasfaser 1000', 'Fibre 1000'], [1000, 500], 6495, FIBRE),
    ]),
    ...festnetz(b, festnetzGroup('festnetz', 'internet', 'Internet', { einmalig: 4995 }), [
      line(5111, 'DSL-50', 'S', 'DSL 50', [50, 10], 2995, ROUTER),
      line(5112, 'DSL-100', 'M', 'DSL 100', [100, 40], 3495, ROUTER),
      line(5113, 'DSL-250', 'L', 'DSL 250', [250, 40], 4495, ROUTER),
    ]),
    ...simTariffs(b, { kategorie: 'tarife', fussnote: 'fn-mobil-24', reward: MOBILE }, [netS, netM, netL]),
    ...deviceOffers(b, { kategorie: 'smartphones', fussnote: 'fn-geraet-24', reward: MOBILE }, [
      { id: 5301, device: nordphone, tariff: netM, preisHandy: 4995, top: 1 },
      { id: 5302, device: nordphone, tariff: netL, preisHandy: 100 },
      { id: 5303, device: sonaris, tariff: netS, preisHandy: 9995, aktionspreis: 4995 },
      { id: 5304, device: sonaris, tariff: netM, preisHandy: 100 },
      { id: 5305, device: kivo, tariff: netM, preisHandy: 2995, top: 2 },
      { id: 5306, device: kivo, tariff: netL, preisHandy: 100 },
    ]),
  ]
}
