import { ROUTES, type RouteSpec } from '../../domain/routes';

/** Path segments of a ROUTES pattern: literals, `:param` and optional `:param?`. */
function segmentsOf(pattern: string): string[] {
  return pattern.split('/').filter(Boolean);
}

function matches(pattern: string, path: string): boolean {
  const want = segmentsOf(pattern);
  const have = path.split('/').filter(Boolean);
  let h = 0;
  for (const seg of want) {
    if (seg.startsWith(':') && seg.endsWith('?')) {
      if (h < have.length) h += 1;
      continue;
    }
    const part = have[h];
    if (part === undefined) return false;
    if (!seg.startsWith(':') && seg !== part) return false;
    h += 1;
  }
  return h === have.length;
}

/** The ROUTES entry a browser path belongs to, or null (then the UI shows its not-found page with HTTP 404). */
export function matchUiRoute(path: string, routes: readonly RouteSpec[] = ROUTES): RouteSpec | null {
  const clean = path.split(/[?#]/)[0] ?? '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(clean);
  } catch {
    return null;
  }
  return routes.find((r) => matches(r.path, decoded)) ?? null;
}
