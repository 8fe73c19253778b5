import { AccountMsg, ProfileAnswerCode } from '@account-centre/contract';
import { showErrorToast, showToast } from '../../components/toast';
import { ApiError } from '../../lib/api';
import { i18n } from '../../lib/i18n';

/** Spec 01 §8: a sensitive-word answer (code 2) shows sensitiveVerb; other failures their own text. */
export function showProfileError(error: unknown): void {
  if (error instanceof ApiError && (error.msg === AccountMsg.sensitive || error.code === ProfileAnswerCode.sensitive)) {
    showToast(i18n.t('account:toast.sensitiveVerb'), 'error');
    return;
  }
  if (error instanceof ApiError && error.msg === AccountMsg.nameFormat) {
    showToast(i18n.t('account:toast.nameFormatError'), 'error');
    return;
  }
  showErrorToast(error);
}
