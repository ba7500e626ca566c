import type { Language } from "../lib/language";
import type { Company } from "../modules/companies/companies.service";
import type { Services } from "../services";

/** What every React Router loader and action receives as `context`. */
export interface ServerLoadContext {
  [key: string]: unknown;
  services: Services;
  company: Company;
  language: Language;
  /** Nonce for inline scripts under this response's Content-Security-Policy. */
  cspNonce: string;
  /** Scheme, host and port the site is reached at, for canonical and Open Graph URLs. */
  origin: string;
}
