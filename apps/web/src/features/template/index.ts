export { TemplateScreen } from './TemplateScreen';
