/**
 * Titles and summaries of the seeded articles in some other languages, keyed by picture name.
 * The article body stays in English there: a reader of another language sees a translated title
 * and summary and the English text, which is the fallback every translation has.
 */
import type { Language } from '@omp/protocol';

export type SeedTranslations = Partial<Record<Language, { title: string; desc: string }>>;

export const NEWS_TRANSLATIONS: Readonly<Record<string, SeedTranslations>> = {
  'eurusd-ecb': {
    hk: {
      title: '歐元兌美元走高，投資者權衡歐洲央行下一步',
      desc: '美國數據疲軟後歐元兌美元上升，交易員預期法蘭克福方面按兵不動。',
    },
    fr: {
      title: "L'EUR/USD progresse, les investisseurs pèsent la prochaine décision de la BCE",
      desc: 'L’euro monte face au dollar après des données américaines plus faibles.',
    },
    de: {
      title: 'EUR/USD steigt, Anleger wägen den nächsten EZB-Schritt ab',
      desc: 'Der Euro legt nach schwächeren US-Daten gegenüber dem Dollar zu.',
    },
    spa: {
      title: 'El EUR/USD sube mientras los inversores sopesan el próximo paso del BCE',
      desc: 'El euro avanza frente al dólar tras datos más débiles en EE. UU.',
    },
  },
  'gold-record': {
    hk: { title: '央行持續買入，黃金徘徊在紀錄高位附近', desc: '官方需求及美元走軟支持金價貼近歷史高位。' },
    fr: {
      title: "L'or reste proche de son record, les banques centrales achètent toujours",
      desc: 'Le métal jaune se maintient près de son plus haut historique.',
    },
    de: {
      title: 'Gold nahe Rekordhoch, Notenbanken kaufen weiter',
      desc: 'Das Edelmetall bleibt dank Käufen der Zentralbanken nahe seinem Allzeithoch.',
    },
    spa: {
      title: 'El oro se mantiene cerca de su récord por las compras de los bancos centrales',
      desc: 'El metal sigue próximo a su máximo histórico.',
    },
  },
  'oil-opec': {
    hk: {
      title: 'OPEC+ 表示將逐步恢復供應，油價回落',
      desc: '產油國組織確認未來數月將增加供應後，原油價格下跌。',
    },
    fr: {
      title: "Le pétrole recule, l'OPEP+ prévoit un retour progressif de l'offre",
      desc: 'Le Brent et le WTI baissent après les annonces du cartel.',
    },
    de: {
      title: 'Öl gibt nach: OPEC+ bringt schrittweise mehr Angebot zurück',
      desc: 'Brent und WTI fallen nach Aussagen der Förderländer.',
    },
    spa: {
      title: 'El petróleo cae ante el regreso gradual de la oferta de la OPEP+',
      desc: 'El Brent y el WTI retroceden tras el anuncio del grupo.',
    },
  },
  'fed-minutes': {
    hk: {
      title: '聯儲局會議紀要：官員不急於進一步減息',
      desc: '決策者認同通脹放緩，但希望在再次減息前看到更多證據。',
    },
    fr: {
      title: 'Les minutes de la Fed : pas de hâte pour une nouvelle baisse',
      desc: 'Les responsables veulent davantage de preuves avant de baisser les taux.',
    },
    de: {
      title: 'Fed-Protokoll: Keine Eile bei weiteren Zinssenkungen',
      desc: 'Die Notenbanker wollen mehr Belege sehen, bevor sie die Zinsen erneut senken.',
    },
    spa: {
      title: 'Las actas de la Fed muestran que no hay prisa por recortar',
      desc: 'Los responsables quieren más pruebas antes de bajar de nuevo los tipos.',
    },
  },
  'btc-etf': {
    hk: { title: '現貨 ETF 資金流入加快，比特幣上漲', desc: '交易所買賣基金錄得數月來最強的一週資金流入。' },
    fr: {
      title: 'Le bitcoin grimpe grâce aux flux vers les ETF au comptant',
      desc: 'Les ETF enregistrent leur meilleure semaine depuis des mois.',
    },
    de: {
      title: 'Bitcoin steigt dank stärkerer Zuflüsse in Spot-ETFs',
      desc: 'Die börsengehandelten Fonds verzeichnen die stärkste Woche seit Monaten.',
    },
    spa: {
      title: 'El bitcoin sube con la aceleración de entradas en ETF al contado',
      desc: 'Los ETF registran su mejor semana de entradas en meses.',
    },
  },
  'indices-earnings': {
    hk: { title: '科技業績強勁，美股指數上升', desc: '大型晶片商業績勝預期，納斯達克100指數領漲。' },
    fr: {
      title: 'Wall Street progresse grâce aux résultats de la tech',
      desc: 'Le Nasdaq 100 mène la hausse après de bons résultats des fabricants de puces.',
    },
    de: {
      title: 'US-Indizes steigen nach starken Tech-Zahlen',
      desc: 'Der Nasdaq 100 führt nach überraschend guten Chip-Ergebnissen.',
    },
    spa: {
      title: 'Wall Street sube por los sólidos resultados tecnológicos',
      desc: 'El Nasdaq 100 lidera tras las cifras de los fabricantes de chips.',
    },
  },
  'usdjpy-boj': {
    hk: { title: '日本央行加息預期升溫，日圓走強', desc: '日本央行官員發言後，美元兌日圓大幅下跌。' },
  },
  'gbpusd-inflation': {
    hk: { title: '英國通脹高於預期，英鎊走穩', desc: '服務業通脹居高不下，英倫銀行迅速減息的機會降低。' },
  },
  'silver-industrial': {
    hk: { title: '工業需求帶動，白銀表現優於黃金', desc: '太陽能及電子製造商增加採購，白銀升幅大於黃金。' },
  },
  'audusd-china': {
    hk: { title: '中國數據遜預期，澳元下滑', desc: '中國零售及工業生產數據疲弱，拖累商品貨幣。' },
  },
  'dax-record': {
    hk: { title: '歐股續升，德國DAX指數創新高', desc: '工業股及銀行股帶動德國基準指數創歷史新高。' },
  },
  'natgas-winter': {
    hk: { title: '冬季供暖季前，天然氣價格波動', desc: '天氣預報變化及庫存高企，令價格雙向波動。' },
  },
};
