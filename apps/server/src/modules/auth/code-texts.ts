import { type Language, VerificationPurpose, type VerificationPurposeCode } from '@account-centre/contract';

/**
 * A verification code's e-mail and SMS in each of the 12 languages (docs/decisions/058): one
 * language per message. `{code}`, `{minutes}` and `{purpose}` are filled in; `purposes` completes
 * `{purpose}` as the sentences need it.
 */
interface CodeTexts {
  subject: string;
  body: readonly string[];
  sms: string;
  purposes: Record<VerificationPurposeCode, string>;
}

const P = VerificationPurpose;

export const codeTexts: Record<Language, CodeTexts> = {
  zh: {
    subject: '您的验证码是 {code}',
    body: [
      '您用于{purpose}的验证码是 {code}，{minutes} 分钟内有效，仅可使用一次。',
      '如非本人操作，请忽略本邮件：无法进入您的邮箱的人用不了这个验证码。',
    ],
    sms: '您用于{purpose}的验证码是 {code}，{minutes} 分钟内有效，请勿告诉他人。',
    purposes: {
      [P.register]: '注册账号',
      [P.forget]: '找回密码',
      [P.oldCheck]: '验证身份',
      [P.newCheck]: '验证新的登录方式',
      [P.changePassword]: '修改密码',
      [P.quickLogin]: '登录',
      [P.delete]: '注销账号',
    },
  },
  tw: {
    subject: '你的驗證碼是 {code}',
    body: [
      '你用於{purpose}的驗證碼是 {code}，{minutes} 分鐘內有效，僅可使用一次。',
      '如非本人操作，請忽略本郵件：無法進入你的信箱的人用不了這組驗證碼。',
    ],
    sms: '你用於{purpose}的驗證碼是 {code}，{minutes} 分鐘內有效，請勿告訴他人。',
    purposes: {
      [P.register]: '註冊帳號',
      [P.forget]: '找回密碼',
      [P.oldCheck]: '驗證身分',
      [P.newCheck]: '驗證新的登入方式',
      [P.changePassword]: '修改密碼',
      [P.quickLogin]: '登入',
      [P.delete]: '註銷帳號',
    },
  },
  en: {
    subject: '{code} is your verification code',
    body: [
      'Your code to {purpose} is {code}. It is valid for {minutes} minutes and works once.',
      'If you did not ask for it, ignore this message: nobody can use the code without access to your mailbox.',
    ],
    sms: 'Your code to {purpose} is {code}, valid for {minutes} minutes. Do not share it.',
    purposes: {
      [P.register]: 'create your account',
      [P.forget]: 'reset your password',
      [P.oldCheck]: 'confirm it is you',
      [P.newCheck]: 'confirm your new sign-in address',
      [P.changePassword]: 'change your password',
      [P.quickLogin]: 'sign in',
      [P.delete]: 'close your account',
    },
  },
  de: {
    subject: '{code} ist Ihr Bestätigungscode',
    body: [
      'Ihr Code, um {purpose}, lautet {code}. Er ist {minutes} Minuten gültig und funktioniert ein Mal.',
      'Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht: Ohne Zugang zu Ihrem Postfach kann niemand den Code verwenden.',
    ],
    sms: 'Ihr Code, um {purpose}, lautet {code} ({minutes} Minuten gültig). Geben Sie ihn nicht weiter.',
    purposes: {
      [P.register]: 'Ihr Konto zu erstellen',
      [P.forget]: 'Ihr Passwort zurückzusetzen',
      [P.oldCheck]: 'zu bestätigen, dass Sie es sind',
      [P.newCheck]: 'Ihre neue Anmeldeadresse zu bestätigen',
      [P.changePassword]: 'Ihr Passwort zu ändern',
      [P.quickLogin]: 'sich anzumelden',
      [P.delete]: 'Ihr Konto zu schließen',
    },
  },
  es: {
    subject: '{code} es tu código de verificación',
    body: [
      'Tu código para {purpose} es {code}. Es válido durante {minutes} minutos y solo sirve una vez.',
      'Si no lo has pedido, ignora este mensaje: nadie puede usar el código sin acceder a tu buzón.',
    ],
    sms: 'Tu código para {purpose} es {code}, válido durante {minutes} minutos. No lo compartas con nadie.',
    purposes: {
      [P.register]: 'crear tu cuenta',
      [P.forget]: 'restablecer tu contraseña',
      [P.oldCheck]: 'confirmar que eres tú',
      [P.newCheck]: 'confirmar tu nueva dirección de inicio de sesión',
      [P.changePassword]: 'cambiar tu contraseña',
      [P.quickLogin]: 'iniciar sesión',
      [P.delete]: 'cerrar tu cuenta',
    },
  },
  fr: {
    subject: '{code} est votre code de vérification',
    body: [
      'Votre code pour {purpose} est {code}. Il est valable {minutes} minutes et ne sert qu’une fois.',
      'Si vous ne l’avez pas demandé, ignorez ce message : personne ne peut utiliser ce code sans accès à votre boîte mail.',
    ],
    sms: 'Votre code pour {purpose} est {code}, valable {minutes} minutes. Ne le communiquez à personne.',
    purposes: {
      [P.register]: 'créer votre compte',
      [P.forget]: 'réinitialiser votre mot de passe',
      [P.oldCheck]: 'confirmer qu’il s’agit bien de vous',
      [P.newCheck]: 'confirmer votre nouvelle adresse de connexion',
      [P.changePassword]: 'changer votre mot de passe',
      [P.quickLogin]: 'vous connecter',
      [P.delete]: 'fermer votre compte',
    },
  },
  id: {
    subject: '{code} adalah kode verifikasi Anda',
    body: [
      'Kode Anda untuk {purpose} adalah {code}. Kode ini berlaku selama {minutes} menit dan hanya dapat dipakai sekali.',
      'Jika Anda tidak memintanya, abaikan pesan ini: tanpa akses ke kotak surat Anda, tidak ada yang dapat memakai kode ini.',
    ],
    sms: 'Kode Anda untuk {purpose} adalah {code}, berlaku {minutes} menit. Jangan berikan kepada siapa pun.',
    purposes: {
      [P.register]: 'membuat akun',
      [P.forget]: 'mengatur ulang kata sandi',
      [P.oldCheck]: 'memastikan bahwa ini Anda',
      [P.newCheck]: 'memastikan alamat masuk baru Anda',
      [P.changePassword]: 'mengubah kata sandi',
      [P.quickLogin]: 'masuk',
      [P.delete]: 'menutup akun',
    },
  },
  it: {
    subject: '{code} è il tuo codice di verifica',
    body: [
      'Il tuo codice per {purpose} è {code}. È valido per {minutes} minuti e funziona una sola volta.',
      'Se non l’hai richiesto, ignora questo messaggio: nessuno può usare il codice senza accedere alla tua casella di posta.',
    ],
    sms: 'Il tuo codice per {purpose} è {code}, valido {minutes} minuti. Non condividerlo con nessuno.',
    purposes: {
      [P.register]: 'creare il tuo account',
      [P.forget]: 'reimpostare la password',
      [P.oldCheck]: 'confermare che sei tu',
      [P.newCheck]: 'confermare il nuovo indirizzo di accesso',
      [P.changePassword]: 'cambiare la password',
      [P.quickLogin]: 'accedere',
      [P.delete]: 'chiudere il tuo account',
    },
  },
  jp: {
    subject: '認証コードは {code} です',
    body: [
      '{purpose}に使う認証コードは {code} です。有効期限は {minutes} 分で、1 回だけ使えます。',
      'お心当たりがない場合は、このメールを無視してください。メールボックスにアクセスできない人は、このコードを使えません。',
    ],
    sms: '{purpose}に使う認証コードは {code} です（{minutes} 分間有効）。他人に教えないでください。',
    purposes: {
      [P.register]: 'アカウントの作成',
      [P.forget]: 'パスワードの再設定',
      [P.oldCheck]: '本人確認',
      [P.newCheck]: '新しいログイン先の確認',
      [P.changePassword]: 'パスワードの変更',
      [P.quickLogin]: 'ログイン',
      [P.delete]: 'アカウントの削除',
    },
  },
  kr: {
    subject: '인증 코드는 {code}입니다',
    body: [
      '{purpose}에 사용할 인증 코드는 {code}입니다. {minutes}분 동안 유효하며 한 번만 사용할 수 있습니다.',
      '요청하지 않았다면 이 메일을 무시하세요. 메일함에 접근할 수 없는 사람은 이 코드를 사용할 수 없습니다.',
    ],
    sms: '{purpose}에 사용할 인증 코드는 {code}입니다({minutes}분간 유효). 다른 사람에게 알려 주지 마세요.',
    purposes: {
      [P.register]: '계정 만들기',
      [P.forget]: '비밀번호 재설정',
      [P.oldCheck]: '본인 확인',
      [P.newCheck]: '새 로그인 주소 확인',
      [P.changePassword]: '비밀번호 변경',
      [P.quickLogin]: '로그인',
      [P.delete]: '계정 해지',
    },
  },
  pt: {
    subject: '{code} é o seu código de verificação',
    body: [
      'O seu código para {purpose} é {code}. Ele vale por {minutes} minutos e pode ser usado uma vez.',
      'Se você não o pediu, ignore esta mensagem: ninguém pode usar o código sem acesso à sua caixa de e-mail.',
    ],
    sms: 'O seu código para {purpose} é {code}, válido por {minutes} minutos. Não o compartilhe.',
    purposes: {
      [P.register]: 'criar sua conta',
      [P.forget]: 'redefinir sua senha',
      [P.oldCheck]: 'confirmar que é você',
      [P.newCheck]: 'confirmar seu novo endereço de acesso',
      [P.changePassword]: 'alterar sua senha',
      [P.quickLogin]: 'entrar',
      [P.delete]: 'encerrar sua conta',
    },
  },
  ru: {
    subject: '{code} — ваш код подтверждения',
    body: [
      'Ваш код, чтобы {purpose}: {code}. Он действует {minutes} минут и срабатывает один раз.',
      'Если вы его не запрашивали, не обращайте внимания на это письмо: без доступа к вашей почте кодом никто не воспользуется.',
    ],
    sms: 'Ваш код, чтобы {purpose}: {code}. Действует {minutes} минут. Никому его не сообщайте.',
    purposes: {
      [P.register]: 'создать аккаунт',
      [P.forget]: 'сбросить пароль',
      [P.oldCheck]: 'подтвердить, что это вы',
      [P.newCheck]: 'подтвердить новый адрес для входа',
      [P.changePassword]: 'изменить пароль',
      [P.quickLogin]: 'войти',
      [P.delete]: 'закрыть аккаунт',
    },
  },
};

/** A code's text with its marks filled in. */
export function fillCodeText(text: string, values: Record<'code' | 'minutes' | 'purpose', string>): string {
  return text.replace(/\{(code|minutes|purpose)\}/g, (_mark, name: 'code' | 'minutes' | 'purpose') => values[name]);
}
