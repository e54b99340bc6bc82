import { LUMENTA } from './brands'
import { type FestnetzGroup, company, festnetz, festnetzGroup, line, row, tv, web } from './builders/festnetz'
import {
  ALLNET,
  articles,
  CHANNELS_100,
  FIBRE,
  FIBRE_TV,
  FOOTBALL,
  HIGHLIGHTS,
  HOCKEY,
  HOCKEY_BASKETBALL,
  HYBRID,
  HYBRID_SAT,
  HYBRID_TV,
  IPTV,
  MONTHLY_CANCEL,
  pages,
  PAYMENT,
  ROUTER,
  SAT,
  screens,
  SERVICE_HOTLINE,
  SETUP_MESH,
  SETUP_ROUTER,
  SETUP_SMART_HOME,
  SSL,
  storage,
  UHD,
  UNDER_28,
  visits,
  WECHSEL,
  WINTER,
} from './descriptions'
import { BUSINESS, BUSINESS_TOP, FIBRE_REWARD, FIBRE_TOP, FIXED, SERVICE, SPORT } from './reward-amounts'
import type { Draft } from './types'

/**
 * Lumenta Telekom (`demo`), its fixed-line products: internet, glass fibre, young, service, TV, sport and
 * business, a product for every §2.3 category page of these.
 */
