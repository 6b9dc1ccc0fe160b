/** The seeded articles in Indonesian. */
import { h3, ol, p, quote, ul, type LanguageNews } from './article-text.ts';

export const id: LanguageNews = {
  'eurusd-ecb': {
    title: 'EUR/USD menguat saat investor menimbang langkah ECB berikutnya',
    desc: 'Euro naik terhadap dolar setelah data AS yang lebih lemah, sementara pelaku pasar memperkirakan Frankfurt akan menahan kebijakannya.',
    content:
      p(
        'Euro menguat terhadap dolar AS di sesi Eropa setelah data aktivitas manufaktur AS yang lebih lemah dari perkiraan menekan imbal hasil obligasi pemerintah AS.',
        'Pasar uang kini melihat kecil kemungkinan perubahan suku bunga deposito Bank Sentral Eropa pada pertemuan berikutnya, dan perhatian beralih ke susunan kata pernyataannya tentang inflasi.',
      ) +
      h3('Yang dicermati pelaku pasar') +
      ul(
        'Data awal inflasi zona euro di akhir bulan',
        'Klaim pengangguran mingguan AS pada hari Kamis',
        'Pidato para anggota dewan eksekutif ECB',
      ) +
      p(
        'Analis teknikal melihat resistansi di dekat level tertinggi baru-baru ini; penutupan harian di atasnya akan membuka jalan ke angka bulat berikutnya, sementara support berada di rata-rata bergerak 50 hari.',
      ),
  },
  'gold-record': {
    title: 'Emas bertahan dekat rekor karena bank sentral terus membeli',
    desc: 'Logam mulia tetap dekat level tertinggi sepanjang masa, didukung permintaan sektor resmi dan dolar yang melemah.',
    content:
      p(
        'Emas diperdagangkan dalam kisaran sempit tepat di bawah rekornya, setelah bank-bank sentral melaporkan satu bulan lagi pembelian bersih.',
        '<strong>Mengapa ini penting:</strong> pembelian resmi telah menjadi sumber permintaan yang stabil dan tidak bereaksi terhadap pergerakan harga jangka pendek, sehingga koreksi menjadi lebih dangkal dibanding siklus sebelumnya.',
      ) +
      quote('Permintaan dari para pengelola cadangan devisa telah menjadi penopang bagi pasar.') +
      p(
        'Perak ikut naik bersama emas tetapi tetap lebih bergejolak, karena permintaan industri dari produsen panel surya bersaing dengan arus investasi.',
        'Pelaku pasar mengingatkan bahwa posisi sudah sangat padat: kejutan pada data inflasi AS dapat memicu aksi ambil untung.',
      ),
  },
  'oil-opec': {
    title: 'Minyak melemah karena OPEC+ mengisyaratkan pasokan kembali secara bertahap',
    desc: 'Harga minyak mentah turun setelah kelompok produsen memastikan akan menambah kembali barel ke pasar dalam beberapa bulan mendatang.',
    content:
      p(
        'Brent dan WTI sama-sama turun setelah para delegasi OPEC+ mengatakan kelompok itu akan terus melonggarkan pemangkasan produksi sukarela dalam langkah-langkah bulanan yang kecil.',
        'Persediaan di Amerika Serikat naik untuk minggu kedua, menambah kesan bahwa pasokan pasar untuk saat ini cukup longgar.',
      ) +
      h3('Level kunci') +
      ol('Support WTI di level terendah tiga bulan', 'Resistansi Brent di rata-rata bergerak 200 hari') +
      p(
        'Margin kilang tetap sehat, sehingga permintaan minyak mentah dari kilang semestinya tetap kuat sepanjang musim pemanas di musim dingin.',
      ),
  },
  'fed-minutes': {
    title: 'Risalah Fed menunjukkan para pejabat tidak terburu-buru memangkas lagi',
    desc: 'Para pembuat kebijakan sepakat inflasi mereda, tetapi ingin melihat lebih banyak bukti sebelum menurunkan suku bunga lagi.',
    content:
      p(
        'Risalah rapat terakhir Federal Reserve menunjukkan kesepakatan luas bahwa kebijakan moneter sudah berada di posisi yang tepat, dengan beberapa pejabat memperingatkan agar tidak bergerak terlalu cepat.',
        'Dolar sedikit menguat setelah rilis tersebut dan imbal hasil obligasi pemerintah AS bertenor dua tahun naik, karena pelaku pasar memundurkan perkiraan waktu pemangkasan berikutnya.',
      ) +
      h3('Reaksi pasar') +
      ul(
        'USD/JPY naik mendekati batas atas kisaran terbarunya',
        'Emas sempat turun sebelum pulih',
        'Kontrak berjangka indeks AS nyaris tidak berubah',
      ) +
      p(
        'Laporan harga konsumen berikutnya kini menjadi peristiwa utama bagi ekspektasi suku bunga; angka yang lunak akan menghidupkan kembali taruhan pada langkah di awal tahun depan.',
      ),
  },
  'btc-etf': {
    title: 'Bitcoin melonjak seiring derasnya arus masuk ke ETF spot',
    desc: 'Mata uang kripto terbesar itu naik saat dana yang diperdagangkan di bursa mencatat minggu arus masuk terkuat dalam beberapa bulan.',
    content:
      p(
        'Bitcoin naik selama tiga sesi berturut-turut, terbantu oleh pembelian yang stabil melalui ETF spot yang tercatat di Amerika Serikat.',
        'Ether dan token besar lainnya ikut naik, meskipun volume perdagangan di bursa kripto masih di bawah puncaknya pada musim semi.',
      ) +
      h3('Risiko') +
      ul(
        'Posisi beli berleverage di kontrak berjangka perpetual tumbuh dengan cepat',
        'Likuiditas akhir pekan tipis, sehingga pergerakan bisa terjadi tiba-tiba',
      ) +
      p(
        'Harga kripto bergerak sepanjang waktu dan dapat melompat tajam. Gunakan stop loss dan ukuran transaksi yang sanggup Anda tanggung kerugiannya.',
      ),
  },
  'indices-earnings': {
    title: 'Indeks Wall Street naik berkat laporan keuangan teknologi yang kuat',
    desc: 'Nasdaq 100 memimpin kenaikan setelah hasil produsen cip besar melampaui ekspektasi.',
    content:
      p(
        'Indeks saham AS menguat dengan saham teknologi di barisan depan, setelah dua perusahaan semikonduktor terbesar melaporkan pendapatan di atas perkiraan dan menaikkan proyeksi.',
        'S&amp;P 500 naik untuk keempat kalinya dalam lima sesi, sementara Dow Jones Industrial Average tertinggal karena sektor defensif dijual.',
      ) +
      quote('Permintaan cip untuk pusat data belum menunjukkan tanda-tanda melambat.') +
      p(
        'Volatilitas tetap rendah menurut ukuran historis; analis mencatat bahwa volatilitas rendah dapat berbalik cepat ketika laporan keuangan atau data mengecewakan.',
      ),
  },
  'usdjpy-boj': {
    title: 'Yen menguat di tengah wacana kenaikan suku bunga Bank of Japan',
    desc: 'USD/JPY turun tajam setelah komentar seorang pejabat Bank of Japan meningkatkan ekspektasi pengetatan kebijakan.',
    content:
      p(
        'Yen Jepang melonjak terhadap dolar setelah seorang anggota dewan Bank of Japan mengatakan kondisi untuk kenaikan suku bunga berikutnya mulai terpenuhi.',
        'Imbal hasil obligasi pemerintah Jepang naik ke level tertinggi dalam beberapa tahun, mempersempit selisih dengan imbal hasil AS yang membebani yen sepanjang sebagian besar tahun ini.',
      ) +
      h3('Yang perlu dipantau') +
      ul(
        'Harga konsumen Tokyo pada hari Jumat',
        'Negosiasi upah pada musim semi',
        'Pernyataan Kementerian Keuangan tentang pergerakan mata uang',
      ),
  },
  'gbpusd-inflation': {
    title: 'Pound menguat setelah inflasi Inggris di atas perkiraan',
    desc: 'GBP/USD naik karena inflasi sektor jasa di Inggris tetap tinggi, sehingga peluang pemangkasan cepat oleh Bank of England berkurang.',
    content: p(
      'Sterling menguat setelah data resmi menunjukkan inflasi harga konsumen di Inggris naik lebih tinggi dari perkiraan para ekonom, didorong oleh sektor jasa.',
      'Pasar mengurangi taruhan pada pemangkasan suku bunga Bank of England di pertemuan berikutnya, sehingga imbal hasil gilt bertenor pendek naik.',
      'Cable kini menghadapi resistansi di puncak ayunan terakhir; jika ditembus, level tertinggi tahun ini akan terlihat.',
    ),
  },
  'silver-industrial': {
    title: 'Perak mengungguli emas berkat permintaan industri',
    desc: 'Logam abu-abu itu naik lebih tinggi dari emas karena produsen panel surya dan elektronik menambah pembelian.',
    content:
      p(
        'Perak naik lebih cepat daripada emas minggu ini sehingga rasio emas terhadap perak menyempit, seiring pembeli industri meningkatkan pembelian.',
        'Produksi panel surya menyerap porsi pasokan tambang yang terus bertambah, dan sebagian analis memperkirakan pasar akan kembali defisit selama setahun lagi.',
      ) +
      ul(
        'Perak lebih bergejolak daripada emas: pergerakan harian 3% adalah hal biasa',
        'Permintaan industri membuatnya peka terhadap data pertumbuhan',
      ),
  },
  'audusd-china': {
    title: 'Dolar Australia melemah setelah data Tiongkok mengecewakan',
    desc: 'AUD/USD turun setelah penjualan ritel dan produksi industri Tiongkok yang lebih lemah menekan mata uang komoditas.',
    content: p(
      'Dolar Australia turun terhadap dolar AS setelah data dari Tiongkok menunjukkan penjualan ritel dan produksi industri tumbuh lebih lambat dari perkiraan.',
      'Harga bijih besi juga melemah, menambah tekanan pada mata uang salah satu eksportir terbesar bahan baku pembuatan baja tersebut.',
      'Reserve Bank of Australia akan bertemu bulan depan; pasar memperkirakan suku bunga tidak berubah.',
    ),
  },
  'dax-record': {
    title: 'DAX cetak rekor saat saham Eropa memperpanjang kenaikan',
    desc: 'Indeks acuan Jerman mencapai level tertinggi sepanjang masa, dipimpin saham industri dan perbankan.',
    content:
      p(
        'DAX ditutup di level rekor karena investor bertaruh harga energi yang lebih rendah dan suku bunga yang stabil akan mendukung pemulihan manufaktur Jerman.',
        'Saham bank naik berkat pendapatan bunga bersih yang lebih tinggi, sementara produsen mobil bergerak beragam menjelang perundingan dagang baru.',
      ) +
      h3('Level') +
      ul(
        'Support di rekor sebelumnya, yang kini menjadi lantai',
        'Indikator momentum mendekati area jenuh beli',
      ),
  },
  'natgas-winter': {
    title: 'Gas alam bergejolak menjelang musim pemanas di musim dingin',
    desc: 'Harga berayun ke dua arah seiring berubahnya prakiraan cuaca, sementara tingkat penyimpanan tetap tinggi.',
    content:
      p(
        'Kontrak berjangka gas alam bergerak tajam ke dua arah minggu ini karena prakiraan suhu untuk awal musim dingin berubah dari hari ke hari.',
        'Cadangan di Eropa dan Amerika Serikat berada di atas rata-rata lima tahunnya, yang membatasi potensi kenaikan kecuali datang gelombang dingin yang berkepanjangan.',
      ) +
      p(
        '<em>Catatan risiko:</em> kontrak energi dapat bergerak beberapa persen dalam hitungan menit di sekitar pembaruan cuaca dan laporan persediaan. Tentukan ukuran posisi dengan hati-hati.',
      ),
  },
};
