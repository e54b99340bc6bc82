import type { BrandVariant } from './settings'

export type BrandColours = {
  primary: string
  dark: string
  /** The brand's surface (page and mail background). */
  light: string
  /** Text on the primary colour. */
  onPrimary: string
  text: string
  muted: string
  border: string
}

/**
 * The brand variants' colours, one table for the screens' images, the story image and the mails
 * (app/globals.css: --brand-primary, --brand-primary-dark, --brand-surface, --brand-on-primary,
 * --brand-text, --brand-muted, --brand-border).
 */
export const BRAND_COLOURS: Record<BrandVariant, BrandColours> = {
  aurora: {
    primary: '#7a1f5c',
    dark: '#5a1243',
    light: '#fbf6f9',
    onPrimary: '#ffffff',
    text: '#1f1a1d',
    muted: '#5b5158',
    border: '#d9cbd4',
  },
  fjord: {
    primary: '#0b4f6c',
    dark: '#073548',
    light: '#f3f8fa',
    onPrimary: '#ffffff',
    text: '#12222b',
    muted: '#4a5c66',
    border: '#c7d8df',
  },
}
