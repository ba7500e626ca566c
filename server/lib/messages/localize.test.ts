import { describe, expect, it } from "vitest";
import { transitionError } from "~shared/order-status";
import { localizeDetails, localizeMessage } from "./localize";
import { nl } from "./nl";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("localizeMessage", () => {
  it("leaves English (and languages without a catalogue) exactly as given", () => {
    expect(localizeMessage("This coupon has expired.", "en")).toBe("This coupon has expired.");
    expect(localizeMessage("This coupon has expired.", "fr")).toBe("This coupon has expired.");
  });

  it("translates a known message to Dutch", () => {
    expect(localizeMessage("This coupon has expired.", "nl")).toBe("Deze kortingscode is verlopen.");
  });

  it("fills templates, translating the parts that are known texts themselves", () => {
    expect(localizeMessage("The price must be a whole number of cents", "nl")).toBe(
      "De prijs moet een geheel aantal centen zijn",
    );
    expect(localizeMessage("The title must have at most 200 characters", "nl")).toBe(
      "De titel mag hoogstens 200 tekens hebben",
    );
    expect(localizeMessage(transitionError("pending", "delivered"), "nl")).toBe(
      "Een bestelling met status In afwachting kan alleen naar In behandeling of Geannuleerd worden gewijzigd, niet naar Geleverd.",
    );
    expect(localizeMessage("Too many attempts. Please wait 1 minute and try again.", "nl")).toBe(
      "Te veel pogingen. Wacht 1 minuut en probeer het opnieuw.",
    );
  });

  it("keeps an unknown message in English rather than guessing", () => {
    expect(localizeMessage("Something nobody wrote down.", "nl")).toBe("Something nobody wrote down.");
  });

  it("has the same {placeholders} in every Dutch text as in its English key", () => {
    for (const [english, dutch] of Object.entries(nl)) {
      expect(placeholders(dutch), english).toEqual(placeholders(english));
      expect(dutch.trim(), english).not.toBe("");
    }
  });
});

describe("localizeDetails", () => {
  it("translates issue lists and field messages, leaving other values alone", () => {
    expect(localizeDetails([{ path: "code", message: "Please enter a coupon code" }], "nl")).toEqual([
      { path: "code", message: "Vul een kortingscode in" },
    ]);
    expect(localizeDetails({ fields: { shopName: "Please enter the shop name" }, other: 1 }, "nl")).toEqual({
      fields: { shopName: "Vul de naam van de winkel in" },
      other: 1,
    });
    expect(localizeDetails({ minimumCents: 500 }, "nl")).toEqual({ minimumCents: 500 });
  });
});
