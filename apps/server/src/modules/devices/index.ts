import { deviceLimitCommand, deviceListCommand, deviceUnbindCommand } from './devices.commands.js';
import { defineModule } from '../manifest.js';
import { devicesRoutes } from './devices.routes.js';
import { passwordWithdrawalGuard } from './password-withdrawal.guard.js';

/** Activated devices per product, signed-in sessions and the sign-in history (spec 01 §2 "Devices"). */
export const devicesModule = defineModule({
  name: 'devices',
  // The guard joins the password sign-in route as that route is declared: it comes first.
  routes: [passwordWithdrawalGuard, devicesRoutes],
  commands: [deviceListCommand, deviceUnbindCommand, deviceLimitCommand],
  tables: {
    devices: { erase: 'rows' },
    device_slots: { erase: 'rows' },
    password_withdrawals: { erase: 'rows' },
  },
});
export { clearPasswordWithdrawal } from './devices.repository.js';
