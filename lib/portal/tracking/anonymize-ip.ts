/**
 * Shortens a client IP before it leaves the portal (Matomo's "anonymise IP" done at the source): IPv4
 * loses its last octet (1.2.3.4 → 1.2.3.0), IPv6 its last 80 bits (keeps the /48 prefix). Anything that
 * is not an address gives null.
 */
export function anonymizeIp(raw: string | null | undefined): string | null {
  if (!raw) return null
  let ip = raw.trim()
  // [v6]:port, v6 zone ids, v4:port
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip)
  if (bracketed) ip = bracketed[1]!
  ip = ip.replace(/%.*$/, '')
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(ip)
  if (v4WithPort) ip = v4WithPort[1]!
  const v4 = ipv4Octets(ip)
  if (v4) return `${v4[0]}.${v4[1]}.${v4[2]}.0`
  const groups = ipv6Groups(ip)
  if (!groups) return null
  // An IPv4 address in IPv6 form (::ffff:1.2.3.4) is an IPv4 client.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.0`
  }
  return formatIpv6([...groups.slice(0, 3), 0, 0, 0, 0, 0])
}

/** RFC 5952 text form: lower case, the longest run of two or more zero groups as "::". */
function formatIpv6(groups: number[]): string {
  let bestStart = -1
  let bestLength = 0
  for (let i = 0; i < groups.length;) {
    if (groups[i] !== 0) {
      i++
      continue
    }
    let j = i
    while (j < groups.length && groups[j] === 0) j++
    if (j - i > bestLength && j - i >= 2) {
      bestStart = i
      bestLength = j - i
    }
    i = j
  }
  const hex = groups.map((g) => g.toString(16))
  if (bestStart < 0) return hex.join(':')
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`
}

function ipv4Octets(ip: string): number[] | null {
  const parts = ip.split('.')
  if (parts.length !== 4) return null
  const octets = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN))
  return octets.every((o) => Number.isInteger(o) && o >= 0 && o <= 255) ? octets : null
}

/** The eight 16-bit groups of an IPv6 address (with :: and a dotted IPv4 tail), or null. */
function ipv6Groups(ip: string): number[] | null {
  if (!ip.includes(':') || !/^[0-9a-fA-F:.]+$/.test(ip)) return null
  let text = ip
  const tail: number[] = []
  const lastColon = text.lastIndexOf(':')
  const last = text.slice(lastColon + 1)
  if (last.includes('.')) {
    const v4 = ipv4Octets(last)
    if (!v4) return null
    tail.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!)
    // "::ffff:" → "::ffff", "1:2:3:4:5:6:" → "1:2:3:4:5:6"; a bare "::" stays.
    text = text.slice(0, lastColon + 1)
    if (!text.endsWith('::')) text = text.slice(0, -1)
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const parse = (part: string) => (part === '' ? [] : part.split(':'))
  const head = parse(halves[0]!)
  const rest = halves.length === 2 ? parse(halves[1]!) : []
  const want = 8 - tail.length
  if (halves.length === 1 && head.length !== want) return null
  if (halves.length === 2 && head.length + rest.length > want - 1) return null
  const fill = halves.length === 2 ? Array(want - head.length - rest.length).fill('0') : []
  const all = [...head, ...fill, ...rest]
  if (all.some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return null
  return [...all.map((g) => parseInt(g, 16)), ...tail]
}
