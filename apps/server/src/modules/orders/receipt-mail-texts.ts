import type { Language } from '@account-centre/contract';

/**
 * The e-mails about an order's receipt or invoice, in each of the 12 languages, one language per
 * message (docs/decisions/058). `{order}`, `{product}` and `{amount}` are filled in.
 */
export const receiptMailTexts: Record<
  Language,
  { readySubject: string; readyBody: string; failedSubject: string; failedBody: string }
> = {
  zh: {
    readySubject: '订单 {order} 的发票已开具',
    readyBody: '您的订单 {order}（{product}，{amount}）的电子发票已开具。请登录账户中心，在“我的订单”中下载。',
    failedSubject: '订单 {order} 的发票未能开具',
    failedBody:
      '您的订单 {order}（{product}）的发票未能开具，可能是开票信息有误。请在订单有效期内重新申请，或联系客服。',
  },
  tw: {
    readySubject: '訂單 {order} 的發票已開立',
    readyBody: '你的訂單 {order}（{product}，{amount}）的電子發票已開立。請登入帳戶中心，在「我的訂單」中下載。',
    failedSubject: '訂單 {order} 的發票未能開立',
    failedBody:
      '你的訂單 {order}（{product}）的發票未能開立，可能是開票資訊有誤。請在訂單有效期內重新申請，或聯絡客服。',
  },
  en: {
    readySubject: 'Your receipt for order {order}',
    readyBody:
      'The receipt for your order {order} ({product}, {amount}) is ready. Sign in to your account centre and download it from Orders.',
    failedSubject: 'The invoice for order {order} could not be issued',
    failedBody:
      'The invoice for your order {order} ({product}) could not be issued; its billing details may be wrong. Ask for it again while the order is valid, or contact support.',
  },
  de: {
    readySubject: 'Ihr Beleg für die Bestellung {order}',
    readyBody:
      'Der Beleg für Ihre Bestellung {order} ({product}, {amount}) ist fertig. Melden Sie sich im Kontocenter an und laden Sie ihn unter „Bestellungen“ herunter.',
    failedSubject: 'Die Rechnung für die Bestellung {order} konnte nicht ausgestellt werden',
    failedBody:
      'Die Rechnung für Ihre Bestellung {order} ({product}) konnte nicht ausgestellt werden; vielleicht sind die Rechnungsdaten falsch. Beantragen Sie sie erneut, solange die Bestellung gültig ist, oder wenden Sie sich an den Support.',
  },
  es: {
    readySubject: 'Tu recibo del pedido {order}',
    readyBody:
      'El recibo de tu pedido {order} ({product}, {amount}) está listo. Inicia sesión en el centro de cuenta y descárgalo en Pedidos.',
    failedSubject: 'No se pudo emitir la factura del pedido {order}',
    failedBody:
      'No se pudo emitir la factura de tu pedido {order} ({product}); puede que los datos de facturación sean incorrectos. Vuelve a pedirla mientras el pedido siga vigente o contacta con el servicio de atención.',
  },
  fr: {
    readySubject: 'Votre reçu pour la commande {order}',
    readyBody:
      'Le reçu de votre commande {order} ({product}, {amount}) est prêt. Connectez-vous à votre espace compte et téléchargez-le depuis Commandes.',
    failedSubject: 'La facture de la commande {order} n’a pas pu être émise',
    failedBody:
      'La facture de votre commande {order} ({product}) n’a pas pu être émise ; les informations de facturation sont peut-être erronées. Redemandez-la tant que la commande est valable, ou contactez le support.',
  },
  id: {
    readySubject: 'Tanda terima untuk pesanan {order}',
    readyBody:
      'Tanda terima untuk pesanan {order} ({product}, {amount}) sudah siap. Masuk ke pusat akun Anda dan unduh dari halaman Pesanan.',
    failedSubject: 'Faktur untuk pesanan {order} tidak dapat diterbitkan',
    failedBody:
      'Faktur untuk pesanan {order} ({product}) tidak dapat diterbitkan; mungkin data penagihannya salah. Ajukan lagi selama pesanan masih berlaku, atau hubungi layanan pelanggan.',
  },
  it: {
    readySubject: 'La ricevuta dell’ordine {order}',
    readyBody:
      'La ricevuta del tuo ordine {order} ({product}, {amount}) è pronta. Accedi al centro account e scaricala dalla pagina Ordini.',
    failedSubject: 'Non è stato possibile emettere la fattura dell’ordine {order}',
    failedBody:
      'Non è stato possibile emettere la fattura del tuo ordine {order} ({product}); forse i dati di fatturazione sono errati. Richiedila di nuovo finché l’ordine è valido, oppure contatta l’assistenza.',
  },
  jp: {
    readySubject: '注文 {order} の領収書',
    readyBody:
      'ご注文 {order}（{product}、{amount}）の領収書の準備ができました。アカウントセンターにログインし、注文履歴からダウンロードしてください。',
    failedSubject: '注文 {order} の請求書を発行できませんでした',
    failedBody:
      'ご注文 {order}（{product}）の請求書を発行できませんでした。請求先の情報に誤りがある可能性があります。注文の有効期間内にもう一度申請するか、サポートにお問い合わせください。',
  },
  kr: {
    readySubject: '주문 {order}의 영수증',
    readyBody:
      '주문 {order}({product}, {amount})의 영수증이 준비되었습니다. 계정 센터에 로그인한 뒤 주문 내역에서 내려받으세요.',
    failedSubject: '주문 {order}의 계산서를 발행하지 못했습니다',
    failedBody:
      '주문 {order}({product})의 계산서를 발행하지 못했습니다. 청구 정보가 잘못되었을 수 있습니다. 주문이 유효한 동안 다시 신청하거나 고객 지원에 문의하세요.',
  },
  pt: {
    readySubject: 'O seu recibo do pedido {order}',
    readyBody:
      'O recibo do seu pedido {order} ({product}, {amount}) está pronto. Entre na central da conta e baixe-o na página Pedidos.',
    failedSubject: 'Não foi possível emitir a fatura do pedido {order}',
    failedBody:
      'Não foi possível emitir a fatura do seu pedido {order} ({product}); os dados de faturamento podem estar errados. Peça-a novamente enquanto o pedido for válido ou fale com o suporte.',
  },
  ru: {
    readySubject: 'Чек по заказу {order}',
    readyBody:
      'Чек по вашему заказу {order} ({product}, {amount}) готов. Войдите в центр аккаунта и скачайте его на странице «Заказы».',
    failedSubject: 'Не удалось выставить счёт по заказу {order}',
    failedBody:
      'Не удалось выставить счёт по вашему заказу {order} ({product}): возможно, платёжные реквизиты указаны неверно. Запросите его снова, пока заказ действует, или обратитесь в поддержку.',
  },
};

/** A receipt e-mail's text with its marks filled in. */
export function fillReceiptText(text: string, values: Record<'order' | 'product' | 'amount', string>): string {
  return text.replace(/\{(order|product|amount)\}/g, (_mark, name: 'order' | 'product' | 'amount') => values[name]);
}
