/** The seeded articles in French. */
import { h3, ol, p, quote, ul, type LanguageNews } from './article-text.ts';

export const fr: LanguageNews = {
  'eurusd-ecb': {
    title: 'L’EUR/USD progresse, les investisseurs s’interrogent sur la prochaine décision de la BCE',
    desc: 'L’euro a monté face au dollar après des données américaines plus faibles, les opérateurs tablant sur un statu quo à Francfort.',
    content:
      p(
        'L’euro s’est apprécié face au dollar américain dans les échanges européens, un indicateur de l’activité manufacturière aux États-Unis plus faible que prévu ayant fait reculer les rendements des bons du Trésor.',
        'Les marchés monétaires ne voient plus guère de chances d’un changement du taux de dépôt de la Banque centrale européenne lors de sa prochaine réunion, et l’attention se porte désormais sur la formulation de son communiqué sur l’inflation.',
      ) +
      h3('Ce que surveillent les opérateurs') +
      ul(
        'L’estimation rapide de l’inflation de la zone euro en fin de mois',
        'Les inscriptions hebdomadaires au chômage aux États-Unis jeudi',
        'Les discours des membres du directoire de la BCE',
      ) +
      p(
        'Les analystes techniques relèvent une résistance près des plus hauts récents ; une clôture quotidienne au-dessus ouvrirait la voie au prochain chiffre rond, tandis que le support se situe sur la moyenne mobile à 50 jours.',
      ),
  },
  'gold-record': {
    title: 'L’or reste proche de son record, les banques centrales continuent d’acheter',
    desc: 'Le métal jaune est resté près de son plus haut historique, soutenu par la demande du secteur public et un dollar plus faible.',
    content:
      p(
        'L’or a évolué dans une fourchette étroite juste sous son record, après que les banques centrales ont fait état d’un nouveau mois d’achats nets.',
        '<strong>Pourquoi c’est important :</strong> les achats officiels sont devenus une source de demande régulière qui ne réagit pas aux variations de prix à court terme, ce qui rend les replis moins marqués que lors des cycles précédents.',
      ) +
      quote('La demande des gestionnaires de réserves a installé un plancher sous le marché.') +
      p(
        'L’argent a suivi la hausse de l’or mais est resté plus volatil, la demande industrielle des fabricants de panneaux solaires entrant en concurrence avec les flux d’investissement.',
        'Les opérateurs appellent à la prudence car les positions sont tendues : une surprise sur l’inflation américaine pourrait déclencher des prises de bénéfices.',
      ),
  },
  'oil-opec': {
    title: 'Le pétrole recule, l’OPEP+ annonce un retour progressif de l’offre',
    desc: 'Les cours du brut ont baissé après que le groupe de producteurs a confirmé qu’il remettrait des barils sur le marché dans les mois à venir.',
    content:
      p(
        'Le Brent et le WTI ont tous deux reculé après que des délégués de l’OPEP+ ont indiqué que le groupe continuerait à lever ses réductions volontaires de production par petites étapes mensuelles.',
        'Les stocks aux États-Unis ont augmenté pour la deuxième semaine consécutive, renforçant l’impression que le marché est pour l’instant bien approvisionné.',
      ) +
      h3('Niveaux clés') +
      ol(
        'Support du WTI au plus bas de trois mois',
        'Résistance du Brent sur sa moyenne mobile à 200 jours',
      ) +
      p(
        'Les marges de raffinage restent confortables, ce qui devrait maintenir une demande de brut soutenue de la part des raffineurs pendant la saison de chauffage hivernale.',
      ),
  },
  'fed-minutes': {
    title: 'Les minutes de la Fed montrent des responsables peu pressés de baisser encore les taux',
    desc: 'Les décideurs ont convenu que l’inflation ralentit, mais veulent davantage de preuves avant une nouvelle baisse des taux.',
    content:
      p(
        'Le compte rendu de la dernière réunion de la Réserve fédérale a montré un large consensus sur le fait que la politique monétaire est bien calibrée, plusieurs responsables mettant en garde contre une action trop rapide.',
        'Le dollar s’est légèrement raffermi après la publication et les rendements des bons du Trésor à deux ans ont progressé, les opérateurs repoussant le calendrier attendu de la prochaine baisse.',
      ) +
      h3('Réaction des marchés') +
      ul(
        'L’USD/JPY a grimpé vers le haut de sa fourchette récente',
        'L’or a fléchi avant de se reprendre',
        'Les contrats à terme sur les indices américains ont peu varié',
      ) +
      p(
        'Le prochain rapport sur les prix à la consommation est désormais l’événement majeur pour les anticipations de taux ; un chiffre modéré relancerait les paris sur un geste en début d’année prochaine.',
      ),
  },
  'btc-etf': {
    title: 'Le bitcoin s’envole, les flux vers les ETF au comptant s’accélèrent',
    desc: 'La première cryptomonnaie a progressé alors que les fonds indiciels cotés ont enregistré leur meilleure semaine de souscriptions depuis des mois.',
    content:
      p(
        'Le bitcoin a monté pour la troisième séance d’affilée, porté par des achats réguliers via les ETF au comptant cotés aux États-Unis.',
        'L’ether et les autres grands jetons ont suivi, même si les volumes échangés sur les plateformes crypto sont restés inférieurs à leurs pics du printemps.',
      ) +
      h3('Risques') +
      ul(
        'Les positions longues à effet de levier sur les contrats perpétuels ont rapidement augmenté',
        'La liquidité est faible le week-end, les mouvements peuvent donc être brutaux',
      ) +
      p(
        'Les cryptomonnaies s’échangent jour et nuit et peuvent décrocher brutalement. Utilisez des stop loss et des tailles de position dont vous pouvez vous permettre la perte.',
      ),
  },
  'indices-earnings': {
    title: 'Les indices de Wall Street montent grâce aux solides résultats de la tech',
    desc: 'Le Nasdaq 100 a mené la hausse après des résultats de grands fabricants de puces supérieurs aux attentes.',
    content:
      p(
        'Les indices boursiers américains ont progressé, emmenés par les valeurs technologiques, après que deux des plus grands groupes de semi-conducteurs ont publié un chiffre d’affaires supérieur aux prévisions et relevé leurs objectifs.',
        'Le S&amp;P 500 a gagné du terrain pour la quatrième séance sur cinq, tandis que le Dow Jones Industrial Average est resté à la traîne, les secteurs défensifs ayant été vendus.',
      ) +
      quote('La demande de puces pour centres de données ne montre aucun signe de ralentissement.') +
      p(
        'La volatilité reste faible au regard de l’histoire ; les analystes rappellent qu’une volatilité basse peut vite s’inverser lorsque les résultats ou les statistiques déçoivent.',
      ),
  },
  'usdjpy-boj': {
    title: 'Le yen se renforce sur fond de spéculations de hausse des taux de la Banque du Japon',
    desc: 'L’USD/JPY a nettement reculé après des propos d’un responsable de la Banque du Japon qui ont renforcé les attentes d’un resserrement.',
    content:
      p(
        'Le yen japonais a bondi face au dollar après qu’un membre du conseil de la Banque du Japon a déclaré que les conditions d’une nouvelle hausse des taux étaient en train de se réunir.',
        'Les rendements des emprunts d’État japonais ont atteint leurs plus hauts depuis plusieurs années, réduisant l’écart avec les rendements américains qui avait pesé sur le yen une grande partie de l’année.',
      ) +
      h3('À surveiller') +
      ul(
        'Les prix à la consommation de Tokyo vendredi',
        'Les négociations salariales du printemps',
        'Les déclarations du ministère des Finances sur les mouvements de change',
      ),
  },
  'gbpusd-inflation': {
    title: 'La livre se raffermit après une inflation britannique plus forte que prévu',
    desc: 'Le GBP/USD a progressé, l’inflation des services au Royaume-Uni restant obstinément élevée, ce qui réduit les chances d’une baisse rapide de la Banque d’Angleterre.',
    content: p(
      'La livre sterling s’est appréciée après que des données officielles ont montré une hausse de l’inflation des prix à la consommation au Royaume-Uni supérieure aux attentes des économistes, tirée par les services.',
      'Les marchés ont réduit leurs paris sur une baisse des taux de la Banque d’Angleterre lors de sa prochaine réunion, faisant monter les rendements des gilts à court terme.',
      'Le câble bute désormais sur le dernier sommet ; une cassure mettrait le plus haut de l’année en ligne de mire.',
    ),
  },
  'silver-industrial': {
    title: 'L’argent fait mieux que l’or grâce à la demande industrielle',
    desc: 'Le métal gris a davantage progressé que l’or, les fabricants de panneaux solaires et d’électronique ayant accru leurs achats.',
    content:
      p(
        'L’argent a monté plus vite que l’or cette semaine, réduisant le ratio or/argent, les acheteurs industriels ayant intensifié leurs achats.',
        'La production de panneaux solaires absorbe une part croissante de l’offre minière, et certains analystes s’attendent à un marché déficitaire pour une année de plus.',
      ) +
      ul(
        'L’argent est plus volatil que l’or : des variations quotidiennes de 3 % sont courantes',
        'La demande industrielle le rend sensible aux indicateurs de croissance',
      ),
  },
  'audusd-china': {
    title: 'Le dollar australien recule après des chiffres chinois décevants',
    desc: 'L’AUD/USD a baissé après que des ventes au détail et une production industrielle plus faibles en Chine ont pesé sur les devises liées aux matières premières.',
    content: p(
      'Le dollar australien a reculé face au dollar américain après que des statistiques chinoises ont montré une croissance des ventes au détail et de la production industrielle inférieure aux prévisions.',
      'Les prix du minerai de fer se sont également repliés, accentuant la pression sur la devise de l’un des plus grands exportateurs de cette matière première de l’acier.',
      'La Banque de réserve d’Australie se réunit le mois prochain ; les marchés s’attendent à un maintien des taux.',
    ),
  },
  'dax-record': {
    title: 'Le DAX atteint un record, les actions européennes prolongent leur hausse',
    desc: 'L’indice phare allemand a touché un plus haut historique, porté par les industrielles et les banques.',
    content:
      p(
        'Le DAX a terminé sur un record, les investisseurs pariant que la baisse des prix de l’énergie et la stabilité des taux soutiendront une reprise de l’industrie allemande.',
        'Les banques ont progressé grâce à la hausse de leur marge d’intérêt, tandis que les constructeurs automobiles ont évolué en ordre dispersé avant de nouvelles négociations commerciales.',
      ) +
      h3('Niveaux') +
      ul(
        'Support sur l’ancien record, devenu plancher',
        'Indicateurs de momentum proches de la zone de surachat',
      ),
  },
  'natgas-winter': {
    title: 'Le gaz naturel volatil avant la saison de chauffage hivernale',
    desc: 'Les prix ont oscillé dans les deux sens au gré des prévisions météo, tandis que les stocks restaient élevés.',
    content:
      p(
        'Les contrats à terme sur le gaz naturel ont fortement varié dans les deux sens cette semaine, les prévisions de températures pour le début de l’hiver changeant d’un jour à l’autre.',
        'Les stocks en Europe et aux États-Unis sont supérieurs à leur moyenne sur cinq ans, ce qui limite le potentiel de hausse, sauf vague de froid prolongée.',
      ) +
      p(
        '<em>Avertissement :</em> les contrats énergétiques peuvent varier de plusieurs pour cent en quelques minutes autour des bulletins météo et des rapports sur les stocks. Dimensionnez vos positions avec prudence.',
      ),
  },
};
