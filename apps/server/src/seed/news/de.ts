/** The seeded articles in German. */
import { h3, ol, p, quote, ul, type LanguageNews } from './article-text.ts';

export const de: LanguageNews = {
  'eurusd-ecb': {
    title: 'EUR/USD steigt, Anleger wägen den nächsten Schritt der EZB ab',
    desc: 'Der Euro legte nach schwächeren US-Daten gegenüber dem Dollar zu, während Händler mit einer ruhigen Hand aus Frankfurt rechnen.',
    content:
      p(
        'Der Euro stieg im europäischen Handel gegenüber dem US-Dollar, nachdem ein schwächer als erwartet ausgefallener Wert für die Industrieaktivität in den USA die Renditen von Staatsanleihen gedrückt hatte.',
        'Am Geldmarkt wird kaum noch mit einer Änderung des Einlagensatzes der Europäischen Zentralbank auf ihrer nächsten Sitzung gerechnet; die Aufmerksamkeit gilt nun der Formulierung ihrer Erklärung zur Inflation.',
      ) +
      h3('Worauf Händler achten') +
      ul(
        'Die vorläufige Inflation im Euroraum zum Monatsende',
        'Die wöchentlichen Erstanträge auf Arbeitslosenhilfe in den USA am Donnerstag',
        'Reden von Mitgliedern des EZB-Direktoriums',
      ) +
      p(
        'Charttechniker sehen einen Widerstand nahe den jüngsten Hochs; ein Tagesschluss darüber würde den Weg zur nächsten runden Marke öffnen, während die Unterstützung beim 50-Tage-Durchschnitt liegt.',
      ),
  },
  'gold-record': {
    title: 'Gold nahe Rekordhoch, Notenbanken kaufen weiter',
    desc: 'Das Edelmetall blieb dicht an seinem Allzeithoch, gestützt von der Nachfrage des öffentlichen Sektors und einem schwächeren Dollar.',
    content:
      p(
        'Gold bewegte sich in einer engen Spanne knapp unter seinem Rekord, nachdem Zentralbanken einen weiteren Monat mit Nettokäufen gemeldet hatten.',
        '<strong>Warum das wichtig ist:</strong> Die Käufe der Notenbanken sind zu einer stetigen Nachfragequelle geworden, die nicht auf kurzfristige Kursbewegungen reagiert; dadurch fallen Rücksetzer flacher aus als in früheren Zyklen.',
      ) +
      quote('Die Nachfrage der Reservemanager hat dem Markt einen Boden eingezogen.') +
      p(
        'Silber folgte dem Gold nach oben, blieb aber schwankungsanfälliger, da die Industrienachfrage der Solarmodulhersteller mit den Anlageströmen konkurriert.',
        'Händler mahnen zur Vorsicht, denn die Positionierung ist ausgereizt: Eine Überraschung bei den US-Inflationsdaten könnte Gewinnmitnahmen auslösen.',
      ),
  },
  'oil-opec': {
    title: 'Öl gibt nach, OPEC+ signalisiert schrittweise Rückkehr des Angebots',
    desc: 'Die Rohölpreise fielen, nachdem die Förderländer bestätigt hatten, in den kommenden Monaten wieder mehr Barrel auf den Markt zu bringen.',
    content:
      p(
        'Brent und WTI gaben beide nach, nachdem Delegierte der OPEC+ erklärt hatten, die Gruppe werde die freiwilligen Förderkürzungen weiterhin in kleinen monatlichen Schritten zurücknehmen.',
        'Die Lagerbestände in den USA stiegen die zweite Woche in Folge, was den Eindruck verstärkt, dass der Markt derzeit gut versorgt ist.',
      ) +
      h3('Wichtige Marken') +
      ol('Unterstützung für WTI am Dreimonatstief', 'Widerstand für Brent am 200-Tage-Durchschnitt') +
      p(
        'Die Raffineriemargen bleiben solide, was die Rohölnachfrage der Raffinerien über die winterliche Heizsaison hinweg stützen dürfte.',
      ),
  },
  'fed-minutes': {
    title: 'Fed-Protokoll: Notenbanker haben es mit weiteren Senkungen nicht eilig',
    desc: 'Die Währungshüter waren sich einig, dass die Inflation nachlässt, wollen vor einer weiteren Zinssenkung aber mehr Belege sehen.',
    content:
      p(
        'Das Protokoll der jüngsten Sitzung der US-Notenbank zeigte breite Einigkeit darüber, dass die Geldpolitik gut aufgestellt ist; mehrere Mitglieder warnten davor, zu schnell vorzugehen.',
        'Der Dollar festigte sich nach der Veröffentlichung leicht und die Renditen zweijähriger Staatsanleihen stiegen, da Händler den erwarteten Zeitpunkt der nächsten Senkung nach hinten verschoben.',
      ) +
      h3('Marktreaktion') +
      ul(
        'USD/JPY stieg in Richtung der Obergrenze seiner jüngsten Spanne',
        'Gold gab nach und erholte sich dann',
        'Die Futures auf US-Indizes veränderten sich kaum',
      ) +
      p(
        'Der nächste Verbraucherpreisbericht ist nun das wichtigste Ereignis für die Zinserwartungen; ein schwacher Wert würde Wetten auf einen Schritt Anfang nächsten Jahres neu beleben.',
      ),
  },
  'btc-etf': {
    title: 'Bitcoin zieht an, Zuflüsse in Spot-ETFs beschleunigen sich',
    desc: 'Die größte Kryptowährung legte zu, während börsengehandelte Fonds die stärkste Zuflusswoche seit Monaten verzeichneten.',
    content:
      p(
        'Bitcoin stieg den dritten Handelstag in Folge, getragen von stetigen Käufen über in den USA notierte Spot-ETFs.',
        'Ether und andere große Token zogen mit, auch wenn die Handelsvolumina an den Kryptobörsen unter ihren Höchstständen aus dem Frühjahr blieben.',
      ) +
      h3('Risiken') +
      ul(
        'Gehebelte Long-Positionen in Perpetual Futures sind rasch gewachsen',
        'Am Wochenende ist die Liquidität dünn, daher können Bewegungen abrupt ausfallen',
      ) +
      p(
        'Kryptopreise bewegen sich rund um die Uhr und können sprunghaft ausschlagen. Nutzen Sie Stop-Loss-Orders und Positionsgrößen, deren Verlust Sie sich leisten können.',
      ),
  },
  'indices-earnings': {
    title: 'Wall-Street-Indizes steigen dank starker Tech-Zahlen',
    desc: 'Der Nasdaq 100 führte die Gewinne an, nachdem große Chiphersteller die Erwartungen übertroffen hatten.',
    content:
      p(
        'Die US-Aktienindizes legten zu, angeführt von Technologiewerten, nachdem zwei der größten Halbleiterkonzerne Umsätze über den Prognosen gemeldet und ihre Ausblicke angehoben hatten.',
        'Der S&amp;P 500 stieg an vier von fünf Handelstagen, während der Dow Jones Industrial Average zurückblieb, weil defensive Sektoren verkauft wurden.',
      ) +
      quote('Die Nachfrage nach Chips für Rechenzentren zeigt keinerlei Anzeichen einer Abschwächung.') +
      p(
        'Die Volatilität bleibt im historischen Vergleich niedrig; Analysten weisen darauf hin, dass sich das schnell ändern kann, wenn Unternehmenszahlen oder Konjunkturdaten enttäuschen.',
      ),
  },
  'usdjpy-boj': {
    title: 'Yen wertet auf, Spekulation über Zinserhöhung der Bank of Japan',
    desc: 'USD/JPY fiel deutlich, nachdem Äußerungen eines Vertreters der Bank of Japan die Erwartung einer strafferen Geldpolitik verstärkt hatten.',
    content:
      p(
        'Der japanische Yen sprang gegenüber dem Dollar an, nachdem ein Mitglied des Vorstands der Bank of Japan gesagt hatte, die Voraussetzungen für eine weitere Zinserhöhung seien zunehmend erfüllt.',
        'Die Renditen japanischer Staatsanleihen stiegen auf den höchsten Stand seit Jahren und verringerten den Abstand zu den US-Renditen, der den Yen einen Großteil des Jahres belastet hatte.',
      ) +
      h3('Auf dem Radar') +
      ul(
        'Die Verbraucherpreise in Tokio am Freitag',
        'Die Lohnverhandlungen im Frühjahr',
        'Äußerungen des Finanzministeriums zu Währungsbewegungen',
      ),
  },
  'gbpusd-inflation': {
    title: 'Pfund fest, britische Inflation überrascht nach oben',
    desc: 'GBP/USD stieg, da die Dienstleistungsinflation in Großbritannien hartnäckig hoch blieb und eine baldige Zinssenkung der Bank of England unwahrscheinlicher wurde.',
    content: p(
      'Das Pfund Sterling legte zu, nachdem amtliche Daten zeigten, dass die Verbraucherpreisinflation im Vereinigten Königreich stärker gestiegen war, als Volkswirte erwartet hatten – getrieben von den Dienstleistungen.',
      'Die Märkte reduzierten ihre Wetten auf eine Zinssenkung der Bank of England auf ihrer nächsten Sitzung, was die Renditen kurz laufender Gilts steigen ließ.',
      'Cable trifft nun auf Widerstand am jüngsten Zwischenhoch; ein Ausbruch würde das Jahreshoch in Reichweite rücken.',
    ),
  },
  'silver-industrial': {
    title: 'Silber schlägt Gold dank Industrienachfrage',
    desc: 'Das graue Metall legte stärker zu als Gold, da Hersteller von Solaranlagen und Elektronik mehr kauften.',
    content:
      p(
        'Silber stieg in dieser Woche schneller als Gold und verringerte so das Gold-Silber-Verhältnis, da industrielle Abnehmer ihre Käufe ausweiteten.',
        'Die Produktion von Solarmodulen beansprucht einen wachsenden Anteil des Minenangebots, und einige Analysten erwarten ein weiteres Jahr mit einem Marktdefizit.',
      ) +
      ul(
        'Silber schwankt stärker als Gold: Tagesbewegungen von 3 % sind üblich',
        'Die Industrienachfrage macht es empfindlich für Wachstumsdaten',
      ),
  },
  'audusd-china': {
    title: 'Australischer Dollar gibt nach enttäuschenden China-Daten nach',
    desc: 'AUD/USD fiel, nachdem schwächere Einzelhandelsumsätze und Industrieproduktion in China die Rohstoffwährungen belastet hatten.',
    content: p(
      'Der australische Dollar fiel gegenüber dem US-Dollar, nachdem Zahlen aus China gezeigt hatten, dass Einzelhandelsumsätze und Industrieproduktion langsamer wuchsen als prognostiziert.',
      'Auch die Eisenerzpreise gaben nach und setzten die Währung eines der größten Exporteure des Rohstoffs für die Stahlherstellung zusätzlich unter Druck.',
      'Die Reserve Bank of Australia tagt im nächsten Monat; die Märkte rechnen mit unveränderten Zinsen.',
    ),
  },
  'dax-record': {
    title: 'DAX erreicht Rekord, Europas Aktien bauen Gewinne aus',
    desc: 'Der deutsche Leitindex markierte ein Allzeithoch, angeführt von Industriewerten und Banken.',
    content:
      p(
        'Der DAX schloss auf einem Rekordstand, da Anleger darauf setzen, dass niedrigere Energiepreise und stabile Zinsen eine Erholung der deutschen Industrie unterstützen.',
        'Banken profitierten von höheren Zinsüberschüssen, während Autohersteller vor neuen Handelsgesprächen uneinheitlich tendierten.',
      ) +
      h3('Marken') +
      ul(
        'Unterstützung am bisherigen Rekord, der nun als Boden dient',
        'Momentum-Indikatoren nahe dem überkauften Bereich',
      ),
  },
  'natgas-winter': {
    title: 'Erdgas schwankt vor der winterlichen Heizsaison',
    desc: 'Die Preise schwankten in beide Richtungen, da sich die Wetterprognosen änderten und die Speicherstände hoch blieben.',
    content:
      p(
        'Erdgas-Futures bewegten sich in dieser Woche kräftig in beide Richtungen, da sich die Prognosen für die Temperaturen im Frühwinter von Tag zu Tag änderten.',
        'Die Speicher in Europa und den USA liegen über ihrem Fünfjahresdurchschnitt, was das Aufwärtspotenzial begrenzt, solange keine längere Kältewelle kommt.',
      ) +
      p(
        '<em>Risikohinweis:</em> Energiekontrakte können sich rund um Wetterupdates und Lagerberichte binnen Minuten um mehrere Prozent bewegen. Wählen Sie Ihre Positionsgrößen mit Bedacht.',
      ),
  },
};
