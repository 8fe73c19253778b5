export {
  HOST_CHANNEL,
  type DesktopHost,
  type IncomingMessages,
  type IncomingType,
  type OutgoingMessages,
  type OutgoingType,
  type Transport,
  host,
  hostTransport,
  onHostMessage,
  sendToHost,
  startHostBridge,
} from './host-bridge';
export { openExternal, withOneTimeCredential } from './open-external';
