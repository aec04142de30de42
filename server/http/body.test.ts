import { describe, expect, it } from 'vitest';
import { nestsDeeper } from './body.ts';

describe('nestsDeeper', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeper('{"a": [[1]]}', 3)).toBe(false);
    expect(nestsDeeper('{"a": [[1]]}', 2)).toBe(true);
    expect(nestsDeeper('{"a": "[[[[\\"[[["}', 1)).toBe(false);
    expect(nestsDeeper('['.repeat(20_000) + ']'.repeat(20_000), 64)).toBe(true);
    expect(nestsDeeper('[{}, {}, {}, [], [], []]', 2)).toBe(false);
  });
});
