import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import de from '@/messages/de.json'
import { ConfirmAction } from './confirm-action'
import { ActiveToggle } from './active-toggle'

const plan = de.Agency.rewardPlan
const staff = de.Agency.staff
const CANCEL = de.Agency.confirm.cancel

const deleteTexts = {
  trigger: plan.delete,
  triggerLabel: plan.deleteLabel
    .replace('{target}', 'Lumenta Zuhause L')
    .replace('{period}', 'ab 01.03.2300'),
  cancel: CANCEL,
  question: plan.deleteQuestion.replace('{target}', 'Lumenta Zuhause L').replace('{period}', 'ab 01.03.2300'),
  confirm: plan.deleteConfirm,
}

/** The disclosure's button: a summary, named by its text (the row's name for assistive technology). */
const trigger = (container: HTMLElement) => container.querySelector('summary')!

describe('ConfirmAction', () => {
  it('asks before it runs: the answer is hidden until the row button opens the question', () => {
    const action = jest.fn(async () => {})
    const { container } = render(
      <ConfirmAction action={action} fields={{ tenant: 'demo', plan: 'p-1' }} texts={deleteTexts} />,
    )
    const details = container.querySelector('details')!
    expect(details).not.toHaveAttribute('open')
    expect(trigger(container)).toHaveTextContent('Prämienplan Lumenta Zuhause L, ab 01.03.2300 löschen')
    // The visible word is in the name (WCAG 2.5.3) and only once for a screen reader.
    expect(trigger(container).querySelector('[aria-hidden="true"]')).toHaveTextContent(/^Löschen$/)
    // A closed disclosure shows nothing but its button.
    expect(screen.getByRole('button', { name: 'Ja, löschen' })).not.toBeVisible()
    expect(action).not.toHaveBeenCalled()

    fireEvent.click(trigger(container))
    expect(details).toHaveAttribute('open')
    const confirm = screen.getByRole('button', { name: 'Ja, löschen' })
    expect(confirm).toBeVisible()
    expect(confirm).toHaveAccessibleDescription(
      'Prämienplan Lumenta Zuhause L, ab 01.03.2300 wirklich löschen? Das lässt sich nicht rückgängig machen.',
    )
    expect(confirm).toHaveClass('button--danger')
    // Open, the same button takes it back.
    expect(trigger(container)).toHaveTextContent(CANCEL)
    fireEvent.click(trigger(container))
    expect(details).not.toHaveAttribute('open')
    expect(confirm).not.toBeVisible()
    expect(action).not.toHaveBeenCalled()
  })

  it('posts the existing action with the row fields once confirmed', async () => {
    const action = jest.fn<Promise<void>, [FormData]>(async () => {})
    const { container } = render(
      <ConfirmAction action={action} fields={{ tenant: 'demo', plan: 'p-1' }} texts={deleteTexts} />,
    )
    fireEvent.click(trigger(container))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ja, löschen' }))
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries(action.mock.calls[0]![0])).toEqual({ tenant: 'demo', plan: 'p-1' })
  })

  it('shows a release as the primary answer', () => {
    const { container } = render(
      <ConfirmAction
        action={jest.fn(async () => {})}
        fields={{ tenant: 'demo' }}
        variant="primary"
        texts={{ ...deleteTexts, confirm: de.Agency.report.releaseConfirm }}
      />,
    )
    fireEvent.click(trigger(container))
    const confirm = screen.getByRole('button', { name: 'Ja, freigeben' })
    expect(confirm).toHaveClass('button')
    expect(confirm).not.toHaveClass('button--danger')
  })
})

describe('ActiveToggle', () => {
  const props = {
    tenantSegment: 'demo',
    id: 'e-1',
    confirm: {
      cancel: CANCEL,
      question: staff.deactivateQuestion.replace('{name}', 'Tim Vogel'),
      confirm: staff.deactivateConfirm,
    },
  }

  it('asks before deactivating, then posts aktiv=nein', async () => {
    const action = jest.fn<Promise<void>, [FormData]>(async () => {})
    const { container } = render(
      <ActiveToggle
        {...props}
        action={action}
        active
        text={staff.deactivate}
        label={staff.deactivateLabel.replace('{name}', 'Tim Vogel')}
      />,
    )
    expect(trigger(container)).toHaveTextContent('Tim Vogel deaktivieren')
    fireEvent.click(trigger(container))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ja, deaktivieren' }))
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries(action.mock.calls[0]![0])).toEqual({ tenant: 'demo', id: 'e-1', aktiv: 'nein' })
  })

  it('reactivates at once, without a question', async () => {
    const action = jest.fn<Promise<void>, [FormData]>(async () => {})
    const { container } = render(
      <ActiveToggle
        {...props}
        action={action}
        active={false}
        text={staff.reactivate}
        label={staff.reactivateLabel.replace('{name}', 'Tim Vogel')}
      />,
    )
    expect(container.querySelector('details')).toBeNull()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Tim Vogel wieder aktivieren' }))
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries(action.mock.calls[0]![0])).toEqual({ tenant: 'demo', id: 'e-1', aktiv: 'ja' })
  })
})
