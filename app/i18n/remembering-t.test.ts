import type { i18n as I18n } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { createI18n } from "./i18n";
import { messagesFor } from "./messages.server";
import { rememberingT } from "./remembering-t";

describe("rememberingT", () => {
  it("answers what i18next answers, for plain texts, plurals and interpolation", () => {
    const i18n = createI18n("nl", messagesFor("nl", "storefront"));
    const t = rememberingT(i18n);
    const calls: [string, Record<string, unknown>?][] = [
      ["course.noSeatsLeft"],
      ["course.videos", { count: 1 }],
      ["course.videos", { count: 7 }],
      ["duration.hoursMinutes", { hours: 1, minutes: 5 }],
      ["rating.label", { rating: "4,5", count: 3, countText: "3" }],
      ["no.such.key"],
    ];
    for (const [key, options] of [...calls, ...calls]) expect(t(key, options)).toBe(i18n.t(key, options));
  });

  it("asks i18next once per key and option values, and every time for options it cannot compare", () => {
    const answer = vi.fn((key: string, options?: { count?: number }) => `${key}:${options?.count ?? ""}`);
    const t = rememberingT({ t: answer } as unknown as I18n);
    expect(t("a", { count: 1 })).toBe("a:1");
    expect(t("a", { count: 1 })).toBe("a:1");
    expect(t("a", { count: 2 })).toBe("a:2");
    expect(t("a", { count: "2" } as never)).toBe("a:2");
    expect(t("a")).toBe("a:");
    expect(t("a")).toBe("a:");
    expect(answer).toHaveBeenCalledTimes(4);
    const context = { nested: {} };
    t("a", context as never);
    t("a", context as never);
    expect(answer).toHaveBeenCalledTimes(6);
  });
});
