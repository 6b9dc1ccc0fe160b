/**
 * The market news a fresh installation starts with: twelve articles of the kind a broker's desk
 * writes every day, here in English, and complete in the other 14 languages under news/. Staff
 * replace them from the back office. Times are relative to the first start, so the list looks
 * current; pictures are the PNGs under assets/media/news/.
 */
import { p, type NewsPicture } from './news/article-text.ts';

export interface SeedArticle {
  /** Name of the picture, /media/news/<picture>.png; the translations are keyed by it. */
  picture: NewsPicture;
  /** Gradient and chart trend of the picture (scripts/draw-content-images.ts). */
  from: string;
  to: string;
  trend: number;
  hoursAgo: number;
  title: string;
  desc: string;
  content: string;
}

export const SEED_ARTICLES: readonly SeedArticle[] = [
  {
    picture: 'eurusd-ecb',
    from: '#1d3c78',
    to: '#0b1833',
    trend: 0.6,
    hoursAgo: 2,
    title: 'EUR/USD edges higher as investors weigh the next ECB move',
    desc: 'The euro climbed against the dollar after softer US data, while traders priced a steady hand from Frankfurt.',
    content:
      p(
        'The euro rose against the US dollar in European trading as a weaker-than-expected reading of US manufacturing activity pulled Treasury yields lower.',
        'Money markets now see little chance of a change in the European Central Bank deposit rate at its next meeting, and attention has turned to the wording of its statement on inflation.',
      ) +
      '<h3>What traders watch</h3><ul><li>Euro-area flash inflation at the end of the month</li><li>US weekly jobless claims on Thursday</li><li>Speeches by ECB board members</li></ul>' +
      p(
        'Technical analysts point to resistance near the recent highs; a daily close above it would open the way to the next round number, while support sits at the 50-day moving average.',
      ),
  },
  {
    picture: 'gold-record',
    from: '#7a5a12',
    to: '#2b1f05',
    trend: 0.9,
    hoursAgo: 7,
    title: 'Gold holds near record as central banks keep buying',
    desc: 'Bullion stayed close to its all-time high, supported by official-sector demand and a softer dollar.',
    content:
      p(
        'Gold traded within a narrow range just below its record, after central banks reported another month of net purchases.',
        '<strong>Why it matters:</strong> official buying has become a steady source of demand that does not react to short-term price moves, which has made dips shallower than in earlier cycles.',
      ) +
      '<blockquote>Demand from reserve managers has put a floor under the market.</blockquote>' +
      p(
        'Silver followed gold higher but remained more volatile, as industrial demand from solar panel makers competes with investment flows.',
        'Traders caution that positioning is stretched: a surprise in US inflation data could trigger profit taking.',
      ),
  },
  {
    picture: 'oil-opec',
    from: '#3a3a3a',
    to: '#121212',
    trend: -0.5,
    hoursAgo: 13,
    title: 'Oil slips as OPEC+ signals gradual return of supply',
    desc: 'Crude prices fell after the producer group confirmed it would add barrels back to the market over the coming months.',
    content:
      p(
        'Brent and WTI crude both declined after OPEC+ delegates said the group would continue to unwind voluntary production cuts in small monthly steps.',
        'Inventories in the United States rose for a second week, adding to the sense that the market is comfortably supplied for now.',
      ) +
      '<h3>Key levels</h3><ol><li>WTI support at the three-month low</li><li>Brent resistance at its 200-day moving average</li></ol>' +
      p(
        'Refining margins remain healthy, which should keep crude demand from refiners firm through the winter heating season.',
      ),
  },
  {
    picture: 'fed-minutes',
    from: '#284b3a',
    to: '#0d1c15',
    trend: -0.2,
    hoursAgo: 20,
    title: 'Fed minutes show officials in no hurry to cut further',
    desc: 'Policymakers agreed that inflation is easing but said they want more evidence before lowering rates again.',
    content:
      p(
        'Minutes of the Federal Reserve’s latest meeting showed broad agreement that policy is in a good place, with several officials warning against moving too quickly.',
        'The dollar firmed modestly after the release and two-year Treasury yields rose, as traders pushed back the expected timing of the next cut.',
      ) +
      '<h3>Market reaction</h3><ul><li>USD/JPY rose towards the top of its recent range</li><li>Gold dipped before recovering</li><li>US index futures were little changed</li></ul>' +
      p(
        'The next consumer price report is now the main event for rate expectations; a soft reading would revive bets on a move early next year.',
      ),
  },
  {
    picture: 'btc-etf',
    from: '#8a4a0f',
    to: '#2a1503',
    trend: 1,
    hoursAgo: 27,
    title: 'Bitcoin rallies as spot ETF inflows accelerate',
    desc: 'The largest cryptocurrency gained as exchange-traded funds recorded their strongest week of inflows in months.',
    content:
      p(
        'Bitcoin climbed for a third straight session, helped by steady buying through spot exchange-traded funds listed in the United States.',
        'Ether and other large tokens followed, although trading volumes on crypto exchanges remained below their spring peaks.',
      ) +
      '<h3>Risks</h3><ul><li>Leveraged long positions in perpetual futures have grown quickly</li><li>Weekend liquidity is thin, so moves can be abrupt</li></ul>' +
      p(
        'Crypto prices move around the clock and can gap sharply. Use stop losses and trade sizes you can afford to lose.',
      ),
  },
  {
    picture: 'indices-earnings',
    from: '#2d2466',
    to: '#100c26',
    trend: 0.4,
    hoursAgo: 34,
    title: 'Wall Street indices rise on strong tech earnings',
    desc: 'The Nasdaq 100 led gains after results from large chipmakers beat expectations.',
    content:
      p(
        'US stock indices advanced, with technology shares leading after two of the largest semiconductor companies reported revenue above forecasts and raised guidance.',
        'The S&amp;P 500 gained for the fourth session in five, while the Dow Jones Industrial Average lagged as defensive sectors were sold.',
      ) +
      '<blockquote>Demand for data-centre chips shows no sign of slowing.</blockquote>' +
      p(
        'Volatility remains low by historical standards; analysts note that low volatility can turn quickly when earnings or data disappoint.',
      ),
  },
  {
    picture: 'usdjpy-boj',
    from: '#7a1d2e',
    to: '#2a0710',
    trend: -0.7,
    hoursAgo: 45,
    title: 'Yen strengthens on talk of a Bank of Japan rate rise',
    desc: 'USD/JPY fell sharply after comments from a Bank of Japan official raised expectations of tighter policy.',
    content:
      p(
        'The Japanese yen jumped against the dollar after a Bank of Japan board member said conditions for another rate increase were falling into place.',
        'Japanese government bond yields rose to multi-year highs, narrowing the gap with US yields that had weighed on the yen for much of the year.',
      ) +
      '<h3>Watch list</h3><ul><li>Tokyo consumer prices on Friday</li><li>Wage negotiations in the spring</li><li>Statements from the Ministry of Finance on currency moves</li></ul>',
  },
  {
    picture: 'gbpusd-inflation',
    from: '#1f4f6b',
    to: '#081c27',
    trend: 0.3,
    hoursAgo: 58,
    title: 'Pound firm after UK inflation surprises to the upside',
    desc: 'GBP/USD rose as services inflation in the UK stayed stubbornly high, reducing the odds of a quick Bank of England cut.',
    content: p(
      'Sterling gained after official data showed consumer price inflation in the United Kingdom rose more than economists expected, driven by services.',
      'Markets trimmed bets on a Bank of England rate cut at its next meeting, lifting short-dated gilt yields.',
      'Cable now faces resistance at the recent swing high; a break would put the year’s peak in sight.',
    ),
  },
  {
    picture: 'silver-industrial',
    from: '#596273',
    to: '#1c2028',
    trend: 0.5,
    hoursAgo: 70,
    title: 'Silver outperforms gold on industrial demand',
    desc: 'The grey metal gained more than gold as solar and electronics makers added to purchases.',
    content:
      p(
        'Silver rose faster than gold this week, narrowing the gold-to-silver ratio, as industrial buyers stepped up purchases.',
        'Solar panel production continues to absorb a growing share of mined supply, and some analysts expect a market deficit for another year.',
      ) +
      '<ul><li>Silver is more volatile than gold: daily moves of 3% are common</li><li>Industrial demand makes it sensitive to growth data</li></ul>',
  },
  {
    picture: 'audusd-china',
    from: '#1c5c4d',
    to: '#06201a',
    trend: -0.4,
    hoursAgo: 83,
    title: 'Australian dollar slips as China data disappoints',
    desc: 'AUD/USD fell after weaker Chinese retail sales and industrial production weighed on commodity currencies.',
    content: p(
      'The Australian dollar fell against the US dollar after figures from China showed retail sales and industrial output growing more slowly than forecast.',
      'Iron ore prices also eased, adding pressure on the currency of one of the largest exporters of the steel-making ingredient.',
      'The Reserve Bank of Australia meets next month; markets expect rates to remain on hold.',
    ),
  },
  {
    picture: 'dax-record',
    from: '#4d4d1f',
    to: '#1a1a07',
    trend: 0.8,
    hoursAgo: 96,
    title: 'DAX reaches a record as European shares extend gains',
    desc: 'Germany’s benchmark index hit an all-time high, led by industrials and banks.',
    content:
      p(
        'The DAX climbed to a record close as investors bet that lower energy prices and steady interest rates will support a recovery in German manufacturing.',
        'Banks gained on higher net interest income, while carmakers were mixed ahead of new trade talks.',
      ) +
      '<h3>Levels</h3><ul><li>Support at the previous record, now a floor</li><li>Momentum indicators near overbought</li></ul>',
  },
  {
    picture: 'natgas-winter',
    from: '#1f3f7a',
    to: '#0a1530',
    trend: 0.2,
    hoursAgo: 110,
    title: 'Natural gas volatile ahead of the winter heating season',
    desc: 'Prices swung in both directions as weather forecasts shifted and storage levels stayed high.',
    content:
      p(
        'Natural gas futures moved sharply in both directions this week as forecasts for early winter temperatures changed from day to day.',
        'Storage in Europe and the United States is above its five-year average, which limits the upside unless a prolonged cold spell arrives.',
      ) +
      '<p><em>Risk note:</em> energy contracts can move several percent in minutes around weather updates and inventory reports. Size positions with care.</p>',
  },
];

export const NEWS_PICTURES = SEED_ARTICLES.map((a) => ({
  name: a.picture,
  from: a.from,
  to: a.to,
  trend: a.trend,
}));
