import { describe, expect, it } from 'vitest';
import { escapeHtml, htmlOnce, unescapeHtml } from './escapeHtml.ts';

describe('chart text escaping', () => {
  it('escapes the five characters HTML reads as markup or attribute ends', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')"> & Co`)).toBe('&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt; &amp; Co');
    expect(escapeHtml('Рассвет №1')).toBe('Рассвет №1');
  });
  it('decodes back what it escaped, and a literal entity typed by a user survives the round trip', () => {
    for (const s of ['<b>x</b>', 'a &amp; b', '&lt;', `"'&`, 'plain']) expect(unescapeHtml(escapeHtml(s))).toBe(s);
  });
  it('htmlOnce never escapes twice and never lets markup through', () => {
    expect(htmlOnce('&lt;i&gt;')).toBe('&lt;i&gt;');
    expect(htmlOnce('<i>')).toBe('&lt;i&gt;');
    expect(htmlOnce(undefined)).toBe('');
    expect(htmlOnce(12)).toBe('12');
  });
});
