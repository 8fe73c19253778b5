/** What header-parts.ts loads on demand: everything in the header that needs a popover or drawer. */
export { LanguagePicker } from '../../components/LanguagePicker';
export { MobileNav } from './MobileNav';
export { NavMenu } from './NavMenu';
export { UserMenu } from './UserMenu';
