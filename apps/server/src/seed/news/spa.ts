/** The seeded articles in Spanish. */
import { h3, ol, p, quote, ul, type LanguageNews } from './article-text.ts';

export const spa: LanguageNews = {
  'eurusd-ecb': {
    title: 'El EUR/USD sube mientras los inversores sopesan el próximo paso del BCE',
    desc: 'El euro avanzó frente al dólar tras unos datos estadounidenses más débiles, mientras los operadores descuentan que Fráncfort mantendrá el rumbo.',
    content:
      p(
        'El euro se apreció frente al dólar estadounidense en la sesión europea, después de que un dato de actividad manufacturera en EE. UU. peor de lo esperado rebajara la rentabilidad de los bonos del Tesoro.',
        'Los mercados monetarios ya ven pocas probabilidades de un cambio en la tasa de depósito del Banco Central Europeo en su próxima reunión, y la atención se ha desplazado a la redacción de su comunicado sobre la inflación.',
      ) +
      h3('Qué vigilan los operadores') +
      ul(
        'La inflación preliminar de la zona euro a final de mes',
        'Las solicitudes semanales de subsidio por desempleo en EE. UU. el jueves',
        'Los discursos de los miembros del Comité Ejecutivo del BCE',
      ) +
      p(
        'Los analistas técnicos señalan una resistencia cerca de los máximos recientes; un cierre diario por encima abriría el camino hacia la siguiente cifra redonda, mientras que el soporte se sitúa en la media móvil de 50 días.',
      ),
  },
  'gold-record': {
    title: 'El oro se mantiene cerca de su récord mientras los bancos centrales siguen comprando',
    desc: 'El metal se mantuvo próximo a su máximo histórico, apoyado por la demanda del sector oficial y un dólar más débil.',
    content:
      p(
        'El oro cotizó en un rango estrecho justo por debajo de su récord, después de que los bancos centrales informaran de otro mes de compras netas.',
        '<strong>Por qué importa:</strong> las compras oficiales se han convertido en una fuente de demanda constante que no reacciona a los movimientos de precio a corto plazo, lo que ha hecho que las caídas sean menos profundas que en ciclos anteriores.',
      ) +
      quote('La demanda de los gestores de reservas ha puesto un suelo al mercado.') +
      p(
        'La plata siguió al oro al alza, aunque con más volatilidad, ya que la demanda industrial de los fabricantes de paneles solares compite con los flujos de inversión.',
        'Los operadores advierten de que el posicionamiento está muy cargado: una sorpresa en los datos de inflación de EE. UU. podría desencadenar una toma de beneficios.',
      ),
  },
  'oil-opec': {
    title: 'El petróleo cede ante el regreso gradual de la oferta anunciado por la OPEP+',
    desc: 'Los precios del crudo bajaron después de que el grupo de productores confirmara que devolverá barriles al mercado en los próximos meses.',
    content:
      p(
        'El Brent y el WTI retrocedieron después de que delegados de la OPEP+ indicaran que el grupo seguirá deshaciendo los recortes voluntarios de producción en pequeños pasos mensuales.',
        'Los inventarios en Estados Unidos aumentaron por segunda semana consecutiva, lo que refuerza la sensación de que el mercado está bien abastecido por ahora.',
      ) +
      h3('Niveles clave') +
      ol(
        'Soporte del WTI en el mínimo de tres meses',
        'Resistencia del Brent en su media móvil de 200 días',
      ) +
      p(
        'Los márgenes de refino siguen siendo sólidos, lo que debería sostener la demanda de crudo de las refinerías durante la temporada de calefacción de invierno.',
      ),
  },
  'fed-minutes': {
    title: 'Las actas de la Fed muestran que sus miembros no tienen prisa por seguir bajando tipos',
    desc: 'Los responsables coincidieron en que la inflación se modera, pero quieren más pruebas antes de volver a bajar los tipos.',
    content:
      p(
        'Las actas de la última reunión de la Reserva Federal mostraron un amplio acuerdo en que la política monetaria está bien situada, y varios miembros advirtieron contra moverse demasiado rápido.',
        'El dólar se fortaleció ligeramente tras la publicación y la rentabilidad del bono del Tesoro a dos años subió, ya que los operadores retrasaron el momento previsto del próximo recorte.',
      ) +
      h3('Reacción del mercado') +
      ul(
        'El USD/JPY subió hacia la parte alta de su rango reciente',
        'El oro cayó antes de recuperarse',
        'Los futuros de los índices estadounidenses apenas variaron',
      ) +
      p(
        'El próximo informe de precios al consumo es ahora el acontecimiento clave para las expectativas de tipos; un dato moderado reavivaría las apuestas por un movimiento a principios del próximo año.',
      ),
  },
  'btc-etf': {
    title: 'El bitcoin se dispara al acelerarse las entradas en los ETF al contado',
    desc: 'La mayor criptomoneda subió mientras los fondos cotizados registraban su mejor semana de entradas en meses.',
    content:
      p(
        'El bitcoin subió por tercera sesión consecutiva, impulsado por compras constantes a través de ETF al contado que cotizan en Estados Unidos.',
        'El ether y otros grandes tokens le siguieron, aunque los volúmenes de negociación en los exchanges de criptomonedas se mantuvieron por debajo de sus picos de primavera.',
      ) +
      h3('Riesgos') +
      ul(
        'Las posiciones largas apalancadas en futuros perpetuos han crecido rápidamente',
        'La liquidez del fin de semana es escasa, por lo que los movimientos pueden ser bruscos',
      ) +
      p(
        'Los precios de las criptomonedas se mueven a todas horas y pueden dar saltos bruscos. Use órdenes stop loss y tamaños de operación cuya pérdida pueda asumir.',
      ),
  },
  'indices-earnings': {
    title: 'Los índices de Wall Street suben gracias a los sólidos resultados tecnológicos',
    desc: 'El Nasdaq 100 lideró las subidas después de que grandes fabricantes de chips superaran las previsiones.',
    content:
      p(
        'Los índices bursátiles estadounidenses avanzaron, con las tecnológicas a la cabeza, después de que dos de las mayores empresas de semiconductores presentaran ingresos superiores a lo previsto y elevaran sus perspectivas.',
        'El S&amp;P 500 subió en cuatro de las últimas cinco sesiones, mientras que el Dow Jones Industrial Average se quedó atrás por las ventas en los sectores defensivos.',
      ) +
      quote('La demanda de chips para centros de datos no da señales de frenarse.') +
      p(
        'La volatilidad sigue baja en términos históricos; los analistas recuerdan que una volatilidad baja puede cambiar rápidamente cuando los resultados o los datos decepcionan.',
      ),
  },
  'usdjpy-boj': {
    title: 'El yen se fortalece ante la posibilidad de una subida de tipos del Banco de Japón',
    desc: 'El USD/JPY cayó con fuerza después de que los comentarios de un miembro del Banco de Japón aumentaran las expectativas de una política más restrictiva.',
    content:
      p(
        'El yen japonés se disparó frente al dólar después de que un miembro del consejo del Banco de Japón afirmara que se están dando las condiciones para otra subida de tipos.',
        'La rentabilidad de la deuda pública japonesa subió a máximos de varios años, reduciendo la diferencia con los rendimientos estadounidenses que había lastrado al yen durante buena parte del año.',
      ) +
      h3('A seguir') +
      ul(
        'Los precios al consumo de Tokio el viernes',
        'Las negociaciones salariales de primavera',
        'Las declaraciones del Ministerio de Finanzas sobre los movimientos de la divisa',
      ),
  },
  'gbpusd-inflation': {
    title: 'La libra se mantiene firme tras una inflación británica mayor de lo esperado',
    desc: 'El GBP/USD subió porque la inflación de servicios en el Reino Unido siguió obstinadamente alta, lo que reduce las probabilidades de un recorte rápido del Banco de Inglaterra.',
    content: p(
      'La libra esterlina subió después de que los datos oficiales mostraran que la inflación de los precios al consumo en el Reino Unido aumentó más de lo que esperaban los economistas, impulsada por los servicios.',
      'Los mercados redujeron sus apuestas por un recorte de tipos del Banco de Inglaterra en su próxima reunión, lo que elevó la rentabilidad de los gilts a corto plazo.',
      'El cable se enfrenta ahora a la resistencia del último máximo relevante; superarla pondría a la vista el máximo del año.',
    ),
  },
  'silver-industrial': {
    title: 'La plata supera al oro gracias a la demanda industrial',
    desc: 'El metal gris subió más que el oro porque los fabricantes de paneles solares y de electrónica aumentaron sus compras.',
    content:
      p(
        'La plata subió más deprisa que el oro esta semana, estrechando la ratio oro/plata, a medida que los compradores industriales intensificaban sus compras.',
        'La fabricación de paneles solares absorbe una parte creciente de la producción minera, y algunos analistas prevén un mercado deficitario un año más.',
      ) +
      ul(
        'La plata es más volátil que el oro: son habituales movimientos diarios del 3 %',
        'La demanda industrial la hace sensible a los datos de crecimiento',
      ),
  },
  'audusd-china': {
    title: 'El dólar australiano cae tras unos datos decepcionantes de China',
    desc: 'El AUD/USD bajó después de que unas ventas minoristas y una producción industrial más débiles en China pesaran sobre las divisas ligadas a las materias primas.',
    content: p(
      'El dólar australiano cayó frente al dólar estadounidense después de que las cifras de China mostraran que las ventas minoristas y la producción industrial crecieron más despacio de lo previsto.',
      'Los precios del mineral de hierro también bajaron, lo que presionó aún más a la divisa de uno de los mayores exportadores de esta materia prima para fabricar acero.',
      'El Banco de la Reserva de Australia se reúne el mes que viene; los mercados esperan que mantenga los tipos sin cambios.',
    ),
  },
  'dax-record': {
    title: 'El DAX marca un récord y la bolsa europea amplía sus ganancias',
    desc: 'El índice de referencia alemán alcanzó un máximo histórico, liderado por las industriales y los bancos.',
    content:
      p(
        'El DAX cerró en máximos históricos, ya que los inversores apuestan a que unos precios de la energía más bajos y unos tipos estables impulsarán la recuperación de la industria alemana.',
        'Los bancos subieron gracias a un mayor margen de intereses, mientras que los fabricantes de automóviles se movieron sin una dirección clara ante nuevas negociaciones comerciales.',
      ) +
      h3('Niveles') +
      ul(
        'Soporte en el récord anterior, convertido ahora en suelo',
        'Indicadores de momento cerca de la sobrecompra',
      ),
  },
  'natgas-winter': {
    title: 'El gas natural, volátil ante la temporada de calefacción de invierno',
    desc: 'Los precios oscilaron en ambas direcciones al cambiar las previsiones meteorológicas, mientras los niveles de almacenamiento seguían altos.',
    content:
      p(
        'Los futuros del gas natural se movieron con fuerza en ambas direcciones esta semana, ya que las previsiones de temperaturas para el comienzo del invierno cambiaban de un día para otro.',
        'Los almacenamientos en Europa y Estados Unidos están por encima de su media de cinco años, lo que limita el potencial alcista salvo que llegue una ola de frío prolongada.',
      ) +
      p(
        '<em>Aviso de riesgo:</em> los contratos de energía pueden moverse varios puntos porcentuales en minutos en torno a las actualizaciones meteorológicas y los informes de inventarios. Dimensione sus posiciones con cuidado.',
      ),
  },
};
