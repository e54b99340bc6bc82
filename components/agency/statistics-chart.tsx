'use client'

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

export type ChartSeries = { key: 'Empfehlungen' | 'Leads' | 'Auftraege'; label: string; colour: string }
export type ChartMonth = { label: string; Empfehlungen: number; Leads: number; Auftraege: number }

/**
 * The overview's bars per month (recharts). Drawn for the eye only: the same numbers stand in the table
 * beside it, which is what assistive technology reads.
 */
export function StatisticsChart({ months, series }: { months: ChartMonth[]; series: ChartSeries[] }) {
  return (
    <div aria-hidden="true" style={{ width: '100%', height: 300 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={months}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} fontSize={12} />
          <YAxis allowDecimals={false} tickLine={false} fontSize={12} />
          <Tooltip cursor={{ fillOpacity: 0.08 }} />
          {/* In the bars' order (recharts would sort the names alphabetically). */}
          <Legend
            wrapperStyle={{ fontSize: 13 }}
            itemSorter={(item) => series.findIndex((s) => s.key === item.dataKey)}
          />
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.colour} radius={[3, 3, 0, 0]} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
