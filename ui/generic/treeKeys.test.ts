import { describe, expect, it } from 'vitest';
import { treeKey, type DrawnNode } from './treeKeys.ts';

// the workspace (open) › Чуйская область (open) › Бишкекский ЦСМ; Ошская область (closed, has children)
const nodes: DrawnNode[] = [
  { id: 'ws', level: 1, expandable: true, expanded: true },
  { id: 'chuy', level: 2, expandable: true, expanded: true },
  { id: 'unit', level: 3, expandable: false, expanded: false },
  { id: 'osh', level: 2, expandable: true, expanded: false },
];

describe('treeKey (the ARIA tree pattern)', () => {
  it('ArrowDown / ArrowUp move to the next / previous node drawn, and stop at the ends', () => {
    expect(treeKey(nodes, 'chuy', 'ArrowDown')).toEqual({ focus: 'unit' });
    expect(treeKey(nodes, 'unit', 'ArrowUp')).toEqual({ focus: 'chuy' });
    expect(treeKey(nodes, 'osh', 'ArrowDown')).toBeNull();
    expect(treeKey(nodes, 'ws', 'ArrowUp')).toBeNull();
  });

  it('Home / End go to the first / last node', () => {
    expect(treeKey(nodes, 'unit', 'Home')).toEqual({ focus: 'ws' });
    expect(treeKey(nodes, 'chuy', 'End')).toEqual({ focus: 'osh' });
  });

  it('ArrowRight opens a closed node, moves into an open one, does nothing on a leaf', () => {
    expect(treeKey(nodes, 'osh', 'ArrowRight')).toEqual({ expand: 'osh' });
    expect(treeKey(nodes, 'chuy', 'ArrowRight')).toEqual({ focus: 'unit' });
    expect(treeKey(nodes, 'unit', 'ArrowRight')).toBeNull();
  });

  it('ArrowRight on an open node whose children are not drawn yet stays', () => {
    expect(treeKey([{ id: 'a', level: 1, expandable: true, expanded: true }, { id: 'b', level: 1, expandable: false, expanded: false }], 'a', 'ArrowRight')).toBeNull();
  });

  it('ArrowLeft closes an open node, else moves to its parent; the top closed node stays', () => {
    expect(treeKey(nodes, 'chuy', 'ArrowLeft')).toEqual({ collapse: 'chuy' });
    expect(treeKey(nodes, 'unit', 'ArrowLeft')).toEqual({ focus: 'chuy' });
    expect(treeKey(nodes, 'osh', 'ArrowLeft')).toEqual({ focus: 'ws' });
    expect(treeKey([{ id: 'a', level: 1, expandable: false, expanded: false }], 'a', 'ArrowLeft')).toBeNull();
  });

  it('Enter activates the node; other keys and unknown nodes are left alone', () => {
    expect(treeKey(nodes, 'unit', 'Enter')).toEqual({ activate: 'unit' });
    expect(treeKey(nodes, 'unit', 'a')).toBeNull();
    expect(treeKey(nodes, 'nowhere', 'ArrowDown')).toBeNull();
  });
});
