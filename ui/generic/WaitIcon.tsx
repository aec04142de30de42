/** A centred spinner: long work, loading screens, and the main area while the workspace changes. */
import { Spin } from 'antd';

export function WaitIcon({ testId = 'wait-icon' }: { testId?: string }) {
  return (
    <div data-testid={testId} style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <Spin size="large" />
    </div>
  );
}
