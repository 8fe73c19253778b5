export { BindScreen } from './BindScreen';
export { LicenseScreen } from './LicenseScreen';
