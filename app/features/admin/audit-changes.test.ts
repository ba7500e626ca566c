import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/i18n";
import { messagesFor } from "~/i18n/messages.server";
import { changeLines } from "./audit-changes";

const linesIn = (language: string, changes: Record<string, unknown>) => {
  const i18n = createI18n(language, messagesFor(language, "admin"));
  const dates = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });
  return changeLines(changes, i18n.t, language, dates).map(({ label, from, to }) => ({ label, from, to }));
};

describe("audit log changes in the reader's language", () => {
  const changes = {
    discountValue: { from: 10, to: 15 },
    published: { from: true, to: false },
    usageLimit: { from: null, to: 50 },
    campaignName: { from: { en: "Spring", nl: "Voorjaar" }, to: { en: "Summer", nl: "Zomer" } },
    endsAt: { from: "2026-03-01T00:00:00.000Z", to: "2026-04-01T00:00:00.000Z" },
    passwordHash: { from: "[hidden]", to: "[hidden]" },
  };

  it("says each field before and after in English", () => {
    expect(linesIn("en", changes)).toEqual([
      { label: "Discount", from: "10", to: "15" },
      { label: "Published", from: "Yes", to: "No" },
      { label: "Usage limit", from: "(empty)", to: "50" },
      { label: "Campaign name", from: "Spring", to: "Summer" },
      { label: "End", from: "Mar 1, 2026", to: "Apr 1, 2026" },
      { label: "Password hash", from: "(hidden)", to: "(hidden)" },
    ]);
  });

  it("and in Dutch", () => {
    expect(linesIn("nl", changes).slice(0, 5)).toEqual([
      { label: "Korting", from: "10", to: "15" },
      { label: "Gepubliceerd", from: "Ja", to: "Nee" },
      { label: "Gebruikslimiet", from: "(leeg)", to: "50" },
      { label: "Campagnenaam", from: "Voorjaar", to: "Zomer" },
      { label: "Einde", from: "1 mrt 2026", to: "1 apr 2026" },
    ]);
  });

  it("shows older entries that recorded a value without a before", () => {
    expect(linesIn("en", { role: "Cashier" })).toEqual([{ label: "Role", from: null, to: "Cashier" }]);
  });
});
