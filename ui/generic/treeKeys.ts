/**
 * The keys of the WAI-ARIA tree pattern (https://www.w3.org/WAI/ARIA/apg/patterns/treegrid/, rows
 * focused) over the nodes as they are drawn: what a key does to the focused node. Pure, so a tree
 * drawn by any component (a table's expandable rows) moves the same way.
 */

/** A drawn node: its depth (1 = top) and whether it can open and is open. */
export interface DrawnNode {
  id: string;
  level: number;
  expandable: boolean;
  expanded: boolean;
}

/** What a key asks for: move the focus to a node, open or close one, or activate it (its link). */
export type TreeMove = { focus: string } | { expand: string } | { collapse: string } | { activate: string };

/**
 * The move `key` asks for on the node `id` of `nodes` (in drawn order), or null for a key the tree
 * leaves alone. ArrowDown / ArrowUp: next / previous node; ArrowRight: open a closed node, else its
 * first child; ArrowLeft: close an open node, else its parent; Home / End: first / last; Enter:
 * activate.
 * @example treeKey([{ id: 'a', level: 1, expandable: true, expanded: false }], 'a', 'ArrowRight') // { expand: 'a' }
 */
export function treeKey(nodes: DrawnNode[], id: string, key: string): TreeMove | null {
  const i = nodes.findIndex((n) => n.id === id);
  if (i < 0) return null;
  const node = nodes[i];
  const focus = (j: number) => (j >= 0 && j < nodes.length && j !== i ? { focus: nodes[j].id } : null);
  switch (key) {
    case 'ArrowDown':
      return focus(i + 1);
    case 'ArrowUp':
      return focus(i - 1);
    case 'Home':
      return focus(0);
    case 'End':
      return focus(nodes.length - 1);
    case 'ArrowRight':
      if (node.expandable && !node.expanded) return { expand: id };
      return node.expanded && nodes[i + 1]?.level === node.level + 1 ? focus(i + 1) : null;
    case 'ArrowLeft': {
      if (node.expandable && node.expanded) return { collapse: id };
      // the parent: the nearest node above one level up
      for (let j = i - 1; j >= 0; j--) if (nodes[j].level === node.level - 1) return focus(j);
      return null;
    }
    case 'Enter':
      return { activate: id };
    default:
      return null;
  }
}
