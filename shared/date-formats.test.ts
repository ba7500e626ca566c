import { describe, expect, it } from "vitest";
import { dateFormatter } from "./date-formats";

const at = new Date("2024-05-04T22:30:00Z"); // 5 May 2024, 00:30 in Amsterdam

describe("dateFormatter", () => {
  it("writes each of the school's formats, in its time zone", () => {
    const f = (dateFormat: string) =>
      dateFormatter("en", { dateFormat: dateFormat as never, timeZone: "Europe/Amsterdam" }).format(at);
    expect(f("DD/MM/YYYY")).toBe("05/05/2024");
    expect(f("MM/DD/YYYY")).toBe("05/05/2024");
    expect(f("YYYY-MM-DD")).toBe("2024-05-05");
    expect(f("DD-MM-YYYY")).toBe("05-05-2024");
    expect(f("D MMM YYYY")).toBe("5 May 2024");
    expect(dateFormatter("nl", { dateFormat: "D MMM YYYY", timeZone: "UTC" }).format(at)).toBe("4 mei 2024");
    expect(dateFormatter("en", { dateFormat: "MM/DD/YYYY", timeZone: "UTC" }).format(at)).toBe("05/04/2024");
  });

  it("adds the time of day when asked, and falls back to DD/MM/YYYY", () => {
    expect(
      dateFormatter("en", { dateFormat: "YYYY-MM-DD", timeZone: "UTC" }, { time: true }).format(
        new Date(at.toISOString()),
      ),
    ).toBe("2024-05-04 10:30 PM");
    expect(dateFormatter("en", undefined, { timeZone: "UTC" }).format(at)).toBe("04/05/2024");
  });
});

describe("dateFormatter's formatters", () => {
  it("are made once per language, format, time zone and time of day", () => {
    const settings = { dateFormat: "D MMM YYYY", timeZone: "Europe/Amsterdam" } as const;
    const formatter = dateFormatter("nl", settings);
    expect(dateFormatter("nl", { ...settings })).toBe(formatter);
    expect(dateFormatter("en", settings)).not.toBe(formatter);
    expect(dateFormatter("nl", settings, { time: true })).not.toBe(formatter);
    expect(dateFormatter("nl", settings, { timeZone: "UTC" })).not.toBe(formatter);
    expect(dateFormatter("nl", { ...settings, dateFormat: "YYYY-MM-DD" })).not.toBe(formatter);
    expect(formatter.format(at)).toBe("5 mei 2024");
  });
});
