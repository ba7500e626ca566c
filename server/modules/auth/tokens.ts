import { createHash, randomBytes } from "node:crypto";

/** A random opaque token (256 bits, base64url): session tokens and reset links. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as their SHA-256: a leaked table grants nothing. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
