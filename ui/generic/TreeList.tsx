/**
 * A tree whose children load on demand, each node with an options menu (edit, delete, add child…).
 * Callers keep the node data; this component only draws it. By keyboard: antd's tree moves and opens
 * by the arrow keys, each node's menu button is a tab stop named 'Действия: <node>', Enter or Space
 * opens its menu with the focus in it (arrow keys, Enter picks), Escape closes it back on the button.
 */
import { useRef, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dropdown, Flex, Tree } from 'antd';
import type { MenuProps } from 'antd';
import { MoreOutlined } from '@ant-design/icons';

export interface TreeListNode {
  key: string;
  title: ReactNode;
  /** The node's name as text: names its menu button for a screen reader. */
  name?: string;
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
  const { t } = useTranslation();
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
            {items && items.length ? <NodeMenu node={node} items={items} label={t('ui.common.menuOf', { name: node.name ?? '' })} onMenuClick={onMenuClick} /> : null}
          </Flex>
        );
      }}
    />
  );
}

interface NodeMenuProps {
  node: TreeListNode;
  items: NonNullable<MenuProps['items']>;
  label: string;
  onMenuClick?: (node: TreeListNode, key: string) => void;
}

/**
 * A node's menu button and its menu: opened by click, Enter or Space with the focus in the menu; when
 * it closes (Escape, an item chosen) the focus goes back to the button, so a dialog the item opens
 * returns it there too.
 */
function NodeMenu({ node, items, label, onMenuClick }: NodeMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  const backToButton = (open: boolean) => {
    const at = document.activeElement;
    if (!open && (!at || at === document.body || at.closest('.ant-dropdown'))) button.current?.focus();
  };
  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      onOpenChange={backToButton}
      menu={{ items, onClick: ({ key, domEvent }) => (domEvent.stopPropagation(), backToButton(false), onMenuClick?.(node, key)) }}
    >
      <Button
        ref={button}
        size="small"
        type="text"
        icon={<MoreOutlined />}
        aria-label={label}
        aria-haspopup="menu"
        onClick={(e) => e.stopPropagation()}
        // Enter and Space open the menu: the tree around would take them to open or close its active node
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && e.stopPropagation()}
        data-testid="tree-node-menu"
      />
    </Dropdown>
  );
}
