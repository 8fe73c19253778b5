import { defineModule } from '../manifest.js';
import { noticeSendCommand, noticeWithdrawCommand } from './messages.commands.js';
import { messageRoutes } from './messages.routes.js';

/**
 * Messages (spec 01 §2 "Messages screen", §4; docs/decisions/031): notices to named accounts or
 * to many, each stored once, and each person's read state.
 */
export const messagesModule = defineModule({
  name: 'messages',
  routes: [messageRoutes],
  commands: [noticeSendCommand, noticeWithdrawCommand],
  tables: {
    // A notice to this account alone is about them, and goes with them; a broadcast, or a notice
    // that names others too, stays for the others (its recipient and read rows of this account go).
    notices: {
      erase: 'custom',
      run: (trx, { userId }) =>
        trx
          .deleteFrom('notices')
          .where('audience', '=', 'users')
          .where('id', 'in', (eb) =>
            eb.selectFrom('notice_recipients').select('notice_id').where('user_id', '=', userId),
          )
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('notice_recipients as others')
                  .select('others.notice_id')
                  .whereRef('others.notice_id', '=', 'notices.id')
                  .where('others.user_id', '<>', userId),
              ),
            ),
          )
          .execute(),
    },
    notice_recipients: { erase: 'rows' },
    notice_reads: { erase: 'rows' },
  },
});

// The door: what other modules use of messages (docs/architecture.md#module-doors).
export { notify } from './notify.js';
export { sentOnce } from './sent-once.js';
