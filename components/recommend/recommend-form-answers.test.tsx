import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import de from '@/messages/de.json'
import en from '@/messages/en.json'
import type { Aktion } from '@/lib/contracts/catalog'
import type { FormState } from '@/lib/portal/form-state'
import {
  Action,
  PICTURE,
  CHALLENGE,
  renderForm,
  terms,
  fillValid,
  submitForm,
} from './recommend-form-fixtures'

describe('RecommendForm campaigns', () => {
  const withConsent: Aktion = {
    AktionsId: 7,
    Titel: 'Sommer-Bonus',
    Text: 'Im Sommer gibt es 10 € extra.',
    RechtsText: 'Die Aktion läuft bis 31.08.2026.',
    abgehakt: false,
    Zustimmung: true,
  }
  const withoutConsent: Aktion = {
    AktionsId: 8,
    Titel: 'Treue-Aktion',
    Text: 'Bestandskunden erhalten einen Monat gratis.',
    RechtsText: 'Nur für Bestandskunden.',
    abgehakt: false,
    Zustimmung: false,
  }

  it('shows a consent box for a campaign that needs consent, and only title and text otherwise', async () => {
    const props = renderForm({ campaigns: [withConsent, withoutConsent] })
    expect(screen.getByRole('group', { name: 'Aktuelle Aktionen' })).toBeInTheDocument()
    const consent = screen.getByRole('checkbox', {
      name: /^Ja, ich möchte an der Aktion „Sommer-Bonus“ teilnehmen\./,
    })
    expect(consent).toHaveAttribute('name', 'aktion-7')
    expect(consent).not.toBeChecked()
    expect(screen.getByText('Die Aktion läuft bis 31.08.2026.')).toBeInTheDocument()
    expect(screen.getByText('Sommer-Bonus')).toBeInTheDocument()
    expect(screen.getByText('Im Sommer gibt es 10 € extra.')).toBeInTheDocument()

    expect(screen.getByText('Treue-Aktion')).toBeInTheDocument()
    expect(screen.getByText('Bestandskunden erhalten einen Monat gratis.')).toBeInTheDocument()
    expect(screen.queryByText('Nur für Bestandskunden.')).not.toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: /Treue-Aktion/ })).not.toBeInTheDocument()
    expect(document.querySelector('input[name="aktion-8"]')).toBeNull()

    fireEvent.click(consent)
    fillValid()
    await submitForm()
    await waitFor(() => expect(props.action).toHaveBeenCalledTimes(1))
    const formData = (props.action as jest.Mock).mock.calls[0][1] as FormData
    expect(formData.get('aktion-7')).toBe('on')
    expect(formData.has('aktion-8')).toBe(false)
  })

  it('shows no campaign group without campaigns', () => {
    renderForm()
    expect(screen.queryByText('Aktuelle Aktionen')).not.toBeInTheDocument()
  })
})

describe('RecommendForm answers', () => {
  it('ticks the terms initially with autoAcceptTerms', () => {
    renderForm({ autoAcceptTerms: true })
    expect(terms()).toBeChecked()
  })

  it('shows the captcha step when the action demands one', async () => {
    const action = jest
      .fn<Promise<FormState>, Parameters<Action>>()
      .mockResolvedValueOnce({ captcha: CHALLENGE })
      .mockResolvedValueOnce({})
    const props = renderForm({ action })
    expect(screen.queryByRole('group', { name: 'Sicherheitsabfrage' })).not.toBeInTheDocument()
    fillValid()
    await submitForm()
    const captcha = await screen.findByRole('group', { name: 'Sicherheitsabfrage' })
    expect(within(captcha).getByRole('img')).toHaveAttribute('src', PICTURE)
    fireEvent.change(screen.getByLabelText('Zeichen aus dem Bild'), { target: { value: 'ac7hk' } })
    await submitForm()
    await waitFor(() => expect(props.action).toHaveBeenCalledTimes(2))
    expect(Object.fromEntries(action.mock.calls[1]![1])).toMatchObject({
      CaptchaId: CHALLENGE.CaptchaId,
      CaptchaLoesung: 'ac7hk',
    })
  })

  it('shows the catalogue text and the dashboard link when the recommendation exists', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({
      error: 'EmpfehlungExists',
    }))
    renderForm({ action })
    fillValid()
    await submitForm()
    expect(await screen.findByRole('alert')).toHaveTextContent('Diese Empfehlung wurde bereits erstellt.')
    expect(screen.getByRole('link', { name: 'Zu Ihren Empfehlungen' })).toHaveAttribute(
      'href',
      '/demo/persoenlicherbereich',
    )
    expect(screen.queryByRole('button', { name: 'E-Mail erneut senden' })).not.toBeInTheDocument()
  })

  it('offers to send the opt-in mail again and sends tenant and e-mail', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({
      error: 'EmpfehlungExistsAndOptInRequired',
    }))
    const resendAction = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({ ok: true }))
    renderForm({ action, resendAction })
    fillValid()
    await submitForm()
    expect(await screen.findByRole('alert')).toHaveTextContent(de.Errors.EmpfehlungExistsAndOptInRequired)
    expect(screen.queryByRole('link', { name: 'Zu Ihren Empfehlungen' })).not.toBeInTheDocument()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'E-Mail erneut senden' }))
    })
    await waitFor(() => expect(resendAction).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries(resendAction.mock.calls[0]![1])).toEqual({
      tenant: 'demo',
      email: 'anna.beispiel@example.org',
    })
    expect(await screen.findByRole('status')).toHaveTextContent('Wir haben Ihnen die E-Mail erneut gesendet.')
  })
})

describe('RecommendForm in English', () => {
  it('labels the fields and the button in English', () => {
    renderForm({}, 'en')
    expect(screen.getByLabelText('First name')).toBeInTheDocument()
    expect(screen.getByLabelText('Last name')).toBeInTheDocument()
    expect(screen.getByLabelText('E-mail address')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create recommendation' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /^I receive the reward/ })).toBeChecked()
  })

  it('shows the English required messages', async () => {
    renderForm({}, 'en')
    fireEvent.click(screen.getByRole('button', { name: 'Create recommendation' }))
    expect(
      await screen.findByText(en.Validation.requiredField.replace('{field}', 'First name')),
    ).toBeInTheDocument()
  })
})
