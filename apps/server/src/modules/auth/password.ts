import argon2 from 'argon2';

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): ~30 ms here.
const options = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verifying against this keeps an unknown e-mail as slow as a known one (no user enumeration by timing).
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('senha-que-ninguem-usa-123');
  return dummyHash;
}
