import { defineModule } from '../manifest.js';
import { systemRoutes } from './system.routes.js';

/** Health and the API description. */
export const systemModule = defineModule({ name: 'system', routes: [systemRoutes] });
