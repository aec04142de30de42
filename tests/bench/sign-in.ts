import { clientHeader } from '../../engine/client-header.ts';

/**
 * Signs in on the server at `url` as a browser does and answers the session's cookie (`name=value`).
 * A 503 (the server asking a burst of sign-ins to come back, as under many at once on a busy machine)
 * is tried again after 200 ms; any other answer than 200 fails the benchmark.
 * @example const admin = await signIn(server.url); const doctor = await signIn(server.url, 'DOCTOR1', 'Doctor123');
 */
export async function signIn(url: string, login = 'ADMIN', password = 'Admin123'): Promise<string> {
  for (;;) {
    const r = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', [clientHeader]: '1' }, body: JSON.stringify({ login, password }) });
    if (r.status === 503) {
      await new Promise((ok) => setTimeout(ok, 200));
      continue;
    }
    if (r.status !== 200) throw new Error(`login ${login}: ${r.status}`);
    return r.headers.get('set-cookie')!.split(';')[0];
  }
}
