import { describe, expect, it } from 'vitest';
import {
  MAX_ZOOM,
  clampFrame,
  fitImage,
  frameOnStage,
  initialFrame,
  keyStep,
  maxZoom,
  moveFrame,
  sourceRect,
  stageToImage,
  zoomFrame,
  zoomOf,
} from './crop-geometry';

const landscape = { width: 1200, height: 800 };
const portrait = { width: 600, height: 900 };

describe('the starting frame', () => {
  it('is the largest centred square of a landscape or portrait picture', () => {
    expect(initialFrame(landscape)).toEqual({ x: 200, y: 0, side: 800 });
    expect(initialFrame(portrait)).toEqual({ x: 0, y: 150, side: 600 });
    expect(zoomOf(landscape, initialFrame(landscape))).toBe(1);
  });
});

describe('clamping the frame inside the picture', () => {
  it('moves a frame that sticks out back to the nearest edge', () => {
    expect(clampFrame(landscape, { x: -50, y: -10, side: 400 })).toEqual({ x: 0, y: 0, side: 400 });
    expect(clampFrame(landscape, { x: 1000, y: 700, side: 400 })).toEqual({ x: 800, y: 400, side: 400 });
  });

  it('keeps the side between the whole shorter side and the closest zoom', () => {
    expect(clampFrame(landscape, { x: 0, y: 0, side: 5000 })).toEqual({ x: 0, y: 0, side: 800 });
    expect(clampFrame(landscape, { x: 10, y: 10, side: 3 }).side).toBe(800 / MAX_ZOOM);
  });

  it('stops a drag at the edges and keeps the other direction moving', () => {
    const start = { x: 700, y: 100, side: 400 };
    expect(moveFrame(landscape, start, 500, 50)).toEqual({ x: 800, y: 150, side: 400 });
    expect(moveFrame(landscape, start, -2000, -2000)).toEqual({ x: 0, y: 0, side: 400 });
  });

  it('lets a picture smaller than the closest zoom not zoom at all', () => {
    const tiny = { width: 40, height: 24 };
    expect(maxZoom(tiny)).toBe(1);
    expect(clampFrame(tiny, { x: 0, y: 0, side: 10 }).side).toBe(24);
    expect(maxZoom({ width: 96, height: 64 })).toBe(2);
    expect(maxZoom(landscape)).toBe(MAX_ZOOM);
  });
});

describe('zooming about a point', () => {
  it('zooms about the centre when no point is given', () => {
    const frame = zoomFrame(landscape, initialFrame(landscape), 2);
    expect(frame).toEqual({ x: 400, y: 200, side: 400 });
    expect(zoomOf(landscape, frame)).toBe(2);
  });

  it('keeps the picture point under the pointer at the same place of the frame', () => {
    const start = { x: 200, y: 0, side: 800 };
    const anchor = { x: 400, y: 600 }; // a quarter across, three quarters down
    const frame = zoomFrame(landscape, start, 4, anchor);
    expect(frame.side).toBe(200);
    expect((anchor.x - frame.x) / frame.side).toBeCloseTo(0.25);
    expect((anchor.y - frame.y) / frame.side).toBeCloseTo(0.75);
  });

  it('zooms back out about the same point, and the edges still win', () => {
    const closeUp = { x: 50, y: 50, side: 200 };
    // At zoom 1 the point 60,60 would put the frame's corner at 20,20; the picture is only
    // 800 high, so the frame slides up to the top edge.
    expect(zoomFrame(landscape, closeUp, 1, { x: 60, y: 60 })).toEqual({ x: 20, y: 0, side: 800 });
  });

  it('treats a point outside the frame as the nearest point of the frame', () => {
    const start = { x: 400, y: 200, side: 400 };
    expect(zoomFrame(landscape, start, 4, { x: 5000, y: 400 })).toEqual(
      zoomFrame(landscape, start, 4, { x: 800, y: 400 }),
    );
  });

  it('keeps the zoom between 1 and the picture’s limit', () => {
    expect(zoomFrame(landscape, initialFrame(landscape), 50).side).toBe(200);
    expect(zoomFrame(landscape, initialFrame(landscape), 0.2).side).toBe(800);
  });
});

describe('mapping the frame to picture pixels', () => {
  it('rounds to whole pixels of a square', () => {
    expect(sourceRect(landscape, { x: 10.4, y: 20.6, side: 300.5 })).toEqual({ x: 10, y: 21, width: 301, height: 301 });
  });

  it('never leaves the picture, even when rounding pushes the frame over an edge', () => {
    const rect = sourceRect(landscape, { x: 899.6, y: 499.7, side: 300.4 });
    expect(rect.x + rect.width).toBeLessThanOrEqual(1200);
    expect(rect.y + rect.height).toBeLessThanOrEqual(800);
    expect(sourceRect({ width: 1, height: 1 }, { x: 0, y: 0, side: 0.2 })).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  });

  it('fits the picture into the stage and maps stage points back to the picture', () => {
    const box = fitImage(landscape, 300);
    expect(box).toEqual({ scale: 0.25, left: 0, top: 50 });
    expect(stageToImage(box, { x: 150, y: 150 })).toEqual({ x: 600, y: 400 });
    expect(frameOnStage(box, { x: 200, y: 0, side: 800 })).toEqual({ left: 50, top: 50, side: 200 });
    // A picture smaller than the stage is enlarged to fill it.
    expect(fitImage({ width: 50, height: 100 }, 300)).toEqual({ scale: 3, left: 75, top: 0 });
  });
});

describe('moving with the keys', () => {
  it('steps a twentieth of the frame, five times that with Shift, at least one pixel', () => {
    expect(keyStep({ x: 0, y: 0, side: 400 }, false)).toBe(20);
    expect(keyStep({ x: 0, y: 0, side: 400 }, true)).toBe(100);
    expect(keyStep({ x: 0, y: 0, side: 10 }, false)).toBe(1);
  });
});
