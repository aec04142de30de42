/** Global search: the box, its popup, and the type → route mapping. */
export { GlobalSearch } from './GlobalSearch.tsx';
export { searchTarget, orderResults } from './searchTarget.ts';
