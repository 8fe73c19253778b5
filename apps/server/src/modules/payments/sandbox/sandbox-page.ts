import { formatAmount, type Language, languageTags } from '@account-centre/contract';
import type { Selectable } from 'kysely';
import type { SandboxPaymentsTable } from '../payments.tables.js';

type Texts = {
  title: string;
  notice: string;
  item: string;
  amount: string;
  pay: string;
  cancel: string;
  paid: string;
  cancelled: string;
  closed: string;
  refunded: string;
  missing: string;
  /** Said to a caller elsewhere on the network: the page answers where the dev tools do. */
  elsewhere: string;
  methods: Record<'wxpay' | 'alipay' | 'card' | 'bank', string>;
};

/** The sandbox pay page's words, in the twelve languages of the account centre. */
const texts: Record<Language, Texts> = {
  zh: {
    title: '沙箱支付',
    notice: '这是测试支付页面，不会产生真实扣款。',
    item: '商品',
    amount: '金额',
    pay: '确认支付',
    cancel: '取消支付',
    paid: '支付成功，可以关闭此页面。',
    cancelled: '已取消，未扣款。订单在关闭前仍可支付。',
    closed: '此订单已关闭，无法支付。',
    refunded: '此订单已退款。',
    missing: '找不到此支付。',
    elsewhere: '此测试支付页面只能在运行账号中心的电脑上打开。请在那台电脑上打开支付链接。',
    methods: { wxpay: '微信支付', alipay: '支付宝', card: '银行卡', bank: '银行转账' },
  },
  en: {
    title: 'Sandbox payment',
    notice: 'This is a test payment page: no real money moves.',
    item: 'Item',
    amount: 'Amount',
    pay: 'Pay',
    cancel: 'Cancel',
    paid: 'Paid. You can close this page.',
    cancelled: 'Cancelled: nothing was paid. The order can still be paid until it closes.',
    closed: 'This order has closed and can no longer be paid.',
    refunded: 'This order was refunded.',
    missing: 'No such payment.',
    elsewhere:
      'This test payment page opens only on the computer running the Account Centre. Open the payment link on that computer.',
    methods: { wxpay: 'WeChat Pay', alipay: 'Alipay', card: 'Card', bank: 'Bank transfer' },
  },
  de: {
    title: 'Sandbox-Zahlung',
    notice: 'Dies ist eine Testzahlungsseite: Es wird kein echtes Geld bewegt.',
    item: 'Artikel',
    amount: 'Betrag',
    pay: 'Bezahlen',
    cancel: 'Abbrechen',
    paid: 'Bezahlt. Sie können diese Seite schließen.',
    cancelled: 'Abgebrochen: Es wurde nichts bezahlt. Die Bestellung kann bis zu ihrem Ablauf noch bezahlt werden.',
    closed: 'Diese Bestellung ist geschlossen und kann nicht mehr bezahlt werden.',
    refunded: 'Diese Bestellung wurde erstattet.',
    missing: 'Diese Zahlung gibt es nicht.',
    elsewhere:
      'Diese Testzahlungsseite öffnet sich nur auf dem Computer, auf dem das Kontocenter läuft. Öffnen Sie den Zahlungslink auf diesem Computer.',
    methods: { wxpay: 'WeChat Pay', alipay: 'Alipay', card: 'Karte', bank: 'Banküberweisung' },
  },
  fr: {
    title: 'Paiement de test',
    notice: 'Ceci est une page de paiement de test : aucun argent réel n’est débité.',
    item: 'Article',
    amount: 'Montant',
    pay: 'Payer',
    cancel: 'Annuler',
    paid: 'Payé. Vous pouvez fermer cette page.',
    cancelled: 'Annulé : rien n’a été payé. La commande peut encore être payée jusqu’à sa clôture.',
    closed: 'Cette commande est clôturée et ne peut plus être payée.',
    refunded: 'Cette commande a été remboursée.',
    missing: 'Ce paiement n’existe pas.',
    elsewhere:
      'Cette page de paiement de test ne s’ouvre que sur l’ordinateur où tourne l’Espace compte. Ouvrez le lien de paiement sur cet ordinateur.',
    methods: { wxpay: 'WeChat Pay', alipay: 'Alipay', card: 'Carte', bank: 'Virement bancaire' },
  },
  es: {
    title: 'Pago de prueba',
    notice: 'Esta es una página de pago de prueba: no se mueve dinero real.',
    item: 'Artículo',
    amount: 'Importe',
    pay: 'Pagar',
    cancel: 'Cancelar',
    paid: 'Pagado. Puede cerrar esta página.',
    cancelled: 'Cancelado: no se ha pagado nada. El pedido aún puede pagarse hasta que se cierre.',
    closed: 'Este pedido está cerrado y ya no se puede pagar.',
    refunded: 'Este pedido ha sido reembolsado.',
    missing: 'Este pago no existe.',
    elsewhere:
      'Esta página de pago de prueba solo se abre en el ordenador donde se ejecuta el Centro de cuenta. Abra el enlace de pago en ese ordenador.',
    methods: { wxpay: 'WeChat Pay', alipay: 'Alipay', card: 'Tarjeta', bank: 'Transferencia bancaria' },
  },
  jp: {
    title: 'サンドボックス決済',
    notice: 'これはテスト用の決済ページです。実際のお金は動きません。',
    item: '商品',
    amount: '金額',
    pay: '支払う',
    cancel: 'キャンセル',
    paid: '支払いが完了しました。このページを閉じてかまいません。',
    cancelled: 'キャンセルしました。支払いは行われていません。注文は締め切りまで支払えます。',
    closed: 'この注文は締め切られたため、支払えません。',
    refunded: 'この注文は返金されました。',
    missing: 'この支払いは見つかりません。',
    elsewhere:
      'このテスト用決済ページは、アカウントセンターを実行しているコンピューターでのみ開けます。そのコンピューターで決済リンクを開いてください。',
    methods: { wxpay: 'WeChat Pay', alipay: 'Alipay', card: 'カード', bank: '銀行振込' },
  },
  tw: {
    title: '沙盒付款',
    notice: '這是測試付款頁面，不會產生真實扣款。',
    item: '商品',
    amount: '金額',
    pay: '確認付款',
    cancel: '取消付款',
    paid: '付款成功，可以關閉此頁面。',
    cancelled: '已取消，未扣款。訂單在關閉前仍可付款。',
    closed: '此訂單已關閉，無法付款。',
    refunded: '此訂單已退款。',
    missing: '找不到此付款。',
    elsewhere: '此測試付款頁面只能在執行帳號中心的電腦上開啟。請在那台電腦上開啟付款連結。',
    methods: { wxpay: '微信支付', alipay: '支付寶', card: '銀行卡', bank: '銀行轉帳' },
  },
  it: {
    title: 'Pagamento di prova',
    notice: 'Questa è una pagina di pagamento di prova: non si muove denaro reale.',
    item: 'Articolo',
    amount: 'Importo',
    pay: 'Paga',
    cancel: 'Annulla',
    paid: 'Pagato. Puoi chiudere questa pagina.',
    cancelled: 'Annullato: non è stato pagato nulla. L’ordine può ancora essere pagato finché non si chiude.',
    closed: 'Questo ordine è chiuso e non può più essere pagato.',
    refunded: 'Questo ordine è stato rimborsato.',
    missing: 'Questo pagamento non esiste.',
    elsewhere:
      'Questa pagina di pagamento di prova si apre solo sul computer su cui è in esecuzione il Centro account. Apri il link di pagamento su quel computer.',
    methods: { wxpay: 'WeChat Pay', alipay: 'Alipay', card: 'Carta', bank: 'Bonifico bancario' },
  },
  pt: {
    title: 'Pagamento de teste',
    notice: 'Esta é uma página de pagamento de teste: nenhum dinheiro real é movimentado.',
    item: 'Item',
    amount: 'Valor',
    pay: 'Pagar',
    cancel: 'Cancelar',
    paid: 'Pago. Você pode fechar esta página.',
    cancelled: 'Cancelado: nada foi pago. O pedido ainda pode ser pago até ser encerrado.',
    closed: 'Este pedido foi encerrado e não pode mais ser pago.',
    refunded: 'Este pedido foi reembolsado.',
    missing: 'Este pagamento não existe.',
    elsewhere:
      'Esta página de pagamento de teste só abre no computador em que a Central da conta está em execução. Abra o link de pagamento nesse computador.',
    methods: { wxpay: 'WeChat Pay', alipay: 'Alipay', card: 'Cartão', bank: 'Transferência bancária' },
  },
  kr: {
    title: '샌드박스 결제',
    notice: '테스트 결제 페이지입니다. 실제 돈은 움직이지 않습니다.',
    item: '상품',
    amount: '금액',
    pay: '결제하기',
    cancel: '취소',
    paid: '결제되었습니다. 이 페이지를 닫아도 됩니다.',
    cancelled: '취소되었습니다. 결제된 금액은 없습니다. 주문이 마감되기 전까지는 결제할 수 있습니다.',
    closed: '이 주문은 마감되어 더 이상 결제할 수 없습니다.',
    refunded: '이 주문은 환불되었습니다.',
    missing: '이 결제를 찾을 수 없습니다.',
    elsewhere: '이 테스트 결제 페이지는 계정 센터가 실행 중인 컴퓨터에서만 열립니다. 그 컴퓨터에서 결제 링크를 여세요.',
    methods: { wxpay: 'WeChat Pay', alipay: 'Alipay', card: '카드', bank: '계좌 이체' },
  },
  id: {
    title: 'Pembayaran sandbox',
    notice: 'Ini halaman pembayaran uji coba: tidak ada uang sungguhan yang berpindah.',
    item: 'Item',
    amount: 'Jumlah',
    pay: 'Bayar',
    cancel: 'Batal',
    paid: 'Sudah dibayar. Anda dapat menutup halaman ini.',
    cancelled: 'Dibatalkan: tidak ada yang dibayar. Pesanan masih dapat dibayar sampai ditutup.',
    closed: 'Pesanan ini sudah ditutup dan tidak dapat dibayar lagi.',
    refunded: 'Pesanan ini sudah dikembalikan dananya.',
    missing: 'Pembayaran ini tidak ada.',
    elsewhere:
      'Halaman pembayaran uji coba ini hanya terbuka di komputer yang menjalankan Pusat Akun. Buka tautan pembayaran di komputer tersebut.',
    methods: { wxpay: 'WeChat Pay', alipay: 'Alipay', card: 'Kartu', bank: 'Transfer bank' },
  },
  ru: {
    title: 'Тестовая оплата',
    notice: 'Это тестовая страница оплаты: настоящие деньги не списываются.',
    item: 'Товар',
    amount: 'Сумма',
    pay: 'Оплатить',
    cancel: 'Отменить',
    paid: 'Оплачено. Эту страницу можно закрыть.',
    cancelled: 'Отменено: ничего не оплачено. Заказ можно оплатить, пока он не закрыт.',
    closed: 'Этот заказ закрыт, оплатить его уже нельзя.',
    refunded: 'Деньги за этот заказ возвращены.',
    missing: 'Такой оплаты нет.',
    elsewhere:
      'Эта тестовая страница оплаты открывается только на компьютере, где работает Центр аккаунта. Откройте ссылку на оплату на этом компьютере.',
    methods: { wxpay: 'WeChat Pay', alipay: 'Alipay', card: 'Карта', bank: 'Банковский перевод' },
  },
};

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * The sandbox's pay page: what is paid and how much, with pay and cancel buttons while it can be
 * paid, or what became of it. Plain HTML with forms and no script, as a provider's page would be
 * to the account centre: nothing of the app runs on it.
 */
