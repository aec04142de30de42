/**
 * A tree whose children load on demand, each node with an options menu (edit, delete, add child…).
 * Callers keep the node data; this component only draws it.
 */
import { useState, type Key, type ReactNode } from 'react';
import { Button, Dropdown, Flex, Tree } from 'antd';
import type { MenuProps } from 'antd';
import { MoreOutlined } from '@ant-design/icons';

export interface TreeListNode {
  key: string;
  title: ReactNode;
  isLeaf?: boolean;
  children?: TreeListNode[];
}

export interface TreeListProps {
  nodes: TreeListNode[];
  /** Loads the children of a node (called once per node when it opens). */
  loadChildren?: (node: TreeListNode) => Promise<void>;
  /** The options menu of a node; none ⇒ no menu. */
  menuOf?: (node: TreeListNode) => MenuProps['items'];
  onMenuClick?: (node: TreeListNode, key: string) => void;
  /** Controlled expansion (to open a parent once a child is added); else the tree keeps its own. */
  expandedKeys?: string[];
  onExpand?: (keys: string[]) => void;
}

export function TreeList({ nodes, loadChildren, menuOf, onMenuClick, expandedKeys, onExpand }: TreeListProps) {
  const [own, setOwn] = useState<Key[]>([]);
  const expanded = expandedKeys ?? own;
  const setExpanded = (keys: Key[]) => (onExpand ? onExpand(keys.map(String)) : setOwn(keys));
  return (
    <Tree<TreeListNode>
      data-testid="tree-list"
      blockNode
      treeData={nodes}
      expandedKeys={expanded}
      onExpand={(keys) => setExpanded(keys)}
      loadData={loadChildren ? (node) => loadChildren(node as unknown as TreeListNode) : undefined}
      selectable={false}
      titleRender={(node) => {
        const items = menuOf?.(node);
        return (
          <Flex justify="space-between" align="center" data-testid="tree-node" data-key={node.key}>
            <span>{node.title}</span>
            {items && items.length ? (
              <Dropdown
                trigger={['click']}
                menu={{ items, onClick: ({ key, domEvent }) => (domEvent.stopPropagation(), onMenuClick?.(node, key)) }}
              >
                <Button size="small" type="text" icon={<MoreOutlined />} onClick={(e) => e.stopPropagation()} data-testid="tree-node-menu" />
              </Dropdown>
            ) : null}
          </Flex>
        );
      }}
    />
  );
}
