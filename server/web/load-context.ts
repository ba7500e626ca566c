import type { Language } from "~shared/language";
import type { SessionCookies } from "../modules/auth/session-cookies";
import type { ActiveSession, CustomerPrincipal } from "../modules/auth/sessions.service";
import type { Company } from "../modules/companies/companies.service";
import type { CspAllowance } from "../modules/settings/site-widgets";
import type { Services } from "../services";

/** What every React Router loader and action receives as `context`. */
export interface ServerLoadContext {
  [key: string]: unknown;
  services: Services;
  company: Company;
  language: Language;
  /** Nonce for inline scripts under this response's Content-Security-Policy. */
  cspNonce: string;
  /** Widens this page's Content-Security-Policy for these sources (the school's widgets). */
  allowSources: (allowance: CspAllowance) => void;
  /** Scheme, host and port the site is reached at, for canonical and Open Graph URLs. */
  origin: string;
  /** The signed-in customer, if any. */
  customer: CustomerPrincipal | null;
  /** The customer or guest session of this request, if any (guest: realm "guest"). */
  visitorSession: ActiveSession | null;
  /** The staff session of this request, if any. */
  staffSession: ActiveSession | null;
  /** Set-Cookie builders for actions that sign people in or out. */
  sessionCookies: SessionCookies;
  /** The client's address and browser, recorded on new sessions. */
  client: { ip: string; userAgent: string | undefined };
}
