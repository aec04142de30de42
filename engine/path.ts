/**
 * Reading and writing a value at a path of a document (`['address', 'zipCode']`, array rows by index):
 * the one implementation the engine, the server and the forms share. Own properties only, so a path
 * segment such as `__proto__` or `constructor` never reaches a prototype.
 */

type Obj = Record<string, any>;

const isContainer = (v: unknown): v is Obj => v !== null && typeof v === 'object';

/**
 * The value at `path` in `doc`, or undefined when a step is missing.
 * @example getPath({ address: { zipCode: '1' } }, ['address', 'zipCode']) // '1'
 * @example getPath({}, ['constructor']) // undefined
 */
export function getPath(doc: unknown, path: readonly string[]): any {
  let cur: unknown = doc;
  for (const k of path) {
    if (!isContainer(cur) || !Object.hasOwn(cur, k)) return undefined;
    cur = cur[k];
  }
  return cur;
}

/**
 * Sets the value at `path` in `doc`, creating the objects on the way (a `__proto__` step is refused).
 * @example const d = {}; setPath(d, ['address', 'zipCode'], '1') // d = { address: { zipCode: '1' } }
 */
export function setPath(doc: Obj, path: readonly string[], value: unknown): void {
  // most fields sit at the top of their document: no walk (a list page sets hundreds)
  if (path.length === 1 && path[0] !== '__proto__') {
    doc[path[0]] = value;
    return;
  }
  if (path.some((k) => k === '__proto__')) throw new Error(`invalid path ${path.join('.')}`);
  let o = doc;
  for (const k of path.slice(0, -1)) {
    if (!isContainer(o[k]) || !Object.hasOwn(o, k)) o[k] = {};
    o = o[k];
  }
  o[path[path.length - 1]] = value;
}
