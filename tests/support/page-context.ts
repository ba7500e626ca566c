import type { AppLoadContext } from "react-router";
import type { TestApp } from "./test-app";

/**
 * The load context React Router hands a page's loader or action in the default school, as the web
 * plugin builds it, for calling route modules directly; `extra` sets the session or client.
 */
export async function pageContext(t: TestApp, extra: Record<string, unknown> = {}): Promise<AppLoadContext> {
  const { services } = t.app;
  const company = (await services.companies.resolve(undefined))!;
  return {
    services,
    company,
    language: "en",
    cspNonce: "",
    origin: "http://localhost",
    customer: null,
    visitorSession: null,
    staffSession: null,
    sessionCookies: t.app.sessionCookies,
    client: { ip: "127.0.0.1", userAgent: "test" },
    ...extra,
  } as AppLoadContext;
}
