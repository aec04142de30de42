/**
 * Walking a condition: its leaves and spans with their JSON pointers, and what it reads.
 */
import type { Condition, LeafCondition, SpanCondition } from './types.ts';

/** A leaf or a span of a condition, with its JSON pointer below the condition. */
export interface ConditionPart {
  part: LeafCondition | SpanCondition;
  pointer: string;
}

/**
 * Every leaf and span of a condition, in order, with where each sits.
 * @example conditionParts({ all: [{ var: 'a', in: [1] }, { not: { var: 'b', empty: true } }] }).map((x) => x.pointer) // ['/all/0', '/all/1/not']
 */
export function conditionParts(c: Condition, at = ''): ConditionPart[] {
  if ('all' in c) return c.all.flatMap((x, i) => conditionParts(x, `${at}/all/${i}`));
  if ('any' in c) return c.any.flatMap((x, i) => conditionParts(x, `${at}/any/${i}`));
  if ('not' in c) return conditionParts(c.not, `${at}/not`);
  return [{ part: c, pointer: at }];
}

/**
 * The subjects a condition reads: the `field` or `var` of each leaf, and (with `spans`) the two dates of each span.
 * @example subjectsOf({ any: [{ field: 'a', equals: 1 }, { span: ['b', 'c'], maxMonths: 6 }] }, true) // ['a', 'b', 'c']
 */
export function subjectsOf(c: Condition, spans = false): string[] {
  return conditionParts(c).flatMap(({ part }) => ('span' in part ? (spans ? [...part.span] : []) : [(part.field ?? part.var)!]));
}