export function sandboxPage(
  payment: Selectable<SandboxPaymentsTable> | undefined,
  language: Language,
  action: string,
  now: number,
): string {
  const t = texts[language];
  let body: string;
  if (!payment) body = `<p role="status">${escape(t.missing)}</p>`;
  else {
    const payable = (payment.state === 'pending' || payment.state === 'cancelled') && payment.expires_at > now;
    const outcome =
      payment.state === 'paid'
        ? t.paid
        : payment.state === 'refunded'
          ? t.refunded
          : !payable
            ? t.closed
            : payment.state === 'cancelled'
              ? t.cancelled
              : null;
    body = `
      <dl>
        <dt>${escape(t.item)}</dt><dd>${escape(payment.description)}</dd>
        <dt>${escape(t.amount)}</dt><dd class="amount">${escape(formatAmount(payment.amount, payment.currency))}</dd>
      </dl>
      ${outcome ? `<p role="status">${escape(outcome)}</p>` : ''}
      ${
        payable
          ? `<div class="actions">
        <form method="post" action="${escape(action)}/pay"><button type="submit" class="pay">${escape(t.pay)}</button></form>
        <form method="post" action="${escape(action)}/cancel"><button type="submit">${escape(t.cancel)}</button></form>
      </div>`
          : ''
      }`;
  }
  return page(language, payment ? t.methods[payment.method] : t.title, body);
}