export function lumentaFixedLine(): Draft[] {
  const b = LUMENTA
  const fixed = (kategorie: string, gruppe: string, extra: Partial<FestnetzGroup> = {}) =>
    festnetzGroup('festnetz', kategorie, gruppe, extra)
  const tvGroup = (kategorie: string, extra: Partial<FestnetzGroup> = {}) =>
    festnetzGroup('tv', kategorie, 'TV', { art: 'TP', fussnote: 'fn-tv-hd', ...extra })
  const business = (kategorie: string, extra: Partial<FestnetzGroup> = {}) =>
    festnetzGroup('business', kategorie, 'Business', {
      fussnote: 'fn-business-netto',
      einmalig: 0,
      reward: BUSINESS,
      ...extra,
    })

  return [
    ...festnetz(b, fixed('internet', 'Internet'), [
      line(461, 'DSL-16', 'S', ['Zuhause S', 'Home S'], [16, 2.4], 2995, ROUTER),
      line(462, 'DSL-50', 'M', ['Zuhause M', 'Home M'], [50, 10], 3495, ROUTER),
      line(463, 'DSL-100', 'L', ['Zuhause L', 'Home L'], [100, 40], 3995, ROUTER, { aktion: WINTER }),
      line(464, 'DSL-250', 'XL', ['Zuhause XL', 'Home XL'], [250, 40], 4995, ROUTER),
      // Legacy tariffs: present in the data, filtered out of every product API result (SPEC §7.7).
      line(
        639,
        'DSL-ALT-16',
        'S',
        ['Zuhause Start (Bestandstarif)', 'Home Start (legacy)'],
        [16, 1],
        2495,
        ROUTER,
      ),
      line(
        640,
        'DSL-ALT-50',
        'M',
        ['Zuhause Plus (Bestandstarif)', 'Home Plus (legacy)'],
        [50, 10],
        3295,
        ROUTER,
      ),
    ]),
    ...festnetz(b, fixed('hybrid', 'Internet', { hybrid: true }), [
      line(1021, 'HYB-100', 'M', ['Zuhause Hybrid M', 'Home Hybrid M'], [100, 40], 3995, HYBRID),
      line(1022, 'HYB-250', 'L', ['Zuhause Hybrid L', 'Home Hybrid L'], [250, 40], 4495, HYBRID),
      line(1023, 'HYB-300', 'XL', ['Zuhause Hybrid XL', 'Home Hybrid XL'], [300, 50], 5495, HYBRID),
    ]),
    ...festnetz(
      b,
      fixed('glasfaser', 'Glasfaser', { fussnote: 'fn-glasfaser-ausbau', einmalig: 0, reward: FIBRE_TOP }),
      [
        line(1997, 'GF-150', 'S', ['Glasfaser 150', 'Fibre 150'], [150, 50], 3995, FIBRE, {
          reward: FIBRE_REWARD,
        }),
        line(1998, 'GF-300', 'M', ['Glasfaser 300', 'Fibre 300'], [300, 100], 4495, FIBRE, {
          aktion: WINTER,
        }),
        line(1999, 'GF-600', 'L', ['Glasfaser 600', 'Fibre 600'], [600, 200], 5495, FIBRE),
        line(2000, 'GF-1000', 'XL', ['Glasfaser 1000', 'Fibre 1000'], [1000, 200], 6995, FIBRE),
      ],
    ),
    ...festnetz(b, fixed('young', 'Young', { young: true, fussnote: 'fn-young-28' }), [
      line(1101, 'YNG-50', 'M', ['Zuhause Young M', 'Home Young M'], [50, 10], 2495, UNDER_28),
      line(1102, 'YNG-100', 'L', ['Zuhause Young L', 'Home Young L'], [100, 40], 2995, UNDER_28),
      line(1103, 'YNG-250', 'XL', ['Zuhause Young XL', 'Home Young XL'], [250, 40], 3995, UNDER_28),
    ]),
    ...festnetz(
      b,
      fixed('young-speed', 'Young', {
        young: true,
        fussnote: 'fn-young-28',
        einmalig: 0,
        reward: FIBRE_REWARD,
      }),
      [
        line(1111, 'YNG-GF-300', 'M', 'Young Speed 300', [300, 100], 3495, UNDER_28),
        line(1112, 'YNG-GF-600', 'L', 'Young Speed 600', [600, 200], 3995, UNDER_28),
        line(1113, 'YNG-GF-1000', 'XL', 'Young Speed 1000', [1000, 200], 4995, UNDER_28, { aktion: WECHSEL }),
      ],
    ),
    ...festnetz(b, fixed('young-hybrid', 'Young', { young: true, hybrid: true, fussnote: 'fn-young-28' }), [
      line(1121, 'YNG-HYB-100', 'M', 'Young Hybrid M', [100, 40], 2995, HYBRID),
      line(1122, 'YNG-HYB-250', 'L', 'Young Hybrid L', [250, 40], 3495, HYBRID),
      line(1123, 'YNG-HYB-300', 'XL', 'Young Hybrid XL', [300, 50], 4495, HYBRID),
    ]),
    ...festnetz(
      b,
      festnetzGroup('service', 'digital-home-service', 'Service', {
        fussnote: null,
        einmalig: 0,
        reward: SERVICE,
      }),
      [
        row(1131, 'DHS-S', 'S', 'Digital Home Service S', 495, [
          SETUP_ROUTER,
          SERVICE_HOTLINE,
          visits(1),
          MONTHLY_CANCEL,
        ]),
        row(1132, 'DHS-M', 'M', 'Digital Home Service M', 995, [
          SETUP_SMART_HOME,
          SERVICE_HOTLINE,
          visits(2),
          MONTHLY_CANCEL,
        ]),
        row(
          1133,
          'DHS-L',
          'L',
          'Digital Home Service L',
          1495,
          [SETUP_MESH, SERVICE_HOTLINE, visits(4), MONTHLY_CANCEL],
          { einmalig: 4995 },
        ),
      ],
    ),
    ...festnetz(b, tvGroup('tv'), [
      tv(469, 'TV-M', 'M', ['Zuhause TV M', 'Home TV M'], 100, IPTV, 50, 4495),
      tv(1141, 'TV-L', 'L', ['Zuhause TV L', 'Home TV L'], 150, IPTV, 100, 4995, { aktion: WINTER }),
      tv(1142, 'TV-XL', 'XL', ['Zuhause TV XL', 'Home TV XL'], 180, IPTV, 250, 5995),
    ]),
    ...festnetz(b, tvGroup('satellit'), [
      tv(1200, 'SAT-M', 'M', ['TV Satellit M', 'TV Satellite M'], 100, SAT, 50, 3995),
      tv(1201, 'SAT-L', 'L', ['TV Satellit L', 'TV Satellite L'], 150, SAT, 100, 4495),
      tv(1202, 'SAT-XL', 'XL', ['TV Satellit XL', 'TV Satellite XL'], 180, SAT, 250, 5495),
    ]),
    ...festnetz(b, tvGroup('hybrid-satellit', { hybrid: true }), [
      tv(1207, 'HSAT-M', 'M', ['TV Hybrid Satellit M', 'TV Hybrid Satellite M'], 100, HYBRID_SAT, 100, 4495),
      tv(1208, 'HSAT-L', 'L', ['TV Hybrid Satellit L', 'TV Hybrid Satellite L'], 150, HYBRID_SAT, 250, 4995),
      tv(
        1209,
        'HSAT-XL',
        'XL',
        ['TV Hybrid Satellit XL', 'TV Hybrid Satellite XL'],
        180,
        HYBRID_SAT,
        300,
        5995,
      ),
    ]),
    ...festnetz(b, tvGroup('hybrid', { hybrid: true }), [
      tv(544, 'HTV-M', 'M', 'TV Hybrid M', 100, HYBRID_TV, 100, 4695),
      tv(545, 'HTV-L', 'L', 'TV Hybrid L', 150, HYBRID_TV, 250, 5195),
      tv(546, 'HTV-XL', 'XL', 'TV Hybrid XL', 180, HYBRID_TV, 300, 6195),
    ]),
    ...festnetz(b, tvGroup('glasfaser', { einmalig: 0, reward: FIBRE_REWARD }), [
      tv(2001, 'GFTV-300', 'M', ['TV Glasfaser 300', 'TV Fibre 300'], 100, FIBRE_TV, 300, 5495),
      tv(2002, 'GFTV-600', 'L', ['TV Glasfaser 600', 'TV Fibre 600'], 150, FIBRE_TV, 600, 6495, {
        reward: FIBRE_TOP,
      }),
      tv(2003, 'GFTV-1000', 'XL', ['TV Glasfaser 1000', 'TV Fibre 1000'], 180, FIBRE_TV, 1000, 7995, {
        reward: FIBRE_TOP,
      }),
    ]),
    ...festnetz(
      b,
      festnetzGroup('sport', 'sport', 'Sport', { fussnote: 'fn-sport-12', einmalig: 0, reward: SPORT }),
      [
        row(1258, 'SPORT-L', 'L', ['Sport Komplett', 'Sport Complete'], 1495, [
          FOOTBALL,
          HOCKEY_BASKETBALL,
          screens(2),
          MONTHLY_CANCEL,
        ]),
        row(
          1259,
          'SPORT-XL',
          'XL',
          ['Sport Komplett + TV', 'Sport Complete + TV'],
          2495,
          [FOOTBALL, CHANNELS_100, screens(4), UHD],
          { reward: [11000, 11000] },
        ),
        row(
          1260,
          'SPORT-S',
          'S',
          ['Sport Basis', 'Sport Basic'],
          995,
          [HOCKEY, HIGHLIGHTS, screens(1), MONTHLY_CANCEL],
          { reward: FIXED },
        ),
      ],
    ),
    ...festnetz(b, fixed('internet-telefon', 'Internet'), [
      line(1151, 'IT-50', 'M', ['Internet & Telefon M', 'Internet & Phone M'], [50, 10], 3995, ALLNET),
      line(1152, 'IT-100', 'L', ['Internet & Telefon L', 'Internet & Phone L'], [100, 40], 4495, ALLNET),
      line(1153, 'IT-250', 'XL', ['Internet & Telefon XL', 'Internet & Phone XL'], [250, 40], 5495, ALLNET, {
        aktion: WECHSEL,
      }),
    ]),
    ...festnetz(b, business('homepage-und-shop'), [
      web(1301, 'BIZ-HPS-S', 'S', 'Homepage & Shop Start', articles(50), 1, 5, pages(10), 1495),
      web(1302, 'BIZ-HPS-M', 'M', 'Homepage & Shop Plus', articles(500), 2, 20, pages(50), 2495),
      web(1303, 'BIZ-HPS-L', 'L', 'Homepage & Shop Premium', articles(5000), 5, 100, pages(200), 3995, {
        reward: BUSINESS_TOP,
      }),
    ]),
    ...festnetz(b, business('webseite'), [
      web(1311, 'BIZ-WEB-S', 'S', ['Webseite Basic', 'Website Basic'], pages(5), 1, 5, SSL, 695),
      web(1312, 'BIZ-WEB-M', 'M', ['Webseite Plus', 'Website Plus'], pages(25), 1, 10, SSL, 1295),
      web(1313, 'BIZ-WEB-L', 'L', ['Webseite Pro', 'Website Pro'], pages(100), 3, 50, SSL, 1995),
    ]),
    ...festnetz(b, business('webshop'), [
      web(1321, 'BIZ-SHOP-S', 'S', ['Webshop Start', 'Web Shop Start'], articles(100), 1, 5, PAYMENT, 1995),
      web(1322, 'BIZ-SHOP-M', 'M', ['Webshop Plus', 'Web Shop Plus'], articles(1000), 2, 20, PAYMENT, 2995),
      web(
        1323,
        'BIZ-SHOP-L',
        'L',
        ['Webshop Premium', 'Web Shop Premium'],
        articles(10000),
        5,
        100,
        PAYMENT,
        4995,
        { reward: BUSINESS_TOP },
      ),
    ]),
    ...festnetz(b, business('webhosting'), [
      web(1331, 'BIZ-HOST-S', 'S', ['Webhosting S', 'Web Hosting S'], storage(25), 1, 10, SSL, 495),
      web(1332, 'BIZ-HOST-M', 'M', ['Webhosting M', 'Web Hosting M'], storage(100), 3, 50, SSL, 995),
      web(1333, 'BIZ-HOST-L', 'L', ['Webhosting L', 'Web Hosting L'], storage(500), 10, 250, SSL, 1995),
    ]),
    ...festnetz(b, business('company-start'), [
      company(1345, 'BIZ-CS-100', 'M', 'Company Start M', [100, 40], 24, 3995),
      company(1346, 'BIZ-CS-50', 'S', 'Company Start S', [50, 10], 24, 3495),
      {
        ...company(1347, 'BIZ-CS-250', 'L', 'Company Start L', [250, 40], 24, 4995),
        aktion: WINTER,
      },
    ]),
    ...festnetz(b, business('company-pro', { reward: BUSINESS_TOP }), [
      company(1351, 'BIZ-CP-250', 'L', 'Company Pro L', [250, 40], 8, 6995),
      company(1352, 'BIZ-CP-500', 'XL', 'Company Pro XL', [500, 200], 8, 8995),
      company(
        1353,
        'BIZ-CP-1000',
        'XL',
        ['Company Pro Glasfaser', 'Company Pro Fibre'],
        [1000, 500],
        4,
        11995,
      ),
    ]),
  ]
}
