import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { MinusIcon, PlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import {
  MAX_ZOOM,
  clampCrop,
  dragCrop,
  fullCrop,
  imagePlacement,
  keyStep,
  moveCrop,
  outputSide,
  sourceRect,
  upscaleOf,
  zoomBy,
  zoomOf,
  zoomTo,
  type CropSquare,
  type FocusPoint,
  type ImageSize,
  type OutputRule,
} from '@/lib/crop';
import { cn } from '@/lib/utils';
import { useAppI18n } from '@/lib/app-i18n';

/**
 * The square cropper, loaded only when a crop is needed (image-crop-dialog.tsx): the photo moves
 * under a square window. Drag to move; pinch, the wheel, the slider or its buttons to zoom; with
 * the keyboard, arrows move the square and + and - zoom. The picture is drawn on a canvas at the
 * output size and encoded as a JPEG.
 */

export interface CropResult {
  /** The cropped picture, a JPEG named `fileName`. */
  file: File;
  /** The square chosen, in the photo's pixels (to adjust it later). */
  crop: CropSquare;
}

export interface ImageCropperProps {
  source: Blob;
  output: OutputRule;
  fileName: string;
  /** JPEG quality, 0 to 1. */
  quality?: number;
  /** 'circle' shows where a round avatar ends; the picture is square either way. */
  shape?: 'square' | 'circle';
  initialCrop?: CropSquare;
  confirmLabel?: string;
  /** Move the focus to the crop area once the photo shows. */
  autoFocus?: boolean;
  onCancel: () => void;
  onCropped: (result: CropResult) => void;
}

const ZOOM_STEP = 1.1;
/** A notch of a mouse wheel (100 px of deltaY) zooms about 20%. */
const WHEEL_SENSITIVITY = 0.002;

interface Loaded {
  image: HTMLImageElement;
  url: string;
  size: ImageSize;
}

interface Point {
  x: number;
  y: number;
}

const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

function focusIn(rect: DOMRect, point: Point): FocusPoint {
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  return { x: clamp((point.x - rect.left) / rect.width), y: clamp((point.y - rect.top) / rect.height) };
}

function canvasOf(side: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the picture');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  return { canvas, context };
}

/**
 * The square of `image` drawn at `side` x `side` on white (a PNG's transparent parts would turn
 * black in a JPEG) and encoded as a JPEG. A large reduction goes by halves, which keeps detail
 * where a browser's one-step scaling would skip pixels.
 */
async function renderCrop(image: HTMLImageElement, size: ImageSize, crop: CropSquare, side: number, quality: number): Promise<Blob> {
  const rect = sourceRect(size, crop);
  let source: CanvasImageSource = image;
  let from = rect;
  const steps: HTMLCanvasElement[] = [];
  while (from.size / 2 >= side * 1.0001 && from.size / 2 >= 1) {
    const half = Math.round(from.size / 2);
    const step = canvasOf(half);
    step.context.drawImage(source, from.x, from.y, from.size, from.size, 0, 0, half, half);
    steps.push(step.canvas);
    source = step.canvas;
    from = { x: 0, y: 0, size: half };
  }
  const { canvas, context } = canvasOf(side);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  context.drawImage(source, from.x, from.y, from.size, from.size, 0, 0, side, side);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  // Let the browser free the pixels now rather than whenever it collects the canvases.
  for (const used of [...steps, canvas]) used.width = used.height = 0;
  if (!blob || blob.type !== 'image/jpeg') throw new Error('This browser could not make a JPEG');
  return blob;
}

export function ImageCropper({
  source,
  output,
  fileName,
  quality = 0.85,
  shape = 'square',
  initialCrop,
  confirmLabel,
  autoFocus = false,
  onCancel,
  onCropped,
}: ImageCropperProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [crop, setCrop] = useState<CropSquare | null>(null);
  const { t } = useAppI18n();
  const [problem, setProblem] = useState<'cropper.cannotOpen' | 'cropper.cannotCrop' | null>(null);
  const [busy, setBusy] = useState(false);
  const areaRef = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const instructionsId = useId();
  const hintId = useId();

  // Decode the photo once; the <img> in the crop area shows the same object URL.
  useEffect(() => {
    let live = true;
    const cannotOpen = () => live && setProblem('cropper.cannotOpen');
    if (typeof URL.createObjectURL !== 'function') {
      cannotOpen();
      return;
    }
    const url = URL.createObjectURL(source);
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    const decoded =
      typeof image.decode === 'function'
        ? image.decode()
        : new Promise<void>((resolve, reject) => {
            image.onload = () => resolve();
            image.onerror = reject;
          });
    decoded.then(
      () => {
        if (!live) return;
        const size = { width: image.naturalWidth, height: image.naturalHeight };
        if (size.width < 1 || size.height < 1) return cannotOpen();
        setLoaded({ image, url, size });
        setCrop(clampCrop(size, initialCrop ?? fullCrop(size)));
      },
      cannotOpen,
    );
    return () => {
      live = false;
      URL.revokeObjectURL(url);
    };
    // The first square only: later ones come from the person's moves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source]);

  const size = loaded?.size ?? null;
  const update = (change: (crop: CropSquare, size: ImageSize) => CropSquare) =>
    setCrop((current) => (current && size ? change(current, size) : current));

  // Only while nothing else has the focus (the dialog itself holds it until the photo shows).
  useEffect(() => {
    const area = areaRef.current;
    if (!loaded || !autoFocus || !area) return;
    const active = document.activeElement;
    if (!active || active === document.body || active === area.closest('[role="dialog"]')) area.focus({ preventScroll: true });
  }, [loaded, autoFocus]);

  // The wheel zooms around the pointer. React's wheel listener is passive, so it could not keep
  // the page (or the dialog) from scrolling: listen directly.
  useEffect(() => {
    const area = areaRef.current;
    if (!area || !size) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = area.getBoundingClientRect();
      const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? rect.height : 1;
      const factor = Math.exp(-event.deltaY * unit * WHEEL_SENSITIVITY);
      const focus = focusIn(rect, { x: event.clientX, y: event.clientY });
      setCrop((current) => (current ? zoomBy(size, current, factor, focus) : current));
    };
    area.addEventListener('wheel', onWheel, { passive: false });
    return () => area.removeEventListener('wheel', onWheel);
  }, [size]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const current = { x: event.clientX, y: event.clientY };
    const rect = event.currentTarget.getBoundingClientRect();
    const others = [...pointers.current].filter(([id]) => id !== event.pointerId).map(([, point]) => point);
    pointers.current.set(event.pointerId, current);
    if (others.length === 0) {
      update((crop, size) => dragCrop(size, crop, current.x - previous.x, current.y - previous.y, rect.width));
    } else if (others.length === 1) {
      // Two fingers: the pair's middle drags, their spread zooms around it.
      const other = others[0]!;
      const before = middle(previous, other);
      const after = middle(current, other);
      const spreadBefore = distance(previous, other);
      const spreadAfter = distance(current, other);
      update((crop, size) => {
        const moved = dragCrop(size, crop, after.x - before.x, after.y - before.y, rect.width);
        return spreadBefore > 0 ? zoomBy(size, moved, spreadAfter / spreadBefore, focusIn(rect, after)) : moved;
      });
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!crop || event.altKey || event.ctrlKey || event.metaKey) return;
    const step = keyStep(crop, event.shiftKey);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) update((crop, size) => moveCrop(size, crop, move[0], move[1]));
    else if (event.key === '+' || event.key === '=') update((crop, size) => zoomBy(size, crop, ZOOM_STEP));
    else if (event.key === '-' || event.key === '_') update((crop, size) => zoomBy(size, crop, 1 / ZOOM_STEP));
    else return;
    event.preventDefault();
  };

  const confirm = async () => {
    if (!loaded || !crop) return;
    setBusy(true);
    setProblem(null);
    try {
      const blob = await renderCrop(loaded.image, loaded.size, crop, outputSide(output, crop), quality);
      onCropped({ file: new File([blob], fileName, { type: 'image/jpeg', lastModified: Date.now() }), crop });
    } catch {
      setProblem('cropper.cannotCrop');
      setBusy(false);
    }
  };

  const zoom = size && crop ? zoomOf(size, crop) : 1;
  const side = crop ? outputSide(output, crop) : 0;
  const chosen = crop ? Math.round(crop.size) : 0;
  const enlarged = crop ? upscaleOf(output, crop) > 1.01 : false;
  const placement = size && crop ? imagePlacement(size, crop) : null;

  return (
    <>
      <div className="grid gap-3">
        <div
          ref={areaRef}
          role="group"
          aria-roledescription="crop area"
          aria-label={t('cropper.area')}
          aria-describedby={`${instructionsId} ${hintId}`}
          tabIndex={loaded ? 0 : -1}
          data-testid="crop-area"
          className={cn(
            'relative mx-auto aspect-square w-full max-w-[min(100%,calc(100dvh-27rem))] min-w-40 touch-none overflow-hidden rounded-md bg-muted select-none',
            'outline-none focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-2',
            loaded ? 'cursor-grab active:cursor-grabbing' : '',
          )}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onKeyDown={onKeyDown}
        >
          {loaded && placement ? (
            <>
              <img
                src={loaded.url}
                alt=""
                draggable={false}
                className="pointer-events-none absolute max-w-none"
                style={{ left: `${placement.left}%`, top: `${placement.top}%`, width: `${placement.width}%`, height: `${placement.height}%` }}
              />
              {/* Thirds, to help place a face or a title. */}
              <div aria-hidden="true" className="pointer-events-none absolute inset-0">
                <div className="absolute inset-y-0 left-1/3 w-px bg-white/40" />
                <div className="absolute inset-y-0 left-2/3 w-px bg-white/40" />
                <div className="absolute inset-x-0 top-1/3 h-px bg-white/40" />
                <div className="absolute inset-x-0 top-2/3 h-px bg-white/40" />
              </div>
              {shape === 'circle' && (
                <div aria-hidden="true" className="pointer-events-none absolute inset-0 rounded-full shadow-[0_0_0_9999px_rgb(0_0_0/0.45)] ring-1 ring-white/70" />
              )}
            </>
          ) : (
            !problem && (
              <div className="absolute inset-0 flex items-center justify-center">
                <Spinner label={t('cropper.opening')} />
              </div>
            )
          )}
        </div>

        <div className="flex items-center gap-2">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={t('cropper.zoomOut')}
            disabled={!crop || zoom <= 1.0001}
            onClick={() => update((crop, size) => zoomBy(size, crop, 1 / ZOOM_STEP))}
          >
            <MinusIcon aria-hidden="true" />
          </Button>
          <input
            type="range"
            aria-label={t('cropper.zoom')}
            min={1}
            max={MAX_ZOOM}
            step={0.01}
            value={zoom}
            aria-valuetext={`${Math.round(zoom * 100)}%`}
            disabled={!crop}
            onChange={(event) => {
              const value = Number(event.currentTarget.value);
              update((crop, size) => zoomTo(size, crop, value));
            }}
            className="h-10 min-w-0 flex-1 cursor-pointer accent-primary disabled:cursor-default"
          />
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={t('cropper.zoomIn')}
            disabled={!crop || zoom >= MAX_ZOOM - 0.0001}
            onClick={() => update((crop, size) => zoomBy(size, crop, ZOOM_STEP))}
          >
            <PlusIcon aria-hidden="true" />
          </Button>
        </div>

        <p id={instructionsId} className="text-xs text-muted-foreground">
          {t('cropper.instructions')}
        </p>
        <p id={hintId} className={cn('text-sm', enlarged ? 'text-amber-800 dark:text-amber-200' : 'text-muted-foreground')} data-testid="crop-quality">
          {crop &&
            (enlarged
              ? t('cropper.enlarged', { chosen, side })
              : t('cropper.savedAs', { side }))}
        </p>
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {t(problem)}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="button" disabled={!crop || busy} aria-busy={busy || undefined} onClick={confirm}>
          {busy ? (
            <>
              <Spinner label={null} />
              {t('cropper.cropping')}
            </>
          ) : (
            (confirmLabel ?? t('cropper.usePhoto'))
          )}
        </Button>
      </DialogFooter>
    </>
  );
}
