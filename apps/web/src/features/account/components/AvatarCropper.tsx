import { ActionIcon, Box, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { languageTags } from '@account-centre/contract';
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import {
  type CropFrame,
  type ImageBox,
  type Point,
  type Size,
  type SourceRect,
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
} from '../crop-geometry';
import classes from './AvatarCropper.module.css';

/** The round preview, as large as the avatar on the account screen. */
const PREVIEW_PX = 88;
/** One press of a zoom button or of + / − zooms by this factor. */
const ZOOM_FACTOR = 1.25;
/** Wheel zoom per pixel of scroll (a mouse notch is about 100 px: some 16 %). */
const WHEEL_ZOOM_PER_PX = 0.0015;
/** Wheels that scroll by lines (Firefox) or pages report those: rough pixel sizes of each. */
const WHEEL_LINE_PX = 16;
const WHEEL_PAGE_PX = 400;

type Gesture = { kind: 'drag'; from: Point; frame: CropFrame } | { kind: 'pinch'; distance: number; frame: CropFrame };

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const midpoint = (a: Point, b: Point) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** Draws part of a picture onto a canvas at its CSS size, sharp on high-density screens. */
function paint(
  canvas: HTMLCanvasElement | null,
  image: CanvasImageSource,
  from: SourceRect,
  cssWidth: number,
  cssHeight: number,
) {
  const context = canvas?.getContext('2d');
  if (!canvas || !context) return;
  const density = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(cssWidth * density));
  canvas.height = Math.max(1, Math.round(cssHeight * density));
  context.imageSmoothingQuality = 'high';
  // The same white ground as the JPEG, so transparent pictures preview as they will look.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, from.x, from.y, from.width, from.height, 0, 0, canvas.width, canvas.height);
}

function ZoomOutIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
      <path d="M5 12h14" strokeLinecap="round" />
    </svg>
  );
}

function ZoomInIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
      <path d="M5 12h14M12 5v14" strokeLinecap="round" />
    </svg>
  );
}

export interface AvatarCropperProps {
  /** The decoded picture (upright). */
  image: HTMLImageElement;
  /** The cropped picture is being encoded and uploaded. */
  busy: boolean;
  onCancel: () => void;
  /** The part to keep, in whole picture pixels. */
  onSave: (crop: SourceRect) => void;
}

/**
 * The image cropper of the account screen (spec 01 §2 modals, §5 "Avatar"): the whole picture
 * with a square frame over it. The frame moves by dragging (mouse, pen or one finger) and with
 * the arrow keys, and zooms with the slider, the buttons, the wheel, + and −, or two fingers.
 * A round preview shows the avatar as it will look. The cropper only chooses the part to keep;
 * cutting, scaling and encoding stay with encodeAvatar.
 */
