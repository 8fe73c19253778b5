import { RedeemScreen } from './RedeemScreen';

/** /bind (spec 01 §2 "Bind screen"). */
export function BindScreen() {
  return <RedeemScreen screen="bind" />;
}
