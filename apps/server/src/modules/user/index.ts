import { defineModule } from '../manifest.js';
import { avatarRoutes } from './avatar.routes.js';
import { noPersonalDetails } from './personal-details.js';
import { userRoutes } from './user.routes.js';

/** The person's own information: profile, avatar, preferences. */
export const userModule = defineModule({
  name: 'user',
  routes: [userRoutes, avatarRoutes],
  tables: {
    users: {
      // The row stays as the anchor of the orders kept for accounting; every personal column
      // goes, and `closed_at` marks it closed (which fires the triggers that end memberships).
      // Its e-mail and phone are free again, so they can register anew. The avatar file is
      // removed after the commit (account/close.service.ts).
      keeps: 'the id, creation time and closing time, as the anchor of kept orders',
      anonymise: (trx, account) =>
        trx
          .updateTable('users')
          .set({
            email: null,
            mobile: null,
            second_mobile: null,
            nick_name: '',
            ...noPersonalDetails,
            closed_at: account.now,
            updated_at: account.now,
          })
          .where('id', '=', account.userId)
          .execute(),
    },
  },
});

// The door: what other modules read and change of a person's account (docs/architecture.md#module-doors).
export { accountLanguage, chosenLanguage, getUserInfo, lockNamedUser, requireOpenUser } from './user.service.js';
export {
  type AccountSettings,
  existingUserIds,
  findAccountSettings,
  findContactDetails,
  findOpenUser,
  findOpenUserById,
  findProfiles,
  findUserIdByAddress,
  findUserIdByEmail,
  hasAnyUser,
  insertUser,
  lockAnyUser,
  lockOpenUser,
  lockOpenUserAddresses,
  lockOpenUserByRef,
  type ProfileJoin,
  profileShowsIdentitiesWith,
  profileShowsPasswordWith,
  setSignInAddress,
  type SignInAddressColumn,
  type UserContact,
  userExists,
  userIdsMatching,
  type UserRef,
} from './user.repository.js';
export { avatarFileOf } from './avatar.service.js';
export { clipNickName, normaliseNickName } from './nickname.js';
export { noPersonalDetails } from './personal-details.js';
