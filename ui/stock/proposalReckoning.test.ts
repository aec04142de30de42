// How the order form says each proposed quantity was reached: max months × need a month −
// on hand − on order, then what was proposed when it differs. Expected texts written by hand.
import { describe, expect, it } from 'vitest';
import { figure, reckoning } from './proposalReckoning.ts';

describe('the reckoning of a proposed quantity', () => {
  it('writes the sum that gives the quantity: 6 × 30 − 100 − 20 = 60', () => {
    expect(reckoning({ monthly: 30, onHand: 100, onOrder: 20, proposed: 60 }, 6, 'ru')).toBe('6 × 30 − 100 − 20 = 60');
  });

  it('shows the rounding up to whole units: 6 × 10,1 = 60,6 → 61', () => {
    expect(reckoning({ monthly: 10.1, onHand: 0, onOrder: 0, proposed: 61 }, 6, 'ru')).toBe('6 × 10,1 − 0 − 0 = 60,6 → 61');
    expect(reckoning({ monthly: 10.1, onHand: 0, onOrder: 0, proposed: 61 }, 6, 'en')).toBe('6 × 10.1 − 0 − 0 = 60.6 → 61');
  });

  it('proposes nothing when the stock covers the months, saying so by the sum below zero', () => {
    expect(reckoning({ monthly: 10, onHand: 100, onOrder: 0, proposed: 0 }, 6, 'ru')).toBe('6 × 10 − 100 − 0 = −40 → 0');
    // exactly covered: 0, nothing to add
    expect(reckoning({ monthly: 20, onHand: 100, onOrder: 20, proposed: 0 }, 6, 'ru')).toBe('6 × 20 − 100 − 20 = 0');
  });

  it('a month’s need of a third is shown with one decimal', () => {
    // 100 units over three months: 33,3 a month; 6 × 33,33… = 200
    expect(reckoning({ monthly: 100 / 3, onHand: 50, onOrder: 0, proposed: 150 }, 6, 'ru')).toBe('6 × 33,3 − 50 − 0 = 150');
  });

  it('writes large figures without grouping, a negative one with a minus sign', () => {
    expect(figure(12500, 'ru')).toBe('12500');
    expect(figure(-2.25, 'ru')).toBe('−2,3');
    expect(figure(-0.01, 'ru')).toBe('0');
  });
});
