/** What a canvas shows around its steps: the minimap only where it has room, fit-view clear of the controls. */
/** Below this height (or on a screen narrower than 768 px) a minimap would sit on the steps it maps. */
const MINIMAP_MIN_HEIGHT = 480;
/** A graph of this many steps or fewer fits its canvas at a readable zoom, so a minimap would only cover steps. */
const MINIMAP_MIN_STEPS = 8;

/** The minimap's size in px; it sits in the bottom-right corner, 15 px from the edges (React Flow's panel margin). */
export const MINIMAP_SIZE = { width: 160, height: 110 } as const;

/** Fit-view keeps the steps clear of the zoom controls in the bottom-left corner. */
export const FIT_VIEW_OPTIONS = {
  padding: { top: '24px', right: '24px', bottom: '24px', left: '64px' },
  maxZoom: 1.1,
} as const;

/**
 * With a minimap shown, fit-view also keeps the steps clear of its corner: the graphs run top to bottom and are
 * narrow, so the room is taken on the right, where a column of steps loses least.
 */
export const FIT_VIEW_OPTIONS_WITH_MINIMAP = {
  ...FIT_VIEW_OPTIONS,
  padding: { ...FIT_VIEW_OPTIONS.padding, right: `${MINIMAP_SIZE.width + 15 + 16}px` },
} as const;

export function fitViewOptions(miniMap: boolean) {
  return miniMap ? FIT_VIEW_OPTIONS_WITH_MINIMAP : FIT_VIEW_OPTIONS;
}

/**
 * Whether a canvas of this height on this screen has room for a minimap beside its steps, and whether its graph is
 * large enough to need one (a small graph fits the canvas whole; a minimap there would sit on its steps).
 */
export function showsMiniMap(
  height: number | string | undefined,
  wideScreen: boolean,
  stepCount = Number.POSITIVE_INFINITY,
): boolean {
  return wideScreen && stepCount > MINIMAP_MIN_STEPS && !(typeof height === 'number' && height < MINIMAP_MIN_HEIGHT);
}
