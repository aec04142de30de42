// Reading Prometheus text as a scraper does: one sample's value by its name and labels.

/**
 * The value of the sample `name{labels}` in Prometheus text (labels matched exactly, in any order),
 * or undefined when there is none.
 * @example sample(text, 'tb_http_requests_total', { method: 'GET', route: '/api/health', status: '200' }) // 3
 */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    const want = Object.entries(labels);
    if (want.length === Object.keys(found).length && want.every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return undefined;
}
