export { PropertyScreen } from './PropertyScreen';
