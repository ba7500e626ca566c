/**
 * A translatable value from a form posted by <TranslatableField name={name}>: `{ en, nl, … }`
 * with trimmed text; empty translations other than English are left out.
 */
export function translatableFromForm(
  form: FormData,
  name: string,
  languages: { code: string }[],
): { en: string } & Partial<Record<string, string>> {
  const value: { en: string } & Partial<Record<string, string>> = { en: "" };
  for (const { code } of languages) {
    const text = form.get(`${name}.${code}`);
    const trimmed = typeof text === "string" ? text.trim() : "";
    if (code === "en" || trimmed) value[code] = trimmed;
  }
  return value;
}
