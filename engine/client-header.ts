/**
 * The header the platform's own clients (the UI's API client, scripts, the test client) send with
 * every request: a page of another site cannot add a custom header to a request without a CORS
 * preflight, which the server never grants, so a state change carrying it comes from a client of
 * ours (server/http/csrf.ts). Browsers that send Fetch Metadata prove the same by
 * `Sec-Fetch-Site: same-origin`.
 *
 * @example fetch('/api/cases/case/validate/' + id, { headers: { [clientHeader]: '1' } })
 */
export const clientHeader = 'X-TB-Client';
