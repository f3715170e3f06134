import { vi } from 'vitest';

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export type Handler = (body: unknown, request: Request) => Response | Promise<Response>;

/**
 * Replaces fetch at the network edge: each route ("POST /api/drop-columns/") answers with its
 * handler; every call is recorded with its JSON body.
 */
export function stubApi(routes: Record<string, Handler>) {
  const calls: { route: string; body: unknown; request: Request }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const route = `${request.method} ${new URL(request.url).pathname}`;
      const text = request.method === 'GET' ? '' : await request.clone().text();
      let body: unknown = text;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        // not JSON (a multipart upload): keep the text
      }
      calls.push({ route, body, request });
      const handler = routes[route];
      if (!handler) throw new Error(`No stubbed route for ${route}`);
      return handler(body, request);
    }),
  );
  return { calls, routes: () => calls.map((call) => call.route) };
}

/** A promise with its resolve function, to hold a response back while a test looks. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
