import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForeignSite {
  url: string;
  close: () => Promise<void>;
}

/**
 * A throwaway web site on another origin (its own free port, addressed as `localhost` while the app is at
 * 127.0.0.1) whose only page frames `framedUrl`: what a clickjacking page does.
 */
export async function startFramingSite(framedUrl: string): Promise<ForeignSite> {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Win a prize</title></head>
<body><main><h1>Win a prize</h1>
<iframe title="Embedded app" src="${framedUrl}" width="1000" height="640"></iframe>
</main></body></html>`;
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
