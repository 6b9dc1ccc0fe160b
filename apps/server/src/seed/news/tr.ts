/** The seeded articles in Turkish. */
import { h3, ol, p, quote, ul, type LanguageNews } from './article-text.ts';

export const tr: LanguageNews = {
  'eurusd-ecb': {
    title: 'EUR/USD, yatırımcılar ECB’nin bir sonraki adımını tartarken yükseliyor',
    desc: 'Euro, ABD’den gelen zayıf verilerin ardından dolar karşısında değer kazandı; piyasalar Frankfurt’tan temkinli bir duruş bekliyor.',
    content:
      p(
        'ABD imalat faaliyetine ilişkin beklentilerin altında kalan veri Hazine tahvili getirilerini aşağı çekince euro, Avrupa seansında ABD doları karşısında yükseldi.',
        'Para piyasaları artık Avrupa Merkez Bankası’nın bir sonraki toplantısında mevduat faizini değiştirmesine pek ihtimal vermiyor; dikkatler bankanın enflasyona ilişkin açıklamasının ifadelerine çevrildi.',
      ) +
      h3('Yatırımcıların izledikleri') +
      ul(
        'Ay sonunda açıklanacak Euro Bölgesi öncü enflasyon verisi',
        'Perşembe günü ABD haftalık işsizlik başvuruları',
        'ECB yönetim kurulu üyelerinin konuşmaları',
      ) +
      p(
        'Teknik analistler son zirvelerin yakınında bir direnç görüyor; bunun üzerinde bir günlük kapanış bir sonraki yuvarlak seviyenin yolunu açarken destek 50 günlük hareketli ortalamada bulunuyor.',
      ),
  },
  'gold-record': {
    title: 'Merkez bankaları alıma devam ederken altın rekor seviyeye yakın seyrediyor',
    desc: 'Değerli metal, resmî sektör talebi ve zayıflayan doların desteğiyle tüm zamanların en yüksek seviyesine yakın kaldı.',
    content:
      p(
        'Merkez bankalarının bir ay daha net alım yaptığını bildirmesinin ardından altın, rekorunun hemen altında dar bir aralıkta işlem gördü.',
        '<strong>Neden önemli:</strong> resmî alımlar, kısa vadeli fiyat hareketlerine tepki vermeyen istikrarlı bir talep kaynağı hâline geldi; bu da düşüşlerin önceki döngülere göre daha sığ kalmasını sağladı.',
      ) +
      quote('Rezerv yöneticilerinin talebi piyasanın altına bir taban koydu.') +
      p(
        'Gümüş de altınla birlikte yükseldi ancak güneş paneli üreticilerinden gelen sanayi talebi yatırım akışlarıyla rekabet ettiği için daha oynak kaldı.',
        'Yatırımcılar pozisyonlanmanın aşırı uzadığı konusunda uyarıyor: ABD enflasyon verisinde bir sürpriz kâr satışlarını tetikleyebilir.',
      ),
  },
  'oil-opec': {
    title: 'OPEC+ arzın kademeli olarak geri döneceğini işaret edince petrol geriliyor',
    desc: 'Üretici grubu önümüzdeki aylarda piyasaya yeniden varil ekleyeceğini teyit edince ham petrol fiyatları düştü.',
    content:
      p(
        'OPEC+ delegelerinin grubun gönüllü üretim kesintilerini küçük aylık adımlarla geri almayı sürdüreceğini söylemesinin ardından hem Brent hem de WTI düştü.',
        'ABD’deki stoklar ikinci hafta da arttı; bu da piyasanın şimdilik rahat bir şekilde arz edildiği algısını güçlendirdi.',
      ) +
      h3('Kilit seviyeler') +
      ol(
        'WTI için üç ayın en düşük seviyesinde destek',
        'Brent için 200 günlük hareketli ortalamada direnç',
      ) +
      p(
        'Rafineri marjları sağlıklı kalmaya devam ediyor; bu da kış ısınma sezonu boyunca rafinerilerin ham petrol talebini güçlü tutmalı.',
      ),
  },
  'fed-minutes': {
    title: 'Fed tutanakları yetkililerin yeni indirimler için acele etmediğini gösteriyor',
    desc: 'Para politikası yapıcılar enflasyonun gerilediği konusunda hemfikir, ancak faizleri yeniden düşürmeden önce daha fazla kanıt görmek istiyor.',
    content:
      p(
        'Federal Rezerv’in son toplantısının tutanakları, para politikasının doğru noktada olduğu konusunda geniş bir uzlaşı olduğunu gösterdi; birkaç yetkili çok hızlı hareket etmeye karşı uyardı.',
        'Yayının ardından dolar hafifçe güçlendi ve iki yıllık Hazine tahvili getirileri yükseldi; yatırımcılar bir sonraki indirimin beklenen zamanlamasını ileri attı.',
      ) +
      h3('Piyasa tepkisi') +
      ul(
        'USD/JPY son dönemdeki aralığının üst kısmına doğru yükseldi',
        'Altın geriledikten sonra toparlandı',
        'ABD endeks vadelileri pek değişmedi',
      ) +
      p(
        'Faiz beklentileri için artık asıl olay bir sonraki tüketici fiyatları raporu; zayıf bir veri gelecek yılın başında bir adım atılacağına yönelik beklentileri yeniden canlandırır.',
      ),
  },
  'btc-etf': {
    title: 'Spot ETF girişleri hızlanırken Bitcoin yükseliyor',
    desc: 'Borsa yatırım fonları aylardır en güçlü giriş haftasını yaşarken en büyük kripto para değer kazandı.',
    content:
      p(
        'Bitcoin, ABD’de işlem gören spot borsa yatırım fonları üzerinden gelen istikrarlı alımların desteğiyle üst üste üçüncü seansında yükseldi.',
        'Ether ve diğer büyük tokenler de onu izledi, ancak kripto borsalarındaki işlem hacimleri bahar aylarındaki zirvelerin altında kaldı.',
      ) +
      h3('Riskler') +
      ul(
        'Süresiz vadeli sözleşmelerdeki kaldıraçlı uzun pozisyonlar hızla büyüdü',
        'Hafta sonu likidite zayıf olduğundan hareketler ani olabilir',
      ) +
      p(
        'Kripto fiyatları günün her saatinde hareket eder ve sert boşluklar oluşturabilir. Zarar durdur emirleri kullanın ve kaybetmeyi göze alabileceğiniz işlem büyüklükleriyle çalışın.',
      ),
  },
  'indices-earnings': {
    title: 'Güçlü teknoloji bilançolarıyla Wall Street endeksleri yükseliyor',
    desc: 'Büyük çip üreticilerinin sonuçları beklentileri aşınca yükselişe Nasdaq 100 öncülük etti.',
    content:
      p(
        'En büyük iki yarı iletken şirketinin tahminlerin üzerinde gelir açıklayıp beklentilerini yükseltmesinin ardından teknoloji hisselerinin öncülüğünde ABD borsa endeksleri yükseldi.',
        'S&amp;P 500 son beş seansın dördünde değer kazanırken, savunma sektörlerindeki satışlar nedeniyle Dow Jones Industrial Average geride kaldı.',
      ) +
      quote('Veri merkezi çiplerine olan talep yavaşlama belirtisi göstermiyor.') +
      p(
        'Oynaklık tarihsel ölçülere göre düşük seyrediyor; analistler, bilançolar veya veriler hayal kırıklığı yarattığında düşük oynaklığın hızla değişebileceğini hatırlatıyor.',
      ),
  },
  'usdjpy-boj': {
    title: 'Japonya Merkez Bankası’nın faiz artıracağı konuşulurken yen güçleniyor',
    desc: 'Japonya Merkez Bankası’ndan bir yetkilinin sözleri sıkılaşma beklentilerini artırınca USD/JPY sert düştü.',
    content:
      p(
        'Japonya Merkez Bankası yönetim kurulu üyelerinden birinin yeni bir faiz artışı için koşulların oluşmakta olduğunu söylemesinin ardından Japon yeni dolar karşısında sıçradı.',
        'Japon devlet tahvili getirileri çok yılın zirvesine çıktı ve yılın büyük bölümünde yen üzerinde baskı yaratan ABD getirileriyle arasındaki farkı daralttı.',
      ) +
      h3('İzlenecekler') +
      ul(
        'Cuma günü Tokyo tüketici fiyatları',
        'İlkbahardaki ücret görüşmeleri',
        'Maliye Bakanlığı’nın kur hareketlerine ilişkin açıklamaları',
      ),
  },
  'gbpusd-inflation': {
    title: 'İngiltere enflasyonu beklentileri aşınca sterlin güçlü seyrediyor',
    desc: 'İngiltere’de hizmet enflasyonunun inatla yüksek kalması İngiltere Merkez Bankası’nın hızlı bir indirime gitme olasılığını azaltınca GBP/USD yükseldi.',
    content: p(
      'Resmî veriler, Birleşik Krallık’ta tüketici fiyatları enflasyonunun hizmetlerin etkisiyle ekonomistlerin beklediğinden fazla arttığını gösterince sterlin değer kazandı.',
      'Piyasalar İngiltere Merkez Bankası’nın bir sonraki toplantısında faiz indirimi yapacağına yönelik beklentilerini azalttı ve kısa vadeli gilt getirileri yükseldi.',
      'Kablo şimdi son tepe noktasında dirençle karşı karşıya; bu seviyenin kırılması yılın zirvesini görünür kılar.',
    ),
  },
  'silver-industrial': {
    title: 'Sanayi talebiyle gümüş altından daha iyi performans gösteriyor',
    desc: 'Güneş paneli ve elektronik üreticileri alımlarını artırınca gri metal altından daha fazla değer kazandı.',
    content:
      p(
        'Sanayi alıcıları alımlarını hızlandırınca gümüş bu hafta altından daha hızlı yükseldi ve altın/gümüş oranı daraldı.',
        'Güneş paneli üretimi madenlerden çıkan arzın giderek büyüyen bir bölümünü tüketiyor ve bazı analistler piyasanın bir yıl daha açık vereceğini öngörüyor.',
      ) +
      ul(
        'Gümüş altından daha oynaktır: %3’lük günlük hareketler olağandır',
        'Sanayi talebi onu büyüme verilerine duyarlı kılar',
      ),
  },
  'audusd-china': {
    title: 'Çin verileri hayal kırıklığı yaratınca Avustralya doları geriliyor',
    desc: 'Çin’de zayıf gelen perakende satışlar ve sanayi üretimi emtia para birimlerine baskı yapınca AUD/USD düştü.',
    content: p(
      'Çin’den gelen veriler perakende satışların ve sanayi üretiminin tahminlerden daha yavaş büyüdüğünü gösterince Avustralya doları ABD doları karşısında değer kaybetti.',
      'Demir cevheri fiyatları da geriledi ve çelik üretiminin bu temel girdisinin en büyük ihracatçılarından birinin para birimi üzerindeki baskıyı artırdı.',
      'Avustralya Merkez Bankası gelecek ay toplanıyor; piyasalar faizlerin sabit tutulmasını bekliyor.',
    ),
  },
  'dax-record': {
    title: 'Avrupa hisseleri yükselişini sürdürürken DAX rekor kırıyor',
    desc: 'Almanya’nın gösterge endeksi, sanayi şirketleri ve bankaların öncülüğünde tüm zamanların en yüksek seviyesine ulaştı.',
    content:
      p(
        'Yatırımcıların düşen enerji fiyatları ve istikrarlı faizlerin Alman imalat sanayisinin toparlanmasını destekleyeceğine yönelik beklentisiyle DAX günü rekor seviyede kapattı.',
        'Bankalar artan net faiz gelirleriyle yükselirken otomobil üreticileri yeni ticaret görüşmeleri öncesinde karışık bir seyir izledi.',
      ) +
      h3('Seviyeler') +
      ul(
        'Artık taban işlevi gören önceki rekorda destek',
        'Momentum göstergeleri aşırı alım bölgesine yakın',
      ),
  },
  'natgas-winter': {
    title: 'Doğal gaz kış ısınma sezonu öncesinde dalgalı seyrediyor',
    desc: 'Hava tahminleri değişirken ve depolama seviyeleri yüksek kalırken fiyatlar her iki yönde de dalgalandı.',
    content:
      p(
        'Kışın başına ilişkin sıcaklık tahminleri günden güne değiştiği için doğal gaz vadeli sözleşmeleri bu hafta her iki yönde de sert hareket etti.',
        'Avrupa ve ABD’deki depolama seviyeleri beş yıllık ortalamanın üzerinde; bu da uzun süreli bir soğuk hava dalgası gelmedikçe yükseliş potansiyelini sınırlıyor.',
      ) +
      p(
        '<em>Risk notu:</em> enerji sözleşmeleri hava durumu güncellemeleri ve stok raporları sırasında dakikalar içinde yüzde birkaç hareket edebilir. Pozisyon büyüklüğünü dikkatle belirleyin.',
      ),
  },
};
