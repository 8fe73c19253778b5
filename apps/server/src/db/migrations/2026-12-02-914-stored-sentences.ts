/**
 * The product's messages as migration 914 found them stored as sentences, before messages kept
 * their kind and values (docs/decisions/058): the texts of that day whose marks are all plain text,
 * in every language (in the order the languages were tried). They are kept here, not read from the
 * messages module, so the migration reads old rows the same way whatever today's texts say.
 */
const sentencesByKind: Record<string, readonly string[]> = {
  codeRedeemed: [
    '你的账号兑换了一个码（尾号 {code}）。它带来的授权、优惠券或点数已经可以使用。',
    'A code ending in {code} was redeemed on your account. What it gives is ready to use.',
    'Auf Ihrem Konto wurde ein Code mit der Endung {code} eingelöst. Was er enthält, steht Ihnen jetzt zur Verfügung.',
    'Un code se terminant par {code} a été utilisé sur votre compte. Ce qu’il offre est prêt à l’emploi.',
    'Se canjeó en tu cuenta un código que termina en {code}. Lo que incluye ya está disponible.',
    'アカウントで末尾が {code} のコードが引き換えられました。特典はすでにご利用いただけます。',
    '你的帳號兌換了一組代碼（末四碼 {code}）。它帶來的授權、優惠券或點數已可使用。',
    'Sul tuo account è stato riscattato un codice che termina con {code}. Ciò che offre è già disponibile.',
    'Um código terminado em {code} foi resgatado na sua conta. O que ele oferece já está disponível.',
    '계정에서 끝자리가 {code}인 코드가 등록되었습니다. 코드로 받은 혜택을 바로 사용할 수 있습니다.',
    'Kode berakhiran {code} telah ditukarkan di akun Anda. Isinya sudah siap digunakan.',
    'На вашем аккаунте активирован код, оканчивающийся на {code}. Всё, что он даёт, уже доступно.',
  ],
  teamJoined: [
    '你已加入团队“{team}”。',
    'You joined the team “{team}”.',
    'Sie sind dem Team „{team}“ beigetreten.',
    'Vous avez rejoint l’équipe « {team} ».',
    'Te has unido al equipo «{team}».',
    'チーム「{team}」に参加しました。',
    '你已加入團隊「{team}」。',
    'Sei entrato nel team «{team}».',
    'Você entrou na equipe “{team}”.',
    '팀 "{team}"에 참여했습니다.',
    'Anda bergabung dengan tim “{team}”.',
    'Вы вступили в команду «{team}».',
  ],
  teamLeft: [
    '你已不再是团队“{team}”的成员。',
    'You are no longer a member of the team “{team}”.',
    'Sie sind nicht mehr Mitglied des Teams „{team}“.',
    'Vous ne faites plus partie de l’équipe « {team} ».',
    'Ya no eres miembro del equipo «{team}».',
    'チーム「{team}」のメンバーではなくなりました。',
    '你已不再是團隊「{team}」的成員。',
    'Non sei più membro del team «{team}».',
    'Você não é mais membro da equipe “{team}”.',
    '더 이상 팀 "{team}"의 구성원이 아닙니다.',
    'Anda bukan lagi anggota tim “{team}”.',
    'Вы больше не состоите в команде «{team}».',
  ],
  teamOwnerGiven: [
    '团队“{team}”已转让给你，你现在是它的所有者。',
    'The team “{team}” was handed over to you: you are now its owner.',
    'Das Team „{team}“ wurde Ihnen übergeben: Sie sind jetzt sein Inhaber.',
    'L’équipe « {team} » vous a été cédée : vous en êtes désormais le propriétaire.',
    'El equipo «{team}» se te ha transferido: ahora eres su propietario.',
    'チーム「{team}」があなたに譲渡されました。現在のオーナーはあなたです。',
    '團隊「{team}」已轉讓給你，你現在是它的擁有者。',
    'Il team «{team}» ti è stato ceduto: ora ne sei il proprietario.',
    'A equipe “{team}” foi transferida para você: agora você é o proprietário.',
    '팀 "{team}"이(가) 양도되어 이제 회원님이 소유자입니다.',
    'Tim “{team}” telah diserahkan kepada Anda: kini Anda pemiliknya.',
    'Команда «{team}» передана вам: теперь вы её владелец.',
  ],
  companyJoined: [
    '你已加入企业空间“{company}”。',
    'You joined the company space “{company}”.',
    'Sie sind dem Unternehmensbereich „{company}“ beigetreten.',
    'Vous avez rejoint l’espace d’entreprise « {company} ».',
    'Te has unido al espacio de empresa «{company}».',
    '企業スペース「{company}」に参加しました。',
    '你已加入企業空間「{company}」。',
    'Sei entrato nello spazio aziendale «{company}».',
    'Você entrou no espaço da empresa “{company}”.',
    '기업 공간 "{company}"에 참여했습니다.',
    'Anda bergabung dengan ruang perusahaan “{company}”.',
    'Вы присоединились к пространству компании «{company}».',
  ],
  companyAdmin: [
    '你已成为企业空间“{company}”的管理员。',
    'You are now an admin of the company space “{company}”.',
    'Sie sind jetzt Administrator des Unternehmensbereichs „{company}“.',
    'Vous êtes désormais administrateur de l’espace d’entreprise « {company} ».',
    'Ahora eres administrador del espacio de empresa «{company}».',
    '企業スペース「{company}」の管理者になりました。',
    '你已成為企業空間「{company}」的管理員。',
    'Ora sei amministratore dello spazio aziendale «{company}».',
    'Agora você é administrador do espaço da empresa “{company}”.',
    '이제 기업 공간 "{company}"의 관리자입니다.',
    'Anda kini admin ruang perusahaan “{company}”.',
    'Теперь вы администратор пространства компании «{company}».',
  ],
  companyMember: [
    '你在企业空间“{company}”中的角色已改为成员。',
    'Your role in the company space “{company}” is now member.',
    'Ihre Rolle im Unternehmensbereich „{company}“ ist jetzt Mitglied.',
    'Votre rôle dans l’espace d’entreprise « {company} » est désormais membre.',
    'Tu rol en el espacio de empresa «{company}» ahora es miembro.',
    '企業スペース「{company}」でのあなたの役割はメンバーになりました。',
    '你在企業空間「{company}」中的角色已改為成員。',
    'Il tuo ruolo nello spazio aziendale «{company}» ora è membro.',
    'Sua função no espaço da empresa “{company}” agora é membro.',
    '기업 공간 "{company}"에서 회원님의 역할이 구성원으로 변경되었습니다.',
    'Peran Anda di ruang perusahaan “{company}” kini anggota.',
    'Ваша роль в пространстве компании «{company}» теперь — участник.',
  ],
  companyCreatorGiven: [
    '企业空间“{company}”已移交给你：你现在是它的创建者。',
    'The company space “{company}” was handed over to you: you are now its creator.',
    'Der Unternehmensbereich „{company}“ wurde Ihnen übergeben: Sie sind jetzt sein Ersteller.',
    'L’espace d’entreprise « {company} » vous a été confié : vous en êtes désormais le créateur.',
    'El espacio de empresa «{company}» se te ha transferido: ahora eres su creador.',
    '企業スペース「{company}」があなたに引き継がれました。現在の作成者はあなたです。',
    '企業空間「{company}」已移交給你：你現在是它的建立者。',
    'Lo spazio aziendale «{company}» ti è stato affidato: ora ne sei il creatore.',
    'O espaço da empresa “{company}” foi transferido para você: agora você é o criador.',
    '기업 공간 "{company}"이(가) 이관되어 이제 회원님이 생성자입니다.',
    'Ruang perusahaan “{company}” telah diserahkan kepada Anda: kini Anda pembuatnya.',
    'Пространство компании «{company}» передано вам: теперь вы его создатель.',
  ],
  companyLeft: [
    '你已不再是企业空间“{company}”的成员。',
    'You are no longer a member of the company space “{company}”.',
    'Sie sind nicht mehr Mitglied des Unternehmensbereichs „{company}“.',
    'Vous ne faites plus partie de l’espace d’entreprise « {company} ».',
    'Ya no eres miembro del espacio de empresa «{company}».',
    '企業スペース「{company}」のメンバーではなくなりました。',
    '你已不再是企業空間「{company}」的成員。',
    'Non sei più membro dello spazio aziendale «{company}».',
    'Você não é mais membro do espaço da empresa “{company}”.',
    '더 이상 기업 공간 "{company}"의 구성원이 아닙니다.',
    'Anda bukan lagi anggota ruang perusahaan “{company}”.',
    'Вы больше не состоите в пространстве компании «{company}».',
  ],
  invoiceIssued: [
    '订单 {order} 的发票已开具，可在“我的订单”页面下载。',
    'The receipt for order {order} is ready: download it from the Orders page.',
    'Der Beleg für die Bestellung {order} ist fertig: Sie können ihn auf der Seite „Bestellungen“ herunterladen.',
    'Le reçu de la commande {order} est prêt : téléchargez-le depuis la page Commandes.',
    'El recibo del pedido {order} está listo: descárgalo en la página Pedidos.',
    '注文 {order} の領収書の準備ができました。注文履歴のページからダウンロードできます。',
    '訂單 {order} 的發票已開立，可在「我的訂單」頁面下載。',
    'La ricevuta dell’ordine {order} è pronta: scaricala dalla pagina Ordini.',
    'O recibo do pedido {order} está pronto: baixe-o na página Pedidos.',
    '주문 {order}의 영수증이 준비되었습니다. 주문 내역 페이지에서 내려받으세요.',
    'Tanda terima untuk pesanan {order} sudah siap: unduh dari halaman Pesanan.',
    'Чек по заказу {order} готов: скачайте его на странице «Заказы».',
  ],
  paymentReceived: [
    '我们已收到订单 {order} 的付款，感谢你的购买。',
    'We received your payment for order {order}. Thank you for your purchase.',
    'Wir haben Ihre Zahlung für die Bestellung {order} erhalten. Vielen Dank für Ihren Kauf.',
    'Nous avons reçu votre paiement pour la commande {order}. Merci pour votre achat.',
    'Hemos recibido tu pago del pedido {order}. Gracias por tu compra.',
    '注文 {order} のお支払いを受け付けました。ご購入ありがとうございます。',
    '我們已收到訂單 {order} 的付款，感謝你的購買。',
    'Abbiamo ricevuto il pagamento dell’ordine {order}. Grazie per l’acquisto.',
    'Recebemos o pagamento do pedido {order}. Obrigado pela sua compra.',
    '주문 {order}의 결제가 완료되었습니다. 구매해 주셔서 감사합니다.',
    'Kami telah menerima pembayaran untuk pesanan {order}. Terima kasih atas pembelian Anda.',
    'Мы получили оплату заказа {order}. Спасибо за покупку.',
  ],
  signInDisowned: [
    '你报告了一次不是你本人的登录：所有登录都已退出，密码也已清除。请用验证码登录并设置新密码。',
    'You reported a sign-in that was not you: every session was signed out and your password was removed. Sign in with a code and set a new password.',
    'Sie haben eine Anmeldung gemeldet, die nicht von Ihnen war: Alle Sitzungen wurden abgemeldet und Ihr Passwort entfernt. Melden Sie sich mit einem Code an und legen Sie ein neues Passwort fest.',
    'Vous avez signalé une connexion qui n’était pas la vôtre : toutes les sessions ont été déconnectées et votre mot de passe supprimé. Connectez-vous avec un code et choisissez un nouveau mot de passe.',
    'Informaste de un inicio de sesión que no fue tuyo: se cerraron todas las sesiones y se eliminó tu contraseña. Inicia sesión con un código y crea una contraseña nueva.',
    '心当たりのないログインを報告しました。すべてのセッションがログアウトされ、パスワードは削除されました。認証コードでログインし、新しいパスワードを設定してください。',
    '你回報了一次不是你本人的登入：所有登入都已登出，密碼也已清除。請用驗證碼登入並設定新密碼。',
    'Hai segnalato un accesso che non era tuo: tutte le sessioni sono state chiuse e la password è stata rimossa. Accedi con un codice e imposta una nuova password.',
    'Você informou um acesso que não foi seu: todas as sessões foram encerradas e sua senha foi removida. Entre com um código e defina uma nova senha.',
    '본인이 아닌 로그인을 신고했습니다. 모든 세션이 로그아웃되고 비밀번호가 삭제되었습니다. 인증 코드로 로그인한 뒤 새 비밀번호를 설정하세요.',
    'Anda melaporkan login yang bukan Anda: semua sesi telah dikeluarkan dan kata sandi Anda dihapus. Masuk dengan kode lalu buat kata sandi baru.',
    'Вы сообщили о входе, который выполняли не вы: все сеансы завершены, пароль удалён. Войдите по коду и задайте новый пароль.',
  ],
};

/** The characters a text value was escaped from when the sentence was written. */
const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescapeHtml = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity]!);
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The kind and values of a product message stored as a sentence: one of the texts above in any
 * language. Null for anything else, which then keeps its sentence.
 */
export function recogniseStoredSentence(content: string): { kind: string; params: Record<string, string> } | null {
  for (const [kind, sentences] of Object.entries(sentencesByKind)) {
    for (const text of sentences) {
      const marks = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
      const pattern = text
        .split(/\{\w+\}/)
        .map(escapeRegex)
        .join('(.+?)');
      const found = new RegExp(`^<p>${pattern}</p>$`, 's').exec(content);
      if (!found) continue;
      const params = Object.fromEntries(marks.map((mark, index) => [mark, unescapeHtml(found[index + 1] as string)]));
      return { kind, params };
    }
  }
  return null;
}
