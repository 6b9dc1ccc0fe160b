/** The seeded articles in Portuguese. */
import { h3, ol, p, quote, ul, type LanguageNews } from './article-text.ts';

export const pt: LanguageNews = {
  'eurusd-ecb': {
    title: 'EUR/USD sobe enquanto investidores avaliam o próximo passo do BCE',
    desc: 'O euro subiu em relação ao dólar após dados mais fracos dos EUA, enquanto os operadores contam com estabilidade por parte de Frankfurt.',
    content:
      p(
        'O euro valorizou-se face ao dólar norte-americano na sessão europeia, depois de um indicador da atividade industrial dos EUA abaixo do esperado ter feito descer os rendimentos dos títulos do Tesouro.',
        'Os mercados monetários veem agora poucas chances de mudança na taxa de depósito do Banco Central Europeu na próxima reunião, e a atenção voltou-se para a redação do seu comunicado sobre a inflação.',
      ) +
      h3('O que os operadores acompanham') +
      ul(
        'A estimativa rápida da inflação da zona do euro no fim do mês',
        'Os pedidos semanais de subsídio de desemprego nos EUA na quinta-feira',
        'Os discursos dos membros da Comissão Executiva do BCE',
      ) +
      p(
        'Os analistas técnicos apontam uma resistência perto dos máximos recentes; um fecho diário acima dela abriria caminho para o próximo número redondo, enquanto o suporte está na média móvel de 50 dias.',
      ),
  },
  'gold-record': {
    title: 'Ouro perto do recorde com os bancos centrais a continuar a comprar',
    desc: 'O metal manteve-se próximo do máximo histórico, apoiado pela procura do setor oficial e por um dólar mais fraco.',
    content:
      p(
        'O ouro oscilou numa faixa estreita logo abaixo do recorde, depois de os bancos centrais terem reportado mais um mês de compras líquidas.',
        '<strong>Por que isso importa:</strong> as compras oficiais tornaram-se uma fonte constante de procura que não reage a movimentos de preço de curto prazo, o que tornou as quedas mais rasas do que em ciclos anteriores.',
      ) +
      quote('A procura dos gestores de reservas criou um piso para o mercado.') +
      p(
        'A prata acompanhou a alta do ouro, mas continuou mais volátil, já que a procura industrial dos fabricantes de painéis solares concorre com os fluxos de investimento.',
        'Os operadores alertam que o posicionamento está esticado: uma surpresa nos dados de inflação dos EUA pode provocar realização de lucros.',
      ),
  },
  'oil-opec': {
    title: 'Petróleo recua com a OPEP+ a sinalizar retorno gradual da oferta',
    desc: 'Os preços do petróleo caíram depois de o grupo de produtores ter confirmado que devolverá barris ao mercado nos próximos meses.',
    content:
      p(
        'O Brent e o WTI recuaram depois de delegados da OPEP+ terem afirmado que o grupo continuará a desfazer os cortes voluntários de produção em pequenos passos mensais.',
        'As existências nos Estados Unidos subiram pela segunda semana seguida, reforçando a perceção de que o mercado está bem abastecido por enquanto.',
      ) +
      h3('Níveis-chave') +
      ol('Suporte do WTI na mínima de três meses', 'Resistência do Brent na média móvel de 200 dias') +
      p(
        'As margens de refino continuam saudáveis, o que deve manter firme a procura de petróleo por parte das refinarias durante a temporada de aquecimento do inverno.',
      ),
  },
  'fed-minutes': {
    title: 'Ata da Fed mostra dirigentes sem pressa para novos cortes',
    desc: 'Os dirigentes concordaram que a inflação está a abrandar, mas querem mais evidências antes de voltar a baixar os juros.',
    content:
      p(
        'A ata da última reunião do Federal Reserve mostrou amplo consenso de que a política monetária está bem posicionada, com vários dirigentes a alertar contra agir depressa demais.',
        'O dólar firmou-se ligeiramente após a divulgação e os rendimentos dos títulos do Tesouro de dois anos subiram, com os operadores a adiar o momento esperado do próximo corte.',
      ) +
      h3('Reação do mercado') +
      ul(
        'O USD/JPY subiu em direção ao topo da sua faixa recente',
        'O ouro caiu antes de se recuperar',
        'Os futuros dos índices americanos pouco se alteraram',
      ) +
      p(
        'O próximo relatório de preços ao consumidor é agora o principal evento para as expectativas de juros; uma leitura fraca reacenderia as apostas num movimento no início do próximo ano.',
      ),
  },
  'btc-etf': {
    title: 'Bitcoin dispara com aceleração das entradas nos ETFs à vista',
    desc: 'A maior criptomoeda subiu enquanto os fundos negociados em bolsa registaram a semana de entradas mais forte em meses.',
    content:
      p(
        'O bitcoin subiu pela terceira sessão consecutiva, ajudado por compras constantes por meio de ETFs à vista listados nos Estados Unidos.',
        'O ether e outros grandes tokens acompanharam, embora os volumes negociados nas plataformas de criptomoedas tenham permanecido abaixo dos picos da primavera.',
      ) +
      h3('Riscos') +
      ul(
        'As posições longas alavancadas em futuros perpétuos cresceram rapidamente',
        'A liquidez no fim de semana é baixa, por isso os movimentos podem ser bruscos',
      ) +
      p(
        'Os preços das criptomoedas mudam a qualquer hora e podem saltar de forma abrupta. Use stop loss e tamanhos de operação cuja perda possa suportar.',
      ),
  },
  'indices-earnings': {
    title: 'Índices de Wall Street sobem com resultados fortes da tecnologia',
    desc: 'O Nasdaq 100 liderou os ganhos depois de grandes fabricantes de chips terem superado as expectativas.',
    content:
      p(
        'Os índices de ações dos EUA avançaram, liderados pelas empresas de tecnologia, depois de duas das maiores fabricantes de semicondutores terem divulgado receitas acima das previsões e elevado as suas projeções.',
        'O S&amp;P 500 subiu pela quarta vez em cinco sessões, enquanto o Dow Jones Industrial Average ficou para trás com a venda de setores defensivos.',
      ) +
      quote('A procura de chips para centros de dados não mostra sinais de abrandamento.') +
      p(
        'A volatilidade continua baixa em termos históricos; os analistas lembram que uma volatilidade baixa pode mudar depressa quando resultados ou dados decepcionam.',
      ),
  },
  'usdjpy-boj': {
    title: 'Iene fortalece-se com a possibilidade de uma subida de juros do Banco do Japão',
    desc: 'O USD/JPY caiu com força depois de comentários de um dirigente do Banco do Japão terem aumentado as expectativas de aperto monetário.',
    content:
      p(
        'O iene japonês saltou em relação ao dólar depois de um membro do conselho do Banco do Japão ter dito que as condições para uma nova subida de juros se estão a concretizar.',
        'Os rendimentos dos títulos do governo japonês subiram para máximos de vários anos, reduzindo a diferença em relação aos rendimentos americanos que pesou sobre o iene durante boa parte do ano.',
      ) +
      h3('No radar') +
      ul(
        'Os preços ao consumidor de Tóquio na sexta-feira',
        'As negociações salariais da primavera',
        'As declarações do Ministério das Finanças sobre os movimentos cambiais',
      ),
  },
  'gbpusd-inflation': {
    title: 'Libra firme após inflação britânica surpreender para cima',
    desc: 'O GBP/USD subiu porque a inflação de serviços no Reino Unido continuou teimosamente alta, reduzindo as probabilidades de um corte rápido do Banco da Inglaterra.',
    content: p(
      'A libra esterlina valorizou-se depois de dados oficiais terem mostrado que a inflação ao consumidor no Reino Unido subiu mais do que os economistas esperavam, puxada pelos serviços.',
      'Os mercados reduziram as apostas num corte de juros do Banco da Inglaterra na próxima reunião, elevando os rendimentos dos gilts de curto prazo.',
      'O cabo enfrenta agora resistência no último máximo relevante; um rompimento colocaria o máximo do ano à vista.',
    ),
  },
  'silver-industrial': {
    title: 'Prata supera o ouro com a procura industrial',
    desc: 'O metal cinzento subiu mais do que o ouro, com os fabricantes de painéis solares e de eletrónica a reforçar as compras.',
    content:
      p(
        'A prata subiu mais rápido que o ouro nesta semana, estreitando a relação ouro/prata, à medida que compradores industriais intensificaram as compras.',
        'A produção de painéis solares absorve uma parcela crescente da oferta das minas, e alguns analistas esperam um mercado deficitário por mais um ano.',
      ) +
      ul(
        'A prata é mais volátil que o ouro: movimentos diários de 3% são comuns',
        'A procura industrial torna-a sensível aos dados de crescimento',
      ),
  },
  'audusd-china': {
    title: 'Dólar australiano recua após dados decepcionantes da China',
    desc: 'O AUD/USD caiu depois de vendas a retalho e produção industrial mais fracas na China terem pesado sobre as moedas ligadas às matérias-primas.',
    content: p(
      'O dólar australiano caiu em relação ao dólar americano depois de números da China terem mostrado vendas a retalho e produção industrial a crescer mais devagar do que o previsto.',
      'Os preços do minério de ferro também recuaram, aumentando a pressão sobre a moeda de um dos maiores exportadores dessa matéria-prima do aço.',
      'O Banco de Reserva da Austrália reúne-se no próximo mês; os mercados esperam a manutenção dos juros.',
    ),
  },
  'dax-record': {
    title: 'DAX bate recorde e ações europeias ampliam ganhos',
    desc: 'O principal índice alemão atingiu uma máxima histórica, liderado por industriais e bancos.',
    content:
      p(
        'O DAX fechou em nível recorde, com os investidores a apostar que preços de energia mais baixos e juros estáveis vão apoiar a retoma da indústria alemã.',
        'Os bancos subiram com a maior receita líquida de juros, enquanto os fabricantes automóveis oscilaram antes de novas negociações comerciais.',
      ) +
      h3('Níveis') +
      ul('Suporte no recorde anterior, agora um piso', 'Indicadores de momento perto de sobrecompra'),
  },
  'natgas-winter': {
    title: 'Gás natural volátil antes da temporada de aquecimento do inverno',
    desc: 'Os preços oscilaram nos dois sentidos à medida que as previsões do tempo mudavam e as reservas permaneciam elevadas.',
    content:
      p(
        'Os futuros de gás natural oscilaram fortemente nos dois sentidos nesta semana, à medida que as previsões de temperatura para o início do inverno mudavam de um dia para o outro.',
        'As reservas na Europa e nos Estados Unidos estão acima da média de cinco anos, o que limita o potencial de alta, a menos que chegue uma onda de frio prolongada.',
      ) +
      p(
        '<em>Aviso de risco:</em> os contratos de energia podem mover-se vários pontos percentuais em minutos em torno das atualizações meteorológicas e dos relatórios de existências. Dimensione as posições com cuidado.',
      ),
  },
};
