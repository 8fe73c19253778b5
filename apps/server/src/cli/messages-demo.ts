import type { Language } from '@account-centre/contract';
import type { Db } from '../db/database.js';
import { hasNoticesNaming } from '../modules/messages/index.js';
import { markRead, sendNotice } from '../modules/messages/messages.service.js';

const DAY = 86_400;

/**
 * The demo's messages, oldest first: system and other, some with links, more than one page. Each
 * is an operator's notice given in every language (docs/decisions/058), so the demo account reads
 * them in the page's language on either site.
 */
export const DEMO_MESSAGES: readonly { type: 'system' | 'other'; contents: Record<Language, string>; read: boolean }[] =
  [
    {
      type: 'system',
      contents: {
        zh: '<p>欢迎使用账号中心。</p>',
        tw: '<p>歡迎使用帳號中心。</p>',
        en: '<p>Welcome to the Account Centre.</p>',
        de: '<p>Willkommen im Kontocenter.</p>',
        fr: '<p>Bienvenue dans votre Espace compte.</p>',
        es: '<p>Te damos la bienvenida al Centro de cuenta.</p>',
        it: '<p>Benvenuto nel Centro account.</p>',
        pt: '<p>Boas-vindas à Central da conta.</p>',
        ru: '<p>Добро пожаловать в Центр аккаунта.</p>',
        jp: '<p>アカウントセンターへようこそ。</p>',
        kr: '<p>계정 센터에 오신 것을 환영합니다.</p>',
        id: '<p>Selamat datang di Pusat Akun.</p>',
      },
      read: true,
    },
    {
      type: 'other',
      contents: {
        zh: '<p>模板周：所有流程图模板<b>七折</b>。</p>',
        tw: '<p>範本週：所有流程圖範本<b>七折</b>。</p>',
        en: '<p>Template week: <b>30% off</b> every flowchart template.</p>',
        de: '<p>Vorlagenwoche: <b>30 % Rabatt</b> auf alle Flussdiagramm-Vorlagen.</p>',
        fr: '<p>Semaine des modèles : <b>-30 %</b> sur tous les modèles de logigrammes.</p>',
        es: '<p>Semana de plantillas: <b>30 % de descuento</b> en todas las plantillas de diagramas de flujo.</p>',
        it: '<p>Settimana dei modelli: <b>30% di sconto</b> su tutti i modelli di diagrammi di flusso.</p>',
        pt: '<p>Semana dos modelos: <b>30% de desconto</b> em todos os modelos de fluxograma.</p>',
        ru: '<p>Неделя шаблонов: <b>скидка 30 %</b> на все шаблоны блок-схем.</p>',
        jp: '<p>テンプレートウィーク：フローチャートのテンプレートがすべて<b>30% オフ</b>。</p>',
        kr: '<p>템플릿 위크: 모든 순서도 템플릿 <b>30% 할인</b>.</p>',
        id: '<p>Pekan templat: <b>diskon 30%</b> untuk semua templat diagram alir.</p>',
      },
      read: true,
    },
    {
      type: 'system',
      contents: {
        zh: '<p>订单 DEMO-0001 的发票已开具。</p>',
        tw: '<p>訂單 DEMO-0001 的發票已開立。</p>',
        en: '<p>The invoice for order DEMO-0001 has been issued.</p>',
        de: '<p>Die Rechnung zur Bestellung DEMO-0001 wurde ausgestellt.</p>',
        fr: '<p>La facture de la commande DEMO-0001 a été émise.</p>',
        es: '<p>Se ha emitido la factura del pedido DEMO-0001.</p>',
        it: '<p>La fattura dell’ordine DEMO-0001 è stata emessa.</p>',
        pt: '<p>A fatura do pedido DEMO-0001 foi emitida.</p>',
        ru: '<p>Счёт по заказу DEMO-0001 выставлен.</p>',
        jp: '<p>注文 DEMO-0001 の請求書を発行しました。</p>',
        kr: '<p>주문 DEMO-0001의 인보이스가 발행되었습니다.</p>',
        id: '<p>Faktur untuk pesanan DEMO-0001 telah diterbitkan.</p>',
      },
      read: true,
    },
    {
      type: 'system',
      contents: {
        zh: '<p>有新设备登录了你的账号。</p>',
        tw: '<p>有新裝置登入了你的帳號。</p>',
        en: '<p>A new device signed in to your account.</p>',
        de: '<p>Ein neues Gerät hat sich bei Ihrem Konto angemeldet.</p>',
        fr: '<p>Un nouvel appareil s’est connecté à votre compte.</p>',
        es: '<p>Un dispositivo nuevo ha iniciado sesión en tu cuenta.</p>',
        it: '<p>Un nuovo dispositivo ha effettuato l’accesso al tuo account.</p>',
        pt: '<p>Um novo dispositivo entrou na sua conta.</p>',
        ru: '<p>В ваш аккаунт выполнен вход с нового устройства.</p>',
        jp: '<p>新しいデバイスからアカウントにログインがありました。</p>',
        kr: '<p>새 기기에서 계정에 로그인했습니다.</p>',
        id: '<p>Perangkat baru masuk ke akun Anda.</p>',
      },
      read: true,
    },
    {
      type: 'other',
      contents: {
        zh: '<p>思维导图新功能：AI 大纲笔记。<br />今天就来试试吧。</p>',
        tw: '<p>心智圖新功能：AI 大綱筆記。<br />今天就來試試吧。</p>',
        en: '<p>New in mind maps: AI outline notes.<br />Try them today.</p>',
        de: '<p>Neu in Mindmaps: KI-Gliederungsnotizen.<br />Probieren Sie sie noch heute aus.</p>',
        fr: '<p>Nouveau dans les cartes mentales : les notes en plan par IA.<br />Essayez-les dès aujourd’hui.</p>',
        es: '<p>Novedad en los mapas mentales: notas de esquema con IA.<br />Pruébalas hoy mismo.</p>',
        it: '<p>Novità nelle mappe mentali: appunti a schema con l’IA.<br />Provali oggi stesso.</p>',
        pt: '<p>Novidade nos mapas mentais: notas em tópicos com IA.<br />Experimente hoje mesmo.</p>',
        ru: '<p>Новое в интеллект-картах: ИИ-конспект в виде плана.<br />Попробуйте уже сегодня.</p>',
        jp: '<p>マインドマップの新機能：AI アウトラインノート。<br />今すぐお試しください。</p>',
        kr: '<p>마인드맵 새 기능: AI 개요 노트.<br />오늘 바로 사용해 보세요.</p>',
        id: '<p>Baru di peta pikiran: catatan kerangka AI.<br />Coba hari ini.</p>',
      },
      read: true,
    },
    {
      type: 'system',
      contents: {
        zh: '<p>你签到获得的 AI 点数将在 7 天后过期。</p>',
        tw: '<p>你簽到獲得的 AI 點數將在 7 天後到期。</p>',
        en: '<p>The AI points from your daily check-in expire in 7 days.</p>',
        de: '<p>Ihre KI-Punkte aus dem täglichen Einchecken verfallen in 7 Tagen.</p>',
        fr: '<p>Vos points IA de connexion quotidienne expirent dans 7 jours.</p>',
        es: '<p>Tus puntos de IA del registro diario caducan dentro de 7 días.</p>',
        it: '<p>I tuoi punti IA dell’accesso giornaliero scadono tra 7 giorni.</p>',
        pt: '<p>Os seus pontos de IA do check-in diário expiram em 7 dias.</p>',
        ru: '<p>ИИ-баллы за ежедневный вход сгорят через 7 дней.</p>',
        jp: '<p>毎日のログインで獲得した AI ポイントは 7 日後に失効します。</p>',
        kr: '<p>매일 출석으로 받은 AI 포인트가 7일 후에 만료됩니다.</p>',
        id: '<p>Poin AI dari absen harian Anda kedaluwarsa dalam 7 hari.</p>',
      },
      read: true,
    },
    {
      type: 'other',
      contents: {
        zh: '<p>阅读我们的指南：<a href="https://www.example.com/blog/diagram-tips">绘图十大技巧</a>。</p>',
        tw: '<p>閱讀我們的指南：<a href="https://www.example.com/blog/diagram-tips">繪圖十大技巧</a>。</p>',
        en: '<p>Read our guide: <a href="https://www.example.com/blog/diagram-tips">ten tips for better diagrams</a>.</p>',
        de: '<p>Lesen Sie unseren Leitfaden: <a href="https://www.example.com/blog/diagram-tips">zehn Tipps für bessere Diagramme</a>.</p>',
        fr: '<p>Lisez notre guide : <a href="https://www.example.com/blog/diagram-tips">dix astuces pour de meilleurs diagrammes</a>.</p>',
        es: '<p>Lee nuestra guía: <a href="https://www.example.com/blog/diagram-tips">diez consejos para hacer mejores diagramas</a>.</p>',
        it: '<p>Leggi la nostra guida: <a href="https://www.example.com/blog/diagram-tips">dieci consigli per diagrammi migliori</a>.</p>',
        pt: '<p>Leia o nosso guia: <a href="https://www.example.com/blog/diagram-tips">dez dicas para diagramas melhores</a>.</p>',
        ru: '<p>Прочитайте наше руководство: <a href="https://www.example.com/blog/diagram-tips">десять советов для удачных диаграмм</a>.</p>',
        jp: '<p>ガイドを読む：<a href="https://www.example.com/blog/diagram-tips">図を上手に描く 10 のコツ</a>。</p>',
        kr: '<p>가이드를 읽어 보세요: <a href="https://www.example.com/blog/diagram-tips">다이어그램을 잘 그리는 10가지 팁</a>.</p>',
        id: '<p>Baca panduan kami: <a href="https://www.example.com/blog/diagram-tips">sepuluh tips untuk diagram yang lebih baik</a>.</p>',
      },
      read: false,
    },
    {
      type: 'system',
      contents: {
        zh: '<p>你的礼品码已兑换，500 AI 点数已到账。</p>',
        tw: '<p>你的禮品碼已兌換，500 點 AI 點數已入帳。</p>',
        en: '<p>Your gift code was redeemed: 500 AI points have been added to your account.</p>',
        de: '<p>Ihr Geschenkcode wurde eingelöst: 500 KI-Punkte wurden Ihrem Konto gutgeschrieben.</p>',
        fr: '<p>Votre code cadeau a été utilisé : 500 points IA ont été ajoutés à votre compte.</p>',
        es: '<p>Se ha canjeado tu código de regalo: se han añadido 500 puntos de IA a tu cuenta.</p>',
        it: '<p>Il tuo codice regalo è stato riscattato: 500 punti IA sono stati aggiunti al tuo account.</p>',
        pt: '<p>O seu código de presente foi resgatado: 500 pontos de IA foram adicionados à sua conta.</p>',
        ru: '<p>Подарочный код активирован: на ваш счёт зачислено 500 ИИ-баллов.</p>',
        jp: '<p>ギフトコードを引き換えました。500 AI ポイントが付与されました。</p>',
        kr: '<p>기프트 코드를 사용하여 AI 포인트 500포인트가 적립되었습니다.</p>',
        id: '<p>Kode hadiah Anda telah ditukarkan: 500 poin AI telah ditambahkan ke akun Anda.</p>',
      },
      read: false,
    },
    {
      type: 'system',
      contents: {
        zh: '<p>团队 <b>Design team</b> 的席位快用完了。</p>',
        tw: '<p>團隊 <b>Design team</b> 的席位快用完了。</p>',
        en: '<p>The team <b>Design team</b> is almost out of seats.</p>',
        de: '<p>Im Team <b>Design team</b> sind fast alle Plätze belegt.</p>',
        fr: '<p>L’équipe <b>Design team</b> n’a presque plus de places libres.</p>',
        es: '<p>Al equipo <b>Design team</b> casi no le quedan plazas.</p>',
        it: '<p>Il team <b>Design team</b> ha quasi esaurito i posti.</p>',
        pt: '<p>A equipe <b>Design team</b> está quase sem lugares.</p>',
        ru: '<p>В команде <b>Design team</b> почти не осталось мест.</p>',
        jp: '<p>チーム <b>Design team</b> の席が残りわずかです。</p>',
        kr: '<p><b>Design team</b> 팀의 좌석이 거의 다 찼습니다.</p>',
        id: '<p>Kursi tim <b>Design team</b> hampir habis.</p>',
      },
      read: false,
    },
    {
      type: 'other',
      contents: {
        zh: '<p>周四线上讲座：<a href="https://www.example.com/events">立即报名</a>。</p>',
        tw: '<p>週四線上講座：<a href="https://www.example.com/events">立即報名</a>。</p>',
        en: '<p>Online talk on Thursday: <a href="https://www.example.com/events">sign up now</a>.</p>',
        de: '<p>Online-Vortrag am Donnerstag: <a href="https://www.example.com/events">jetzt anmelden</a>.</p>',
        fr: '<p>Conférence en ligne jeudi : <a href="https://www.example.com/events">inscrivez-vous dès maintenant</a>.</p>',
        es: '<p>Charla en línea el jueves: <a href="https://www.example.com/events">inscríbete ya</a>.</p>',
        it: '<p>Webinar di giovedì: <a href="https://www.example.com/events">iscriviti ora</a>.</p>',
        pt: '<p>Palestra online na quinta-feira: <a href="https://www.example.com/events">inscreva-se já</a>.</p>',
        ru: '<p>Онлайн-лекция в четверг: <a href="https://www.example.com/events">зарегистрируйтесь сейчас</a>.</p>',
        jp: '<p>木曜日のオンライン講座：<a href="https://www.example.com/events">今すぐ申し込む</a>。</p>',
        kr: '<p>목요일 온라인 강연: <a href="https://www.example.com/events">지금 신청하기</a>.</p>',
        id: '<p>Webinar hari Kamis: <a href="https://www.example.com/events">daftar sekarang</a>.</p>',
      },
      read: false,
    },
    {
      type: 'system',
      contents: {
        zh: '<p>许可证密钥已绑定到此账号。</p>',
        tw: '<p>授權金鑰已綁定到此帳號。</p>',
        en: '<p>A licence key has been linked to this account.</p>',
        de: '<p>Ein Lizenzschlüssel wurde mit diesem Konto verknüpft.</p>',
        fr: '<p>Une clé de licence a été associée à ce compte.</p>',
        es: '<p>Se ha vinculado una clave de licencia a esta cuenta.</p>',
        it: '<p>Una chiave di licenza è stata associata a questo account.</p>',
        pt: '<p>Uma chave de licença foi vinculada a esta conta.</p>',
        ru: '<p>К этому аккаунту привязан лицензионный ключ.</p>',
        jp: '<p>ライセンスキーがこのアカウントに紐付けられました。</p>',
        kr: '<p>라이선스 키가 이 계정에 연결되었습니다.</p>',
        id: '<p>Kunci lisensi telah ditautkan ke akun ini.</p>',
      },
      read: false,
    },
  ];

