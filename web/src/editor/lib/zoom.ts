import { ZOOM } from "./constants";

/** A zoom level on the 10 % grid within 50-200 %; anything unreadable falls back to 100 %. */
export function clampZoom(value: number): number {
  if (!Number.isFinite(value)) return ZOOM.initial;
  const snapped = Math.round(value / ZOOM.step) * ZOOM.step;
  return Math.min(ZOOM.max, Math.max(ZOOM.min, snapped));
}

export function zoomIn(value: number): number {
  return clampZoom(clampZoom(value) + ZOOM.step);
}

export function zoomOut(value: number): number {
  return clampZoom(clampZoom(value) - ZOOM.step);
}

export const canZoomIn = (value: number) => clampZoom(value) < ZOOM.max;
export const canZoomOut = (value: number) => clampZoom(value) > ZOOM.min;
