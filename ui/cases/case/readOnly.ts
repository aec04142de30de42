import { createContext, useContext } from 'react';

/**
 * Whether the open case is only to be looked at: the user sees it but may not change it (their unit
 * transferred it out and the receiving unit has not accepted it; the case view's `readOnly`, decided
 * by the server). Every add, edit and delete on the case page asks it; the server refuses them anyway.
 * @example const readOnly = useCaseReadOnly(); {canAdd && !readOnly ? <Button>Добавить</Button> : null}
 */
export const CaseReadOnly = createContext(false);

/** The open case's {@link CaseReadOnly}. */
export const useCaseReadOnly = (): boolean => useContext(CaseReadOnly);