/** A broadcast to everyone, sent when the demo is seeded. */
export const DEMO_BROADCAST: Record<Language, string> = {
  zh: '<p>系统将于周日 02:00–04:00（北京时间）进行维护。</p>',
  tw: '<p>系統將於週日 02:00–04:00（北京時間）進行維護。</p>',
  en: '<p>Scheduled maintenance on Sunday, 02:00–04:00 Beijing time.</p>',
  de: '<p>Wartungsarbeiten am Sonntag von 02:00 bis 04:00 Uhr (Pekinger Zeit).</p>',
  fr: '<p>Maintenance prévue dimanche de 02:00 à 04:00 (heure de Pékin).</p>',
  es: '<p>Mantenimiento programado el domingo de 02:00 a 04:00 (hora de Pekín).</p>',
  it: '<p>Manutenzione programmata domenica dalle 02:00 alle 04:00 (ora di Pechino).</p>',
  pt: '<p>Manutenção programada no domingo, das 02:00 às 04:00 (horário de Pequim).</p>',
  ru: '<p>Плановые технические работы в воскресенье с 02:00 до 04:00 (по пекинскому времени).</p>',
  jp: '<p>日曜日 02:00～04:00（北京時間）にメンテナンスを実施します。</p>',
  kr: '<p>일요일 02:00~04:00(베이징 시간)에 시스템 점검이 진행됩니다.</p>',
  id: '<p>Pemeliharaan terjadwal pada hari Minggu pukul 02.00–04.00 (waktu Beijing).</p>',
};

/**
 * Messages on the demo account, so every state of the messages screen shows: read and unread,
 * both types, links, more than one page, and a broadcast to everyone. Once: an account with
 * messages is left alone.
 */
export async function seedMessagesDemo(db: Db, userId: number, now: number): Promise<boolean> {
  if (await hasNoticesNaming(db, userId)) return false;
  const read: number[] = [];
  for (const [i, message] of DEMO_MESSAGES.entries()) {
    const at = now - (DEMO_MESSAGES.length - i) * DAY;
    const sent = await sendNotice(
      db,
      { audience: 'users', userIds: [userId], type: message.type, translations: message.contents },
      at,
    );
    if (message.read) read.push(sent.id);
  }
  await sendNotice(
    db,
    { audience: 'all', type: 'system', translations: DEMO_BROADCAST },
    // Broadcasts reach the accounts open when they are sent: the demo's was opened just now.
    now,
  );
  await markRead(db, userId, read, now);
  return true;
}
