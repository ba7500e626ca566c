import { describe, expect, it } from "vitest";
import { loadDefaultTexts } from "~server/modules/translations/default-texts";
import { messagesFor, messagesWithOverrides } from "./messages.server";

const at = (tree: Record<string, unknown>, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe("messagesWithOverrides", () => {
  it("puts a school's texts over the defaults, once per overrides object", () => {
    const overrides = Object.freeze({ "footer.tagline": "Onze slogan", "admin.nav.orders": "Bestellingen!" });
    const storefront = messagesWithOverrides("nl", "storefront", overrides);
    expect(at(storefront, "footer.tagline")).toBe("Onze slogan");
    expect(at(storefront, "footer.company")).toBe(at(messagesFor("nl", "storefront"), "footer.company"));
    // The storefront never gets back-office texts, overridden or not.
    expect(storefront.admin).toBeUndefined();
    expect(at(messagesWithOverrides("nl", "admin", overrides), "admin.nav.orders")).toBe("Bestellingen!");
    expect(messagesWithOverrides("nl", "storefront", overrides)).toBe(storefront);
    // The defaults themselves are left alone.
    expect(at(messagesFor("nl", "storefront"), "footer.tagline")).not.toBe("Onze slogan");
  });

  it("ignores keys that are not texts and returns the defaults when there is nothing to add", () => {
    const none = Object.freeze({});
    expect(messagesWithOverrides("en", "storefront", none)).toBe(messagesFor("en", "storefront"));
    const odd = messagesWithOverrides("en", "storefront", Object.freeze({ footer: "x", "no.such.key": "y" }));
    expect(typeof odd.footer).toBe("object");
    expect(odd.no).toBeUndefined();
  });
});

describe("the server's default texts (International › Translations)", () => {
  it("are the pages' texts: the same keys, and each language's text", () => {
    const defaults = loadDefaultTexts();
    const flat = (tree: Record<string, unknown>, prefix = ""): [string, unknown][] =>
      Object.entries(tree).flatMap(([name, value]) =>
        value && typeof value === "object"
          ? flat(value as Record<string, unknown>, `${prefix}${name}.`)
          : [[`${prefix}${name}`, value]],
      );
    const pages = new Map(flat(messagesFor("nl", "admin")));
    expect([...defaults.keys].sort()).toEqual([...pages.keys()].sort());
    for (const [key, text] of defaults.of("nl")) expect(text, key).toBe(pages.get(key));
  });
});
