/** What a catalogue page action answers: success, or a message with errors per field path. */
export type ActionResult =
  | { ok: true; intent: string; id?: string }
  | { ok: false; intent: string; message: string; fieldErrors: Record<string, string> };

/** The errors of one translatable field, e.g. `{ en: "…" }` from `{ "title.en": "…" }`. */
export function translatableErrors(fieldErrors: Record<string, string> | undefined, name: string) {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors ?? {})) {
    if (path === name) out.en = message;
    else if (path.startsWith(`${name}.`)) out[path.slice(name.length + 1)] = message;
  }
  return out;
}