/**
 * What a caller elsewhere on the network sees instead of the page or an answer to its buttons:
 * the sandbox pays for real orders without money, so it answers only where the dev tools do
 * (lib/dev-tools-access.ts). A person who scanned the QR code with a phone learns where to open it.
 */
export function sandboxElsewherePage(language: Language): string {
  const t = texts[language];
  return page(language, t.title, `<p role="alert">${escape(t.elsewhere)}</p>`);
}

/** The page around a body: the sandbox's name and the method paid with in the heading, and its notice. */
function page(language: Language, method: string, body: string): string {
  const t = texts[language];
  return `<!doctype html>
<html lang="${languageTags[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escape(`${t.title} · ${method}`)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f1f3f5; color: #1a1b1e; }
  main { max-width: 420px; margin: 48px auto; padding: 24px; background: #fff; border-radius: 12px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 1.25rem; margin: 0 0 4px; }
  .notice { color: #495057; font-size: .875rem; margin: 0 0 16px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 0 0 16px; }
  dt { color: #495057; } dd { margin: 0; font-weight: 600; }
  .amount { font-size: 1.5rem; }
  .actions { display: flex; gap: 12px; }
  button { font: inherit; padding: 10px 20px; border-radius: 8px; border: 1px solid #868e96; background: #fff; color: #1a1b1e; cursor: pointer; }
  button.pay { background: #1864ab; border-color: #1864ab; color: #fff; }
  button:focus-visible { outline: 3px solid #f08c00; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <h1>${escape(`${t.title} · ${method}`)}</h1>
  <p class="notice">${escape(t.notice)}</p>
  ${body}
</main>
</body>
</html>`;
}
