import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/** @node-rs/argon2 `Algorithm.Argon2id` (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/** argon2id with the OWASP-recommended minimum cost (19 MiB, 2 iterations). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A random password of 20 characters from an unambiguous alphabet (~115 bits). */
export function generatePassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = randomBytes(40);
  let out = "";
  for (const byte of bytes) {
    if (byte < 228) out += alphabet[byte % alphabet.length];
    if (out.length === 20) break;
  }
  return out.length === 20 ? out : generatePassword();
}
