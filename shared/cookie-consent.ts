/**
 * The visitor's answer to the cookie banner, kept in the `cookieConsent` cookie (read by the server
 * and the UI, never a secret). Analytics and chat widgets load only after "accepted".
 */
export const CONSENT_COOKIE = "cookieConsent";
export const CONSENT_CHOICES = ["accepted", "rejected"] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];
/** How long the answer is remembered: 180 days, then the banner asks again. */
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 3600;

export const isConsentChoice = (value: unknown): value is ConsentChoice =>
  (CONSENT_CHOICES as readonly unknown[]).includes(value);

/** The answer in a Cookie header, or null when the visitor has not answered. */
export function consentFromCookies(cookieHeader: string | null | undefined): ConsentChoice | null {
  const match = cookieHeader?.match(/(?:^|;\s*)cookieConsent=([a-z]+)(?:;|$)/);
  return match && isConsentChoice(match[1]) ? match[1] : null;
}

/** The Set-Cookie value remembering the answer. */
export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return `${CONSENT_COOKIE}=${choice}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
