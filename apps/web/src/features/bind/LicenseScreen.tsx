import { RedeemScreen } from './RedeemScreen';

/** /license (spec 01 §2, overseas): activation by licence key, with the bind screen's rules. */
export function LicenseScreen() {
  return <RedeemScreen screen="license" />;
}
