import { defineSettings, periodSeconds } from '../../lib/settings.js';

export interface PointsSettings {
  /** How often each instance lets expired AI points go (`POINTS_SWEEP_SECONDS`; 0: never). */
  pointsSweepSeconds: number;
}

const pointsSweepSeconds = periodSeconds(
  'POINTS_SWEEP_SECONDS',
  60,
  'how often each instance lets expired AI points go; `0` never (decision 030)',
);

export const pointsSettings = defineSettings<PointsSettings>({
  module: 'points',
  variables: [pointsSweepSeconds],
  read: (reader) => ({ pointsSweepSeconds: pointsSweepSeconds.read(reader) }),
});
