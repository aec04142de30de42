/**
 * An admin unit (area) carries its path in the tree: the ids of its ancestors from the root down to
 * itself, one field per level — `p0` the root … `p4` (columns `p0_id` … `p4_id`). A subtree is every
 * area holding an id on its path; one grouped query counts a whole page of areas. The one place
 * that names these fields, for the server and the browser.
 * @example areaPathKeys.slice(0, level)              // the path fields an area of `level` fills
 * @example areaPathColumns.map((c) => `a.${c}`)      // ['a.p0_id', … 'a.p4_id']
 */

/** How deep the tree goes: five levels (country, region, district, …). */
export const maxAreaLevel = 5;

/** The path fields by level, root first. */
export const areaPathKeys = ['p0', 'p1', 'p2', 'p3', 'p4'] as const;

/** Their columns. */
export const areaPathColumns = ['p0_id', 'p1_id', 'p2_id', 'p3_id', 'p4_id'] as const;
