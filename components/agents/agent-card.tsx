import type { ReactNode } from 'react'
import type { AgentListEntry } from '@/lib/contracts/agent'
import styles from './agents.module.css'

/**
 * One sales agent under a section's h2: photo, name (h3), postcode and town; `action` (a choose link) at the end. The photo is
 * decorative next to the written name.
 */
export function AgentCard({
  agent,
  action,
  children,
}: {
  agent: AgentListEntry
  action?: ReactNode
  children?: ReactNode
}) {
  return (
    <div className={styles.card}>
      {/* eslint-disable-next-line @next/next/no-img-element -- the main API's photo (a drawn SVG here) */}
      <img className={styles.photo} src={agent.Photo} alt="" width={96} height={96} loading="lazy" />
      <div>
        <h3 className={styles.name}>{agentName(agent)}</h3>
        <p className={styles.place}>{[agent.ZipCode, agent.City].filter(Boolean).join(' ')}</p>
        {children}
      </div>
      {action && <div className={styles.action}>{action}</div>}
    </div>
  )
}

/** "Jonas Becker" (or the last name alone where a main API sends no first name). */
export function agentName(agent: Pick<AgentListEntry, 'FirstName' | 'LastName'>): string {
  return `${agent.FirstName} ${agent.LastName}`.trim()
}
