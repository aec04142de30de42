import { describe, expect, it } from 'vitest';
import { nextPhase } from './syncPhase.ts';

describe('the sync page phases', () => {
  it('goes from checking to the form only when nothing runs, else straight to in progress', () => {
    expect(nextPhase('checking', 'NOT_RUNNING')).toBe('notRunning');
    expect(nextPhase('checking', 'SENDING')).toBe('running');
    expect(nextPhase('checking', 'ERROR')).toBe('running');
  });
  it('while running, NOT_RUNNING is success, ERROR is failure, another phase keeps running', () => {
    expect(nextPhase('running', 'NOT_RUNNING')).toBe('success');
    expect(nextPhase('running', 'ERROR')).toBe('error');
    expect(nextPhase('running', 'APPLYING_LOCALLY')).toBe('running');
  });
  it('a finished page stays as it is', () => {
    expect(nextPhase('success', 'SENDING')).toBe('success');
    expect(nextPhase('error', 'NOT_RUNNING')).toBe('error');
  });
});
