export { CouponScreen } from './CouponScreen';
