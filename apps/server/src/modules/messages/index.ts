import { defineModule } from '../manifest.js';
import { noticeSendCommand, noticeWithdrawCommand } from './messages.commands.js';
import { deleteNoticesOnlyFor } from './messages.repository.js';
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
    notices: { erase: 'custom', run: deleteNoticesOnlyFor },
    notice_recipients: { erase: 'rows' },
    notice_reads: { erase: 'rows' },
  },
});

// The door: how other modules tell a person of an event, whether a once-only message went out
// already, and whether any notice names a person (docs/architecture.md#module-doors).
export { hasNoticesNaming, sentOnce } from './messages.repository.js';
export { notify, notifyText, type NotifyParams } from './notify.js';
export type { NotifyKind, SecurityAlertKind } from './notify-texts.js';
