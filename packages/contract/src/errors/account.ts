import { AccountErrorCode } from '../rules/account-errors.js';
import { defineErrors } from './define.js';

/**
 * Failures of the account screen's routes (spec 01 §8; docs/decisions/007 lists which route
 * answers which). Texts in the `account` namespace; the toasts the screen also raises for its
 * own checks before sending (imgWarn, onlyBind…) are named where the screen keeps them.
 */
export const AccountErrors = defineErrors('account:errors.', {
  /** Nickname, introduction or picture matched the sensitive-word list: code 2 (sensitiveVerb). */
  sensitive: { msg: 'sensitive', status: 400, code: 2, key: 'account:toast.sensitiveVerb' },
  /** Nickname names a product or brand: the web restores the old name (nameFormatError). */
  nameFormat: { msg: 'name format', status: 400, key: 'account:toast.nameFormatError' },
  /** Unbinding would leave no way to sign in (onlyBind). */
  onlyBind: { msg: 'only bind', status: 409, key: 'account:toast.onlyBind' },
  /** The address or number is not bound to the account, or not the one the code was sent to. */
  notBound: { msg: 'not bound', status: 400 },
  /** Binding an e-mail or mobile where one is already bound: replace it instead. */
  alreadyBound: { msg: 'already bound', status: 409 },
  /** A password is set: the current one must accompany a change (code 2, password). */
  passwordRequired: {
    msg: 'password required',
    status: 400,
    code: AccountErrorCode.password,
    key: 'account:errors.passwordRequired',
  },
  /** The current password sent with a change is not the account's (code 2, password). */
  currentPasswordWrong: {
    msg: 'current password incorrect',
    status: 400,
    code: AccountErrorCode.password,
    key: 'account:errors.currentPasswordWrong',
  },
  /** The picture is none of GIF, JPG, PNG, BMP (imgWarn). */
  imageType: { msg: 'image type', status: 415, key: 'account:toast.imgWarn' },
  imageTooLarge: { msg: 'image too large', status: 413, key: 'account:toast.imageTooLarge' },
  /** The cropper sends a picture within bounds; one outside them failed to upload (changeError). */
  imageDimensions: { msg: 'image dimensions', status: 400, key: 'account:toast.changeError' },
  /** The picture could not be decoded (changeError). */
  imageInvalid: { msg: 'image invalid', status: 400, key: 'account:toast.changeError' },
  /** Spec 01 §8: "no exchange code available for you". */
  noExchangeCode: { msg: 'no exchange code', status: 404, key: 'accountExchange:none' },
});
