// A stand-in for a DHIS2 server — NOT DHIS2: a small HTTP server in the test process that
// answers `POST /api/dataValueSets[?dryRun=true]` as DHIS2 does, checking what DHIS2 checks of each
// value before it stores it: the account (Basic authentication), the data set, the data element, the
// org unit and the category option combo among the metadata it was given, the period (DHIS2's format,
// of the data set's period type) and the value (a zero or positive integer, as the data elements of
// a TB report are). Its answer is DHIS2's web message with the import summary (status, importCount
// {imported, updated, ignored, deleted}, conflicts [{object, value}]; 409 when it refused values);
// a dry run counts and stores nothing. It keeps what it stored, and every request it got.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInMetadata {
  username: string;
  password: string;
  dataSet: { id: string; periodType: 'Quarterly' | 'Yearly' };
  dataElements: string[];
  categoryOptionCombos: string[];
  orgUnits: string[];
}

export interface StandIn {
  url: string;
  /** What each request asked: the dry-run flag, the body, the Authorization header. */
  requests: { dryRun: boolean; body: any; authorization: string | undefined }[];
  /** The values stored: `dataElement.period.orgUnit.categoryOptionCombo` → value. */
  stored: Map<string, string>;
  close(): Promise<void>;
}

const PERIOD = { Quarterly: /^[0-9]{4}Q[1-4]$/, Yearly: /^[0-9]{4}$/ };

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let s = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
    req.on('error', reject);
  });

/**
 * Starts the stand-in on a free port of 127.0.0.1.
 * @example const dhis2 = await startDhis2StandIn({ username: 'admin', password: 'district', dataSet: { id: 'TbQrtRpt001', periodType: 'Quarterly' }, dataElements, categoryOptionCombos, orgUnits: ['KgOuBGPTD00'] });
 */
export async function startDhis2StandIn(meta: StandInMetadata): Promise<StandIn> {
  const requests: StandIn['requests'] = [];
  const stored = new Map<string, string>();
  const des = new Set(meta.dataElements), cocs = new Set(meta.categoryOptionCombos), ous = new Set(meta.orgUnits);
  const expectedAuth = `Basic ${Buffer.from(`${meta.username}:${meta.password}`).toString('base64')}`;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method !== 'POST' || url.pathname !== '/api/dataValueSets') return json(res, 404, { httpStatus: 'Not Found', httpStatusCode: 404, status: 'ERROR' });
    const text = await read(req);
    const dryRun = url.searchParams.get('dryRun') === 'true';
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    requests.push({ dryRun, body, authorization: req.headers.authorization });
    if (req.headers.authorization !== expectedAuth) return json(res, 401, { httpStatus: 'Unauthorized', httpStatusCode: 401, status: 'ERROR', message: 'Unauthorized' });
    if (!body || !Array.isArray(body.dataValues)) return json(res, 400, { httpStatus: 'Bad Request', httpStatusCode: 400, status: 'ERROR', message: 'Invalid data value set' });

    const conflicts: { object: string; value: string }[] = [];
    const count = { imported: 0, updated: 0, ignored: 0, deleted: 0 };
    const summary = (status: string, description?: string) => ({ responseType: 'ImportSummary', status, ...(description ? { description } : {}), importCount: count, conflicts });
    if (body.dataSet !== meta.dataSet.id) {
      count.ignored = body.dataValues.length;
      return json(res, 409, { httpStatus: 'Conflict', httpStatusCode: 409, status: 'ERROR', message: 'An error occurred, please check import summary.', response: summary('ERROR', `Data set not found or not accessible: ${body.dataSet}`) });
    }
    const writes = new Map<string, string>();
    for (const v of body.dataValues) {
      const problem =
        !des.has(v.dataElement) ? [v.dataElement, 'Data element not found or not accessible'] :
        !PERIOD[meta.dataSet.periodType].test(String(v.period)) ? [v.period, `Period not valid: ${v.period}`] :
        !ous.has(v.orgUnit) ? [v.orgUnit, 'Org unit not found or not accessible'] :
        v.categoryOptionCombo !== undefined && !cocs.has(v.categoryOptionCombo) ? [v.categoryOptionCombo, 'Category option combo not found or not accessible'] :
        typeof v.value !== 'string' || !/^(0|[1-9][0-9]*)$/.test(v.value) ? [v.dataElement, `Data value is not a zero or positive integer: ${v.value}`] :
        undefined;
      if (problem) {
        conflicts.push({ object: String(problem[0]), value: String(problem[1]) });
        count.ignored++;
        continue;
      }
      const key = `${v.dataElement}.${v.period}.${v.orgUnit}.${v.categoryOptionCombo ?? 'HllvX50cXC0'}`;
      const before = stored.get(key);
      if (before === undefined) count.imported++;
      else if (before === v.value) count.ignored++;
      else count.updated++;
      writes.set(key, v.value);
    }
    if (!dryRun) for (const [k, v] of writes) stored.set(k, v);
    const status = conflicts.length === 0 ? 'SUCCESS' : count.imported + count.updated > 0 ? 'WARNING' : 'ERROR';
    if (conflicts.length) return json(res, 409, { httpStatus: 'Conflict', httpStatusCode: 409, status: 'WARNING', message: 'One more conflicts encountered, please check import summary.', response: summary(status) });
    return json(res, 200, { httpStatus: 'OK', httpStatusCode: 200, status: 'OK', message: 'Import was successful.', response: summary(status) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stored,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
