import http from 'node:http';
import https from 'node:https';

// A bare HTTP(S) client for tests that must choose the address they connect from: the whole of 127.0.0.0/8
// is this machine, so 127.0.0.2 and 127.0.0.3 are two different clients to a server on 127.0.0.1.

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  json: Record<string, unknown>;
  text: string;
}

export function send(
  url: string,
  options: { method?: string; from?: string; body?: unknown; headers?: Record<string, string>; servername?: string } = {},
): Promise<Answer> {
  const target = new URL(url);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        localAddress: options.from,
        // Caddy's own local certificate authority in the proxy test.
        rejectUnauthorized: false,
        servername: options.servername,
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(text);
          } catch {
            // a page
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json, text });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
