import { CATEGORY_PAGES } from '@/lib/routes/category-pages'
import { CATEGORY_ROUTE_SEGMENT } from '@/lib/routes/category-table.mjs'
import de from '@/messages/de.json'
import en from '@/messages/en.json'
import { BASE_URL } from '../support/test-server'

// The product-category pages of SPEC §2.3 are one route (app/[tenant]/kategorieseite/[key]) that
// next.config.mjs reaches from each page's own path; the route has no address of its own.

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${BASE_URL}${path}`, { redirect: 'manual', headers })
  return { status: response.status, location: response.headers.get('location'), html: await response.text() }
}

const titles = (messages: typeof de) => messages.CategoryPages as Record<string, { title: string }>
/** A text as it stands in the HTML. */
const html = (text: string) => text.replace(/&/g, '&amp;')

describe('the category route', () => {
  it('serves every category page at its own path with its own title', async () => {
    for (const page of CATEGORY_PAGES) {
      const answer = await get(`/demo/${page.path}`)
      expect([page.path, answer.status]).toEqual([page.path, 200])
      expect([page.path, answer.html.includes(`<title>${html(titles(de)[page.key]!.title)}`)]).toEqual([
        page.path,
        true,
      ])
    }
  })

  it('serves English and host-mapped addresses too, with the query kept', async () => {
    const english = await get('/demo/en/internet/hybrid')
    expect(english.status).toBe(200)
    expect(english.html).toContain(`<title>${html(titles(en).internetHybrid!.title)}`)
    const hosted = await get('/smartphones.html?tarifId=1', { 'X-Forwarded-Host': 'demo.localhost' })
    expect(hosted.status).toBe(200)
    expect(hosted.html).toContain(`<title>${html(titles(de).smartphones!.title)}`)
  })

  it('has no address of its own, and unknown pages below a category stay unknown', async () => {
    for (const path of [
      `/demo/${CATEGORY_ROUTE_SEGMENT}/internet`,
      `/demo/en/${CATEGORY_ROUTE_SEGMENT}/internet`,
      '/demo/internet/nichts',
      '/demo/smartphones',
    ]) {
      const answer = await get(path)
      expect([path, answer.status]).toEqual([path, 307])
      expect([path, answer.location]).toEqual([path, expect.stringMatching(/\/demo(\/en)?\/404$/)])
    }
  })
})
