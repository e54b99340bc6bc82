import { StrictMode } from 'react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import type { FormState, FormAction } from '@/lib/portal/form-state'
import { TokenLoginForm } from './token-login-form'
import { pendingAction } from './form-fixtures'

type Action = FormAction

const FIELDS = { tenant: 'demo~en', token: 'tok-123', redirect: undefined, widget: '1' }

function renderForm(action: Action, props: { autoSubmit?: boolean; successText?: string } = {}) {
  return render(
    <StrictMode>
      <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
        <TokenLoginForm
          action={action}
          fields={FIELDS}
          label="Jetzt anmelden"
          pendingLabel="Anmeldung läuft …"
          successText="Sie sind angemeldet."
          {...props}
        />
      </NextIntlClientProvider>
    </StrictMode>,
  )
}

const button = () => screen.getByRole('button', { name: 'Jetzt anmelden' })

let consoleError: jest.SpyInstance

beforeEach(() => {
  // jsdom logs through console.error when a form submit would navigate; React cancels that navigation
  // for a function action, so nothing may be logged.
  consoleError = jest.spyOn(console, 'error')
})

afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled()
  consoleError.mockRestore()
})

describe('TokenLoginForm', () => {
  it('submits itself exactly once on mount, even under StrictMode, with the hidden fields', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    await act(async () => {
      renderForm(action)
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries(action.mock.calls[0]![1])).toEqual({
      tenant: 'demo~en',
      token: 'tok-123',
      widget: '1',
    })
    // give a second submit every chance to happen
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
    })
    expect(action).toHaveBeenCalledTimes(1)
  })

  it('shows the pending button while the automatic submit runs', async () => {
    // React entangles every transition with a pending async action, so this one must be answered in the
    // end, or the later tests would never see their answers.
    const { action, finish } = pendingAction()
    await act(async () => {
      renderForm(action)
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    const busy = screen.getByRole('button', { name: 'Anmeldung läuft …' })
    expect(busy).toBeDisabled()
    expect(busy).toHaveAttribute('aria-busy', 'true')
    expect(screen.queryByRole('button', { name: 'Jetzt anmelden' })).not.toBeInTheDocument()
    await act(async () => {
      finish({ ok: true })
    })
    expect(await screen.findByRole('status')).toHaveTextContent('Sie sind angemeldet.')
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('waits for the button when autoSubmit is false', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    await act(async () => {
      renderForm(action, { autoSubmit: false })
    })
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
    })
    expect(action).not.toHaveBeenCalled()
    expect(button()).toBeEnabled()
    await act(async () => {
      fireEvent.click(button())
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries(action.mock.calls[0]![1])).toEqual({
      tenant: 'demo~en',
      token: 'tok-123',
      widget: '1',
    })
  })

  it('shows the catalogue text of an error and hides the button', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({
      error: 'TokenBereitsVerwendet',
    }))
    await act(async () => {
      renderForm(action)
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(de.Errors.TokenBereitsVerwendet)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(action).toHaveBeenCalledTimes(1)
  })

  it('shows the success text after an ok answer and hides the button', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({ ok: true }))
    await act(async () => {
      renderForm(action, { successText: 'Vielen Dank! Ihre Anmeldung zum Newsletter ist bestätigt.' })
    })
    expect((await screen.findByRole('status')).textContent).toBe(
      'Vielen Dank! Ihre Anmeldung zum Newsletter ist bestätigt.',
    )
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('keeps the button while the answer is neither ok nor an error', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    await act(async () => {
      renderForm(action)
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(button()).toBeEnabled())
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})
