/**
 * The geometry of the avatar cropper (spec 01 §2 "image cropper"), kept free of the DOM so it
 * can be tested on its own.
 *
 * The whole picture is shown; a square frame over it marks the part to keep. Positions and
 * sizes of the frame are in the picture's own pixels (fractional while the user drags, so slow
 * moves are not lost to rounding); `sourceRect` rounds them once, when the picture is cut.
 */

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The square to keep: its top-left corner and side, in picture pixels. */
export interface CropFrame {
  x: number;
  y: number;
  side: number;
}

/** A rectangle of whole picture pixels (what a canvas copies). */
export interface SourceRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The closest the frame may zoom in: a quarter of the picture's shorter side. */
export const MAX_ZOOM = 4;
/** A frame never gets smaller than this many picture pixels (a 40 px picture barely zooms). */
export const MIN_CROP_SIDE = 32;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The largest square that fits: the frame at zoom 1. */
export function fullSide(image: Size): number {
  return Math.min(image.width, image.height);
}

/** How far this picture may be zoomed: up to MAX_ZOOM, never below MIN_CROP_SIDE pixels, at least 1. */
export function maxZoom(image: Size): number {
  return clamp(fullSide(image) / MIN_CROP_SIDE, 1, MAX_ZOOM);
}

/** The frame's zoom: 1 when it spans the shorter side, larger as it shrinks. */
export function zoomOf(image: Size, frame: CropFrame): number {
  return fullSide(image) / frame.side;
}

/** The frame kept inside the picture: its side within the zoom range, then its corner moved in. */
export function clampFrame(image: Size, frame: CropFrame): CropFrame {
  const full = fullSide(image);
  const side = clamp(frame.side, full / maxZoom(image), full);
  return {
    side,
    x: clamp(frame.x, 0, image.width - side),
    y: clamp(frame.y, 0, image.height - side),
  };
}

/** Where the cropper starts: the largest square, centred (the usual portrait crop). */
export function initialFrame(image: Size): CropFrame {
  const side = fullSide(image);
  return { side, x: (image.width - side) / 2, y: (image.height - side) / 2 };
}

/** The frame moved by a distance in picture pixels, stopping at the picture's edges. */
export function moveFrame(image: Size, frame: CropFrame, dx: number, dy: number): CropFrame {
  return clampFrame(image, { ...frame, x: frame.x + dx, y: frame.y + dy });
}

/**
 * The frame at another zoom, about a point: the picture point at `anchor` keeps its place
 * within the frame, so zooming with the wheel closes in on what is under the pointer. An
 * anchor outside the frame counts as the nearest point of the frame. Without an anchor the
 * frame zooms about its centre (the slider, the keys). Edges win over the anchor: the result
 * is always inside the picture.
 */
export function zoomFrame(image: Size, frame: CropFrame, zoom: number, anchor?: Point): CropFrame {
  const side = fullSide(image) / clamp(zoom, 1, maxZoom(image));
  const centre = { x: frame.x + frame.side / 2, y: frame.y + frame.side / 2 };
  const at = anchor
    ? { x: clamp(anchor.x, frame.x, frame.x + frame.side), y: clamp(anchor.y, frame.y, frame.y + frame.side) }
    : centre;
  const rx = (at.x - frame.x) / frame.side;
  const ry = (at.y - frame.y) / frame.side;
  return clampFrame(image, { side, x: at.x - rx * side, y: at.y - ry * side });
}

/** The part of the picture to cut, in whole pixels, always inside the picture and at least 1 px. */
export function sourceRect(image: Size, frame: CropFrame): SourceRect {
  const side = clamp(Math.round(frame.side), 1, fullSide(image));
  return {
    x: clamp(Math.round(frame.x), 0, image.width - side),
    y: clamp(Math.round(frame.y), 0, image.height - side),
    width: side,
    height: side,
  };
}

/** Where the picture sits in a square stage of `stage` px: fitted whole, centred (may enlarge a small one). */
export interface ImageBox {
  left: number;
  top: number;
  /** Stage pixels per picture pixel. */
  scale: number;
}

export function fitImage(image: Size, stage: number): ImageBox {
  const scale = stage / Math.max(image.width, image.height);
  return {
    scale,
    left: (stage - image.width * scale) / 2,
    top: (stage - image.height * scale) / 2,
  };
}

/** A point of the stage (relative to its top-left corner) as a picture point. */
export function stageToImage(box: ImageBox, point: Point): Point {
  return { x: (point.x - box.left) / box.scale, y: (point.y - box.top) / box.scale };
}

/** The frame as a square of the stage, for drawing. */
export function frameOnStage(box: ImageBox, frame: CropFrame): { left: number; top: number; side: number } {
  return { left: box.left + frame.x * box.scale, top: box.top + frame.y * box.scale, side: frame.side * box.scale };
}

/**
 * How far one arrow key press moves the frame, in picture pixels: a twentieth of the frame
 * (so the step looks the same at any zoom), five times that with Shift, never under 1 px.
 */
export function keyStep(frame: CropFrame, large: boolean): number {
  return Math.max(1, (frame.side / 20) * (large ? 5 : 1));
}
