import { defineSettings, wholeNumber } from '../../lib/settings.js';

export interface PointsSettings {
  /** How often each instance lets expired AI points go (`POINTS_SWEEP_SECONDS`; 0: never). */
  pointsSweepSeconds: number;
}

const pointsSweepSeconds = wholeNumber('POINTS_SWEEP_SECONDS', {
  fallback: 60,
  min: 0,
  max: 86_400,
  meaning: 'how often each instance lets expired AI points go; `0` never (decision 030)',
});

export const pointsSettings = defineSettings<PointsSettings>({
  module: 'points',
  variables: [pointsSweepSeconds],
  read: (reader) => ({ pointsSweepSeconds: pointsSweepSeconds.read(reader) }),
});
