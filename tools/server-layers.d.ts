import type { Linter } from 'eslint';

export function serverLayers(options: { root: string; allowedPastADoor?: string[] }): Linter.Config[];
