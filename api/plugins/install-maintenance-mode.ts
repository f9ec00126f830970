import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/errors';
import { API_PREFIX } from './install-route-registry';

/** Paths that keep answering in maintenance: the UI reads /meta to show the "we'll be right back" page. */
const OPEN_DURING_MAINTENANCE = [`${API_PREFIX}/meta`];

export function isBlockedByMaintenance(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) return false;
  return !OPEN_DURING_MAINTENANCE.includes(path);
}

/** MAINTENANCE=1: every /api/v1 route except /meta answers 503 MAINTENANCE; health probes and the UI stay up. */
export function installMaintenanceMode(app: FastifyInstance, enabled: boolean): void {
  if (!enabled) return;
  app.addHook('onRequest', async (request) => {
    if (isBlockedByMaintenance(request.url)) throw new AppError('MAINTENANCE');
  });
}
