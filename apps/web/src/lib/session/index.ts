export {
  SESSION_STORAGE_KEY,
  type StoredSession,
  type SignInResultLike,
  getSession,
  saveSession,
  clearSession,
  subscribeSession,
  useSession,
} from './session';
export { type CustomCredential, decodeCustomCredential, encodeCustomCredential } from './custom-credential';
