import type { BrandVariant } from './settings'

export type BrandColours = { primary: string; dark: string; light: string }

/** The brand variants' colours (app/globals.css: --brand-primary, --brand-primary-dark, --brand-surface). */
export const BRAND_COLOURS: Record<BrandVariant, BrandColours> = {
  aurora: { primary: '#7a1f5c', dark: '#5a1243', light: '#fbf6f9' },
  fjord: { primary: '#0b4f6c', dark: '#073548', light: '#f3f8fa' },
}
