import type { Language } from '@account-centre/contract';

/**
 * What the provider's popup page says while it hands its result to the account page. Mostly
 * the window closes itself at once; it stays in view when a desktop client opened the flow in
 * the system browser, or when the browser keeps the popup open, so it is written in the
 * visitor's language.
 */
export const popupTexts: Record<Language, { done: string; failed: string }> = {
  zh: {
    done: '操作已完成。你可以关闭此窗口，回到账号中心。',
    failed: '操作未能完成。请关闭此窗口，回到账号中心重试。',
  },
  en: {
    done: 'All done. You can close this window and return to the account centre.',
    failed: 'That did not work. Close this window and try again in the account centre.',
  },
  de: {
    done: 'Fertig. Sie können dieses Fenster schließen und zum Kontocenter zurückkehren.',
    failed: 'Das hat nicht geklappt. Schließen Sie dieses Fenster und versuchen Sie es im Kontocenter erneut.',
  },
  fr: {
    done: 'C’est fait. Vous pouvez fermer cette fenêtre et revenir à l’espace compte.',
    failed: 'L’opération a échoué. Fermez cette fenêtre et réessayez depuis l’espace compte.',
  },
  es: {
    done: 'Listo. Puede cerrar esta ventana y volver al centro de cuenta.',
    failed: 'No se ha podido completar. Cierre esta ventana y vuelva a intentarlo en el centro de cuenta.',
  },
  jp: {
    done: '完了しました。このウィンドウを閉じて、アカウントセンターに戻ってください。',
    failed: '完了できませんでした。このウィンドウを閉じて、アカウントセンターでもう一度お試しください。',
  },
  tw: {
    done: '操作已完成。你可以關閉此視窗，回到帳號中心。',
    failed: '操作未能完成。請關閉此視窗，回到帳號中心重試。',
  },
  it: {
    done: 'Fatto. Puoi chiudere questa finestra e tornare al centro account.',
    failed: 'Operazione non riuscita. Chiudi questa finestra e riprova dal centro account.',
  },
  pt: {
    done: 'Concluído. Pode fechar esta janela e voltar ao centro da conta.',
    failed: 'Não foi possível concluir. Feche esta janela e tente novamente no centro da conta.',
  },
  kr: {
    done: '완료되었습니다. 이 창을 닫고 계정 센터로 돌아가세요.',
    failed: '완료하지 못했습니다. 이 창을 닫고 계정 센터에서 다시 시도하세요.',
  },
  id: {
    done: 'Selesai. Anda dapat menutup jendela ini dan kembali ke pusat akun.',
    failed: 'Gagal. Tutup jendela ini dan coba lagi di pusat akun.',
  },
  ru: {
    done: 'Готово. Можно закрыть это окно и вернуться в центр учётной записи.',
    failed: 'Не получилось. Закройте это окно и повторите попытку в центре учётной записи.',
  },
};
