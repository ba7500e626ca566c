import { describe, expect, it } from "vitest";
import { adminTestContext } from "../../../tests/support/admin-test-context";

const ctx = adminTestContext();
const { call } = ctx;

describe("/api/admin/languages", () => {
  it("lists the seeded languages and adds, edits and deletes one", async () => {
    const list = await call("GET", "/api/admin/languages", ctx.admin.token);
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { isoCode: string }) => item.isoCode).sort()).toEqual(["en", "nl"]);
    const created = await call("POST", "/api/admin/languages", ctx.admin.token, {
      name: "Deutsch",
      isoCode: "DE",
      languageCode: "de-DE",
      flag: "🇩🇪",
    });
    expect(created.status).toBe(201);
    expect(created.body.isoCode).toBe("de");
    expect(
      (
        await call("POST", "/api/admin/languages", ctx.admin.token, {
          name: "Dup",
          isoCode: "de",
          languageCode: "de",
        })
      ).status,
    ).toBe(409);
    const updated = await call("PUT", `/api/admin/languages/${created.body.id}`, ctx.admin.token, {
      name: "German",
      isoCode: "de",
      languageCode: "de-DE",
      published: false,
    });
    expect(updated.body).toMatchObject({ name: "German", published: false });
    expect((await call("DELETE", `/api/admin/languages/${created.body.id}`, ctx.admin.token)).status).toBe(
      204,
    );
  });

  it("keeps English published and present", async () => {
    const list = await call("GET", "/api/admin/languages?searchText=English", ctx.admin.token);
    const english = list.body.items[0];
    const unpublish = await call("PUT", `/api/admin/languages/${english.id}`, ctx.admin.token, {
      name: "English",
      isoCode: "en",
      languageCode: "en-GB",
      published: false,
    });
    expect(unpublish.status).toBe(422);
    expect((await call("DELETE", `/api/admin/languages/${english.id}`, ctx.admin.token)).status).toBe(422);
  });

  it("answers 400, 401, 403 and keeps companies apart", async () => {
    expect(
      (
        await call("POST", "/api/admin/languages", ctx.admin.token, {
          name: "",
          isoCode: "xyz",
          languageCode: "?",
        })
      ).status,
    ).toBe(400);
    expect((await call("GET", "/api/admin/languages")).status).toBe(401);
    expect((await call("GET", "/api/admin/languages", ctx.driver.token)).status).toBe(403);
    expect((await call("GET", "/api/admin/languages", ctx.other.admin.token)).body.total).toBe(0);
  });
});

describe("/api/admin/currencies", () => {
  it("adds, edits and deletes a currency with an exact rate", async () => {
    const created = await call("POST", "/api/admin/currencies", ctx.admin.token, {
      name: "Swiss Franc",
      symbol: "CHF",
      isoCode: "chf",
      exchangeRate: "0.95123456",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ isoCode: "CHF", exchangeRate: "0.95123456", isShopCurrency: false });
    const updated = await call("PUT", `/api/admin/currencies/${created.body.id}`, ctx.admin.token, {
      name: "Swiss Franc",
      symbol: "CHF",
      isoCode: "CHF",
      exchangeRate: "0.9",
      enabled: false,
    });
    expect(updated.body).toMatchObject({ exchangeRate: "0.9", enabled: false });
    const found = await call("GET", "/api/admin/currencies?searchText=franc", ctx.admin.token);
    expect(found.body.total).toBe(1);
    expect((await call("DELETE", `/api/admin/currencies/${created.body.id}`, ctx.admin.token)).status).toBe(
      204,
    );
    const audit = await ctx.t.app.services.audit.list(ctx.companyId, {
      page: 1,
      limit: 20,
      entity: "currency",
    });
    expect(audit.total).toBe(3);
  });

  it("rejects a zero or negative rate and never disables the shop currency", async () => {
    for (const exchangeRate of ["0", "-1", "abc", "1.123456789"]) {
      const bad = await call("POST", "/api/admin/currencies", ctx.admin.token, {
        name: "X",
        symbol: "X",
        isoCode: "XXX",
        exchangeRate,
      });
      expect(bad.status).toBe(400);
    }
    const euro = (await call("GET", "/api/admin/currencies?searchText=EUR", ctx.admin.token)).body.items[0];
    expect(euro.isShopCurrency).toBe(true);
    const disable = await call("PUT", `/api/admin/currencies/${euro.id}`, ctx.admin.token, {
      name: "Euro",
      symbol: "€",
      isoCode: "EUR",
      exchangeRate: "1",
      enabled: false,
    });
    expect(disable.status).toBe(422);
    expect((await call("DELETE", `/api/admin/currencies/${euro.id}`, ctx.admin.token)).status).toBe(422);
    expect((await call("DELETE", `/api/admin/currencies/${euro.id}`, ctx.other.admin.token)).status).toBe(
      404,
    );
    const valid = { name: "Yen", symbol: "¥", isoCode: "JPY", exchangeRate: "160" };
    expect((await call("POST", "/api/admin/currencies", ctx.driver.token, valid)).status).toBe(403);
  });
});
