/**
 * The geometry of a square crop, free of the DOM: the cropper (components/image-cropper.tsx)
 * keeps its state in these terms and only draws it. A crop is a square in the image's own pixels,
 * so it does not change when the crop area on screen changes size.
 */

export interface ImageSize {
  width: number;
  height: number;
}

/** A square of the image: its top-left corner and side, in image pixels (not rounded). */
export interface CropSquare {
  x: number;
  y: number;
  size: number;
}

/** A point in the crop area, as a fraction of its side from its top-left corner (0.5, 0.5 is the middle). */
export interface FocusPoint {
  x: number;
  y: number;
}

/** Zoom 1 shows the largest square the image holds; this is how far in one may go. */
export const MAX_ZOOM = 5;

const CENTRE: FocusPoint = { x: 0.5, y: 0.5 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function shortSide(image: ImageSize): number {
  return Math.min(image.width, image.height);
}

/** The smallest square one may zoom in to: the short side at MAX_ZOOM, never under one pixel. */
export function minCropSize(image: ImageSize): number {
  return Math.min(shortSide(image), Math.max(1, shortSide(image) / MAX_ZOOM));
}

/** The largest square, in the middle: a portrait photo keeps its middle, a landscape one its centre. */
export function fullCrop(image: ImageSize): CropSquare {
  const size = shortSide(image);
  return { x: (image.width - size) / 2, y: (image.height - size) / 2, size };
}

/** The same crop brought back inside the image: its side between the zoom bounds, the square within the edges. */
export function clampCrop(image: ImageSize, crop: CropSquare): CropSquare {
  const size = clamp(crop.size, minCropSize(image), shortSide(image));
  return {
    x: clamp(crop.x, 0, image.width - size),
    y: clamp(crop.y, 0, image.height - size),
    size,
  };
}

/** 1 for the largest square, up to MAX_ZOOM. */
export function zoomOf(image: ImageSize, crop: CropSquare): number {
  return shortSide(image) / crop.size;
}

/**
 * The crop at another zoom, the point under `focus` (a finger pair's middle, the mouse, or the
 * centre) staying where it is on screen; kept inside the image.
 */
export function zoomTo(image: ImageSize, crop: CropSquare, zoom: number, focus: FocusPoint = CENTRE): CropSquare {
  const size = clamp(shortSide(image) / zoom, minCropSize(image), shortSide(image));
  const pointX = crop.x + focus.x * crop.size;
  const pointY = crop.y + focus.y * crop.size;
  return clampCrop(image, { x: pointX - focus.x * size, y: pointY - focus.y * size, size });
}

/** zoomTo by a factor of the current zoom (a wheel notch, a pinch, the + and - keys). */
export function zoomBy(image: ImageSize, crop: CropSquare, factor: number, focus: FocusPoint = CENTRE): CropSquare {
  return zoomTo(image, crop, zoomOf(image, crop) * factor, focus);
}

/** Moves the square over the image by (dx, dy) image pixels, stopping at the edges. */
export function moveCrop(image: ImageSize, crop: CropSquare, dx: number, dy: number): CropSquare {
  return clampCrop(image, { ...crop, x: crop.x + dx, y: crop.y + dy });
}

/**
 * A drag of the photo by (dx, dy) screen pixels in a crop area `areaSide` pixels wide: the photo
 * follows the finger, so the square moves the other way, scaled from screen to image pixels.
 */
export function dragCrop(image: ImageSize, crop: CropSquare, dx: number, dy: number, areaSide: number): CropSquare {
  if (areaSide <= 0) return crop;
  const scale = crop.size / areaSide;
  return moveCrop(image, crop, -dx * scale, -dy * scale);
}

/** One arrow-key step: a twentieth of the square (a fifth with Shift). */
export function keyStep(crop: CropSquare, large = false): number {
  return crop.size * (large ? 0.2 : 0.05);
}

/**
 * Where the whole image sits in the crop area, in percent of the area's side: the crop area
 * shows exactly the square. Percentages need no measuring, and survive any resize.
 */
export function imagePlacement(image: ImageSize, crop: CropSquare): { left: number; top: number; width: number; height: number } {
  return {
    left: (-crop.x / crop.size) * 100,
    top: (-crop.y / crop.size) * 100,
    width: (image.width / crop.size) * 100,
    height: (image.height / crop.size) * 100,
  };
}

/** The square in whole pixels for drawing, still inside the image. */
export function sourceRect(image: ImageSize, crop: CropSquare): CropSquare {
  const size = Math.max(1, Math.min(Math.round(crop.size), shortSide(image)));
  return {
    x: clamp(Math.round(crop.x), 0, image.width - size),
    y: clamp(Math.round(crop.y), 0, image.height - size),
    size,
  };
}

/**
 * The side of the picture made from a crop: `exact` for a fixed size (a cover is always
 * 3000x3000, spec section 5), else the crop's own side kept between `min` and `max` (a profile
 * photo: never more pixels than needed, never fewer than the recommended size).
 */
export type OutputRule = { exact: number } | { min: number; max: number };

export function outputSide(rule: OutputRule, crop: CropSquare): number {
  if ('exact' in rule) return rule.exact;
  return clamp(Math.round(crop.size), rule.min, rule.max);
}

/** How much the square is enlarged to make the picture (1 or less: not at all). */
export function upscaleOf(rule: OutputRule, crop: CropSquare): number {
  return outputSide(rule, crop) / Math.round(crop.size);
}

