import type { TenantSettings } from '@/lib/shared/tenants/settings'

/**
 * What the tenant's display flags (SPEC §3 configuration) change on the recommendation form, for both
 * recommend screens (Empfehlen and EmpfehlenAgent):
 * - DisableFirstNameInput, DisableLastNameInput, DisableEmailInput: a value the form starts with (an
 *   agency's invitation; a logged-in referrer's are always fixed) is shown but cannot be changed. A field
 *   without a value stays open, so no visitor is left unable to recommend.
 * - AcceptTermsOnButtonClick: no terms checkbox; the button's text says that sending accepts them.
 * - CtaOffset: the room (px) left above the form when a call to action jumps to it (#empfehlen-form),
 *   e.g. under a host page's fixed header in embedded mode.
 */
export type RecommendFormDisplay = {
  fixedWhenGiven: { vorname: boolean; nachname: boolean; email: boolean }
  acceptTermsOnButtonClick: boolean
  ctaOffset: number
}

export function recommendFormDisplay(settings: Pick<TenantSettings, 'Display'>): RecommendFormDisplay {
  const display = settings.Display
  return {
    fixedWhenGiven: {
      vorname: display.DisableFirstNameInput,
      nachname: display.DisableLastNameInput,
      email: display.DisableEmailInput,
    },
    acceptTermsOnButtonClick: display.AcceptTermsOnButtonClick,
    ctaOffset: Math.max(0, display.CtaOffset),
  }
}
