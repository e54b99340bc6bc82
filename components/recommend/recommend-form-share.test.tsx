import { screen } from '@testing-library/react'
import { exactText, renderForm } from './recommend-form-fixtures'

// Issue 19 finding 6: keeping the reward gave 90 €, giving it away 55 €, with no word why. The friend's
// part is capped (MaxEmpfaengerPraemieCent); where the cap cuts a share, the form says so.

const CAP = /^Ihr Freund kann höchstens 55\s€ Prämie erhalten\./

describe('RecommendForm share choice', () => {
  it("shows each side's amount and explains the cap where it lowers the friend's part", () => {
    renderForm({ rewardCents: 9000, maxRecipientCents: 5500 })
    expect(screen.getByText(exactText('90 € für Sie'))).toBeInTheDocument()
    expect(screen.getByText(exactText('je 45 € für Sie und Ihren Freund'))).toBeInTheDocument()
    expect(screen.getByText(exactText('55 € für Ihren Freund'))).toBeInTheDocument()
    expect(screen.getByText(CAP)).toBeInTheDocument()
  })

  it('says nothing about a cap that changes no amount', () => {
    renderForm({ rewardCents: 9000, maxRecipientCents: 5500, shares: [100, 50] })
    expect(screen.queryByText(/höchstens/)).not.toBeInTheDocument()
    renderForm({ rewardCents: 5000, maxRecipientCents: 5500 })
    expect(screen.queryByText(/höchstens/)).not.toBeInTheDocument()
  })

  it('is the #empfehlen-form target unless the page puts the target above the product', () => {
    renderForm({}, 'de')
    expect(document.getElementById('empfehlen-form')?.tagName).toBe('FORM')
  })

  it('leaves the target to the page when told so', () => {
    renderForm({ anchored: false })
    expect(document.getElementById('empfehlen-form')).toBeNull()
  })
})
