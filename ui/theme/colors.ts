/**
 * Colour tokens that pass WCAG 2.2 AA: 4.5 : 1 for text, 3 : 1 for meaningful icons and borders
 * (docs/accessibility.md lists each ratio). The seed's look — green and grey, coloured boxes — in
 * shades dark enough for white text in a bright room.
 * @example <div style={{ background: COLORS.green, color: '#fff' }}>Обосновано</div>
 */
export const COLORS = {
  /** The seed's green, darkened: white text 5.13 : 1 (the seed's #52c41a gave 2.27 : 1). */
  green: '#2e7d32',
  /** The green under the pointer (a hovered primary button, a hovered link): white text 7.87 : 1 (antd's derived lighter #498a4a gave 4.19 : 1). */
  greenHover: '#1b5e20',
  /** White text 5.43 : 1 (was #fa8c16). */
  orange: '#ad4e00',
  /** White text 5.10 : 1 (was #8c8c8c, 3.36 : 1). */
  grey: '#6e6e6e',
  /** White text 6.16 : 1. */
  blue: '#0958d9',
  /** White text 5.57 : 1. */
  red: '#cf1322',
  /** White text 5.48 : 1. */
  magenta: '#c41d7f',
  /** Secondary text: 7.00 : 1 on white, 6.42 : 1 on #f5f5f5 (antd's default, 45 % black, gives 3.36 : 1). */
  textSecondary: '#595959',
  /** Disabled and not-yet days: 4.8 : 1 on #fafafa, still lighter than ordinary text. */
  textMuted: '#6e6e6e',
} as const;
