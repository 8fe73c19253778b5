import type { Region, RouteReply, loginRoute } from '@account-centre/contract';

export type SignInResult = RouteReply<typeof loginRoute>['data'];

/** What every view of the sign-in module is given by the screen around it. */
export interface AuthViewProps {
  region: Region;
  /** The account typed so far, carried from view to view. */
  initialAccount: string;
  onAccountChange: (account: string) => void;
}
