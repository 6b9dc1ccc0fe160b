/** The seeded articles in Italian. */
import { h3, ol, p, quote, ul, type LanguageNews } from './article-text.ts';

export const it: LanguageNews = {
  'eurusd-ecb': {
    title: 'L’EUR/USD sale mentre gli investitori valutano la prossima mossa della BCE',
    desc: 'L’euro è salito sul dollaro dopo dati statunitensi più deboli, mentre gli operatori scontano una linea prudente da Francoforte.',
    content:
      p(
        'L’euro si è rafforzato sul dollaro statunitense nelle contrattazioni europee, dopo che un dato sull’attività manifatturiera negli Stati Uniti peggiore delle attese ha spinto al ribasso i rendimenti dei Treasury.',
        'I mercati monetari vedono ormai poche probabilità di una modifica del tasso sui depositi della Banca centrale europea alla prossima riunione, e l’attenzione si è spostata sulla formulazione del comunicato sull’inflazione.',
      ) +
      h3('Cosa osservano gli operatori') +
      ul(
        'L’inflazione preliminare dell’Eurozona a fine mese',
        'Le richieste settimanali di sussidi di disoccupazione negli Stati Uniti di giovedì',
        'Gli interventi dei membri del Comitato esecutivo della BCE',
      ) +
      p(
        'Gli analisti tecnici indicano una resistenza vicino ai massimi recenti; una chiusura giornaliera al di sopra aprirebbe la strada verso la prossima cifra tonda, mentre il supporto si trova sulla media mobile a 50 giorni.',
      ),
  },
  'gold-record': {
    title: 'L’oro resta vicino al record, le banche centrali continuano a comprare',
    desc: 'Il metallo giallo è rimasto vicino ai massimi storici, sostenuto dalla domanda del settore ufficiale e da un dollaro più debole.',
    content:
      p(
        'L’oro si è mosso in un intervallo ristretto appena sotto il record, dopo che le banche centrali hanno segnalato un altro mese di acquisti netti.',
        '<strong>Perché conta:</strong> gli acquisti ufficiali sono diventati una fonte di domanda costante che non reagisce ai movimenti di prezzo di breve periodo, rendendo i ribassi meno profondi rispetto ai cicli precedenti.',
      ) +
      quote('La domanda dei gestori delle riserve ha messo un pavimento sotto il mercato.') +
      p(
        'L’argento ha seguito l’oro al rialzo ma è rimasto più volatile, poiché la domanda industriale dei produttori di pannelli solari compete con i flussi d’investimento.',
        'Gli operatori invitano alla cautela perché il posizionamento è molto esteso: una sorpresa nei dati sull’inflazione statunitense potrebbe innescare prese di profitto.',
      ),
  },
  'oil-opec': {
    title: 'Il petrolio cede mentre l’OPEC+ segnala un ritorno graduale dell’offerta',
    desc: 'I prezzi del greggio sono scesi dopo che il gruppo dei produttori ha confermato che rimetterà barili sul mercato nei prossimi mesi.',
    content:
      p(
        'Brent e WTI sono entrambi scesi dopo che i delegati dell’OPEC+ hanno dichiarato che il gruppo continuerà a ridurre i tagli volontari alla produzione con piccoli passi mensili.',
        'Le scorte negli Stati Uniti sono aumentate per la seconda settimana consecutiva, rafforzando l’impressione che il mercato sia per ora ben rifornito.',
      ) +
      h3('Livelli chiave') +
      ol('Supporto del WTI sul minimo a tre mesi', 'Resistenza del Brent sulla media mobile a 200 giorni') +
      p(
        'I margini di raffinazione restano solidi, il che dovrebbe mantenere stabile la domanda di greggio delle raffinerie per tutta la stagione invernale del riscaldamento.',
      ),
  },
  'fed-minutes': {
    title: 'I verbali della Fed mostrano funzionari senza fretta di tagliare ancora',
    desc: 'I responsabili della politica monetaria concordano sul rallentamento dell’inflazione, ma vogliono più conferme prima di abbassare di nuovo i tassi.',
    content:
      p(
        'I verbali dell’ultima riunione della Federal Reserve hanno mostrato un ampio consenso sul fatto che la politica monetaria sia ben calibrata, con diversi funzionari che mettono in guardia dal muoversi troppo in fretta.',
        'Il dollaro si è leggermente rafforzato dopo la pubblicazione e i rendimenti dei Treasury a due anni sono saliti, mentre gli operatori hanno rinviato i tempi attesi del prossimo taglio.',
      ) +
      h3('Reazione dei mercati') +
      ul(
        'L’USD/JPY è salito verso la parte alta del suo intervallo recente',
        'L’oro è sceso prima di recuperare',
        'I future sugli indici statunitensi sono rimasti pressoché invariati',
      ) +
      p(
        'Il prossimo rapporto sui prezzi al consumo è ora l’evento principale per le attese sui tassi; un dato debole riaccenderebbe le scommesse su una mossa all’inizio del prossimo anno.',
      ),
  },
  'btc-etf': {
    title: 'Il bitcoin corre mentre accelerano gli afflussi negli ETF spot',
    desc: 'La principale criptovaluta è salita mentre i fondi quotati registravano la settimana di afflussi più forte da mesi.',
    content:
      p(
        'Il bitcoin è salito per la terza seduta consecutiva, sostenuto da acquisti costanti tramite gli ETF spot quotati negli Stati Uniti.',
        'Ether e gli altri grandi token hanno seguito, anche se i volumi di scambio sulle piattaforme crypto sono rimasti sotto i picchi primaverili.',
      ) +
      h3('Rischi') +
      ul(
        'Le posizioni long con leva sui future perpetui sono cresciute rapidamente',
        'Nel fine settimana la liquidità è scarsa, quindi i movimenti possono essere bruschi',
      ) +
      p(
        'I prezzi delle criptovalute si muovono 24 ore su 24 e possono aprire gap improvvisi. Usate stop loss e dimensioni di posizione che potete permettervi di perdere.',
      ),
  },
  'indices-earnings': {
    title: 'Gli indici di Wall Street salgono grazie alle solide trimestrali tech',
    desc: 'Il Nasdaq 100 ha guidato i rialzi dopo che i risultati dei grandi produttori di chip hanno superato le attese.',
    content:
      p(
        'Gli indici azionari statunitensi sono saliti, trainati dai titoli tecnologici, dopo che due dei maggiori gruppi di semiconduttori hanno riportato ricavi superiori alle stime e alzato le previsioni.',
        'L’S&amp;P 500 è salito per la quarta seduta su cinque, mentre il Dow Jones Industrial Average è rimasto indietro per le vendite sui settori difensivi.',
      ) +
      quote('La domanda di chip per i data center non mostra segni di rallentamento.') +
      p(
        'La volatilità resta bassa rispetto alla media storica; gli analisti osservano che una volatilità bassa può cambiare rapidamente quando utili o dati macro deludono.',
      ),
  },
  'usdjpy-boj': {
    title: 'Lo yen si rafforza sulle ipotesi di un rialzo dei tassi della Banca del Giappone',
    desc: 'L’USD/JPY è sceso con decisione dopo che le parole di un esponente della Banca del Giappone hanno alimentato le attese di una politica più restrittiva.',
    content:
      p(
        'Lo yen giapponese è balzato sul dollaro dopo che un membro del consiglio della Banca del Giappone ha affermato che le condizioni per un nuovo aumento dei tassi si stanno concretizzando.',
        'I rendimenti dei titoli di Stato giapponesi sono saliti ai massimi da diversi anni, riducendo il divario con i rendimenti statunitensi che aveva pesato sullo yen per gran parte dell’anno.',
      ) +
      h3('Da seguire') +
      ul(
        'I prezzi al consumo di Tokyo di venerdì',
        'Le trattative salariali di primavera',
        'Le dichiarazioni del Ministero delle Finanze sui movimenti del cambio',
      ),
  },
  'gbpusd-inflation': {
    title: 'Sterlina solida dopo un’inflazione britannica superiore alle attese',
    desc: 'Il GBP/USD è salito perché l’inflazione dei servizi nel Regno Unito è rimasta ostinatamente alta, riducendo le probabilità di un taglio rapido della Banca d’Inghilterra.',
    content: p(
      'La sterlina si è rafforzata dopo che i dati ufficiali hanno mostrato un aumento dell’inflazione dei prezzi al consumo nel Regno Unito superiore a quanto previsto dagli economisti, spinto dai servizi.',
      'I mercati hanno ridotto le scommesse su un taglio dei tassi della Banca d’Inghilterra alla prossima riunione, facendo salire i rendimenti dei gilt a breve scadenza.',
      'Il cable incontra ora la resistenza dell’ultimo massimo di swing; una rottura metterebbe nel mirino il picco dell’anno.',
    ),
  },
  'silver-industrial': {
    title: 'L’argento batte l’oro grazie alla domanda industriale',
    desc: 'Il metallo grigio è salito più dell’oro, con i produttori di pannelli solari e di elettronica che hanno aumentato gli acquisti.',
    content:
      p(
        'Questa settimana l’argento è salito più rapidamente dell’oro, restringendo il rapporto oro/argento, mentre gli acquirenti industriali intensificavano gli acquisti.',
        'La produzione di pannelli solari assorbe una quota crescente dell’offerta mineraria e alcuni analisti prevedono un mercato in deficit per un altro anno.',
      ) +
      ul(
        'L’argento è più volatile dell’oro: movimenti giornalieri del 3% sono frequenti',
        'La domanda industriale lo rende sensibile ai dati sulla crescita',
      ),
  },
  'audusd-china': {
    title: 'Il dollaro australiano scende dopo dati cinesi deludenti',
    desc: 'L’AUD/USD è calato dopo che vendite al dettaglio e produzione industriale più deboli in Cina hanno pesato sulle valute legate alle materie prime.',
    content: p(
      'Il dollaro australiano è sceso sul dollaro statunitense dopo che i dati cinesi hanno mostrato vendite al dettaglio e produzione industriale in crescita più lenta del previsto.',
      'Anche i prezzi del minerale di ferro sono calati, aumentando la pressione sulla valuta di uno dei maggiori esportatori della materia prima per l’acciaio.',
      'La Reserve Bank of Australia si riunisce il mese prossimo; i mercati si aspettano tassi invariati.',
    ),
  },
  'dax-record': {
    title: 'Il DAX tocca un record mentre le borse europee estendono i guadagni',
    desc: 'L’indice di riferimento tedesco ha raggiunto un massimo storico, trainato da industriali e banche.',
    content:
      p(
        'Il DAX ha chiuso su un livello record, con gli investitori che scommettono che prezzi dell’energia più bassi e tassi stabili sosterranno la ripresa della manifattura tedesca.',
        'Le banche sono salite grazie a un margine d’interesse più alto, mentre i produttori di auto si sono mossi in ordine sparso in vista di nuovi negoziati commerciali.',
      ) +
      h3('Livelli') +
      ul(
        'Supporto sul record precedente, ora diventato un pavimento',
        'Indicatori di momentum vicini all’ipercomprato',
      ),
  },
  'natgas-winter': {
    title: 'Gas naturale volatile in vista della stagione invernale del riscaldamento',
    desc: 'I prezzi hanno oscillato in entrambe le direzioni al mutare delle previsioni meteo, mentre gli stoccaggi restavano elevati.',
    content:
      p(
        'I future sul gas naturale si sono mossi bruscamente in entrambe le direzioni questa settimana, mentre le previsioni sulle temperature di inizio inverno cambiavano di giorno in giorno.',
        'Gli stoccaggi in Europa e negli Stati Uniti sono sopra la media quinquennale, il che limita il potenziale di rialzo a meno che non arrivi un’ondata di freddo prolungata.',
      ) +
      p(
        '<em>Avvertenza sul rischio:</em> i contratti energetici possono muoversi di diversi punti percentuali in pochi minuti in occasione degli aggiornamenti meteo e dei rapporti sulle scorte. Dimensionate le posizioni con attenzione.',
      ),
  },
};
