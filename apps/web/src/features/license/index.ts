export { LicenseScreen } from './LicenseScreen';
