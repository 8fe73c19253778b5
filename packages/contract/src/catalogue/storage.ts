/** Cloud storage areas of the order screen (spec 01 §2, §3 "Storage"). */
export const storageAreas = ['project', 'whiteboard', 'mindmap'] as const;
export type StorageArea = (typeof storageAreas)[number];

const MB = 1024 * 1024;

/**
 * The quota of an area before anything was bought or granted. The spec shows server figures
 * only; these are the service's free tier, one place to change them.
 */
export const FREE_STORAGE_BYTES: Record<StorageArea, number> = {
  project: 100 * MB,
  whiteboard: 100 * MB,
  mindmap: 100 * MB,
};

/** Storage figures are shown in MB with 2 decimals (spec 01 §3, §9). */
export function bytesToMb(bytes: number): string {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new RangeError(`bytes must be a whole number ≥ 0: ${bytes}`);
  // Round half up on hundredths of a MB with integer arithmetic, so 0.005 MB never drifts.
  const hundredths = Math.floor((bytes * 100 + MB / 2) / MB);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
