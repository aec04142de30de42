import { randomInt } from 'node:crypto';
import { isValidPassword } from '../../server/auth/password.ts';

// No look-alikes (0/O, 1/l/I): the password is read from an e-mail and typed by hand.
const letters = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const digits = '23456789';

/** A random password that passes the password rule (10 characters, letters and digits). */
export function newPassword(length = 10): string {
  for (;;) {
    const all = letters + digits;
    const p = Array.from({ length }, () => all[randomInt(all.length)]).join('');
    if (isValidPassword(p)) return p;
  }
}
