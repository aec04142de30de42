import type { MouseEvent } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler } from 'react-router';

/**
 * A link that looks like a button: one element, one tab stop (antd draws an `<a class="ant-btn">` for
 * a button with `href`), moving inside the app like a router `Link` — a plain click navigates in
 * place; Ctrl/Cmd-click, a middle click or 'open in new tab' still work as on any link. Not a
 * `<Link>` wrapping a `<Button>`, which puts a button inside a link: two tab stops, nested controls.
 * @example <LinkButton to="/sys/home" icon={<HomeOutlined />}>Главная</LinkButton>
 */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(to);
  return <Button {...props} href={href} onClick={(e) => follow(e as MouseEvent<HTMLAnchorElement>)} />;
}
