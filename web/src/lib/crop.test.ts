import { describe, expect, it } from 'vitest';
import {
  MAX_ZOOM,
  clampCrop,
  dragCrop,
  fullCrop,
  imagePlacement,
  keyStep,
  minCropSize,
  moveCrop,
  outputSide,
  sourceRect,
  upscaleOf,
  zoomBy,
  zoomOf,
  zoomTo,
  type CropSquare,
  type ImageSize,
  type OutputRule,
} from './crop';

const PHONE: ImageSize = { width: 3024, height: 4032 };
const PHONE_SQUARE: ImageSize = { width: 3024, height: 3024 };
const INSTAGRAM: ImageSize = { width: 1080, height: 1080 };
const LANDSCAPE: ImageSize = { width: 4032, height: 3024 };
const COVER: OutputRule = { exact: 3000 };
const PROFILE: OutputRule = { min: 400, max: 800 };

/** The square lies wholly inside the image. */
function expectInside(image: ImageSize, crop: CropSquare) {
  expect(crop.size).toBeGreaterThan(0);
  expect(crop.x).toBeGreaterThanOrEqual(0);
  expect(crop.y).toBeGreaterThanOrEqual(0);
  expect(crop.x + crop.size).toBeLessThanOrEqual(image.width + 1e-9);
  expect(crop.y + crop.size).toBeLessThanOrEqual(image.height + 1e-9);
}

describe('the first crop', () => {
  it('is the largest square, in the middle', () => {
    expect(fullCrop(PHONE)).toEqual({ x: 0, y: 504, size: 3024 });
    expect(fullCrop(LANDSCAPE)).toEqual({ x: 504, y: 0, size: 3024 });
    expect(fullCrop(PHONE_SQUARE)).toEqual({ x: 0, y: 0, size: 3024 });
    expect(fullCrop(INSTAGRAM)).toEqual({ x: 0, y: 0, size: 1080 });
    expect(zoomOf(PHONE, fullCrop(PHONE))).toBe(1);
  });
});

describe('the output size', () => {
  it('is exactly 3000x3000 for a cover, whatever the photo and the zoom', () => {
    for (const image of [PHONE, PHONE_SQUARE, INSTAGRAM, LANDSCAPE]) {
      for (const zoom of [1, 1.7, MAX_ZOOM]) {
        const crop = zoomTo(image, fullCrop(image), zoom);
        expect(outputSide(COVER, crop)).toBe(3000);
      }
    }
  });

  it('says how much a small square is enlarged: a 1080x1080 square becomes 3000x3000, 2.78 times', () => {
    expect(upscaleOf(COVER, fullCrop(INSTAGRAM))).toBeCloseTo(3000 / 1080, 5);
    // A phone's full width is a little more than 3000: reduced, not enlarged.
    expect(upscaleOf(COVER, fullCrop(PHONE))).toBeLessThan(1);
    expect(upscaleOf(COVER, fullCrop(PHONE_SQUARE))).toBeLessThan(1);
    // Zoomed in twice on a phone photo: a 1512 px square, enlarged.
    expect(upscaleOf(COVER, zoomTo(PHONE, fullCrop(PHONE), 2))).toBeCloseTo(3000 / 1512, 5);
  });

  it('keeps a profile photo between 400 and 800 px, at the square’s own size in between', () => {
    expect(outputSide(PROFILE, fullCrop(PHONE))).toBe(800);
    expect(outputSide(PROFILE, fullCrop({ width: 900, height: 600 }))).toBe(600);
    expect(outputSide(PROFILE, fullCrop({ width: 300, height: 200 }))).toBe(400);
    expect(upscaleOf(PROFILE, fullCrop({ width: 300, height: 200 }))).toBe(2);
  });

  it('draws from whole pixels, inside the image', () => {
    const rect = sourceRect(PHONE, { x: 12.4, y: 1007.6, size: 3024 });
    expect(rect).toEqual({ x: 0, y: 1008, size: 3024 });
    const edge = sourceRect(INSTAGRAM, { x: 540.6, y: 540.6, size: 539.5 });
    expect(edge.x + edge.size).toBeLessThanOrEqual(1080);
    expect(edge.y + edge.size).toBeLessThanOrEqual(1080);
  });
});

