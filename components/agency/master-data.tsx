import { Fragment, type ReactNode } from 'react'
import { getAgencyTranslations } from '@/lib/portal/agency-texts'
import type { AgencyMasterData } from '@/lib/contracts/agency'
import styles from './agency.module.css'

/** Stammdaten: the agency's master data as stored; the payout account masked. */
export async function MasterData({ data }: { data: AgencyMasterData }) {
  const t = await getAgencyTranslations('Agency.masterData')
  const address = [data.Strasse, [data.Plz, data.Ort].filter(Boolean).join(' ')].filter(Boolean)
  const rows: [string, ReactNode][] = [
    [t('name'), data.Name],
    [
      t('address'),
      address.length
        ? address.map((line) => (
            <span key={line} className={styles.line}>
              {line}
            </span>
          ))
        : t('none'),
    ],
    [t('email'), data.Email || t('none')],
    [t('phone'), data.Telefon || t('none')],
    [t('iban'), data.IbanMaskiert || t('none')],
  ]
  return (
    <section aria-labelledby="agency-view-title">
      <h1 id="agency-view-title">{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <dl className="data-list">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  )
}
