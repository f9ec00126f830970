import { createServer } from 'node:net';
import { ConfigError } from '../../api/config';

/** True when nothing listens on the port yet; probed by binding it briefly. */
export function isPortFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** Fails early, naming the setting, rather than after migrations and a UI build. */
export async function assertPortFree(variable: string, port: number, host = '127.0.0.1'): Promise<void> {
  if (!(await isPortFree(port, host))) {
    throw new ConfigError(
      variable,
      `port ${port} is already in use (another program, or an earlier start still running)`,
    );
  }
}
