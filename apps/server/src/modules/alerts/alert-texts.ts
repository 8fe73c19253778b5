import type { Language } from '@account-centre/contract';

/**
 * The e-mail and SMS around a security alert's sentence (the sentence is the in-app message's,
 * messages/notify-texts.ts), in each of the 12 languages (docs/decisions/067).
 */
export interface AlertMailTexts {
  subject: string;
  /** What to do when it was not the reader. */
  notMe: string;
  /** Why the message came, and that it cannot be turned off. */
  always: string;
  /** Said to an address that has just left the account. */
  toOld: string;
  /** The SMS's closing words. */
  smsNotMe: string;
}

export const alertMailTexts: Record<Language, AlertMailTexts> = {
  zh: {
    subject: '账号安全提醒',
    notMe:
      '如果这不是你本人的操作，请立即登录账号中心，在“设备”页面的登录记录中点击“不是我本人”：所有登录会被退出，下次登录时需要设置新密码。无法登录时，请使用“忘记密码”。',
    always: '安全提醒会在账号的登录方式变化时发送，无法关闭。',
    toOld: '这封邮件发送到了刚刚从账号移除的地址，以便你知道这一变化。',
    smsNotMe: '如非本人操作，请在登录记录中点击“不是我本人”。',
  },
  tw: {
    subject: '帳號安全提醒',
    notMe:
      '如果這不是你本人的操作，請立即登入帳號中心，在「裝置」頁面的登入紀錄中點選「這不是我」：所有登入都會被登出，下次登入時需要設定新密碼。無法登入時，請使用「忘記密碼」。',
    always: '安全提醒會在帳號的登入方式變更時寄出，無法關閉。',
    toOld: '這封郵件寄到了剛從帳號移除的地址，讓你知道這項變更。',
    smsNotMe: '如非本人操作，請在登入紀錄中點選「這不是我」。',
  },
  en: {
    subject: 'Security alert for your account',
    notMe:
      'If this wasn’t you, sign in to the account centre now and choose “This wasn’t me” in the sign-in history on the Devices page: every session is signed out and a new password is asked for at the next sign-in. If you cannot sign in, use “Forgot password”.',
    always: 'Security alerts are sent whenever the ways into your account change, and cannot be turned off.',
    toOld: 'This message went to the address that has just left your account, so that you know of the change.',
    smsNotMe: 'Not you? Choose “This wasn’t me” in the sign-in history.',
  },
  de: {
    subject: 'Sicherheitshinweis zu Ihrem Konto',
    notMe:
      'Wenn Sie das nicht waren, melden Sie sich jetzt im Kontocenter an und wählen Sie im Anmeldeverlauf auf der Seite „Geräte“ „Das war ich nicht“: Alle Sitzungen werden abgemeldet, und bei der nächsten Anmeldung ist ein neues Passwort nötig. Können Sie sich nicht anmelden, nutzen Sie „Passwort vergessen“.',
    always:
      'Sicherheitshinweise werden bei jeder Änderung der Zugänge zu Ihrem Konto gesendet und lassen sich nicht abschalten.',
    toOld:
      'Diese Nachricht ging an die Adresse, die soeben aus Ihrem Konto entfernt wurde, damit Sie von der Änderung erfahren.',
    smsNotMe: 'Nicht Sie? Wählen Sie im Anmeldeverlauf „Das war ich nicht“.',
  },
  fr: {
    subject: 'Alerte de sécurité sur votre compte',
    notMe:
      'Si ce n’était pas vous, connectez-vous dès maintenant à l’espace compte et choisissez « Ce n’était pas moi » dans l’historique des connexions de la page Appareils : toutes les sessions sont déconnectées et un nouveau mot de passe est demandé à la prochaine connexion. Si vous ne pouvez pas vous connecter, utilisez « Mot de passe oublié ».',
    always:
      'Les alertes de sécurité sont envoyées à chaque changement des accès à votre compte et ne peuvent pas être désactivées.',
    toOld:
      'Ce message a été envoyé à l’adresse qui vient de quitter votre compte, pour que vous soyez informé du changement.',
    smsNotMe: 'Pas vous ? Choisissez « Ce n’était pas moi » dans l’historique des connexions.',
  },
  es: {
    subject: 'Alerta de seguridad de tu cuenta',
    notMe:
      'Si no fuiste tú, inicia sesión ahora en el centro de cuenta y elige «No fui yo» en el historial de inicios de sesión de la página Dispositivos: se cierran todas las sesiones y se pide una contraseña nueva en el próximo inicio de sesión. Si no puedes iniciar sesión, usa «He olvidado mi contraseña».',
    always:
      'Las alertas de seguridad se envían cada vez que cambian las formas de entrar en tu cuenta y no se pueden desactivar.',
    toOld: 'Este mensaje se envió a la dirección que acaba de salir de tu cuenta, para que sepas del cambio.',
    smsNotMe: '¿No fuiste tú? Elige «No fui yo» en el historial de inicios de sesión.',
  },
  it: {
    subject: 'Avviso di sicurezza sul tuo account',
    notMe:
      'Se non sei stato tu, accedi subito al centro account e scegli «Non ero io» nella cronologia degli accessi della pagina Dispositivi: tutte le sessioni vengono chiuse e al prossimo accesso serve una nuova password. Se non riesci ad accedere, usa «Password dimenticata».',
    always:
      'Gli avvisi di sicurezza vengono inviati a ogni modifica degli accessi al tuo account e non si possono disattivare.',
    toOld:
      'Questo messaggio è stato inviato all’indirizzo appena rimosso dal tuo account, perché tu sappia della modifica.',
    smsNotMe: 'Non eri tu? Scegli «Non ero io» nella cronologia degli accessi.',
  },
  pt: {
    subject: 'Alerta de segurança da sua conta',
    notMe:
      'Se não foi você, entre agora na central da conta e escolha “Não fui eu” no histórico de acessos da página Dispositivos: todas as sessões são encerradas e uma nova senha é pedida no próximo acesso. Se não conseguir entrar, use “Esqueci a senha”.',
    always:
      'Os alertas de segurança são enviados sempre que as formas de acesso à sua conta mudam e não podem ser desativados.',
    toOld: 'Esta mensagem foi enviada ao endereço que acabou de sair da sua conta, para que você saiba da mudança.',
    smsNotMe: 'Não foi você? Escolha “Não fui eu” no histórico de acessos.',
  },
  ru: {
    subject: 'Предупреждение о безопасности аккаунта',
    notMe:
      'Если это были не вы, сразу войдите в центр аккаунта и выберите «Это был не я» в истории входов на странице «Устройства»: все сеансы будут завершены, а при следующем входе потребуется новый пароль. Если войти не удаётся, воспользуйтесь восстановлением пароля.',
    always:
      'Предупреждения о безопасности приходят при каждом изменении способов входа в аккаунт, и отключить их нельзя.',
    toOld: 'Это письмо отправлено на адрес, который только что отвязан от аккаунта, чтобы вы знали об изменении.',
    smsNotMe: 'Это не вы? Выберите «Это был не я» в истории входов.',
  },
  jp: {
    subject: 'アカウントのセキュリティ通知',
    notMe:
      '心当たりがない場合は、今すぐアカウントセンターにログインし、「デバイス」ページのサインイン履歴で「身に覚えがない」を選んでください。すべてのセッションがログアウトされ、次回のログイン時に新しいパスワードの設定が必要になります。ログインできない場合は「パスワードをお忘れの方」をご利用ください。',
    always: 'セキュリティ通知はアカウントへのログイン方法が変わるたびに送信され、オフにすることはできません。',
    toOld: 'この変更をお知らせするため、アカウントから外れたばかりのアドレスにもお送りしています。',
    smsNotMe: '心当たりがない場合は、サインイン履歴で「身に覚えがない」を選んでください。',
  },
  kr: {
    subject: '계정 보안 알림',
    notMe:
      '본인이 아니라면 지금 계정 센터에 로그인하여 "기기" 페이지의 로그인 기록에서 "본인이 아닙니다"를 선택하세요. 모든 세션이 로그아웃되고 다음 로그인 때 새 비밀번호가 필요합니다. 로그인할 수 없다면 "비밀번호 찾기"를 이용하세요.',
    always: '보안 알림은 계정에 들어오는 방법이 바뀔 때마다 발송되며 끌 수 없습니다.',
    toOld: '이 변경을 알려 드리기 위해 방금 계정에서 삭제된 주소로도 보내 드렸습니다.',
    smsNotMe: '본인이 아니라면 로그인 기록에서 "본인이 아닙니다"를 선택하세요.',
  },
  id: {
    subject: 'Peringatan keamanan akun Anda',
    notMe:
      'Jika ini bukan Anda, segera masuk ke pusat akun dan pilih “Itu bukan saya” di riwayat masuk pada halaman Perangkat: semua sesi dikeluarkan dan kata sandi baru diminta saat masuk berikutnya. Jika Anda tidak bisa masuk, gunakan “Lupa kata sandi”.',
    always: 'Peringatan keamanan dikirim setiap kali cara masuk ke akun Anda berubah dan tidak dapat dimatikan.',
    toOld: 'Pesan ini dikirim ke alamat yang baru saja dilepas dari akun Anda, agar Anda tahu tentang perubahan ini.',
    smsNotMe: 'Bukan Anda? Pilih “Itu bukan saya” di riwayat masuk.',
  },
};
