export { AiPointScreen } from './AiPointScreen';
