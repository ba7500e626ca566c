const formats = new Map<string, Intl.NumberFormat>();
const MAX_FORMATS = 500;

/**
 * A shared `Intl.NumberFormat` for a language and options. Making one costs far more than
 * formatting with it, and a page formats dozens of prices, ratings and counts.
 */
export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${language}\u0000${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(key, format);
  }
  return format;
}
