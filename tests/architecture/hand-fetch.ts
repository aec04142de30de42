// Finds the effects in a UI source file that fetch by hand: a `useEffect`/`useLayoutEffect` whose
// callback — or a function of the same file it calls, followed three calls deep — asks the server
// (an `…Api.x(`/`api.x(` call, `fetch(`, `fetchOptions(`), waits (`.then(`, `await`, `async`) or
// drives a request by hand (`.ask(`, `.begin(` of `useLatest`). A screen reads through `useData`
// (or `useLatest` from an event handler) instead: see ui/generic/data/.
import ts from 'typescript';

const ASKS = /\.then\(|\bawait\b|\basync\b|\.ask\(|\.begin\(|\bfetch\(|\b\w*[aA]pi\.\w+|\bfetchOptions\(/;
const EFFECT = /^use(Layout)?Effect$/;

/**
 * The lines (1-based) of the effects in `text` that fetch by hand.
 * @example handFetchingEffects('x.tsx', 'useEffect(() => { api.get("/a").then(setA); }, []);') // [1]
 */
export function handFetchingEffects(file: string, text: string): number[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const functions = new Map<string, string>();
  const effects: ts.CallExpression[] = [];
  const isFunction = (n: ts.Expression) =>
    ts.isArrowFunction(n) || ts.isFunctionExpression(n) || (ts.isCallExpression(n) && /^use(Callback|Memo)$/.test(n.expression.getText(sf)));
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && EFFECT.test(n.expression.text) && n.arguments[0]) effects.push(n);
    if (ts.isFunctionDeclaration(n) && n.name && n.body) functions.set(n.name.text, n.body.getText(sf));
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && isFunction(n.initializer)) functions.set(n.name.text, n.initializer.getText(sf));
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return effects
    .filter((effect) => {
      const callback = effect.arguments[0].getText(sf);
      let body = functions.get(callback) ?? callback; // `useEffect(load, [])`
      const followed = new Set<string>();
      for (let depth = 0; depth < 3; depth++)
        for (const [, name] of body.matchAll(/\b([A-Za-z_$][\w$]*)\s*\(/g))
          if (functions.has(name) && !followed.has(name)) (followed.add(name), (body += '\n' + functions.get(name)));
      return ASKS.test(body);
    })
    .map((effect) => sf.getLineAndCharacterOfPosition(effect.getStart(sf)).line + 1);
}
