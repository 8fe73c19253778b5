export { MessageScreen } from './MessageScreen';
