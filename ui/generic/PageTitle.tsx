import { Typography } from 'antd';
import type { ComponentProps } from 'react';

/**
 * The page's one first-level heading (WCAG: one `h1` per page, headings in order), drawn at the
 * size the screens have always used (24 px, antd's level 3) unless `size` says otherwise.
 * @example <PageTitle data-testid="unit-title">{unit.name}</PageTitle>
 */
export function PageTitle({ size = 24, style, ...props }: Omit<ComponentProps<typeof Typography.Title>, 'level'> & { size?: number }) {
  return <Typography.Title level={1} style={{ fontSize: size, ...style }} {...props} />;
}

/**
 * A section heading under the page's title (`h2`), at the size of the screens' former small titles.
 * @example <SectionTitle size={16}>{t('ui.home.links')}</SectionTitle>
 */
export function SectionTitle({ size = 20, style, ...props }: Omit<ComponentProps<typeof Typography.Title>, 'level'> & { size?: number }) {
  return <Typography.Title level={2} style={{ fontSize: size, ...style }} {...props} />;
}
