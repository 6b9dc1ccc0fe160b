/**
 * The texts an installation starts with for the announcement page and the complaint e-mail page,
 * in all 15 languages. Staff change them from the back office; a language staff leave out shows
 * their English text.
 */
import type { Language } from '@omp/protocol';

export const DEFAULT_ANNOUNCEMENT: Readonly<Record<Language, string>> = {
  en: 'This service is not offered to residents of North Korea, Israel, China, Vanuatu and Cuba.',
  hk: '本服務不向北韓、以色列、中國、瓦努阿圖及古巴的居民提供。',
  jp: '本サービスは、北朝鮮、イスラエル、中国、バヌアツおよびキューバの居住者にはご提供しておりません。',
  kr: '본 서비스는 북한, 이스라엘, 중국, 바누아투 및 쿠바 거주자에게는 제공되지 않습니다.',
  th: 'บริการนี้ไม่เปิดให้แก่ผู้ที่อาศัยอยู่ในเกาหลีเหนือ อิสราเอล จีน วานูอาตู และคิวบา',
  vn: 'Dịch vụ này không được cung cấp cho cư dân của Triều Tiên, Israel, Trung Quốc, Vanuatu và Cuba.',
  fr: 'Ce service n’est pas proposé aux résidents de la Corée du Nord, d’Israël, de la Chine, du Vanuatu et de Cuba.',
  de: 'Dieser Dienst wird Einwohnern von Nordkorea, Israel, China, Vanuatu und Kuba nicht angeboten.',
  ru: 'Услуга не предоставляется резидентам Северной Кореи, Израиля, Китая, Вануату и Кубы.',
  spa: 'Este servicio no se ofrece a residentes de Corea del Norte, Israel, China, Vanuatu y Cuba.',
  pt: 'Este serviço não é oferecido a residentes da Coreia do Norte, Israel, China, Vanuatu e Cuba.',
  ar: 'لا تُقدَّم هذه الخدمة للمقيمين في كوريا الشمالية وإسرائيل والصين وفانواتو وكوبا.',
  it: 'Questo servizio non è offerto ai residenti di Corea del Nord, Israele, Cina, Vanuatu e Cuba.',
  tr: 'Bu hizmet Kuzey Kore, İsrail, Çin, Vanuatu ve Küba sakinlerine sunulmamaktadır.',
  id: 'Layanan ini tidak ditawarkan kepada penduduk Korea Utara, Israel, Tiongkok, Vanuatu, dan Kuba.',
};

export const DEFAULT_COMPLAINT_TEXT: Readonly<Record<Language, string>> = {
  en: 'If you are not satisfied with our service, write to us at the address below. We reply within two working days.',
  hk: '如您對我們的服務不滿意，請發送電郵至以下地址。我們會在兩個工作天內回覆。',
  jp: '当社のサービスにご不満がございましたら、下記のアドレスまでご連絡ください。2営業日以内にご返信いたします。',
  kr: '서비스에 만족하지 않으시면 아래 주소로 메일을 보내 주십시오. 영업일 기준 2일 이내에 답변드립니다.',
  th: 'หากท่านไม่พอใจในบริการของเรา โปรดเขียนถึงเราตามที่อยู่ด้านล่าง เราจะตอบกลับภายในสองวันทำการ',
  vn: 'Nếu bạn không hài lòng với dịch vụ của chúng tôi, hãy viết thư đến địa chỉ dưới đây. Chúng tôi sẽ trả lời trong vòng hai ngày làm việc.',
  fr: 'Si vous n’êtes pas satisfait de notre service, écrivez-nous à l’adresse ci-dessous. Nous répondons sous deux jours ouvrés.',
  de: 'Wenn Sie mit unserem Service nicht zufrieden sind, schreiben Sie uns an die folgende Adresse. Wir antworten innerhalb von zwei Werktagen.',
  ru: 'Если вы недовольны нашим обслуживанием, напишите нам по адресу ниже. Мы отвечаем в течение двух рабочих дней.',
  spa: 'Si no está satisfecho con nuestro servicio, escríbanos a la dirección siguiente. Respondemos en un plazo de dos días hábiles.',
  pt: 'Se não estiver satisfeito com o nosso serviço, escreva-nos para o endereço abaixo. Respondemos no prazo de dois dias úteis.',
  ar: 'إذا لم تكن راضيًا عن خدمتنا، فراسلنا على العنوان أدناه. نرد خلال يومي عمل.',
  it: 'Se non sei soddisfatto del nostro servizio, scrivici all’indirizzo qui sotto. Rispondiamo entro due giorni lavorativi.',
  tr: 'Hizmetimizden memnun kalmadıysanız aşağıdaki adrese yazın. İki iş günü içinde yanıt veriyoruz.',
  id: 'Jika Anda tidak puas dengan layanan kami, kirimkan email ke alamat di bawah ini. Kami membalas dalam dua hari kerja.',
};
