import { useMediaQuery } from '@mantine/hooks';
import { fitViewOptions, showsMiniMap } from './canvas-fit';

/**
 * Whether a canvas shows its minimap (never below 768 px) and the fit-view options that keep the steps clear of it
 * and of the zoom controls. The designer asks too, so its own "Fit view" and re-layouts leave the same room.
 */
export function useCanvasFit(height: number | string | undefined, stepCount: number) {
  const wideScreen = useMediaQuery('(min-width: 768px)', true, { getInitialValueInEffect: false }) ?? true;
  const miniMap = showsMiniMap(height, wideScreen, stepCount);
  return { miniMap, fitOptions: fitViewOptions(miniMap) };
}
