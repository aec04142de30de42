import { describe, expect, it } from 'vitest';
import { CHART_PALETTE, contrast, isUnknownKey, labelColor, seriesColors, UNKNOWN_COLOR } from './chartPalette.ts';

describe('the chart palette', () => {
  it('gives eight known categories eight colours and the unknown the grey, which no known one takes', () => {
    const colors = seriesColors([false, false, false, true, false, false, false, false, false]);
    expect(colors[3]).toBe(UNKNOWN_COLOR);
    const known = colors.filter((_, i) => i !== 3);
    expect(new Set(known).size).toBe(8);
    expect(known).not.toContain(UNKNOWN_COLOR);
    // the Okabe–Ito colours by hand, in order, the unknown taking none of them
    expect(known).toEqual(['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#f0e442', '#000000']);
  });
  it('knows «Не указано» (no value) and the declared unknowns, not the others', () => {
    expect([null, 'UNKNOWN', 'UNKNOWN_PREVIOUS_TB_TREAT'].every(isUnknownKey)).toBe(true);
    expect(['CURED', 'MALE', false, 0, 'NOT_EVALUATED'].some(isUnknownKey)).toBe(false);
  });
  it('writes a slice’s label in black or white, at least 4.5 : 1 on each colour', () => {
    for (const c of [...CHART_PALETTE, UNKNOWN_COLOR]) expect(contrast(labelColor(c), c), c).toBeGreaterThanOrEqual(4.5);
    expect(labelColor('#000000')).toBe('#ffffff');
    expect(labelColor('#f0e442')).toBe('#000000');
  });
});
