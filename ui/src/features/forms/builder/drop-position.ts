/**
 * Where a palette item dropped on the canvas lands: before the element under the pointer, or after it when the
 * pointer is in its lower half; at the end when over the empty part of the canvas.
 */
export interface DropProbe {
  overId: string | null;
  /** Pointer position and the rectangle of the element under it, when it is an element. */
  pointerY: number | null;
  overRect: { top: number; height: number } | null;
}

export function findDropIndex(ids: readonly string[], probe: DropProbe): number {
  const index = probe.overId === null ? -1 : ids.indexOf(probe.overId);
  if (index === -1) return ids.length;
  if (probe.pointerY !== null && probe.overRect && probe.pointerY > probe.overRect.top + probe.overRect.height / 2) {
    return index + 1;
  }
  return index;
}
