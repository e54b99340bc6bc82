import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import type { FormState, FormAction } from '@/lib/portal/form-state'
import { RegistrationForm } from './registration-form'

type Action = FormAction

const TERMS = 'Ich akzeptiere die Teilnahmebedingungen und habe die Datenschutzhinweise gelesen.'

function renderForm(action: Action, tenant = 'demo') {
  return render(
    <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
      <RegistrationForm
        action={action}
        tenant={tenant}
        termsHref="/demo/teilnahmebedingungen"
        privacyHref="/demo/datenschutz"
      />
    </NextIntlClientProvider>,
  )
}

const anrede = () => screen.getByLabelText('Anrede')
const vorname = () => screen.getByLabelText('Vorname')
const nachname = () => screen.getByLabelText('Nachname')
const email = () => screen.getByLabelText('E-Mail-Adresse')
const terms = () => screen.getByRole('checkbox', { name: TERMS })
const submit = () => screen.getByRole('button', { name: 'Kostenlos registrieren' })

function fillValid(address = 'anna.beispiel@example.org') {
  fireEvent.change(anrede(), { target: { value: 'Frau' } })
  fireEvent.change(vorname(), { target: { value: 'Anna' } })
  fireEvent.change(nachname(), { target: { value: 'Beispiel' } })
  fireEvent.change(email(), { target: { value: address } })
  fireEvent.click(terms())
}

describe('RegistrationForm', () => {
  it('offers the salutations with "Keine Angabe" first', () => {
    renderForm(jest.fn())
    const options = Array.from((anrede() as HTMLSelectElement).options).map((o) => [o.value, o.text])
    expect(options).toEqual([
      ['', 'Keine Angabe'],
      ['Frau', 'Frau'],
      ['Herr', 'Herr'],
      ['Divers', 'Divers'],
    ])
    expect(email()).toHaveAttribute('type', 'email')
    expect(terms()).not.toBeChecked()
  })

  it('links the terms and the privacy notice in the checkbox label', () => {
    renderForm(jest.fn())
    expect(screen.getByRole('link', { name: 'Teilnahmebedingungen' })).toHaveAttribute(
      'href',
      '/demo/teilnahmebedingungen',
    )
    expect(screen.getByRole('link', { name: 'Datenschutzhinweise' })).toHaveAttribute(
      'href',
      '/demo/datenschutz',
    )
  })

  it('shows the required messages on an empty submit and does not call the action', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    fireEvent.click(submit())
    expect(await screen.findByText('Vorname ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.getByText('Nachname ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.getByText('E-Mail-Adresse ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.getByText('Dies ist ein Pflichtfeld.')).toBeInTheDocument()
    expect(terms()).toHaveAttribute('aria-invalid', 'true')
    expect(terms()).toHaveAccessibleDescription(
      'Dies ist ein Pflichtfeld. Die Zustimmung ist erforderlich, um fortzufahren.',
    )
    expect(vorname()).toHaveAccessibleDescription('Vorname ist ein Pflichtfeld')
    expect(screen.getAllByRole('alert')).toHaveLength(4)
    expect(action).not.toHaveBeenCalled()
  })

  it('treats names of blanks only as missing', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    fillValid()
    fireEvent.change(vorname(), { target: { value: '   ' } })
    fireEvent.click(submit())
    expect(await screen.findByText('Vorname ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.queryByText('Nachname ist ein Pflichtfeld')).not.toBeInTheDocument()
    expect(action).not.toHaveBeenCalled()
  })

  it('refuses a web address in a name with the field message', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    fillValid()
    fireEvent.change(vorname(), { target: { value: 'Besuchen Sie www.evil.example' } })
    fireEvent.click(submit())
    const message = 'Vorname darf keine Web- oder E-Mail-Adresse enthalten.'
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(vorname()).toHaveAccessibleDescription(message)
    expect(action).not.toHaveBeenCalled()
  })

  it('refuses direction and control characters in the names with the field message, and keeps real names', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    fillValid()
    fireEvent.change(vorname(), { target: { value: '\u202eannA' } })
    fireEvent.change(nachname(), { target: { value: 'Beispiel\tBcc' } })
    fireEvent.click(submit())
    const vornameMessage =
      'Vorname enthält Zeichen, die nicht erlaubt sind (z. B. Zeilenumbrüche oder Steuerzeichen).'
    expect(await screen.findByText(vornameMessage)).toBeInTheDocument()
    expect(vorname()).toHaveAccessibleDescription(vornameMessage)
    expect(nachname()).toHaveAccessibleDescription(
      de.Validation.disallowedCharacters.replace('{field}', 'Nachname'),
    )
    expect(action).not.toHaveBeenCalled()

    fireEvent.change(vorname(), { target: { value: 'Zoë-Marie' } })
    fireEvent.change(nachname(), { target: { value: "O'Brien-Straße" } })
    await act(async () => {
      fireEvent.click(submit())
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the SPEC e-mail message for an invalid address', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    fillValid('anna.beispiel')
    fireEvent.click(submit())
    expect(await screen.findByText('Dies ist keine gültige E-Mail-Adresse.')).toBeInTheDocument()
    expect(email()).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    expect(action).not.toHaveBeenCalled()
  })

  it('sends salutation, names, e-mail, accepted terms and tenant', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action, 'demo~en')
    fillValid()
    await act(async () => {
      fireEvent.click(submit())
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries(action.mock.calls[0]![1])).toEqual({
      anrede: 'Frau',
      vorname: 'Anna',
      nachname: 'Beispiel',
      email: 'anna.beispiel@example.org',
      terms: 'on',
      tenant: 'demo~en',
    })
  })

  it('names the typed e-mail address in the success text after the action answers ok', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({ ok: true }))
    renderForm(action)
    fillValid(' neu.person@example.org ')
    await act(async () => {
      fireEvent.click(submit())
    })
    const status = await screen.findByRole('status')
    expect(status).toHaveTextContent(
      'Vielen Dank! Wir haben Ihnen eine E-Mail an neu.person@example.org gesendet.',
    )
    expect(status.textContent).toBe(de.Registration.sent.replace('{email}', 'neu.person@example.org'))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the catalogue text of an error the action returns', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({ error: 'ZuVieleAnfragen' }))
    renderForm(action)
    fillValid()
    await act(async () => {
      fireEvent.click(submit())
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(de.Errors.ZuVieleAnfragen)
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})