export function AvatarCropper({ image, busy, onCancel, onSave }: AvatarCropperProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const picture: Size = useMemo(() => ({ width: image.naturalWidth, height: image.naturalHeight }), [image]);
  const zoomLimit = maxZoom(picture);

  // Gestures read the frame between renders, so it lives in a ref too; every change goes
  // through setFrame, which keeps both in step.
  const [frame, setFrameState] = useState(() => initialFrame(picture));
  const frameRef = useRef(frame);
  const setFrame = useCallback((next: CropFrame) => {
    frameRef.current = next;
    setFrameState(next);
  }, []);

  const { ref: measure, width: stage } = useElementSize<HTMLDivElement>();
  const stageElement = useRef<HTMLDivElement | null>(null);
  const stageRef = useCallback(
    (element: HTMLDivElement | null) => {
      stageElement.current = element;
      measure(element);
    },
    [measure],
  );
  // Until the stage is measured its size is 0: everything is drawn at no size, but the frame
  // exists from the first render, so the dialog can put the focus on it.
  const box: ImageBox = fitImage(picture, stage);

  // The dialog may mount its content a render after this component (its transition), so the
  // canvases are kept in state: painting runs again once they exist.
  const [imageCanvas, setImageCanvas] = useState<HTMLCanvasElement | null>(null);
  const [previewCanvas, setPreviewCanvas] = useState<HTMLCanvasElement | null>(null);
  const frameElement = useRef<HTMLDivElement>(null);
  const whole = useMemo(() => ({ x: 0, y: 0, ...picture }), [picture]);

  useEffect(() => {
    if (stage > 0) {
      const { scale } = fitImage(picture, stage);
      paint(imageCanvas, image, whole, picture.width * scale, picture.height * scale);
    }
  }, [imageCanvas, image, picture, whole, stage]);

  useEffect(() => {
    paint(previewCanvas, image, sourceRect(picture, frame), PREVIEW_PX, PREVIEW_PX);
  }, [previewCanvas, image, picture, frame]);

  const zoomTo = (zoom: number, anchor?: Point) => setFrame(zoomFrame(picture, frameRef.current, zoom, anchor));
  const zoomBy = (factor: number) => zoomTo(zoomOf(picture, frameRef.current) * factor);

  // The wheel zooms about the point under the pointer. React listens to wheels passively, and
  // a passive listener cannot stop the page from scrolling, so this one is added by hand.
  useEffect(() => {
    const element = stageElement.current;
    if (!element || stage === 0) return;
    const fitted = fitImage(picture, stage);
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const unit = event.deltaMode === 1 ? WHEEL_LINE_PX : event.deltaMode === 2 ? WHEEL_PAGE_PX : 1;
      const rect = element.getBoundingClientRect();
      const anchor = stageToImage(fitted, { x: event.clientX - rect.left, y: event.clientY - rect.top });
      const current = frameRef.current;
      const zoom = zoomOf(picture, current) * Math.exp(-event.deltaY * unit * WHEEL_ZOOM_PER_PX);
      setFrame(zoomFrame(picture, current, zoom, anchor));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [picture, stage, setFrame]);

  // Pointers on the stage, by id: one drags the frame, two pinch to zoom about their middle.
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);

  const stagePoint = (event: PointerEvent<HTMLDivElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  /** Starts the gesture the pointers now down make, from the frame as it is now. */
  const restartGesture = () => {
    const [first, second] = [...pointers.current.values()];
    if (first && second)
      gesture.current = { kind: 'pinch', distance: distance(first, second), frame: frameRef.current };
    else if (first) gesture.current = { kind: 'drag', from: first, frame: frameRef.current };
    else gesture.current = null;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, stagePoint(event));
    // After a drag the arrow keys go on from where the pointer left the frame.
    frameElement.current?.focus({ preventScroll: true });
    restartGesture();
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId) || box.scale === 0) return;
    pointers.current.set(event.pointerId, stagePoint(event));
    const current = gesture.current;
    const [first, second] = [...pointers.current.values()];
    if (current?.kind === 'drag' && first) {
      const dx = (first.x - current.from.x) / box.scale;
      const dy = (first.y - current.from.y) / box.scale;
      setFrame(moveFrame(picture, current.frame, dx, dy));
    } else if (current?.kind === 'pinch' && first && second && current.distance > 0) {
      const zoom = (zoomOf(picture, current.frame) * distance(first, second)) / current.distance;
      setFrame(zoomFrame(picture, current.frame, zoom, stageToImage(box, midpoint(first, second))));
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    restartGesture();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = keyStep(frameRef.current, event.shiftKey);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) setFrame(moveFrame(picture, frameRef.current, move[0], move[1]));
    else if (event.key === '+' || event.key === '=') zoomBy(ZOOM_FACTOR);
    else if (event.key === '-' || event.key === '_') zoomBy(1 / ZOOM_FACTOR);
    else return;
    event.preventDefault();
  };

  const zoom = zoomOf(picture, frame);
  const language = currentLanguage();
  const percent = useMemo(
    () => new Intl.NumberFormat(languageTags[language], { style: 'percent', maximumFractionDigits: 0 }),
    [language],
  );
  const onStage = frameOnStage(box, frame);
  // Zoom limits compared with a little slack: the frame's side is a quotient, never exact.
  const canZoomOut = zoom > 1.001;
  const canZoomIn = zoom < zoomLimit - 0.001;

  return (
    // While the picture uploads, the dialog stays: closing it would hide the outcome.
    <Modal opened onClose={busy ? () => {} : onCancel} title={t('accountCropper:title')} centered size={480}>
      <Stack gap="sm">
        <Box
          ref={stageRef}
          data-testid="crop-stage"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          className={classes.stage}
        >
          <canvas
            ref={setImageCanvas}
            aria-hidden
            className={classes.picture}
            style={{
              left: box.left,
              top: box.top,
              width: picture.width * box.scale,
              height: picture.height * box.scale,
            }}
          />
          <div
            ref={frameElement}
            tabIndex={0}
            role="group"
            aria-roledescription={t('accountCropper:frameRole')}
            aria-label={t('accountCropper:frame')}
            aria-describedby={hintId}
            data-autofocus
            data-testid="crop-frame"
            onKeyDown={onKeyDown}
            className={classes.frame}
            style={{ left: onStage.left, top: onStage.top, width: onStage.side, height: onStage.side }}
          >
            <div aria-hidden className={classes.circle} />
          </div>
        </Box>
        <Text id={hintId} size="xs" c="dimmed">
          {t('accountCropper:hint')}
        </Text>
        <Group gap="md" wrap="nowrap" align="center">
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={500} component="div" aria-hidden>
              {t('accountCropper:zoom')}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <ActionIcon
                variant="default"
                aria-label={t('accountCropper:zoomOut')}
                title={t('accountCropper:zoomOut')}
                disabled={!canZoomOut}
                onClick={() => zoomBy(1 / ZOOM_FACTOR)}
              >
                <ZoomOutIcon />
              </ActionIcon>
              <Slider
                style={{ flex: 1 }}
                min={1}
                // A picture too small to zoom gets a disabled slider over a range that is not empty.
                max={zoomLimit > 1 ? zoomLimit : 2}
                step={0.05}
                value={zoom}
                onChange={(value) => zoomTo(value)}
                disabled={zoomLimit === 1}
                label={null}
                thumbLabel={t('accountCropper:zoom')}
                thumbValueText={(value) => percent.format(value)}
              />
              <ActionIcon
                variant="default"
                aria-label={t('accountCropper:zoomIn')}
                title={t('accountCropper:zoomIn')}
                disabled={!canZoomIn}
                onClick={() => zoomBy(ZOOM_FACTOR)}
              >
                <ZoomInIcon />
              </ActionIcon>
            </Group>
          </Stack>
          <Stack gap={4} align="center">
            <canvas
              ref={setPreviewCanvas}
              role="img"
              aria-label={t('accountCropper:preview')}
              className={classes.preview}
              style={{ width: PREVIEW_PX, height: PREVIEW_PX }}
            />
            <Text size="xs" c="dimmed" aria-hidden>
              {t('accountCropper:preview')}
            </Text>
          </Stack>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={() => onSave(sourceRect(picture, frameRef.current))} loading={busy}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
