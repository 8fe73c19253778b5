import { Suspense } from 'react';
import type { UserInfo } from '../../../lib/user/current-user';
import { lazyWithTexts } from '../../../lib/i18n';

// The options load with their texts (accountIdentity) the first time the close dialog shows them.
const CloseByIdentityOptions = lazyWithTexts(
  () => import('./CloseByIdentityOptions').then((module) => module.CloseByIdentityOptions),
  'accountIdentity',
);

/**
 * Closing the account by a fresh third-party sign-in (spec 01 §7), for the close dialog's
 * verification step: one "confirm with …" per linked provider that can prove the owner. Shows
 * nothing while loading or when there is none.
 */
export function CloseByIdentity({ user }: { user: UserInfo }) {
  return (
    <Suspense fallback={null}>
      <CloseByIdentityOptions user={user} />
    </Suspense>
  );
}
