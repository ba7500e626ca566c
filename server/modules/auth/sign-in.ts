import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "~shared/password-policy";
import { hashPassword, verifyPassword } from "./passwords";

/** Every failed sign-in reads the same, whether or not the email exists (customers and staff). */
export const INVALID_CREDENTIALS = "Invalid email or password.";

/** The sign-in form of either realm. */
export const SignInBody = z.strictObject({
  email: z
    .string({ message: "Please enter an email address" })
    .trim()
    .toLowerCase()
    .min(1, "Please enter an email address")
    .max(254, "The email address is too long")
    .pipe(z.email("Please enter a valid email address")),
  password: z
    .string({ message: "Please enter your password" })
    .min(1, "Please enter your password")
    .max(PASSWORD_MAX_LENGTH),
});
export type SignInBody = z.output<typeof SignInBody>;

/**
 * A password check that costs the same whether or not an account (or its password) exists: without
 * a hash it verifies against a decoy hash, so response times do not reveal which emails exist.
 */
export function createPasswordCheck() {
  let decoyHash: Promise<string> | undefined;
  const decoy = () => {
    decoyHash ??= hashPassword("decoy-password-for-timing");
    return decoyHash;
  };
  return async (passwordHash: string | null | undefined, password: string): Promise<boolean> => {
    const ok = await verifyPassword(passwordHash ?? (await decoy()), password);
    return Boolean(passwordHash) && ok;
  };
}

/** The browser and address a session is started from. */
export interface ClientInfo {
  ip?: string | undefined;
  userAgent?: string | undefined;
}
