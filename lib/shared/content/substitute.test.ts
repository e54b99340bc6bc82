import { escapeHtml, substituteHtml, substitutePage, substituteText, substituteTexts } from './substitute'

const values = {
  Name: 'Lumenta Telekom',
  Hotline: '0800 5862 3368',
  'Email.Support': 'a@b.example',
  Tag: '<b>&',
}

describe('text variables', () => {
  it('fills in variables and the Client placeholders, with or without spaces', () => {
    expect(substituteText('{{Name}}: {{ Hotline }} oder {{Email.Support}}', values)).toBe(
      'Lumenta Telekom: 0800 5862 3368 oder a@b.example',
    )
  })

  it('leaves a placeholder without a value as written', () => {
    expect(substituteText('Bonus ab {{BonusAb}}', values)).toBe('Bonus ab {{BonusAb}}')
  })

  it('inserts values into HTML as text, never as markup', () => {
    expect(substituteHtml('<p>{{Tag}}</p>', values)).toBe('<p>&lt;b&gt;&amp;</p>')
    expect(substituteText('{{Tag}}', values)).toBe('<b>&')
    expect(escapeHtml(`"'`)).toBe('&quot;&#39;')
  })

  it('fills in every text of a page', () => {
    const page = substitutePage(
      {
        Id: 'p',
        Schluessel: 'agb',
        Titel: 'Bedingungen von {{Name}}',
        Einleitung: '<p>{{Hotline}}</p>',
        Stand: null,
        Inhalte: [{ Id: 's', Titel: '{{Name}}', Html: '{{Tag}}' }],
      },
      values,
    )
    expect(page).toEqual({
      Id: 'p',
      Schluessel: 'agb',
      Titel: 'Bedingungen von Lumenta Telekom',
      Einleitung: '<p>0800 5862 3368</p>',
      Stand: null,
      Inhalte: [{ Id: 's', Titel: 'Lumenta Telekom', Html: '&lt;b&gt;&amp;' }],
    })
  })

  it('fills in tenant texts as plain text', () => {
    expect(substituteTexts({ 'Footer.text': 'Hotline {{Hotline}}' }, values)).toEqual({
      'Footer.text': 'Hotline 0800 5862 3368',
    })
  })
})