describe('zoom', () => {
  it('goes from 1 (the largest square) to MAX_ZOOM, no further either way', () => {
    const start = fullCrop(PHONE);
    expect(zoomOf(PHONE, zoomTo(PHONE, start, 100))).toBeCloseTo(MAX_ZOOM, 9);
    expect(zoomOf(PHONE, zoomTo(PHONE, start, 0.2))).toBe(1);
    expect(minCropSize(PHONE)).toBeCloseTo(3024 / MAX_ZOOM, 9);
    let crop = start;
    for (let step = 0; step < 60; step += 1) crop = zoomBy(PHONE, crop, 1.1);
    expect(crop.size).toBeCloseTo(minCropSize(PHONE), 9);
    expectInside(PHONE, crop);
  });

  it('keeps the point under the fingers or the mouse where it is', () => {
    const start = fullCrop(PHONE);
    const focus = { x: 0.25, y: 0.75 };
    const zoomed = zoomTo(PHONE, start, 2, focus);
    // The image point under the focus, before and after.
    expect(zoomed.x + focus.x * zoomed.size).toBeCloseTo(start.x + focus.x * start.size, 9);
    expect(zoomed.y + focus.y * zoomed.size).toBeCloseTo(start.y + focus.y * start.size, 9);
  });

  it('zooming out by a corner stays inside the image', () => {
    const corner = moveCrop(PHONE, zoomTo(PHONE, fullCrop(PHONE), 4), 1e6, 1e6);
    expectInside(PHONE, corner);
    const out = zoomTo(PHONE, corner, 1, { x: 1, y: 1 });
    expect(out.size).toBe(3024);
    expectInside(PHONE, out);
  });
});

describe('moving', () => {
  it('stops at the edges', () => {
    const start = fullCrop(PHONE);
    expect(moveCrop(PHONE, start, 0, -1e6)).toEqual({ x: 0, y: 0, size: 3024 });
    expect(moveCrop(PHONE, start, 0, 1e6)).toEqual({ x: 0, y: 1008, size: 3024 });
    // At zoom 1 a square photo cannot move at all.
    expect(moveCrop(INSTAGRAM, fullCrop(INSTAGRAM), 300, -300)).toEqual(fullCrop(INSTAGRAM));
  });

  it('follows the finger: dragging the photo down shows more of its top, at the screen-to-image scale', () => {
    const start = fullCrop(PHONE);
    // A 300 px crop area shows 3024 image px: 10 screen px are 100.8 image px.
    const dragged = dragCrop(PHONE, start, 0, 10, 300);
    expect(dragged.y).toBeCloseTo(start.y - 100.8, 9);
    expect(dragged.x).toBe(0);
    expect(dragCrop(PHONE, start, 0, 10, 0)).toBe(start);
  });

  it('takes a twentieth of the square per arrow key, a fifth with Shift', () => {
    expect(keyStep({ x: 0, y: 0, size: 1000 })).toBe(50);
    expect(keyStep({ x: 0, y: 0, size: 1000 }, true)).toBe(200);
  });

  it('never lets any sequence of moves and zooms leave the image', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (const image of [PHONE, PHONE_SQUARE, INSTAGRAM, LANDSCAPE, { width: 97, height: 5000 }]) {
      let crop = fullCrop(image);
      for (let step = 0; step < 500; step += 1) {
        const pick = random();
        if (pick < 0.4) crop = dragCrop(image, crop, (random() - 0.5) * 800, (random() - 0.5) * 800, 300);
        else if (pick < 0.7) crop = zoomBy(image, crop, 0.5 + random() * 1.5, { x: random(), y: random() });
        else if (pick < 0.9) crop = zoomTo(image, crop, random() * 8, { x: random(), y: random() });
        else crop = moveCrop(image, crop, (random() - 0.5) * 1e5, (random() - 0.5) * 1e5);
        expectInside(image, crop);
        expect(crop.size).toBeGreaterThanOrEqual(minCropSize(image) - 1e-9);
        expect(crop.size).toBeLessThanOrEqual(Math.min(image.width, image.height));
      }
    }
  });

  it('brings a square from elsewhere (another photo’s last crop) back inside', () => {
    const crop = clampCrop(INSTAGRAM, { x: 2000, y: -50, size: 3024 });
    expect(crop).toEqual({ x: 0, y: 0, size: 1080 });
  });
});

describe('the photo on screen', () => {
  it('is placed so that the crop area shows exactly the square', () => {
    const placement = imagePlacement(PHONE, { x: 756, y: 1008, size: 1512 });
    expect(placement).toEqual({ left: -50, top: -(1008 / 1512) * 100, width: 200, height: (4032 / 1512) * 100 });
    expect(imagePlacement(INSTAGRAM, fullCrop(INSTAGRAM))).toEqual({ left: -0, top: -0, width: 100, height: 100 });
  });
});
