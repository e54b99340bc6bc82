import type { Metadata } from 'next'
import de from '@/messages/de.json'

// A static prerendered page: a liveness check for load balancers and the benchmark's baseline.
export const dynamic = 'force-static'
export const metadata: Metadata = { title: de.Status.Page.title }

export default function StatusPage() {
  return (
    <main id="main">
      <div className="container">
        <h1>{de.Status.Page.title}</h1>
        <p>{de.Status.Page.ok}</p>
      </div>
    </main>
  )
}
