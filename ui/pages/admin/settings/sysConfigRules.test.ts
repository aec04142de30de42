import { describe, expect, it } from 'vitest';
import { clearDependents } from './sysConfigRules.ts';

const full = { allowRegPage: true, workspace: 'w1', unit: 'u1', userProfile: 'p1', systemURL: 'x' };

describe('system configuration clearing rules', () => {
  it('unticking allowRegPage clears workspace, unit and profile', () => {
    expect(clearDependents({ ...full, allowRegPage: false }, full)).toEqual({ allowRegPage: false, systemURL: 'x' });
  });

  it('another workspace clears unit and profile', () => {
    expect(clearDependents({ ...full, workspace: 'w2' }, full)).toEqual({ allowRegPage: true, workspace: 'w2', systemURL: 'x' });
  });

  it('other changes keep them', () => {
    expect(clearDependents({ ...full, systemURL: 'y' }, full)).toEqual({ ...full, systemURL: 'y' });
  });
});
