export { BindScreen } from './BindScreen';
