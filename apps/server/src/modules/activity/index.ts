import { activityClearCommand, activitySetCommand } from './activity.commands.js';
import { defineModule } from '../manifest.js';
import { activityRoutes } from './activity.routes.js';

/** The activity tag beside the header's membership link. */
export const activityModule = defineModule({
  name: 'activity',
  routes: [activityRoutes],
  commands: [activitySetCommand, activityClearCommand],
  tables: { activity_tags: { personal: false, why: 'operator-made promotions, the same for everyone' } },
});
