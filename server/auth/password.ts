import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot import). */
const argon2id = 2;

/** argon2id, memory-hard (19 MiB, 2 passes: the OWASP baseline). */
export const hashPassword = (password: string) => hash(password, { algorithm: argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** The seed's rule: 6 to 20 characters with at least one letter and one digit. */
export const isValidPassword = (p: unknown): p is string =>
  typeof p === 'string' && p.length >= 6 && p.length <= 20 && /\p{L}/u.test(p) && /\d/.test(p);
