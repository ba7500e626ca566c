import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/** What a sealed secret starts with: the format's version, so that another one can follow. */
const PREFIX = "aes256gcm:v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts secrets saved in the database (a school's Stripe keys) with AES-256-GCM under the key
 * from SETTINGS_ENCRYPTION_KEY. Each secret is bound to where it belongs (`context`: the school
 * and the field), so a sealed value copied to another school or field does not open there.
 */
export interface SecretBox {
  /** False without SETTINGS_ENCRYPTION_KEY: nothing can be sealed or opened. */
  readonly available: boolean;
  /** `aes256gcm:v1:<iv>.<tag>.<ciphertext>` (base64url), a fresh random IV each time. */
  seal(plain: string, context: string): string;
  /** The secret, or null when it is not sealed, sealed with another key, elsewhere, or altered. */
  open(sealed: string, context: string): string | null;
}

export const isSealed = (value: unknown): value is string =>
  typeof value === "string" && value.startsWith(PREFIX);

export function createSecretBox(keyBase64: string | undefined): SecretBox {
  const key = keyBase64 ? Buffer.from(keyBase64, "base64") : null;
  if (key && key.length !== 32) throw new Error("SETTINGS_ENCRYPTION_KEY must be 32 bytes in base64");
  return {
    available: key !== null,
    seal(plain, context) {
      if (!key) throw new Error("SETTINGS_ENCRYPTION_KEY is not set: secrets cannot be saved");
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${PREFIX}${[iv, tag, ciphertext].map((part) => part.toString("base64url")).join(".")}`;
    },
    open(sealed, context) {
      if (!key || !isSealed(sealed)) return null;
      const [iv, tag, ciphertext] = sealed
        .slice(PREFIX.length)
        .split(".")
        .map((part) => Buffer.from(part, "base64url"));
      if (!iv || !tag || !ciphertext || iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, iv);
        decipher.setAAD(Buffer.from(context, "utf8"));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}
