/** Indicator cards on a 12-column grid, each as wide as its size (1–12; antd's grid has 24, so twice that), full width on a phone. */
import type { ReactNode } from 'react';
import { Col, Row } from 'antd';

export function IndicatorGrid({ items, testId = 'indicator-grid' }: { items: { key: string; size: number; card: ReactNode }[]; testId?: string }) {
  return (
    <Row gutter={[16, 16]} data-testid={testId}>
      {items.map((x) => (
        <Col key={x.key} xs={24} lg={Math.min(12, Math.max(1, x.size)) * 2}>
          {x.card}
        </Col>
      ))}
    </Row>
  );
}
