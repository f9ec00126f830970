/**
 * True when the page runs inside another site's frame. Reading window.top can throw in some sandboxed frames;
 * that also means we are framed.
 */
export function isFramed(win: Pick<Window, 'top' | 'self'>): boolean {
  try {
    return win.top !== win.self;
  } catch {
    return true;
  }
}
