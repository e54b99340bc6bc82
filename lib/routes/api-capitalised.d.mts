export declare const API_CAPITALISED: readonly [
  'Empfehlen',
  'Empfehler',
  'Empfehlung',
  'Empfaenger',
  'Produkt',
  'Einladung',
  'Aktion',
]
