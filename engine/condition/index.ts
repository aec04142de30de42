/**
 * The one condition language of the platform (`x-visible`, the WHO forms, the DAK indicators): its
 * type, its JSON Schema, walking it, and its JavaScript evaluator. Its SQL evaluator is
 * `reports/condition-sql.ts` (the engine imports no database library).
 */
export type { Condition, LeafCondition, Scalar, SpanCondition, SubjectKey, VisibleCondition } from './types.ts';
export { subjectOf } from './types.ts';
export { conditionSchema } from './schema.ts';
export { conditionParts, subjectsOf, type ConditionPart } from './walk.ts';
export { holds, isEmpty, type Read } from './holds.ts';
export { addMonths } from './months.ts';
