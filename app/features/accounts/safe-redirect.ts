/**
 * Where to go after signing in: an in-site path only ("/…", never "//…" or "/\…", which browsers
 * treat as another host), else the fallback.
 */
export function safeRedirect(
  value: FormDataEntryValue | string | null | undefined,
  fallback: string,
): string {
  if (typeof value !== "string") return fallback;
  const target = value.trim();
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if ([...target].some((char) => char.charCodeAt(0) < 0x20)) return fallback;
  // A Location header holds ASCII only: other characters ("/日本") are percent-encoded, and text
  // that cannot be encoded (a lone surrogate) is not a path.
  try {
    return target.replace(/[^\x21-\x7e]+/g, (run) => encodeURI(run));
  } catch {
    return fallback;
  }
}

/** Customer-area paths, where a guest would only be sent back to sign in. */
export function isCustomerAreaPath(path: string): boolean {
  return /^\/(user-|single-invoice\/)/.test(path);
}
